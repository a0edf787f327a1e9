package io.fixtape.bench.harness.client;

import io.fixtape.bench.harness.Phase;
import io.fixtape.bench.harness.Seeds;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The harness client: ONE raw-bytes FIX initiator (or, against the floor, a raw TCP sender of the same bytes) that
 * sends on a fixed open-loop schedule — iteration i is due at {@code t0 + i / rate}, independent of replies — and
 * matches replies by their key field (ClOrdID / MDReqID). Both timestamps are this process's
 * {@link System#nanoTime()}: {@code response = reply - scheduled slot} (charges the client's own lateness),
 * {@code service = reply - actual send} (the time of the write that pushed the request's last byte).
 *
 * <p>Threading: everything runs on the calling thread, a single polling loop over a non-blocking socket
 * (sending what is due in one write, then reading what has arrived; {@link Thread#yield()} when a pass did
 * nothing, so the JVM's own JIT/GC threads on the same core are not starved), so the client needs exactly one core
 * and no hand-off. All state is allocated before the schedule starts; the loop allocates nothing.
 */
public final class OpenLoopClient
{
    private static final int MAX_MESSAGE = 1024;
    private static final long HISTOGRAM_MAX_NS = TimeUnit.SECONDS.toNanos(60);
    /** The measured iterations are also split into this many consecutive windows, each with its own p50. */
    public static final int WINDOWS = 10;
    /** A gap between two passes of the loop longer than this means the thread did not run (preempted/stalled). */
    private static final long STALL_NS = TimeUnit.MICROSECONDS.toNanos(50);

    private final SocketChannel channel;
    private final Scenario scenario;
    private final boolean echo;
    private final long rate;
    private final int warmup;
    private final int measured;
    private final long drainTimeoutNs;

    private final FixWriter writer = new FixWriter(MAX_MESSAGE, "CLIENT", "SERVER");
    private final ByteBuffer out = ByteBuffer.allocateDirect(4 << 20);
    private final ByteBuffer in = ByteBuffer.allocateDirect(4 << 20);
    private final byte[] inBytes = new byte[4 << 20];
    private int inLimit;

    private final long[] sendNs;
    private final byte[] outstanding;
    /** Ring of iterations whose bytes are in {@link #out} but not yet written, with their end positions. */
    private final int[] unsentIndex;
    private final long[] unsentEnd;
    private int unsentHead;
    private int unsentTail;
    private long bytesQueued;
    private long bytesWritten;

    // Everything recorded per iteration is kept per Phase (index 0 warm-up, discarded; 1 measured) and indexed with
    // Phase.of: no branch becomes taken for the first time when the measured phase starts (see Phase).
    // Every histogram carries Seeds (its lowest and highest value) so that no first sample of the measured phase
    // runs HdrHistogram's min/max update for the first time; reported through Seeds.without.
    private final Histogram response = Seeds.seeded(HISTOGRAM_MAX_NS);
    private final Histogram service = Seeds.seeded(HISTOGRAM_MAX_NS);
    private final Histogram[] responseByPhase = {Seeds.seeded(HISTOGRAM_MAX_NS), response};
    private final Histogram[] serviceByPhase = {Seeds.seeded(HISTOGRAM_MAX_NS), service};
    /** [0] the warm-up (discarded), [1 + w] measured window w. */
    private final Histogram[] windows = new Histogram[1 + WINDOWS];
    /** Added to every iteration index on the wire, so repeated runs on one session never reuse a ClOrdID. */
    private long keyBase;
    private final long[] stalls = new long[2];
    private final long[] stallMaxNs = new long[2];
    private final long[] stallTotalNs = new long[2];
    private long seqNum = 1;
    /** Iteration i is due at {@code t0 + i * periodNs}; moved once, after the warm-up settled. */
    private long t0;
    /** The next iteration to schedule. */
    private int next;
    private long settleNs;
    private int warmupReplied;
    private int completed;
    private final int[] completedByPhase = new int[2];
    private long duplicates;
    private long rejects;
    private long otherMessages;
    /** Long.MAX_VALUE until a reply of that phase came. */
    private final long[] firstReplyNs = {Long.MAX_VALUE, Long.MAX_VALUE};
    private final long[] lastReplyNs = new long[2];
    private final long[] lastSendNsByPhase = new long[2];
    private final long[] maxSchedulerLagNs = new long[2];
    /** Per request slot n of an iteration: the smallest and largest request and matched reply, in bytes. */
    private final int[] requestMin;
    private final int[] requestMax;
    private final int[] replyMin;
    private final int[] replyMax;

    public OpenLoopClient(
        final SocketChannel channel,
        final Scenario scenario,
        final boolean echo,
        final long rate,
        final int warmup,
        final int measured,
        final long drainTimeoutNs)
    {
        this.channel = channel;
        this.scenario = scenario;
        this.echo = echo;
        this.rate = rate;
        this.warmup = warmup;
        this.measured = measured;
        this.drainTimeoutNs = drainTimeoutNs;
        final int total = warmup + measured;
        this.sendNs = new long[total];
        this.outstanding = new byte[total];
        this.unsentIndex = new int[total + 1];
        this.unsentEnd = new long[total + 1];
        for (int w = 0; w < windows.length; w++)
        {
            windows[w] = Seeds.seeded(HISTOGRAM_MAX_NS);
        }
        final int slots = scenario.messagesPerIteration();
        this.requestMin = new int[slots];
        this.requestMax = new int[slots];
        this.replyMin = new int[slots];
        this.replyMax = new int[slots];
        java.util.Arrays.fill(requestMin, Integer.MAX_VALUE);
        java.util.Arrays.fill(replyMin, Integer.MAX_VALUE);
    }

    /**
     * Request and reply sizes on the wire as this client saw them (over everything since the last {@link #reset}),
     * per request MsgType: {@code request_bytes} and {@code reply_bytes} as [min, max]. Not on the measured path.
     */
    public java.util.Map<String, Object> messageBytes()
    {
        final java.util.Map<String, Object> out = new java.util.LinkedHashMap<>();
        for (int n = 0; n < requestMin.length; n++)
        {
            final java.util.Map<String, Object> one = new java.util.LinkedHashMap<>();
            one.put("request_bytes", requestMin[n] == Integer.MAX_VALUE ? List.of() : List.of(requestMin[n], requestMax[n]));
            one.put("reply_msg_type", String.valueOf((char)scenario.replyType(n, echo)));
            one.put("reply_bytes", replyMin[n] == Integer.MAX_VALUE ? List.of() : List.of(replyMin[n], replyMax[n]));
            out.put("35=" + (char)scenario.requestType(n), one);
        }
        return out;
    }

    /**
     * Prepares another run on the same connection and session (sequence numbers continue): clears every count
     * and histogram and moves the keys on the wire past the previous run's. Not on the measured path.
     */
    public void reset(final long keyBase)
    {
        this.keyBase = keyBase;
        java.util.Arrays.fill(sendNs, 0);
        java.util.Arrays.fill(outstanding, (byte)0);
        unsentHead = 0;
        unsentTail = 0;
        bytesQueued = 0;
        bytesWritten = 0;
        for (int phase = 0; phase < 2; phase++)
        {
            responseByPhase[phase].reset();
            Seeds.seed(responseByPhase[phase]);
            serviceByPhase[phase].reset();
            Seeds.seed(serviceByPhase[phase]);
        }
        for (final Histogram window : windows)
        {
            window.reset();
            Seeds.seed(window);
        }
        completed = 0;
        settleNs = 0;
        warmupReplied = 0;
        duplicates = 0;
        rejects = 0;
        otherMessages = 0;
        for (final long[] perPhase : new long[][] {lastReplyNs, lastSendNsByPhase, maxSchedulerLagNs,
            stalls, stallMaxNs, stallTotalNs})
        {
            java.util.Arrays.fill(perPhase, 0);
        }
        java.util.Arrays.fill(firstReplyNs, Long.MAX_VALUE);
        java.util.Arrays.fill(completedByPhase, 0);
        java.util.Arrays.fill(requestMin, Integer.MAX_VALUE);
        java.util.Arrays.fill(requestMax, 0);
        java.util.Arrays.fill(replyMin, Integer.MAX_VALUE);
        java.util.Arrays.fill(replyMax, 0);
    }

    /** Logs on (FIX arms only) and waits for the acceptor's Logon. */
    public void logon(final long timeoutNs) throws IOException
    {
        final long epochMillis = System.currentTimeMillis();
        writer.begin(new byte[] {'A'}, seqNum++, epochMillis).field(98, 0).field(108, 30)
            .field(141, new byte[] {'Y'});
        final int offset = writer.finish();
        out.clear();
        out.put(writer.buffer(), offset, writer.length()).flip();
        while (out.hasRemaining())
        {
            channel.write(out);
        }
        out.clear();
        final long deadline = System.nanoTime() + timeoutNs;
        while (System.nanoTime() < deadline)
        {
            if (read() < 0)
            {
                throw new IOException("acceptor closed the connection before its Logon");
            }
            int p = 0;
            while (true)
            {
                final int length = FixScanner.frame(inBytes, p, inLimit);
                if (length == 0)
                {
                    break;
                }
                final byte type = FixScanner.msgType(inBytes, p, length);
                p += length;
                if (type == 'A')
                {
                    compact(p);
                    return;
                }
                if (type == '5' || type == '3')
                {
                    throw new IOException("logon refused: "
                        + new String(inBytes, p - length, length, StandardCharsets.US_ASCII).replace('\u0001', '|'));
                }
            }
            compact(p);
        }
        throw new IOException("no Logon reply within " + TimeUnit.NANOSECONDS.toMillis(timeoutNs) + " ms");
    }

    /**
     * Runs the warm-up schedule, waits until every warm-up reply is in (or the drain timeout passes), then runs the
     * measured schedule from a fresh start and drains it; returns what was measured. The wait keeps a backlog the
     * warm-up left (the server's JIT compiling on its one core) out of the measured window, for every arm alike.
     */
    public RunResult run() throws IOException
    {
        final int total = warmup + measured;
        final double periodNs = 1e9 / rate;
        out.clear();
        t0 = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1);
        final long warmupStartNs = System.nanoTime();
        if (warmup > 0 && !schedule(0, warmup, periodNs))
        {
            return result(total, periodNs);
        }
        settleNs = System.nanoTime() - warmupStartNs;
        warmupReplied = completed;
        // the measured iteration `warmup` is due 1 ms from now: iteration i stays due at t0 + i * periodNs
        t0 = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1) - (long)(warmup * periodNs);
        schedule(warmup, total, periodNs);
        return result(total, periodNs);
    }

    /** How long the warm-up took from its first send until its last reply (or the drain timeout), in ns. */
    public long warmupNs()
    {
        return settleNs;
    }

    /** When the last warm-up reply came ({@link System#nanoTime()}); 0 when none did. */
    public long lastWarmupReplyNs()
    {
        return lastReplyNs[Phase.WARMUP];
    }

    /** Warm-up iterations answered before the measured schedule started (all of them unless the drain timed out). */
    public int warmupReplied()
    {
        return warmupReplied;
    }

    private RunResult result(final int total, final double periodNs)
    {
        final long firstMeasuredSendNs = warmup < total ? sendNs[warmup] : 0; // 0 when never written
        return new RunResult(
            rate, warmup, measured, next, completed, completedByPhase[Phase.MEASURED], duplicates, rejects,
            otherMessages, firstMeasuredSendNs, lastSendNsByPhase[Phase.MEASURED],
            firstReplyNs[Phase.MEASURED] == Long.MAX_VALUE ? 0 : firstReplyNs[Phase.MEASURED],
            lastReplyNs[Phase.MEASURED], maxSchedulerLagNs[Phase.MEASURED], t0 + (long)(warmup * periodNs),
            response, service); // seeded: readers take Seeds.without (a copy; not allocated here)
    }

    /**
     * Sends iterations {@code [from, end)} on the schedule and reads replies until all of {@code [0, end)} are in, or
     * nothing was sent for the drain timeout; false when the server closed the connection.
     */
    private boolean schedule(final int from, final int end, final double periodNs) throws IOException
    {
        final int perIteration = scenario.messagesPerIteration();
        long lastSendNs = System.nanoTime();
        long lastPassNs = lastSendNs;
        next = from;
        while (true)
        {
            final long now = System.nanoTime();
            final long gap = now - lastPassNs;
            lastPassNs = now;
            if (gap > STALL_NS)
            {
                // the loop did not run for this long: the thread was preempted (or the JVM paused it); a stall
                // belongs to the measured phase once a measured iteration has been scheduled (next > warmup)
                final int phase = Phase.of(next - 1L, warmup);
                stalls[phase]++;
                stallTotalNs[phase] += gap;
                stallMaxNs[phase] = Math.max(stallMaxNs[phase], gap);
            }
            // Encode everything that is due, then push it in one write.
            while (next < end && t0 + (long)(next * periodNs) <= now)
            {
                final long lag = now - (t0 + (long)(next * periodNs));
                final int phase = Phase.of(next, warmup);
                maxSchedulerLagNs[phase] = Math.max(maxSchedulerLagNs[phase], lag);
                if (out.remaining() < MAX_MESSAGE * perIteration)
                {
                    break;
                }
                final long epochMillis = System.currentTimeMillis();
                for (int n = 0; n < perIteration; n++)
                {
                    final int offset = scenario.encode(n, keyBase + next, seqNum++, epochMillis, writer);
                    out.put(writer.buffer(), offset, writer.length());
                    bytesQueued += writer.length();
                    requestMin[n] = Math.min(requestMin[n], writer.length());
                    requestMax[n] = Math.max(requestMax[n], writer.length());
                }
                outstanding[next] = (byte)perIteration;
                unsentIndex[unsentTail] = next;
                unsentEnd[unsentTail] = bytesQueued;
                unsentTail++;
                next++;
            }
            boolean worked = false;
            if (out.position() > 0)
            {
                worked = true;
                out.flip();
                final long writeNs = System.nanoTime();
                bytesWritten += channel.write(out);
                out.compact();
                while (unsentHead < unsentTail && unsentEnd[unsentHead] <= bytesWritten)
                {
                    final int index = unsentIndex[unsentHead++];
                    sendNs[index] = writeNs;
                    lastSendNs = writeNs;
                    lastSendNsByPhase[Phase.of(index, warmup)] = writeNs;
                }
            }
            final int read = read();
            if (read < 0)
            {
                return false;
            }
            if (read > 0)
            {
                consumeReplies(System.nanoTime(), t0, periodNs);
            }
            else if (!worked)
            {
                // Yielding idle: the JIT and GC threads of this JVM share this core (one core per process),
                // and a pure spin would starve them.
                Thread.yield();
            }
            if (next == end && unsentHead == unsentTail
                && (completed == end || System.nanoTime() - lastSendNs > drainTimeoutNs))
            {
                return true;
            }
        }
    }

    /** Response p50 of each of the {@link #WINDOWS} consecutive windows of the measured iterations, in ns. */
    public long[] windowP50s()
    {
        final long[] p50s = new long[WINDOWS];
        for (int w = 0; w < WINDOWS; w++)
        {
            final Histogram window = Seeds.without(windows[1 + w]);
            p50s[w] = window.getTotalCount() == 0 ? 0 : window.getValueAtPercentile(50);
        }
        return p50s;
    }

    /** Passes of the measured loop that came more than 50 us after the previous one: count, max, total (ns). */
    public long[] stalls()
    {
        return new long[] {stalls[Phase.MEASURED], stallMaxNs[Phase.MEASURED], stallTotalNs[Phase.MEASURED]};
    }

    /** Sends a Logout (FIX arms) so the acceptor ends the session cleanly; ignores a peer that already left. */
    public void logout()
    {
        try
        {
            writer.begin(new byte[] {'5'}, seqNum++, System.currentTimeMillis());
            final int offset = writer.finish();
            final ByteBuffer logout = ByteBuffer.wrap(writer.buffer(), offset, writer.length());
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
            while (logout.hasRemaining() && System.nanoTime() < deadline)
            {
                channel.write(logout);
            }
        }
        catch (final IOException ignored)
        {
            // the acceptor may have closed first; the run's figures are already taken
        }
    }

    private int read() throws IOException
    {
        in.clear().limit(Math.min(in.capacity(), inBytes.length - inLimit));
        final int read = channel.read(in);
        if (read > 0)
        {
            in.flip();
            in.get(inBytes, inLimit, read);
            inLimit += read;
        }
        return read;
    }

    private void consumeReplies(final long nowNs, final long t0, final double periodNs)
    {
        int p = 0;
        while (true)
        {
            final int length = FixScanner.frame(inBytes, p, inLimit);
            if (length == 0)
            {
                break;
            }
            onMessage(p, length, nowNs, t0, periodNs);
            p += length;
        }
        compact(p);
    }

    private void onMessage(final int offset, final int length, final long nowNs, final long t0, final double periodNs)
    {
        final byte type = FixScanner.msgType(inBytes, offset, length);
        for (int n = 0; n < scenario.messagesPerIteration(); n++)
        {
            if (type == scenario.replyType(n, echo))
            {
                final int at = FixScanner.valueOffset(inBytes, offset, length, scenario.replyKeyTag(n, echo));
                final long index = at < 0 ? -1 : FixScanner.parseLong(inBytes, at) - keyBase;
                if (index < 0 || index >= outstanding.length || outstanding[(int)index] == 0)
                {
                    duplicates++;
                    return;
                }
                final int i = (int)index;
                replyMin[n] = Math.min(replyMin[n], length);
                replyMax[n] = Math.max(replyMax[n], length);
                if (--outstanding[i] == 0)
                {
                    completed++;
                    final int phase = Phase.of(i, warmup);
                    completedByPhase[phase]++;
                    firstReplyNs[phase] = Math.min(firstReplyNs[phase], nowNs); // no branch: replies come in order
                    lastReplyNs[phase] = nowNs;
                    final long responseNs = Math.min(HISTOGRAM_MAX_NS, nowNs - (t0 + (long)(i * periodNs)));
                    responseByPhase[phase].recordValue(Math.max(0, responseNs));
                    // warm-up: slot 0; measured: 1 + its window (the product with phase 0/1 selects without a branch)
                    windows[phase * (1 + (int)((long)(i - warmup) * WINDOWS / Math.max(1, measured)))].recordValue(
                        Math.max(0, responseNs));
                    serviceByPhase[phase].recordValue(Math.min(HISTOGRAM_MAX_NS, Math.max(0, nowNs - sendNs[i])));
                }
                return;
            }
        }
        if (type == '3' || type == 'j')
        {
            rejects++;
        }
        else
        {
            otherMessages++;
        }
    }

    private void compact(final int consumed)
    {
        if (consumed > 0)
        {
            System.arraycopy(inBytes, consumed, inBytes, 0, inLimit - consumed);
            inLimit -= consumed;
        }
    }
}
