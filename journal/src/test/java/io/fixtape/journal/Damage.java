package io.fixtape.journal;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import org.agrona.concurrent.UnsafeBuffer;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Fault injection on real journal files: find a record's bytes, flip, zero or cut them; write format 1.0 records. */
final class Damage
{
    private Damage()
    {
    }

    /** The (first) cycle file of the journal in {@code dir}. */
    static Path cycleFile(final Path dir) throws IOException
    {
        try (Stream<Path> files = Files.list(dir.resolve(Journal.QUEUE_DIR)))
        {
            return files.filter(p -> p.toString().endsWith(".cq4")).sorted().findFirst().orElseThrow();
        }
    }

    /** File offset of the last occurrence of {@code needle} (ASCII) in {@code file}. */
    static long offsetOf(final Path file, final String needle) throws IOException
    {
        final byte[] content = Files.readAllBytes(file);
        final byte[] n = needle.getBytes(StandardCharsets.US_ASCII);
        outer:
        for (int i = content.length - n.length; i >= 0; i--)
        {
            for (int j = 0; j < n.length; j++)
            {
                if (content[i + j] != n[j])
                {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("not found: " + needle);
    }

    static void write(final Path file, final long offset, final byte[] bytes) throws IOException
    {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw"))
        {
            raf.seek(offset);
            raf.write(bytes);
        }
    }

    /** Flips one bit of the byte at {@code offset}. */
    static void flip(final Path file, final long offset) throws IOException
    {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw"))
        {
            raf.seek(offset);
            final int b = raf.read();
            raf.seek(offset);
            raf.write(b ^ 0x10);
        }
    }

    static void truncate(final Path file, final long length) throws IOException
    {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw"))
        {
            raf.setLength(length);
        }
    }

    /**
     * Appends one record in format 1.0 (32-byte header, no CRC32C) straight into the journal's queue, as a 1.0 writer
     * did; does not touch the sequence state (recovery applies it).
     */
    static long appendV1(final Journal journal, final int sessionId, final int seq, final String fix)
    {
        final byte[] body = fix.getBytes(StandardCharsets.US_ASCII);
        final int length = JournalRecordDescriptor.V1_HEADER_LENGTH + body.length;
        final Bytes<ByteBuffer> bytes = Bytes.elasticByteBuffer(length, length);
        final UnsafeBuffer view = new UnsafeBuffer(bytes.underlyingObject());
        view.putByte(0, (byte)1);
        view.putByte(1, (byte)0);
        view.putByte(2, JournalRecordDescriptor.DIRECTION_OUT);
        view.putInt(4, 0, java.nio.ByteOrder.LITTLE_ENDIAN);
        view.putInt(8, sessionId, java.nio.ByteOrder.LITTLE_ENDIAN);
        view.putInt(12, seq, java.nio.ByteOrder.LITTLE_ENDIAN);
        view.putLong(16, seq, java.nio.ByteOrder.LITTLE_ENDIAN);
        view.putLong(24, Fix.type("D"), java.nio.ByteOrder.LITTLE_ENDIAN);
        view.putBytes(32, body);
        bytes.readPositionRemaining(0, length);
        try (ExcerptAppender appender = journal.queue().createAppender())
        {
            appender.writeBytes(bytes);
            return appender.lastIndexAppended();
        }
        finally
        {
            bytes.releaseLast();
        }
    }
}
