package io.fixtape.journal;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;

/**
 * Finds a record whose write was cut off (the process died, or the file system failed, in the middle of an append):
 * Chronicle Queue writes a document's 4-byte header first with its "not complete" bit set and completes it only
 * after the bytes are in place, so such a record is an incomplete header after the last complete document. Readers
 * never return it (it stays invisible) and a writer reopening the journal writes over it; this class only reports it.
 *
 * <pre>
 *  Chronicle document header (little-endian int), then the document's bytes:
 *   bit 31  not complete (being written)     bit 30  metadata (index, roll marker)
 *   bits 0-29  length of the bytes that follow
 *   0x00000000 = nothing written yet; 0xC0000000 = end of this cycle file (rolled)
 * </pre>
 *
 * Cold path (end of a read, journal open): allocates a little.
 */
final class IncompleteTail
{
    static final int NOT_COMPLETE = 0x8000_0000;
    static final int META_DATA = 0x4000_0000;
    static final int LENGTH_MASK = 0x3FFF_FFFF;
    static final int END_OF_DATA = NOT_COMPLETE | META_DATA;
    /** Complete metadata documents (index entries) stepped over before giving up. */
    private static final int MAX_STEPS = 4096;

    private IncompleteTail()
    {
    }

    /**
     * @param cycleFile the cycle file holding the last complete document read.
     * @param position  file offset just past that document.
     * @return a message naming the file and offset of an incomplete record after {@code position}, or null.
     */
    static String after(final File cycleFile, final long position)
    {
        if (cycleFile == null || position < 0)
        {
            return null;
        }
        try (FileChannel channel = FileChannel.open(cycleFile.toPath(), StandardOpenOption.READ))
        {
            final ByteBuffer header = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
            long at = align(position);
            for (int step = 0; step < MAX_STEPS; step++)
            {
                header.clear();
                if (channel.read(header, at) < 4)
                {
                    return null;
                }
                final int value = header.getInt(0);
                if (value == 0 || value == END_OF_DATA)
                {
                    return null;
                }
                if ((value & NOT_COMPLETE) != 0)
                {
                    return "incomplete record at byte " + at + " of " + cycleFile + " (header 0x" +
                        Integer.toHexString(value) + "): its write was cut off (the process died or the disk failed " +
                        "mid-append). It was never visible and was not acknowledged; every record before it is " +
                        "complete; a writer reopening the journal writes over it";
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

    private static long align(final long position)
    {
        return (position + 3) & ~3L;
    }
}
