package io.fixtape.engine.status;

import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.CountersReader;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The engine's counters in a memory-mapped file another process can read ({@code fixtape stat}, a metrics agent),
 * as Aeron's CnC file holds the media driver's: {@code <EngineDirectory>/counters.dat}, an Agrona
 * {@code CountersManager}'s metadata and values buffers behind a small header.
 *
 * <pre>
 *   0                   4                   8
 *   +-------------------+-------------------+
 *   | magic 'FXTC'      | version (major)   |
 *   +-------------------+-------------------+
 *   | pid of the writing process            |
 *   +---------------------------------------+
 *   | start time (epoch ms)                 |
 *   +---------------------------------------+
 *   | heartbeat (epoch ms, ordered writes)  |
 *   +-------------------+-------------------+
 *   | metadata length   | values length     |
 *   +-------------------+-------------------+
 *   | status (1 running, 2 closed) | name length |
 *   +-------------------+-------------------+
 *   | engine name (ASCII, up to 64 bytes)   ...            (header: 128 bytes)
 *   +---------------------------------------+
 *   | counters metadata (metadata length)   |
 *   +---------------------------------------+
 *   | counter values (values length)        |
 *   +---------------------------------------+
 * </pre>
 *
 * A reader refuses a file of another major version by name. The engine writes the heartbeat while it runs (a
 * reader tells a stopped engine from a live one by it and by the pid) and sets the status to closed when it stops;
 * the file stays for post-mortem reading and is replaced by the next engine on the directory.
 */
public final class CountersFile implements AutoCloseable
{
    public static final String FILE_NAME = "counters.dat";
    public static final int MAGIC = 0x43545846; // "FXTC" read as little-endian bytes
    public static final int VERSION = 1;
    public static final int STATUS_RUNNING = 1;
    public static final int STATUS_CLOSED = 2;
    /** A running engine updates the heartbeat at least this often. */
    public static final long HEARTBEAT_INTERVAL_MS = 100;

    static final int MAGIC_OFFSET = 0;
    static final int VERSION_OFFSET = 4;
    static final int PID_OFFSET = 8;
    static final int START_OFFSET = 16;
    static final int HEARTBEAT_OFFSET = 24;
    static final int META_LENGTH_OFFSET = 32;
    static final int VALUES_LENGTH_OFFSET = 36;
    static final int STATUS_OFFSET = 40;
    static final int NAME_LENGTH_OFFSET = 44;
    static final int NAME_OFFSET = 48;
    static final int MAX_NAME = 64;
    static final int HEADER_LENGTH = 128;

    private final Path file;
    private final MappedByteBuffer mapped;
    private final UnsafeBuffer header;
    private final UnsafeBuffer metadata;
    private final UnsafeBuffer values;

    private CountersFile(final Path file, final MappedByteBuffer mapped)
    {
        this.file = file;
        this.mapped = mapped;
        this.header = new UnsafeBuffer(mapped, 0, HEADER_LENGTH);
        final int metaLength = header.getInt(META_LENGTH_OFFSET);
        final int valuesLength = header.getInt(VALUES_LENGTH_OFFSET);
        this.metadata = new UnsafeBuffer(mapped, HEADER_LENGTH, metaLength);
        this.values = new UnsafeBuffer(mapped, HEADER_LENGTH + metaLength, valuesLength);
    }

    /**
     * Create (or replace) the counters file of an engine directory with room for {@code maxCounters}.
     *
     * @throws IllegalStateException when a live engine (its pid running, its heartbeat fresh) writes it now.
     */
    public static CountersFile create(final Path directory, final String engineName, final int maxCounters,
        final long nowEpochMs)
    {
        final Path path = directory.resolve(FILE_NAME);
        try
        {
            Files.createDirectories(directory);
            if (Files.exists(path))
            {
                try (CountersFile existing = open(directory))
                {
                    if (existing.isLive(nowEpochMs))
                    {
                        throw new IllegalStateException("EngineDirectory " + directory + " is in use by the running "
                            + "engine '" + existing.engineName() + "' (pid " + existing.pid() + ")");
                    }
                }
                catch (final IllegalArgumentException unreadable)
                {
                    // not a counters file of this version: replaced below
                }
            }
            final int metaLength = maxCounters * CountersReader.METADATA_LENGTH;
            final int valuesLength = maxCounters * CountersReader.COUNTER_LENGTH;
            final Path tmp = directory.resolve(FILE_NAME + ".tmp");
            final MappedByteBuffer mapped;
            try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING))
            {
                mapped = channel.map(FileChannel.MapMode.READ_WRITE, 0, (long)HEADER_LENGTH + metaLength + valuesLength);
            }
            final UnsafeBuffer header = new UnsafeBuffer(mapped, 0, HEADER_LENGTH);
            header.putLong(PID_OFFSET, ProcessHandle.current().pid());
            header.putLong(START_OFFSET, nowEpochMs);
            header.putLong(HEARTBEAT_OFFSET, nowEpochMs);
            header.putInt(META_LENGTH_OFFSET, metaLength);
            header.putInt(VALUES_LENGTH_OFFSET, valuesLength);
            header.putInt(STATUS_OFFSET, STATUS_RUNNING);
            final byte[] name = engineName.getBytes(StandardCharsets.US_ASCII);
            final int nameLength = Math.min(name.length, MAX_NAME);
            header.putInt(NAME_LENGTH_OFFSET, nameLength);
            header.putBytes(NAME_OFFSET, name, 0, nameLength);
            header.putInt(VERSION_OFFSET, VERSION);
            header.putIntOrdered(MAGIC_OFFSET, MAGIC); // last: a reader sees a complete header or none
            Files.move(tmp, path, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            return new CountersFile(path, mapped);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot create " + path, ex);
        }
    }

    /**
     * Map an engine directory's counters file to read it (another process, or after the engine stopped).
     *
     * @throws IllegalArgumentException no counters file there, or not one this version reads (named).
     */
    public static CountersFile open(final Path directory)
    {
        final Path path = directory.resolve(FILE_NAME);
        if (!Files.isRegularFile(path))
        {
            throw new IllegalArgumentException("no engine counters in " + directory + " (no " + FILE_NAME +
                "; is EngineDirectory set for the engine?)");
        }
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE))
        {
            final long size = channel.size();
            if (size < HEADER_LENGTH)
            {
                throw new IllegalArgumentException(path + " is not a fixtape counters file (" + size + " bytes)");
            }
            final MappedByteBuffer mapped = channel.map(FileChannel.MapMode.READ_WRITE, 0, size);
            final UnsafeBuffer header = new UnsafeBuffer(mapped, 0, HEADER_LENGTH);
            if (header.getIntVolatile(MAGIC_OFFSET) != MAGIC)
            {
                IoUtil.unmap(mapped);
                throw new IllegalArgumentException(path + " is not a fixtape counters file");
            }
            if (header.getInt(VERSION_OFFSET) != VERSION)
            {
                IoUtil.unmap(mapped);
                throw new IllegalArgumentException(path + ": counters file version " + header.getInt(VERSION_OFFSET)
                    + ", this fixtape reads version " + VERSION);
            }
            if ((long)HEADER_LENGTH + header.getInt(META_LENGTH_OFFSET) + header.getInt(VALUES_LENGTH_OFFSET) > size)
            {
                IoUtil.unmap(mapped);
                throw new IllegalArgumentException(path + " is truncated");
            }
            return new CountersFile(path, mapped);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot read " + path, ex);
        }
    }

    public UnsafeBuffer metadataBuffer()
    {
        return metadata;
    }

    public UnsafeBuffer valuesBuffer()
    {
        return values;
    }

    /** A reader over the counters (safe from any thread or process). */
    public CountersReader reader()
    {
        return new CountersReader(metadata, values);
    }

    public long pid()
    {
        return header.getLong(PID_OFFSET);
    }

    public long startEpochMs()
    {
        return header.getLong(START_OFFSET);
    }

    public long heartbeatEpochMs()
    {
        return header.getLongVolatile(HEARTBEAT_OFFSET);
    }

    public String engineName()
    {
        return header.getStringWithoutLengthAscii(NAME_OFFSET, Math.min(MAX_NAME, header.getInt(NAME_LENGTH_OFFSET)));
    }

    public boolean isClosed()
    {
        return header.getIntVolatile(STATUS_OFFSET) == STATUS_CLOSED;
    }

    /** Written by the engine, not closed, its process alive and its heartbeat no older than a second. */
    public boolean isLive(final long nowEpochMs)
    {
        return !isClosed() && nowEpochMs - heartbeatEpochMs() <= 10 * HEARTBEAT_INTERVAL_MS &&
            ProcessHandle.of(pid()).map(ProcessHandle::isAlive).orElse(false);
    }

    /** The engine is alive at {@code nowEpochMs} (writer only; allocation-free). */
    public void heartbeat(final long nowEpochMs)
    {
        header.putLongOrdered(HEARTBEAT_OFFSET, nowEpochMs);
    }

    /** The engine stopped (writer only): readers see the last values and that they are final. */
    public void markClosed()
    {
        header.putIntOrdered(STATUS_OFFSET, STATUS_CLOSED);
    }

    public Path path()
    {
        return file;
    }

    /** Unmap (readers; the engine leaves its mapping to the GC so that late readers of its buffers stay safe). */
    @Override
    public void close()
    {
        IoUtil.unmap(mapped);
    }
}
