package io.fixtape.journal;

import net.openhft.chronicle.bytes.SyncMode;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.agrona.concurrent.EpochClock;

import java.nio.file.Path;

/**
 * Opens the Chronicle queue of a journal directory with the journal's settings: roll cycle, block size, the msync mode
 * its durability needs and the roll-cycle clock. The writer and the read-only readers (tools, other
 * processes) open it through here, so both see the same queue configuration.
 */
final class JournalQueues
{
    /**
     * The journal's lock file guarantees a single live writer, so an unfinished header found at open belongs to a dead
     * process: recover it after 1 s instead of Chronicle's default 10 s.
     */
    private static final long STALE_HEADER_TIMEOUT_MS = 1_000;

    private JournalQueues()
    {
    }

    /**
     * The writer's queue.
     *
     * @param writerClock the writer's roll-cycle clock; null for Chronicle's default (ignored if the context sets a
     *                    {@link JournalContext#cycleClock}).
     */
    static SingleChronicleQueue openForWriter(
        final JournalContext ctx, final Path queueDir, final WriterCycleClock writerClock)
    {
        final SingleChronicleQueueBuilder builder = builder(ctx, queueDir, false);
        if (ctx.durability() != JournalDurability.PAGE_CACHE)
        {
            // Makes appender.sync() a synchronous msync (MS_SYNC); Chronicle itself does not sync per document, so the
            // journal calls sync() after each record (per-message) or every syncInterval (periodic).
            builder.syncMode(SyncMode.SYNC);
        }
        if (ctx.cycleClock() == null && writerClock != null)
        {
            builder.timeProvider(writerClock);
        }
        return builder.build();
    }

    /** A reader's queue: never writes, takes no lock, may run while an engine writes the journal. */
    static SingleChronicleQueue openReadOnly(final JournalContext ctx, final Path queueDir)
    {
        return builder(ctx, queueDir, true).build();
    }

    private static SingleChronicleQueueBuilder builder(final JournalContext ctx, final Path queueDir, final boolean readOnly)
    {
        final SingleChronicleQueueBuilder builder = SingleChronicleQueueBuilder.binary(queueDir)
            .rollCycle(ctx.rollCycle())
            .readOnly(readOnly)
            .timeoutMS(STALE_HEADER_TIMEOUT_MS);
        if (ctx.blockSize() > 0)
        {
            builder.blockSize(ctx.blockSize());
        }
        if (ctx.cycleClock() != null)
        {
            final EpochClock clock = ctx.cycleClock();
            builder.timeProvider(clock::time);
        }
        return builder;
    }
}
