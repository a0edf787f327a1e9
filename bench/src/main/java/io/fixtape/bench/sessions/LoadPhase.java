package io.fixtape.bench.sessions;

import io.fixtape.bench.harness.Seeds;
import io.fixtape.bench.harness.client.FixScanner;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The load phase of the many-session bench: an open-loop schedule of NewOrderSingles over K logged-on sessions,
 * round-robin. Order i is due at {@code t0 + i / rate} whatever the replies do, and goes to sender {@code i mod K}
 * with ClOrdID {@link #CLORDID_BASE} + i; its latency runs from that intended time to the read that brought its
 * ExecutionReport (matched by ClOrdID, on the session it was sent on), so a client or acceptor that falls behind is
 * charged for the wait, as in the round-trip harness ({@code OpenLoopClient}).
 *
 * <p>The client is one thread over one selector; every order's lateness against the schedule (client lag) is recorded
 * too. When the client could not keep its schedule — its median lag above {@code maxClientLagNanos}, or it sent below
 * 98 % of the offered rate — the latency and fairness figures are withheld: they would measure the client, not the
 * acceptor. A lag tail alone (the client's thread preempted on shared CPUs) is printed beside the latency, which
 * includes it, as it includes the acceptor's own preemptions. Runs on the client's thread.
 */
final class LoadPhase implements ManySessionsClient.ExecutionReports
{
    /** Added to the order index on the wire: the load's ClOrdIDs never meet the round trips' ("O1", ...). */
    static final long CLORDID_BASE = 9_000_000_000L;
    /** The send rate below which the client is said to have fallen behind (the harness's offered-load tolerance). */
    private static final double SEND_TOLERANCE = 0.02;
    private static final long HISTOGRAM_MAX_NS = TimeUnit.SECONDS.toNanos(60);

    /** What to offer: {@code rate} orders/s in total for {@code seconds}, over the first {@code sessions} logged on. */
    record Options(long rate, int seconds, int sessions, long maxClientLagNanos, long drainNanos)
    {
    }

    private final ManySessionsClient client;
    private final Options options;
    private final List<ManySessionsClient.Peer> senders = new ArrayList<>();
    private final int total;
    private final double periodNs;
    /** Per order: response time in ns, -1 until its ExecutionReport came. */
    private final long[] latencyNs;
    private final Histogram latency = Seeds.seeded(HISTOGRAM_MAX_NS);
    private final Histogram clientLag = Seeds.seeded(HISTOGRAM_MAX_NS);
    private long t0;
    private long windowEnd;
    private int[] fillsInWindow;
    private int sent;
    private int filled;
    private int duplicates;
    private int misrouted;
    private int unknown;

    LoadPhase(final ManySessionsClient client, final Options options)
    {
        this.client = client;
        this.options = options;
        this.total = Math.toIntExact(options.rate() * options.seconds());
        this.periodNs = 1e9 / options.rate();
        this.latencyNs = new long[total];
        Arrays.fill(latencyNs, -1);
    }

    /** Runs the schedule and the drain (up to {@code drainNanos} after the last send); prints and returns the figures. */
    LoadResult run(final PrintStream out) throws IOException
    {
        for (final ManySessionsClient.Peer peer : client.peers())
        {
            if (senders.size() < options.sessions() && peer.loggedOn && !peer.closed)
            {
                senders.add(peer);
            }
        }
        if (senders.isEmpty())
        {
            throw new IOException("no session logged on to send the load");
        }
        fillsInWindow = new int[senders.size()];
        final int rejectsBefore = client.rejects();
        client.executionReports(this);
        t0 = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(10);
        windowEnd = t0 + TimeUnit.SECONDS.toNanos(options.seconds());
        long lastSendNs = t0;
        int next = 0;
        try
        {
            while (true)
            {
                final long now = System.nanoTime();
                boolean worked = false;
                while (next < total && t0 + (long)(next * periodNs) <= now)
                {
                    clientLag.recordValue(Math.min(HISTOGRAM_MAX_NS, Math.max(1, now - (t0 + (long)(next * periodNs)))));
                    if (client.sendOrder(senders.get(next % senders.size()), CLORDID_BASE + next))
                    {
                        sent++;
                        lastSendNs = System.nanoTime();
                    }
                    next++;
                    worked = true;
                }
                if (client.pollNow() == 0 && !worked)
                {
                    // this thread shares the machine with the acceptor's: a pure spin would take their CPU
                    Thread.yield();
                }
                if (next == total && (filled + misrouted >= sent || System.nanoTime() - lastSendNs > options.drainNanos()))
                {
                    break;
                }
            }
        }
        finally
        {
            client.executionReports(null);
        }
        final LoadResult result = result(lastSendNs, client.rejects() - rejectsBefore);
        result.print(out);
        return result;
    }

    @Override
    public void onExecutionReport(final ManySessionsClient.Peer peer, final byte[] bytes, final int offset,
        final int length, final long readNanos)
    {
        final int at = FixScanner.valueOffset(bytes, offset, length, 11);
        final long index = at < 0 ? -1 : FixScanner.parseLong(bytes, at) - CLORDID_BASE;
        if (index < 0 || index >= total)
        {
            unknown++;
            return;
        }
        final int i = (int)index;
        final int sender = i % senders.size();
        if (senders.get(sender) != peer)
        {
            misrouted++;
            return;
        }
        if (latencyNs[i] >= 0)
        {
            duplicates++;
            return;
        }
        final long response = Math.max(1, Math.min(HISTOGRAM_MAX_NS, readNanos - (t0 + (long)(i * periodNs))));
        latencyNs[i] = response;
        latency.recordValue(response);
        filled++;
        if (readNanos <= windowEnd)
        {
            fillsInWindow[sender]++;
        }
    }

    private LoadResult result(final long lastSendNs, final int rejects)
    {
        final int k = senders.size();
        final double sendSpanSeconds = Math.max(periodNs, lastSendNs - t0 + periodNs) / 1e9;
        final double sendRate = sent / sendSpanSeconds;
        final Histogram lag = Seeds.without(clientLag);
        final long lagP50 = lag.getValueAtPercentile(50);
        final boolean clientBound = lagP50 > options.maxClientLagNanos() ||
            sendRate < (1 - SEND_TOLERANCE) * options.rate();
        int inWindow = 0;
        final double[] fillRates = new double[k];
        final double[] p50s = new double[k];
        final double[] p99s = new double[k];
        final long[] one = new long[(total + k - 1) / k];
        for (int s = 0; s < k; s++)
        {
            inWindow += fillsInWindow[s];
            fillRates[s] = fillsInWindow[s] / (double)options.seconds();
            int n = 0;
            for (int i = s; i < total; i += k)
            {
                if (latencyNs[i] >= 0)
                {
                    one[n++] = latencyNs[i];
                }
            }
            Arrays.sort(one, 0, n);
            p50s[s] = n == 0 ? Double.NaN : nearestRank(one, n, 50) / 1000.0;
            p99s[s] = n == 0 ? Double.NaN : nearestRank(one, n, 99) / 1000.0;
        }
        final Histogram all = Seeds.without(latency);
        return new LoadResult(options.rate(), options.seconds(), options.sessions(), k, total, sent, filled,
            duplicates, misrouted, unknown, rejects, sendRate, inWindow / (double)options.seconds(),
            all.getTotalCount() == 0 ? Double.NaN : all.getValueAtPercentile(50) / 1000.0,
            all.getTotalCount() == 0 ? Double.NaN : all.getValueAtPercentile(99) / 1000.0,
            all.getTotalCount() == 0 ? Double.NaN : all.getMaxValue() / 1000.0,
            Spread.of(p50s), Spread.of(p99s), Spread.of(fillRates), lagP50 / 1000.0,
            lag.getValueAtPercentile(99) / 1000.0, lag.getMaxValue() / 1000.0,
            options.maxClientLagNanos() / 1000.0, clientBound);
    }

    private static long nearestRank(final long[] sorted, final int n, final int percentile)
    {
        return sorted[Math.max(0, Math.min(n - 1, (int)Math.ceil(percentile / 100.0 * n) - 1))];
    }

    /** Min, median, max, mean and coefficient of variation (standard deviation / mean) of per-session figures. */
    record Spread(double min, double median, double max, double mean, double cv)
    {
        static Spread of(final double[] values)
        {
            final double[] sorted = Arrays.stream(values).filter(v -> !Double.isNaN(v)).sorted().toArray();
            if (sorted.length == 0)
            {
                return new Spread(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
            }
            final int n = sorted.length;
            final double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
            final double mean = Arrays.stream(sorted).average().orElse(Double.NaN);
            double squares = 0;
            for (final double v : sorted)
            {
                squares += (v - mean) * (v - mean);
            }
            final double cv = mean == 0 ? Double.NaN : Math.sqrt(squares / n) / mean;
            return new Spread(sorted[0], median, sorted[n - 1], mean, cv);
        }
    }

    /**
     * The load phase's figures. Rates in orders/s; latencies in µs from each order's intended send time;
     * {@code perSessionP50}/{@code perSessionP99}: the spread over the sending sessions of each one's own p50/p99;
     * {@code fairness}: the spread of each sending session's fills read inside the schedule window, per second.
     */
    record LoadResult(long rate, int seconds, int sessionsAsked, int sessionsSending, int scheduled, int sent,
        int filled, int duplicates, int misrouted, int unknown, int rejects, double sendRate, double achievedRate,
        double p50Us, double p99Us, double maxUs, Spread perSessionP50, Spread perSessionP99, Spread fairness,
        double clientLagP50Us, double clientLagP99Us, double clientLagMaxUs, double clientLagLimitUs,
        boolean clientBound)
    {
        double completion()
        {
            return sent == 0 ? 0 : filled / (double)sent;
        }

        /** The JSON fields: latency and fairness only when the client kept its schedule. */
        Map<String, Object> fields()
        {
            final Map<String, Object> json = new LinkedHashMap<>();
            json.put("load_rate", rate);
            json.put("load_seconds", seconds);
            json.put("load_sessions", sessionsSending);
            json.put("load_scheduled", scheduled);
            json.put("load_sent", sent);
            json.put("load_filled", filled);
            json.put("completion", round(completion(), 4));
            json.put("send_rate", round(sendRate, 1));
            json.put("achieved_rate", round(achievedRate, 1));
            json.put("load_rejects", rejects);
            json.put("load_misrouted", misrouted + unknown + duplicates);
            json.put("client_lag_p50_us", round(clientLagP50Us, 1));
            json.put("client_lag_p99_us", round(clientLagP99Us, 1));
            json.put("client_lag_max_us", round(clientLagMaxUs, 1));
            json.put("client_lag_limit_us", round(clientLagLimitUs, 1));
            json.put("client_bound", clientBound);
            if (!clientBound)
            {
                json.put("load_p50_us", round(p50Us, 1));
                json.put("load_p99_us", round(p99Us, 1));
                json.put("load_max_us", round(maxUs, 1));
                json.put("session_p50_median_us", round(perSessionP50.median(), 1));
                json.put("session_p50_worst_us", round(perSessionP50.max(), 1));
                json.put("session_p99_median_us", round(perSessionP99.median(), 1));
                json.put("session_p99_worst_us", round(perSessionP99.max(), 1));
                json.put("fairness_min", round(fairness.min(), 3));
                json.put("fairness_median", round(fairness.median(), 3));
                json.put("fairness_max", round(fairness.max(), 3));
                json.put("fairness_cv", round(fairness.cv(), 4));
            }
            return json;
        }

        void print(final PrintStream out)
        {
            out.printf(Locale.ROOT, "load: %d orders/s offered round-robin over %d sessions for %d s (open loop): " +
                    "sent %d of %d, filled %d (completion %.2f %%), %.0f orders/s filled inside the %d s window%n",
                rate, sessionsSending, seconds, sent, scheduled, filled, 100 * completion(), achievedRate, seconds);
            if (sessionsSending < sessionsAsked)
            {
                out.printf(Locale.ROOT, "load: only %d of the %d sessions asked for were logged on to send%n",
                    sessionsSending, sessionsAsked);
            }
            if (rejects + misrouted + unknown + duplicates > 0)
            {
                out.printf(Locale.ROOT, "load: %d rejects, %d reports on the wrong session, %d unknown ClOrdIDs, " +
                    "%d duplicates%n", rejects, misrouted, unknown, duplicates);
            }
            out.printf(Locale.ROOT, "client lag behind the schedule: p50 %.1f us, p99 %.1f us, max %.1f us (included in " +
                "the latency below); sent at %.0f orders/s%n", clientLagP50Us, clientLagP99Us, clientLagMaxUs, sendRate);
            if (clientBound)
            {
                out.printf(Locale.ROOT, "client lag: the client did not keep its schedule (median lag above %.0f us or " +
                    "sent below %.0f %% of the offered rate): latency and fairness not published, they would measure " +
                    "the client%n", clientLagLimitUs, 100 * (1 - SEND_TOLERANCE));
                return;
            }
            out.printf(Locale.ROOT, "load latency from the intended send time: p50 %.1f us, p99 %.1f us, max %.1f us; " +
                    "per session p50 median %.1f us (worst %.1f), p99 median %.1f us (worst %.1f)%n",
                p50Us, p99Us, maxUs, perSessionP50.median(), perSessionP50.max(), perSessionP99.median(),
                perSessionP99.max());
            out.printf(Locale.ROOT, "load fairness, fills per session per second inside the window: min %.2f, " +
                    "median %.2f, max %.2f (offered %.2f), coefficient of variation %.4f%n",
                fairness.min(), fairness.median(), fairness.max(), rate / (double)sessionsSending, fairness.cv());
        }

        private static Object round(final double value, final int digits)
        {
            if (Double.isNaN(value))
            {
                return null;
            }
            final double scale = Math.pow(10, digits);
            return Math.round(value * scale) / scale;
        }
    }
}
