package io.fixtape.journal;

import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Reads the record at a Chronicle index for resends, with one tailer kept between calls: consecutive indexes are read
 * without repositioning, and a short gap in the same cycle (a session's records interleave with other sessions' and,
 * in audit mode, with inbound ones) is stepped over rather than looked up, which is cheaper and allocation-free.
 * One reader at a time: the writer thread, or a worker under the factory's lock.
 */
final class ResendReader implements AutoCloseable
{
    /** The longest gap stepped over document by document; a longer one is an index lookup. */
    private static final long FORWARD_SKIP_LIMIT = 64;
    private final SingleChronicleQueue queue;
    private final RollCycle rollCycle;
    private final String source;
    private ExcerptTailer tailer;

    /** @param source the journal directory, named in errors. */
    ResendReader(final SingleChronicleQueue queue, final RollCycle rollCycle, final String source)
    {
        this.queue = queue;
        this.rollCycle = rollCycle;
        this.source = source;
    }

    /**
     * Reads the record at {@code queueIndex} into {@code record}.
     *
     * @return false if there is no complete record at that index.
     */
    boolean readAt(final long queueIndex, final JournalRecord record)
    {
        final ExcerptTailer tailer = tailer();
        final long current = tailer.index();
        if (current != queueIndex)
        {
            final long gap = queueIndex - current;
            if (gap > 0 && gap <= FORWARD_SKIP_LIMIT && rollCycle.toCycle(queueIndex) == rollCycle.toCycle(current))
            {
                skipForward(tailer, queueIndex);
            }
            if (tailer.index() != queueIndex && !tailer.moveToIndex(queueIndex))
            {
                return false;
            }
        }
        try (DocumentContext dc = tailer.readingDocument())
        {
            if (!dc.isPresent() || dc.index() != queueIndex)
            {
                return false;
            }
            RecordCodec.read(dc.wire().bytes(), queueIndex, record, source);
            return true;
        }
    }

    private ExcerptTailer tailer()
    {
        ExcerptTailer tailer = this.tailer;
        if (tailer == null)
        {
            tailer = queue.createTailer();
            tailer.singleThreadedCheckDisabled(true); // one reader at a time (see class javadoc)
            this.tailer = tailer;
        }
        return tailer;
    }

    private static void skipForward(final ExcerptTailer tailer, final long queueIndex)
    {
        while (tailer.index() < queueIndex)
        {
            try (DocumentContext dc = tailer.readingDocument())
            {
                if (!dc.isPresent())
                {
                    return;
                }
            }
        }
    }

    @Override
    public void close()
    {
        if (tailer != null)
        {
            tailer.close();
        }
    }
}
