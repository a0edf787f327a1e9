package io.fixtape.journal;

import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.SleepingMillisIdleStrategy;

/**
 * Runs the journal's pretouch as the context resolves it ({@link JournalContext#pretouchMode}): a
 * {@link JournalPretoucher} on its own thread (an AgentRunner sleeping 1 ms when idle, which also measures the free
 * space so that the writer does not), steps from the writer's duty cycle, or nothing.
 */
final class PretouchRunner implements AutoCloseable
{
    /** Duty-cycle pretouch: how far ahead of the writer (several duty cycles of journal at full load). */
    static final long DUTY_PRETOUCH_AHEAD_BYTES = 1024L * 1024;
    /** Duty-cycle pretouch budget: pages per duty cycle (one page fault, a couple of µs, delays a request at most). */
    static final int DUTY_PRETOUCH_PAGES = 1;
    private final Journal journal;
    /** The pretoucher thread, null unless {@link JournalContext.Pretouch#THREAD}. */
    private final AgentRunner thread;
    private final boolean dutyCycle;

    /** Starts the pretoucher thread if the context asks for one. */
    PretouchRunner(final Journal journal, final JournalContext ctx)
    {
        this.journal = journal;
        this.dutyCycle = ctx.pretouchMode() == JournalContext.Pretouch.DUTY_CYCLE;
        if (ctx.pretouchMode() == JournalContext.Pretouch.THREAD)
        {
            thread = new AgentRunner(new SleepingMillisIdleStrategy(1), Throwable::printStackTrace, null,
                new JournalPretoucher(journal, ctx.pretouchAheadBytes()));
            journal.watchSpaceElsewhere(); // the pretoucher measures the free space: no statfs on the writer's path
            AgentRunner.startOnThread(thread);
        }
        else
        {
            thread = null;
        }
    }

    /** Whether the writer's duty cycle pre-touches ({@link #dutyCycleStep}). */
    boolean inDutyCycle()
    {
        return dutyCycle;
    }

    /**
     * One duty-cycle step (writer thread): at most {@link #DUTY_PRETOUCH_PAGES} page(s) touched ahead of the writer,
     * up to {@link #DUTY_PRETOUCH_AHEAD_BYTES} ahead; once that window is touched it reads two fields and returns.
     *
     * @return pages touched.
     */
    int dutyCycleStep()
    {
        return journal.pretouchAhead(DUTY_PRETOUCH_AHEAD_BYTES, DUTY_PRETOUCH_PAGES);
    }

    /** The pretouch in force: THREAD, DUTY_CYCLE or OFF (never AUTO). */
    JournalContext.Pretouch inForce()
    {
        return thread != null ? JournalContext.Pretouch.THREAD
            : dutyCycle ? JournalContext.Pretouch.DUTY_CYCLE : JournalContext.Pretouch.OFF;
    }

    /** Stops the pretoucher thread, if any. */
    @Override
    public void close()
    {
        if (thread != null)
        {
            thread.close();
        }
    }
}
