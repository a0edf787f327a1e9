package io.fixtape.journal;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.agrona.concurrent.UnsafeBuffer;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Copies the records of a queue directory into a new one in the current record format (2.0), each into the cycle it
 * was in and in the same order, so that every record keeps its Chronicle index (the sequence state's covered index
 * and the resend indexes stay valid); checked record by record. Stops at the first damaged record or file: what is
 * copied is then the journal cut at its last good record. Reads the source with plain reads
 * ({@link CycleFileScanner}), so a file cut short cannot fault the process. Used by {@code journal upgrade} and by the
 * {@code recover-truncate} start. Cold path; one thread.
 */
final class QueueRewriter
{
    /** What a copy did. */
    static final class Result
    {
        long records;
        long formatOneRecords;
        /** The first damage met (file, offset, what), or null: every record was copied. */
        String damage;
    }

    private QueueRewriter()
    {
    }

    static Result copy(final Path source, final Path target, final RollCycle rollCycle, final long blockSize)
    {
        final Result result = new Result();
        final long[] cycleMillis = {0};
        final SingleChronicleQueueBuilder builder = SingleChronicleQueueBuilder.binary(target).rollCycle(rollCycle)
            .timeProvider(() -> cycleMillis[0]);
        if (blockSize > 0)
        {
            builder.blockSize(blockSize);
        }
        @SuppressWarnings("unchecked")
        final Bytes<ByteBuffer>[] staging = new Bytes[] {Bytes.elasticByteBuffer(1 << 16, 1 << 16)};
        final UnsafeBuffer view = new UnsafeBuffer(staging[0].underlyingObject());
        final RecordChecksum checksum = new RecordChecksum();
        final CycleFileScanner scanner = new CycleFileScanner();
        final JournalRecord record = new JournalRecord();
        try (SingleChronicleQueue queue = builder.build(); ExcerptAppender appender = queue.createAppender())
        {
            for (final File file : CycleFiles.list(source))
            {
                final int cycle = CycleFiles.cycleOf(file, rollCycle);
                if (cycle < 0)
                {
                    throw new JournalException(file + " is not named as a cycle file of roll cycle " + rollCycle);
                }
                cycleMillis[0] = CycleFiles.startMillis(cycle, rollCycle);
                scanner.scan(file, record, (f, ordinal, offset, r) ->
                {
                    final String wrong = r.damage();
                    if (wrong != null)
                    {
                        result.damage = f.getName() + " byte " + offset + " (record " + ordinal + " of the file): " + wrong;
                        return false;
                    }
                    final int length = JournalRecordDescriptor.HEADER_LENGTH + r.fixLength();
                    if (length > view.capacity())
                    {
                        staging[0].releaseLast();
                        staging[0] = Bytes.elasticByteBuffer(length, length);
                        view.wrap(staging[0].underlyingObject());
                    }
                    RecordCodec.stage(view, checksum, r.direction(), r.flags(), r.sessionId(), r.seqNum(),
                        r.timestampNanos(), r.msgType(), r.buffer(), r.fixOffset(), r.fixLength());
                    staging[0].readPositionRemaining(0, length);
                    appender.writeBytes(staging[0]);
                    final long expected = rollCycle.toIndex(cycle, ordinal);
                    if (appender.lastIndexAppended() != expected)
                    {
                        throw new JournalException("rewriting " + f + ": record " + ordinal + " got index " +
                            Long.toHexString(appender.lastIndexAppended()) + ", not " + Long.toHexString(expected) +
                            " (the file's records are not numbered from its cycle's start)");
                    }
                    result.records++;
                    if (r.majorVersion() == 1)
                    {
                        result.formatOneRecords++;
                    }
                    return true;
                });
                if (result.damage != null)
                {
                    break;
                }
                if (scanner.damaged())
                {
                    result.damage = file.getName() + " byte " + scanner.endOffset() + ": " + scanner.detail();
                    break;
                }
            }
        }
        finally
        {
            staging[0].releaseLast();
        }
        return result;
    }

    /** Deletes a directory tree this class created (a rewrite's target). */
    static void deleteTree(final Path dir)
    {
        if (!Files.exists(dir))
        {
            return;
        }
        try (Stream<Path> files = Files.walk(dir))
        {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        catch (final IOException ex)
        {
            throw new JournalException("cannot delete " + dir + ": " + ex, ex);
        }
    }
}
