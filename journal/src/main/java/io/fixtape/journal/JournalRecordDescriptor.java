package io.fixtape.journal;

/**
 * Layout of one journal record: the payload of one Chronicle Queue document, one FIX message. All integers are
 * little-endian (the byte order of the machines Chronicle Queue maps files on); the record length is the
 * Chronicle document length, so the FIX length is not stored.
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------+---------------+---------------+---------------+
 *  | major version | minor version |   direction   |   reserved 0  |  0
 *  +---------------+---------------+---------------+---------------+
 *  |                          flags (int)                          |  4
 *  +---------------------------------------------------------------+
 *  |                       session id (int)                        |  8
 *  +---------------------------------------------------------------+
 *  |                       MsgSeqNum (int)                         | 12
 *  +---------------------------------------------------------------+
 *  |                 timestamp, epoch nanos (long)                 | 16
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |          MsgType packed as in MsgTypes (long)                 | 24
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |     CRC32C of bytes 0-31 and 36-end (int), format 2.x only    | 32
 *  +---------------------------------------------------------------+
 *  |     length of the FIX bytes (int), format 2.x only            | 36
 *  +---------------------------------------------------------------+
 *  |        raw FIX bytes exactly as on the wire (8=... 10=nnn|)  ... 40 (32 in format 1.x)
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * Format 2.0 adds the CRC32C and the FIX length, so that a record damaged on disk (a zeroed page, flipped bits, a
 * record cut short) is told from an intact one by the record alone; format 1.0 records carry neither and are checked
 * by the FIX CheckSum they hold. Writers write 2.0.
 *
 * Version rule: a reader accepts any minor version of the majors it knows (1 and 2; minor versions only use reserved
 * bytes or add flags) and refuses another major version by name ({@link UnsupportedJournalVersionException}).
 */
public final class JournalRecordDescriptor
{
    public static final int MAJOR_VERSION = 2;
    /** The oldest major version this reader reads (its records have no CRC32C: {@link #V1_HEADER_LENGTH}). */
    public static final int OLDEST_MAJOR_VERSION = 1;
    public static final int MINOR_VERSION = 0;
    /** Human name of the format, used in errors and tool output. */
    public static final String FORMAT_NAME = "fixtape-journal";

    public static final byte DIRECTION_IN = 0;
    public static final byte DIRECTION_OUT = 1;
    /**
     * An operator's action on a session's sequence state ({@link AdminRecords}), not a FIX message: flags hold the
     * action, MsgSeqNum the next sender number and the MsgType field the next target number it sets.
     */
    public static final byte DIRECTION_ADMIN = 2;

    public static final int MAJOR_VERSION_OFFSET = 0;
    public static final int MINOR_VERSION_OFFSET = 1;
    public static final int DIRECTION_OFFSET = 2;
    public static final int RESERVED_OFFSET = 3;
    public static final int FLAGS_OFFSET = 4;
    public static final int SESSION_ID_OFFSET = 8;
    public static final int SEQ_NUM_OFFSET = 12;
    public static final int TIMESTAMP_OFFSET = 16;
    public static final int MSG_TYPE_OFFSET = 24;
    public static final int CRC_OFFSET = 32;
    public static final int FIX_LENGTH_OFFSET = 36;
    /** Header of a format 2.x record. */
    public static final int HEADER_LENGTH = 40;
    /** Header of a format 1.x record: no CRC32C, no FIX length. */
    public static final int V1_HEADER_LENGTH = 32;

    private JournalRecordDescriptor()
    {
    }

    /** Header length of a record of this major version (whose major this reader supports). */
    public static int headerLength(final int major)
    {
        return major == 1 ? V1_HEADER_LENGTH : HEADER_LENGTH;
    }

    /** Whether this reader reads records of that major version. */
    public static boolean isSupported(final int major)
    {
        return major >= OLDEST_MAJOR_VERSION && major <= MAJOR_VERSION;
    }

    public static String versionName(final int major, final int minor)
    {
        return FORMAT_NAME + " " + major + "." + minor;
    }

    public static String directionName(final int direction)
    {
        return direction == DIRECTION_IN ? "in" : direction == DIRECTION_OUT ? "out" :
            direction == DIRECTION_ADMIN ? "admin" : "dir" + direction;
    }
}
