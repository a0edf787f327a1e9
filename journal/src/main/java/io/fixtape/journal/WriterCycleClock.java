package io.fixtape.journal;

import net.openhft.chronicle.core.time.TimeProvider;
import org.agrona.concurrent.EpochClock;
import org.agrona.concurrent.SystemEpochClock;

/**
 * The writer's clock for Chronicle's roll cycle: Chronicle asks for the time on every append ({@code queue.cycle()}
 * in {@code writeBytes}, a {@code clock_gettime} each, ~4 % of the journal's samples per NewOrderSingle/ExecutionReport
 * pair, docs/JOURNAL_FORMAT.md). This answers from the wall clock read at most once per {@link #REFRESH_NANOS} of
 * engine time: {@link JournalAppender#append} calls {@link #onAppend} with the record's engine timestamp, and only when
 * that moved on by a millisecond or more (or backwards: a reset engine clock), or after {@link #REFRESH_APPENDS} appends
 * (an engine clock that barely moves, e.g. a replay's synthetic one), is the wall clock read again. Until the first
 * append it reads the wall clock every time. So a record written just after a cycle boundary
 * may land in the previous cycle's file, at most one millisecond of engine time (or 1,024 appends) late — only the file it is in, never
 * its content or order (readers follow cycles in order). Never goes backwards. Writer thread only (Chronicle calls it
 * from the appender, and from the journal's own tailer on the same thread); a test's {@code JournalContext.cycleClock}
 * replaces it.
 */
final class WriterCycleClock implements TimeProvider
{
    static final long REFRESH_NANOS = 1_000_000L;
    /** Also refreshed after this many appends, whatever the engine clock says (a replay's synthetic clock). */
    static final int REFRESH_APPENDS = 1024;
    private final EpochClock wallClock;
    private long millis;
    private int appendsLeft;
    private long refreshedAtNanos;
    private boolean started;

    WriterCycleClock()
    {
        this(SystemEpochClock.INSTANCE);
    }

    /** @param wallClock the wall clock in epoch millis (tests step their own). */
    WriterCycleClock(final EpochClock wallClock)
    {
        this.wallClock = wallClock;
    }

    @Override
    public long currentTimeMillis()
    {
        return started ? millis : Math.max(millis, wallClock.time());
    }

    /** The engine time of the record about to be appended: refreshes the cached wall clock once per millisecond. */
    void onAppend(final long engineNanos)
    {
        final long elapsed = engineNanos - refreshedAtNanos;
        if (--appendsLeft < 0 || elapsed >= REFRESH_NANOS || elapsed < 0)
        {
            started = true;
            appendsLeft = REFRESH_APPENDS;
            refreshedAtNanos = engineNanos;
            millis = Math.max(millis, wallClock.time());
        }
    }
}
