package io.fixtape.journal;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.MappedBytes;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;

/**
 * Finds a record whose write was cut off (the process died, or the file system failed, in the middle of an append).
 * Chronicle Queue completes a document's 4-byte header only after the document's bytes are in place (this version
 * leaves the header 0 until then; others mark it "not complete"), so such a record is bytes without a complete
 * header after the last complete document. Readers never return it (it stays invisible) and a writer reopening the
 * journal writes over it; this class only reports it.
 *
 * <pre>
 *  Chronicle document header (little-endian int), then the document's bytes:
 *   bit 31  not complete (being written)     bit 30  metadata (index, roll marker)
 *   bits 0-29  length of the bytes that follow
 *   0x00000000 = no document here (yet); 0xC0000000 = end of this cycle file (rolled)
 * </pre>
 *
 * A reader tells it where each complete record it reads ends ({@link #recordRead}); {@link #find} then looks after
 * the last one. Cold path (end of a read, journal open): allocates a little.
 */
final class IncompleteTail
{
    static final int NOT_COMPLETE = 0x8000_0000;
    static final int META_DATA = 0x4000_0000;
    static final int LENGTH_MASK = 0x3FFF_FFFF;
    static final int END_OF_DATA = NOT_COMPLETE | META_DATA;
    /** Complete metadata documents (index entries) stepped over before giving up. */
    private static final int MAX_STEPS = 4096;
    /** Bytes looked at after a zero header: a record's own header (32 bytes) starts with a non-zero version. */
    private static final int PEEK_BYTES = 64;

    /** The cycle file holding the last complete record read, and the file offset just past it (-1: none read). */
    private File lastRecordFile;
    private long lastRecordEnd = -1;

    /** A complete record was just read from {@code bytes}, the bytes of its Chronicle document. */
    void recordRead(final Bytes<?> bytes)
    {
        lastRecordEnd = bytes.readLimit();
        lastRecordFile = bytes instanceof MappedBytes ? ((MappedBytes)bytes).mappedFile().file() : null;
    }

    /** A message naming the file and offset of an incomplete record after the last complete one read, or null. */
    String find()
    {
        return after(lastRecordFile, lastRecordEnd);
    }

    /**
     * @param cycleFile the cycle file holding the last complete document read.
     * @param position  file offset just past that document.
     * @return a message naming the file and offset of an incomplete record after {@code position}, or null.
     */
    private static String after(final File cycleFile, final long position)
    {
        if (cycleFile == null || position < 0)
        {
            return null;
        }
        try (FileChannel channel = FileChannel.open(cycleFile.toPath(), StandardOpenOption.READ))
        {
            final ByteBuffer window = ByteBuffer.allocate(4 + PEEK_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            long at = align(position);
            for (int step = 0; step < MAX_STEPS; step++)
            {
                window.clear();
                final int read = Math.max(0, channel.read(window, at));
                if (read < 4)
                {
                    return null;
                }
                final int value = window.getInt(0);
                if (value == END_OF_DATA)
                {
                    return null;
                }
                if (value == 0)
                {
                    for (int i = 4; i < read; i++)
                    {
                        if (window.get(i) != 0)
                        {
                            return message(cycleFile, at, "bytes without a completed header");
                        }
                    }
                    return null; // nothing written after the last record
                }
                if ((value & NOT_COMPLETE) != 0)
                {
                    return message(cycleFile, at, "header 0x" + Integer.toHexString(value) + ", not complete");
                }
                at = align(at + 4 + (value & LENGTH_MASK));
            }
            return null;
        }
        catch (final IOException ex)
        {
            return null;
        }
    }

    private static String message(final File cycleFile, final long at, final String what)
    {
        return "incomplete record at byte " + at + " of " + cycleFile + " (" + what + "): its write was cut off " +
            "(the writer died or its disk failed mid-append). It was never visible nor acknowledged, every record " +
            "before it is complete, and a writer reopening the journal writes over it";
    }

    private static long align(final long position)
    {
        return (position + 3) & ~3L;
    }
}
