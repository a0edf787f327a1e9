package io.fixtape.cli;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.DutyCycleTask;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import org.agrona.concurrent.EpochNanoClock;

import java.util.Arrays;

/**
 * Initiator-side order generator for the CLI: once the session is logged on it sends {@code orders}
 * NewOrderSingles (ClOrdID = the order number) at up to {@code ratePerSecond} (0 = as fast as the connection takes
 * them), and matches what comes back (ExecutionReport, an echoed NewOrderSingle, rejects) to the order by ClOrdID
 * to record the round-trip time.
 *
 * <p>Runs on the poller thread (it is both the session's application and a duty-cycle task); the main thread
 * reads the volatile progress counters and, after the engine has stopped, the report.
 */
final class OrderFlow implements Application, DutyCycleTask
{
    private static final int MAX_BATCH = 256;

    private final int orders;
    private final double ratePerSecond;
    private final boolean fix42;
    private final EpochNanoClock clock;
    private final long[] sentAtNanos;
    private final long[] roundTripNanos;
    private SessionHandle session;
    private long startNanos;
    private volatile int sent;
    private volatile int limit;
    private volatile int answered;
    private volatile int fills;
    private volatile int echoes;
    private volatile int rejects;
    private volatile int other;
    private volatile long lastAnswerNanos;
    private String firstReply;

    OrderFlow(final int orders, final double ratePerSecond, final String beginString, final EpochNanoClock clock)
    {
        this.orders = orders;
        this.ratePerSecond = ratePerSecond;
        this.fix42 = "FIX.4.2".equals(beginString) || "FIX.4.1".equals(beginString) || "FIX.4.0".equals(beginString);
        this.clock = clock;
        this.sentAtNanos = new long[orders];
        this.roundTripNanos = new long[orders];
        this.limit = orders;
        Arrays.fill(roundTripNanos, -1);
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
        final SessionHandle current = session;
        if (current == null || !current.isLoggedOn() || sent >= orders || sent >= limit)
        {
            return 0;
        }
        if (sent == 0 && startNanos == 0)
        {
            startNanos = nowNanos;
        }
        int allowed = MAX_BATCH;
        if (ratePerSecond > 0)
        {
            final long due = (long)((nowNanos - startNanos) * ratePerSecond / 1e9) + 1;
            allowed = (int)Math.min(MAX_BATCH, due - sent);
        }
        int work = 0;
        while (work < allowed && sent < orders && sent < limit)
        {
            final int id = sent;
            final FixEncoder order = current.newMessage(MsgTypes.NEW_ORDER_SINGLE);
            order.putLong(Tags.CL_ORD_ID, id);
            if (fix42)
            {
                order.putChar(Tags.HANDL_INST, '1');
            }
            order.putString(Tags.SYMBOL, "ACME")
                .putChar(Tags.SIDE, (id & 1) == 0 ? '1' : '2')
                .putUtcTimestamp(Tags.TRANSACT_TIME, clock.nanoTime())
                .putLong(Tags.ORDER_QTY, 100 + id % 100)
                .putChar(Tags.ORD_TYPE, '2')
                .putDecimal(Tags.PRICE, 10_000 + id % 50, 2);
            final long sendAt = clock.nanoTime();
            if (current.send() <= 0)
            {
                break; // back-pressured or not logged on: try again next duty cycle
            }
            sentAtNanos[id] = sendAt;
            sent = id + 1;
            work++;
        }
        return work;
    }

    @Override
    public void onMessage(final FixDecoder message, final SessionHandle session)
    {
        final long msgType = message.msgType();
        if (firstReply == null)
        {
            firstReply = message.toString();
        }
        if (msgType == MsgTypes.EXECUTION_REPORT)
        {
            fills++;
            record(message);
        }
        else if (msgType == MsgTypes.NEW_ORDER_SINGLE)
        {
            echoes++;
            record(message);
        }
        else if (msgType == MsgTypes.BUSINESS_MESSAGE_REJECT)
        {
            rejects++;
        }
        else
        {
            other++;
        }
    }

    @Override
    public void onAdminMessage(final FixDecoder message, final SessionHandle session)
    {
        if (message.msgType() == MsgTypes.REJECT)
        {
            rejects++;
        }
    }

    private void record(final FixDecoder message)
    {
        final long now = clock.nanoTime();
        final int index = message.indexOf(Tags.CL_ORD_ID);
        final long id = index < 0 ? -1 : message.longAt(index);
        if (id >= 0 && id < orders && roundTripNanos[(int)id] < 0)
        {
            roundTripNanos[(int)id] = now - sentAtNanos[(int)id];
            answered++;
            lastAnswerNanos = now;
        }
    }

    /**
     * Send no more than {@code limit} orders in total until raised again (any thread): the demo pauses the flow and
     * lets every order be answered before it restarts the acceptor.
     */
    void limit(final int limit)
    {
        this.limit = limit;
    }

    boolean done()
    {
        return answered >= orders;
    }

    int sent()
    {
        return sent;
    }

    int answered()
    {
        return answered;
    }

    /** ExecutionReports received, PossDup resends of a fill included. */
    int fills()
    {
        return fills;
    }

    /** Multi-line report; call after the engine has stopped (or accept a racy snapshot). */
    String report()
    {
        final long[] rtt = Arrays.stream(roundTripNanos).filter(v -> v >= 0).sorted().toArray();
        final StringBuilder sb = new StringBuilder();
        sb.append(String.format("orders sent %d, answered %d (fills %d, echoes %d), rejects %d, other %d%n",
            sent, answered, fills, echoes, rejects, other));
        if (answered > 0 && startNanos > 0)
        {
            final double seconds = (lastAnswerNanos - startNanos) / 1e9;
            sb.append(String.format("first order to last answer: %.3f s (%.0f orders/s)%n", seconds,
                seconds > 0 ? answered / seconds : 0.0));
        }
        if (rtt.length > 0)
        {
            sb.append(String.format("round trip (order sent -> answer received, both on the poller clock), us: " +
                "min %.1f  p50 %.1f  p99 %.1f  p99.9 %.1f  max %.1f%n",
                rtt[0] / 1e3, pct(rtt, 50) / 1e3, pct(rtt, 99) / 1e3, pct(rtt, 99.9) / 1e3, rtt[rtt.length - 1] / 1e3));
        }
        if (firstReply != null)
        {
            sb.append("first answer: ").append(firstReply.replace('\u0001', '|')).append('\n');
        }
        return sb.toString();
    }

    private static long pct(final long[] sorted, final double percentile)
    {
        final int index = (int)Math.ceil(percentile / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }
}
