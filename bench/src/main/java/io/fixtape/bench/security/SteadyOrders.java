package io.fixtape.bench.security;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.DutyCycleTask;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import org.HdrHistogram.Histogram;
import org.agrona.concurrent.EpochNanoClock;

/**
 * A well-behaved nos_er initiator: NewOrderSingles at a steady rate from its engine's duty cycle, each fill's round
 * trip recorded from the order's <em>intended</em> send time (coordinated omission corrected: an order delayed by a
 * stalled poller counts the stall). ClOrdID is the order's number, so the fill finds its intended time in an array.
 * Latencies go to the histogram of the current phase ({@link #phase}); a phase switch is handed over through a
 * volatile field. Poller thread only, apart from {@link #phase} and the read of the histograms after the run.
 */
final class SteadyOrders implements Application, DutyCycleTask
{
    private final EpochNanoClock clock;
    private final long intervalNanos;
    private final long[] intendedNanos;
    private final int[] phaseOf;
    private final Histogram[] histograms;
    private final long[] sentPerPhase;
    private final long[] filledPerPhase;
    private volatile int phase = -1;
    private SessionHandle session;
    private long nextIntendedNanos;
    private int sent;

    SteadyOrders(final EpochNanoClock clock, final int ratePerSecond, final int maxOrders, final int phases)
    {
        this.clock = clock;
        this.intervalNanos = 1_000_000_000L / ratePerSecond;
        this.intendedNanos = new long[maxOrders];
        this.phaseOf = new int[maxOrders];
        this.histograms = new Histogram[phases];
        this.sentPerPhase = new long[phases];
        this.filledPerPhase = new long[phases];
        for (int i = 0; i < phases; i++)
        {
            histograms[i] = new Histogram(60_000_000_000L, 3);
        }
    }

    /** Start sending under phase {@code index} (-1 stops sending). Any thread. */
    void phase(final int index)
    {
        phase = index;
    }

    boolean loggedOn()
    {
        return session != null;
    }

    Histogram histogram(final int phase)
    {
        return histograms[phase];
    }

    long sent(final int phase)
    {
        return sentPerPhase[phase];
    }

    long filled(final int phase)
    {
        return filledPerPhase[phase];
    }

    @Override
    public void onLogon(final SessionHandle session)
    {
        this.session = session;
    }

    @Override
    public void onLogout(final SessionHandle session)
    {
        this.session = null;
    }

    @Override
    public int doWork(final long nowNanos)
    {
        final int current = phase;
        if (current < 0 || session == null)
        {
            nextIntendedNanos = 0;
            return 0;
        }
        final long now = clock.nanoTime();
        if (nextIntendedNanos == 0)
        {
            nextIntendedNanos = now;
        }
        int work = 0;
        while (nextIntendedNanos <= now && sent < intendedNanos.length)
        {
            final FixEncoder order = session.newMessage(MsgTypes.NEW_ORDER_SINGLE);
            order.putLong(Tags.CL_ORD_ID, sent)
                .putString(Tags.SYMBOL, "ACME")
                .putChar(Tags.SIDE, '1')
                .putUtcTimestamp(Tags.TRANSACT_TIME, now)
                .putLong(Tags.ORDER_QTY, 100)
                .putChar(Tags.ORD_TYPE, '2')
                .putDecimal(Tags.PRICE, 10_025, 2);
            if (session.send() <= 0)
            {
                break; // back-pressure: the order goes out later, its latency counts the wait
            }
            intendedNanos[sent] = nextIntendedNanos;
            phaseOf[sent] = current;
            sentPerPhase[current]++;
            sent++;
            nextIntendedNanos += intervalNanos;
            work++;
        }
        return work;
    }

    @Override
    public void onMessage(final FixDecoder message, final SessionHandle session)
    {
        if (message.msgType() != MsgTypes.EXECUTION_REPORT)
        {
            return;
        }
        final int index = message.indexOf(Tags.CL_ORD_ID);
        if (index < 0)
        {
            return;
        }
        final long id = message.longAt(index);
        if (id >= 0 && id < sent)
        {
            final int orderPhase = phaseOf[(int)id];
            filledPerPhase[orderPhase]++;
            histograms[orderPhase].recordValue(Math.max(0, clock.nanoTime() - intendedNanos[(int)id]));
        }
    }
}
