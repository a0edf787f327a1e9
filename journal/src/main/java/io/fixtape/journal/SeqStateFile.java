package io.fixtape.journal;

import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.MappedByteBuffer;
import java.nio.file.Path;

/**
 * Memory-mapped sequence-number state of every session of a journal: what recovery reads instead of the journal,
 * so restart time depends on the number of sessions, not messages. Writes are plain stores into the mapping (they
 * survive a process crash through the page cache; {@link #force()} is called under msync durability policies).
 *
 * <pre>
 *  header (64 bytes):
 *   0  long  magic "FXTSTATE"
 *   8  int   major version   12 int minor version
 *  16  int   slot count (max session id + 1)
 *  24  long  covered index: last Chronicle index whose effect on the slots is recorded here
 *  slot per session id, at 64 + id * 16:
 *   0  int   next sender MsgSeqNum   4 int next target MsgSeqNum
 *   8  int   initialised (1)         12 int creation time (1.1+): epoch seconds, unsigned; 0 = unknown
 * </pre>
 * 1.1 gave the reserved slot int a meaning: when the session's sequence state began (its last reset), so a session
 * with a schedule restarted in a later period resets at start-up. 1.0 files read it as 0 (unknown); 1.0 readers
 * ignore it.
 * The file starts with room for {@link #INITIAL_SLOTS} sessions (or what an existing file holds) and grows by
 * doubling when a session with a higher id is initialised, up to the configured maximum: a remap at registration
 * time, never on the message path. The file is sparse: slots never written take no disk space.
 * Single writer (the journal's writer thread).
 */
final class SeqStateFile implements AutoCloseable
{
    static final String FILE_NAME = "seqstate.dat";
    static final long MAGIC = 0x4554415453545846L; // "FXTSTATE" little-endian
    static final int MAJOR_VERSION = 1;
    static final int MINOR_VERSION = 1;
    static final int HEADER_LENGTH = 64;
    static final int SLOT_LENGTH = 16;
    /** Slots a new file starts with (including the unused slot 0): 16 KiB apparent size. */
    static final int INITIAL_SLOTS = 1024;
    private static final int MAGIC_OFFSET = 0;
    private static final int MAJOR_OFFSET = 8;
    private static final int MINOR_OFFSET = 12;
    private static final int SLOT_COUNT_OFFSET = 16;
    private static final int COVERED_INDEX_OFFSET = 24;
    private static final int NEXT_SENDER_OFFSET = 0;
    private static final int NEXT_TARGET_OFFSET = 4;
    private static final int INITIALISED_OFFSET = 8;
    private static final int CREATION_SECONDS_OFFSET = 12;

    private final Path file;
    private final int maxSessions;
    private final UnsafeBuffer buffer = new UnsafeBuffer(0, 0);
    private MappedByteBuffer mapped;
    private int slotCount;

    /** @param maxSessions the highest session id the file may grow to hold. */
    SeqStateFile(final Path stateDir, final int maxSessions)
    {
        this.file = stateDir.resolve(FILE_NAME);
        this.maxSessions = maxSessions;
        final long existing = file.toFile().length();
        if (existing > 0 && existing < HEADER_LENGTH)
        {
            throw new JournalException("sequence state " + file + " is truncated (" + existing + " bytes)");
        }
        map(existing == 0 ? Math.min(INITIAL_SLOTS, maxSessions + 1) : (int)((existing - HEADER_LENGTH) / SLOT_LENGTH));
        if (buffer.getLong(MAGIC_OFFSET) == 0)
        {
            buffer.putInt(MAJOR_OFFSET, MAJOR_VERSION);
            buffer.putInt(MINOR_OFFSET, MINOR_VERSION);
            buffer.putLong(COVERED_INDEX_OFFSET, -1L);
            buffer.putInt(SLOT_COUNT_OFFSET, slotCount);
            buffer.putLong(MAGIC_OFFSET, MAGIC);
        }
        else if (buffer.getLong(MAGIC_OFFSET) != MAGIC)
        {
            throw new JournalException("sequence state " + file + " is not a fixtape sequence-state file (bad magic)");
        }
        else if (buffer.getInt(MAJOR_OFFSET) != MAJOR_VERSION)
        {
            throw new JournalException("sequence state " + file + " is in format fixtape-seqstate " + buffer.getInt(MAJOR_OFFSET) +
                "." + buffer.getInt(MINOR_OFFSET) + ", this reader supports fixtape-seqstate " + MAJOR_VERSION + ".x only");
        }
        else if (buffer.getInt(MINOR_OFFSET) < MINOR_VERSION)
        {
            buffer.putInt(MINOR_OFFSET, MINOR_VERSION); // written from now on: the creation-time field
        }
    }

    /** Maps the file with room for this many slots, extending it (sparse) when shorter; unmaps the last mapping. */
    private void map(final int slots)
    {
        final MappedByteBuffer previous = mapped;
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw"))
        {
            final long length = HEADER_LENGTH + (long)slots * SLOT_LENGTH;
            if (raf.length() < length)
            {
                raf.setLength(length);
            }
            mapped = raf.getChannel().map(java.nio.channels.FileChannel.MapMode.READ_WRITE, 0, length);
        }
        catch (final IOException ex)
        {
            throw new JournalException("cannot map sequence state " + file + ": " + ex, ex);
        }
        buffer.wrap(mapped);
        if (previous != null)
        {
            IoUtil.unmap(previous);
        }
        slotCount = slots;
        if (buffer.getLong(MAGIC_OFFSET) == MAGIC && buffer.getInt(MAJOR_OFFSET) == MAJOR_VERSION)
        {
            buffer.putInt(SLOT_COUNT_OFFSET, slotCount);
        }
    }

    int slotCount()
    {
        return slotCount;
    }

    private int slot(final int sessionId)
    {
        if (sessionId <= 0 || sessionId > maxSessions && sessionId >= slotCount)
        {
            throw new JournalException("session " + sessionId + " exceeds the journal's session limit " + maxSessions +
                " (" + JournalContext.KEY_MAX_SESSIONS + ")");
        }
        if (sessionId >= slotCount)
        {
            map((int)Math.min(Math.max((long)sessionId + 1, 2L * slotCount), maxSessions + 1L));
        }
        return field(sessionId, 0);
    }

    /** Offset of a field of a session's slot; unchecked (the hot path), for ids {@link #initialise} accepted. */
    private static int field(final int sessionId, final int fieldOffset)
    {
        return HEADER_LENGTH + sessionId * SLOT_LENGTH + fieldOffset;
    }

    /** Creates the slot of a new session with both sequence numbers at 1; keeps an existing one. */
    void initialise(final int sessionId)
    {
        final int slot = slot(sessionId);
        if (buffer.getInt(slot + INITIALISED_OFFSET) == 0)
        {
            resetSequenceNumbers(sessionId);
            buffer.putInt(slot + INITIALISED_OFFSET, 1);
        }
    }

    /** Both sequence numbers back to 1: a new session, or a sequence reset. */
    void resetSequenceNumbers(final int sessionId)
    {
        nextSender(sessionId, 1);
        nextTarget(sessionId, 1);
    }

    int nextSender(final int sessionId)
    {
        return buffer.getInt(field(sessionId, NEXT_SENDER_OFFSET));
    }

    int nextTarget(final int sessionId)
    {
        return buffer.getInt(field(sessionId, NEXT_TARGET_OFFSET));
    }

    void nextSender(final int sessionId, final int value)
    {
        buffer.putInt(field(sessionId, NEXT_SENDER_OFFSET), value);
    }

    void nextTarget(final int sessionId, final int value)
    {
        buffer.putInt(field(sessionId, NEXT_TARGET_OFFSET), value);
    }

    /** When the session's sequence state began, epoch seconds; 0 when unknown (1.0 file, never stamped). */
    long creationSeconds(final int sessionId)
    {
        return Integer.toUnsignedLong(buffer.getInt(field(sessionId, CREATION_SECONDS_OFFSET)));
    }

    void creationSeconds(final int sessionId, final long epochSeconds)
    {
        buffer.putInt(field(sessionId, CREATION_SECONDS_OFFSET), (int)epochSeconds);
    }

    long coveredIndex()
    {
        return buffer.getLong(COVERED_INDEX_OFFSET);
    }

    void coveredIndex(final long index)
    {
        buffer.putLong(COVERED_INDEX_OFFSET, index);
    }

    void force()
    {
        mapped.force();
    }

    @Override
    public void close()
    {
        IoUtil.unmap(mapped);
    }
}
