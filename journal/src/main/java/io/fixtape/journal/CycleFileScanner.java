package io.fixtape.journal;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;

import static io.fixtape.journal.IncompleteTail.END_OF_DATA;
import static io.fixtape.journal.IncompleteTail.LENGTH_MASK;
import static io.fixtape.journal.IncompleteTail.META_DATA;
import static io.fixtape.journal.IncompleteTail.NOT_COMPLETE;

/**
 * Walks one Chronicle cycle file document by document with plain reads ({@link FileChannel}), never through a memory
 * mapping: a file cut short (power loss, a copy gone wrong) then ends a read early instead of faulting the process
 * (SIGBUS, surfacing as {@code InternalError}). Finds where the file's documents stop and why — a clean end, a record
 * whose write was cut off (benign: never visible, overwritten by the next writer), bytes zeroed in the middle of the
 * records, or a file shorter than its documents — and, when asked, hands every data document to a visitor as a
 * {@link JournalRecord}, so that its CRC32C can be checked.
 *
 * <pre>
 *  Chronicle document header (little-endian int) before each document, 4-byte aligned:
 *   bit 31  not complete   bit 30  metadata (queue header, index arrays, padding)   bits 0-29  length
 *   0 = no document (yet);  0xC0000000 = end of this cycle file (rolled)
 * </pre>
 * Cold path (tools, journal open): reads through one direct window; allocates per file, not per record.
 */
final class CycleFileScanner
{
    /** Outcome of a scan. */
    enum End
    {
        /** Nothing after the last document, or the roll marker. */
        CLEAN,
        /** A record whose write was cut off follows the last complete document: never visible, overwritten later. */
        INCOMPLETE_TAIL,
        /** The file is shorter than its documents: the rest of the file is lost. */
        TRUNCATED,
        /** Zeroed bytes where a document header belongs, with complete records after them. */
        ZEROED,
        /** A document header that is neither complete nor incomplete-at-the-end (a length past the file, garbage). */
        GARBLED
    }

    /** Sees each data document (a journal record) of the file in order. */
    interface Visitor
    {
        /**
         * @param ordinal the record's number in its cycle file (0-based): its Chronicle sequence number in the cycle.
         * @param offset  file offset of the record's Chronicle header.
         * @return false to stop the scan (the end is then {@link End#CLEAN} at this record).
         */
        boolean onRecord(File file, long ordinal, long offset, JournalRecord record);
    }

    private static final int WINDOW = 1 << 20;
    /** How far after zeroed bytes a complete record is looked for: past any record a cut-off write leaves. */
    private static final int SEARCH_BYTES = 64 * 1024;

    private final ByteBuffer window = ByteBuffer.allocateDirect(WINDOW).order(ByteOrder.LITTLE_ENDIAN);
    private long windowStart;
    private int windowLength;

    private JournalRecord probeRecord;
    private FileChannel channel;
    private long at;
    private long recordOffset;
    private End end;
    private long endOffset;
    private long records;
    private long fileLength;
    private String detail;

    /**
     * Scans one cycle file.
     *
     * @param record  reused for every record handed to {@code visitor}; null with a null visitor (headers only).
     * @param visitor null to only walk the headers.
     */
    CycleFileScanner scan(final File file, final JournalRecord record, final Visitor visitor)
    {
        try
        {
            open(file);
            while (advance(visitor == null ? null : record))
            {
                if (visitor != null && !visitor.onRecord(file, records - 1, recordOffset, record))
                {
                    stop(at, End.CLEAN, null);
                    break;
                }
            }
        }
        finally
        {
            close();
        }
        return this;
    }

    /** Starts reading a cycle file record by record ({@link #advance}); {@link #close} ends it. */
    void open(final File file)
    {
        close();
        end = null;
        endOffset = 0;
        records = 0;
        detail = null;
        windowStart = 0;
        windowLength = 0;
        at = 0;
        try
        {
            channel = FileChannel.open(file.toPath(), StandardOpenOption.READ);
            fileLength = channel.size();
        }
        catch (final IOException ex)
        {
            stop(0, End.GARBLED, "cannot read: " + ex.getMessage());
        }
    }

    void close()
    {
        if (channel != null)
        {
            try
            {
                channel.close();
            }
            catch (final IOException ignored)
            {
                // read-only channel: nothing to lose
            }
            channel = null;
        }
    }

    /**
     * Moves to the next record of the open file.
     *
     * @param record receives the record's bytes (its queue index field is its ordinal in the file); null to skip them.
     * @return false at the end of the file's records: {@link #end()} says why.
     */
    boolean advance(final JournalRecord record)
    {
        if (end != null)
        {
            return false;
        }
        try
        {
            while (true)
            {
                if (at + 4 > fileLength)
                {
                    stop(at, End.TRUNCATED, "the file ends at byte " + fileLength + " where a document header belongs " +
                        "(a queue file ends in zeroed space or a roll marker): it was cut short");
                    return false;
                }
                final int header = intAt(channel, at);
                if (header == END_OF_DATA)
                {
                    stop(at, End.CLEAN, null);
                    return false;
                }
                if (header == 0)
                {
                    afterZeroHeader(channel, at);
                    return false;
                }
                if ((header & NOT_COMPLETE) != 0)
                {
                    stop(at, End.INCOMPLETE_TAIL, "header 0x" + Integer.toHexString(header) + ", not complete");
                    return false;
                }
                final int length = header & LENGTH_MASK;
                if (at + 4 + length > fileLength)
                {
                    stop(at, End.TRUNCATED, "the document at byte " + at + " is " + length + " bytes long but the file " +
                        "ends at byte " + fileLength + ": it was cut short");
                    return false;
                }
                final long document = at;
                at = align(at + 4 + length);
                if ((header & META_DATA) == 0)
                {
                    if (record != null)
                    {
                        read(channel, document + 4, length, record, records);
                    }
                    recordOffset = document;
                    records++;
                    return true;
                }
            }
        }
        catch (final IOException ex)
        {
            stop(at, End.GARBLED, "cannot read: " + ex.getMessage());
            return false;
        }
    }

    /** File offset of the Chronicle header of the record {@link #advance} returned last. */
    long recordOffset()
    {
        return recordOffset;
    }

    /**
     * A zero header: the end of the records, unless complete records follow the zeros (bytes zeroed in place). Bytes
     * after it that are not followed by a complete, intact record are a write that was cut off.
     */
    private void afterZeroHeader(final FileChannel channel, final long at) throws IOException
    {
        final long first = nextNonZero(channel, at + 4);
        if (first < 0)
        {
            stop(at, End.CLEAN, null);
            return;
        }
        // a page zeroed in place may leave the end of a record before the next document: try every aligned word
        final long limit = Math.min(fileLength - 4, first + SEARCH_BYTES);
        for (long probe = first; probe <= limit; probe += 4)
        {
            final int value = intAt(channel, probe);
            if (value != 0 && completeDocumentAt(channel, probe, value))
            {
                stop(at, End.ZEROED, "bytes " + at + " to " + probe + " are zeroed and complete records follow them: " +
                    "the records there were lost in place");
                return;
            }
        }
        stop(at, End.INCOMPLETE_TAIL, "bytes without a completed header");
    }

    /** Whether a complete data document holding an intact journal record (or a metadata document) starts here. */
    private boolean completeDocumentAt(final FileChannel channel, final long at, final int header) throws IOException
    {
        if ((header & NOT_COMPLETE) != 0)
        {
            return false;
        }
        final int length = header & LENGTH_MASK;
        if (length == 0 || at + 4 + length > fileLength)
        {
            return false;
        }
        if ((header & META_DATA) != 0)
        {
            return false; // an index or padding block alone does not prove that records were lost
        }
        if (probeRecord == null)
        {
            probeRecord = new JournalRecord();
        }
        read(channel, at + 4, length, probeRecord, 0);
        return probeRecord.isIntact();
    }

    /** The offset of the first non-zero aligned word at or after {@code from}, or -1 (reads a window at a time). */
    private long nextNonZero(final FileChannel channel, final long from) throws IOException
    {
        long at = from;
        while (at + 4 <= fileLength)
        {
            fill(channel, at, WINDOW);
            final int words = windowLength / 4;
            for (int i = 0; i < words; i++)
            {
                if (window.getInt(i * 4) != 0)
                {
                    return at + i * 4L;
                }
            }
            if (windowLength == 0)
            {
                break;
            }
            at += words * 4L;
        }
        return -1;
    }

    private int intAt(final FileChannel channel, final long at) throws IOException
    {
        if (at < windowStart || at + 4 > windowStart + windowLength)
        {
            fill(channel, at, WINDOW);
        }
        return window.getInt((int)(at - windowStart));
    }

    private void read(final FileChannel channel, final long at, final int length, final JournalRecord record,
        final long ordinal) throws IOException
    {
        final org.agrona.MutableDirectBuffer target = record.prepare(length, ordinal);
        if (length <= WINDOW)
        {
            if (at < windowStart || at + length > windowStart + windowLength)
            {
                fill(channel, at, WINDOW);
            }
            target.putBytes(0, window, (int)(at - windowStart), length);
        }
        else
        {
            final ByteBuffer big = ByteBuffer.allocate(length);
            while (big.hasRemaining() && channel.read(big, at + big.position()) > 0)
            {
                // read the whole document
            }
            target.putBytes(0, big, 0, length);
        }
    }

    private void fill(final FileChannel channel, final long at, final int length) throws IOException
    {
        window.clear().limit(length);
        int read = 0;
        while (window.hasRemaining())
        {
            final int n = channel.read(window, at + read);
            if (n <= 0)
            {
                break;
            }
            read += n;
        }
        windowStart = at;
        windowLength = read;
    }

    private void stop(final long at, final End how, final String what)
    {
        end = how;
        endOffset = at;
        detail = what;
    }

    End end()
    {
        return end;
    }

    /** File offset where the documents stopped (the damage, the cut-off write or the clean end). */
    long endOffset()
    {
        return endOffset;
    }

    /** Data documents (records) read so far (before the end, once it is reached). */
    long records()
    {
        return records;
    }

    long fileLength()
    {
        return fileLength;
    }

    /** What is wrong at {@link #endOffset()}, or null for a clean end. */
    String detail()
    {
        return detail;
    }

    /** Whether the file is damaged (records lost or unreadable), not merely ending in a cut-off write. */
    boolean damaged()
    {
        return end == End.TRUNCATED || end == End.ZEROED || end == End.GARBLED;
    }

    private static long align(final long position)
    {
        return (position + 3) & ~3L;
    }
}
