package io.fixtape.journal;

/** A record (or registry) written in a major format version this reader does not understand. */
public final class UnsupportedJournalVersionException extends JournalException
{
    private static final long serialVersionUID = 1L;

    public UnsupportedJournalVersionException(final String what, final int major, final int minor)
    {
        super(what + " is in format " + JournalRecordDescriptor.versionName(major, minor) + ", this reader supports " +
            JournalRecordDescriptor.versionName(JournalRecordDescriptor.MAJOR_VERSION, JournalRecordDescriptor.MINOR_VERSION) +
            " (majors " + JournalRecordDescriptor.OLDEST_MAJOR_VERSION + " to " + JournalRecordDescriptor.MAJOR_VERSION + ")");
    }
}
