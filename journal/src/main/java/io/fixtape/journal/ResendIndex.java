package io.fixtape.journal;

import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * Memory-mapped array of longs for one (session, direction): entry {@code seq} holds the Chronicle index of the
 * record with that MsgSeqNum, 0 if none (a Chronicle index is never 0: its high bits are the cycle number). Lets a
 * resend move a tailer straight to each record instead of scanning the journal. The file is sparse; it grows by
 * doubling when a sequence number passes its capacity (a remap, rare and outside steady state). Entries are written
 * after the record is complete, so they never point at a half-written record; after a power loss an entry may
 * point past the end of the journal, which the reader detects and treats as absent. The file is created by the
 * first {@link #put} (a session that never sends has none). A sequence reset is constant time: entry 0 (MsgSeqNum 0
 * is never used) holds the queue index of the last record before the reset, and an entry at or below it belongs to an
 * earlier sequence and reads as absent ({@link #reset}); Chronicle indexes only grow, so every entry put after the
 * reset is above it. Nothing is zero-filled and the file does not grow with resets.
 *
 * <p>The mappings a {@link #put} makes (the one that creates the file, and a growth remap) are advised for random
 * access ({@link PagePopulator#adviseRandom}): the first write into a hole of the sparse file then maps that one page,
 * where the kernel's read-around would zero-fill the whole file into the page cache on the writer's path. The mapping
 * of a file that exists at open keeps the kernel's read-ahead: {@link #scanOldest} reads its live range through it
 * once, sequentially. Single writer.
 */
final class ResendIndex implements AutoCloseable
{
    private final Path file;
    private MappedByteBuffer mapped;
    private final UnsafeBuffer buffer = new UnsafeBuffer(0, 0);
    private int capacity;
    private static final int PAGE = 4096;
    /** Highest sequence number put so far and the byte offset up to which pages were touched (writer thread). */
    private int lastPut;
    private long touchedUpTo;

    private final int initialCapacity;
    /** Entries at or below this queue index belong to a sequence before the last reset (entry 0 on disk). */
    private long validAfter;
    /**
     * The lowest queue index put since the last reset, 0 when none: the oldest record a resend of this session may
     * still read, which retention keeps ({@link JournalRetention}). Kept in memory; {@link #scanOldest} finds it again
     * at open.
     */
    private long oldest;

    ResendIndex(final Path file, final int initialCapacity)
    {
        this.file = file;
        this.initialCapacity = initialCapacity;
        final long existing = file.toFile().length();
        if (existing > 0)
        {
            map((int)Math.max(initialCapacity, existing / Long.BYTES), false);
        }
    }

    /** @param sparse whether the mapping is made for puts into holes: it is then advised for random access. */
    private void map(final int newCapacity, final boolean sparse)
    {
        if (mapped != null)
        {
            IoUtil.unmap(mapped);
        }
        final boolean empty;
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw"))
        {
            final long length = (long)newCapacity * Long.BYTES;
            final long existing = raf.length();
            empty = existing == 0;
            if (existing < length)
            {
                raf.setLength(length);
            }
            mapped = raf.getChannel().map(FileChannel.MapMode.READ_WRITE, 0, length);
        }
        catch (final IOException ex)
        {
            throw new JournalException("cannot map resend index " + file + ": " + ex, ex);
        }
        buffer.wrap(mapped);
        if (sparse)
        {
            PagePopulator.adviseRandom(buffer.addressOffset(), buffer.capacity());
        }
        capacity = newCapacity;
        // a file that was empty has no reset mark: reading it would fault in a page of the hole only to find 0
        validAfter = empty ? 0L : buffer.getLong(0);
    }

    /** Chronicle index of the record with this sequence number, or 0. */
    long get(final int seqNum)
    {
        if (mapped == null)
        {
            return 0L;
        }
        final long entry = seqNum > 0 && seqNum < capacity ? buffer.getLong(seqNum * Long.BYTES) : 0L;
        return entry > validAfter ? entry : 0L;
    }

    void put(final int seqNum, final long queueIndex)
    {
        if (seqNum <= 0)
        {
            return;
        }
        if (mapped == null)
        {
            map(initialCapacity, true); // the first entry since the session began or was reset: creates the sparse file
        }
        if (seqNum >= capacity)
        {
            int newCapacity = capacity;
            while (seqNum >= newCapacity)
            {
                newCapacity <<= 1;
            }
            map(newCapacity, true);
        }
        try
        {
            buffer.putLong(seqNum * Long.BYTES, queueIndex);
            lastPut = seqNum;
            if (oldest == 0 || queueIndex < oldest)
            {
                oldest = queueIndex;
            }
        }
        catch (final InternalError ex)
        {
            // SIGBUS: the file system has no block for this page of the sparse index (full disk)
            throw new io.fixtape.engine.store.MessageStoreException(io.fixtape.engine.store.MessageStoreException.Reason.DISK_FULL,
                "resend index " + file + " cannot grow to seq " + seqNum + " (no space left on the file system)", ex);
        }
    }

    /**
     * Duty-cycle pretouch of the sparse index (writer thread): faults in the page holding the entries just past the
     * last one put — the page the session's next outbound messages index into (512 sequence numbers per page) —
     * with a {@code compareAndSwapLong(0, 0)} that can never change an entry. Without it the put that starts a page
     * takes the first-write fault of a hole in a sparse file on the request path.
     *
     * @return 1 if a page was touched, else 0.
     */
    int touchAhead()
    {
        if (mapped == null)
        {
            return 0;
        }
        final long next = ((long)lastPut * Long.BYTES + PAGE) & -PAGE;
        if (next <= touchedUpTo || next + Long.BYTES > (long)capacity * Long.BYTES)
        {
            return 0;
        }
        touchedUpTo = next;
        try
        {
            buffer.compareAndSetLong((int)next, 0L, 0L);
        }
        catch (final InternalError ex)
        {
            return 0; // SIGBUS: no block for the page (full disk); the put reports DISK_FULL when it gets there
        }
        return 1;
    }

    /**
     * Sequence reset, in constant time: every entry so far reads as absent from now on.
     *
     * @param lastIndex the queue index of the last record appended before the reset (-1 or 0: none).
     */
    void reset(final long lastIndex)
    {
        lastPut = 0;
        touchedUpTo = 0;
        oldest = 0;
        if (mapped == null || lastIndex <= 0)
        {
            return; // no file (nothing was ever indexed), or nothing appended yet
        }
        validAfter = lastIndex;
        buffer.putLong(0, lastIndex);
    }

    /**
     * Forget every entry and the file (the sequence state is rebuilt from the journal): unmaps and deletes it; the
     * next {@link #put} creates a fresh sparse one.
     */
    void clear()
    {
        if (mapped != null)
        {
            IoUtil.unmap(mapped);
            mapped = null;
        }
        buffer.wrap(0, 0);
        capacity = 0;
        validAfter = 0;
        oldest = 0;
        lastPut = 0;
        touchedUpTo = 0;
        try
        {
            java.nio.file.Files.deleteIfExists(file);
        }
        catch (final IOException ex)
        {
            throw new JournalException("cannot delete resend index " + file + " on a sequence reset: " + ex, ex);
        }
    }

    /** The lowest queue index put since the last reset ({@link #scanOldest} at open), 0 when none. */
    long oldest()
    {
        return oldest;
    }

    /**
     * At open: finds the oldest record of the session's live resend range, MsgSeqNum 1 up to {@code nextSender - 1}
     * (the numbers a ResendRequest may ask for), reading 8 bytes per number: entries past that range belong to numbers
     * not sent yet in this sequence. Keeps a lower value already known (entries put by recovery).
     */
    void scanOldest(final int nextSender)
    {
        if (mapped == null)
        {
            return;
        }
        final int end = Math.min(nextSender, capacity);
        long min = oldest;
        for (int seq = 1; seq < end; seq++)
        {
            final long entry = buffer.getLong(seq * Long.BYTES);
            if (entry > validAfter && (min == 0 || entry < min))
            {
                min = entry;
            }
        }
        oldest = min;
    }

    void force()
    {
        if (mapped != null)
        {
            mapped.force();
        }
    }

    @Override
    public void close()
    {
        if (mapped != null)
        {
            IoUtil.unmap(mapped);
            mapped = null;
        }
    }
}
