package io.fixtape.bench.sessions;

import io.fixtape.bench.harness.Json;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The many-session bench: one {@code fixtape acceptor} (exec application, FIX.4.4, the journal unless told otherwise)
 * in its own JVM, and N counterparty sessions from this one ({@link ManySessionsClient}). Under {@code single} the
 * acceptor serves them from one acceptor template; under {@code mono}, {@code pool} and {@code shard} (which take no
 * templates) from N explicit sessions. Measured, in order: start-up with an empty journal; order round trips on one
 * session alone; the time to log the other N-1 on; resident memory per logged-on idle session ({@code VmRSS} of the
 * acceptor after the logons minus before, over N); Heartbeats over three HeartBtInts with none dropped; the round
 * trips again with N-1 idle sessions beside; optionally an open-loop order load over K of the sessions
 * ({@link LoadPhase}); and, with the journal, the start-up of a new acceptor that re-creates the N sessions from it.
 *
 * <p>A phase that fails (the acceptor does not start, sessions do not log on, an order is not filled) ends the run
 * with one line saying why; the figures measured before it are still printed and in the JSON line, with
 * {@code failure} set. Prints one line per figure and a JSON line; the acceptor's output goes to {@code acceptor.log}
 * in the working directory. Linux only ({@code /proc/PID/status}).
 */
public final class SessionsBench
{
    private static final String TARGET = "FIXTAPE";
    /** The models that serve explicit sessions only (no acceptor template). */
    private static final List<String> MODELS = List.of("single", "mono", "pool", "shard");

    /**
     * What to run. {@code model}: single, mono, pool or shard; {@code threads}: pool workers or shards (ignored by
     * single and mono); {@code load}: the load phase, or null for none.
     */
    public record Options(int sessions, int heartBtIntSeconds, int roundTrips, boolean journal, Path dir,
        String jvmArgs, String model, int threads, Load load)
    {
        public Options
        {
            if (!MODELS.contains(model))
            {
                throw new IllegalArgumentException("model must be one of " + MODELS + ": " + model);
            }
        }
    }

    /** The load phase: {@code rate} orders/s in total for {@code seconds} over the first {@code sessions}. */
    public record Load(long rate, int seconds, int sessions, long maxClientLagMicros)
    {
    }

    /** The figures of one run; NaN or -1 for a figure not measured, {@code failure} null when every phase ran. */
    public record Result(int sessions, String model, int threads, double startupSeconds, double recoverySeconds,
        double logonSeconds, int loggedOn, long rssBeforeKiB, long rssAfterKiB, int minHeartbeats,
        int expectedHeartbeats, int dropped, double aloneP50Us, double aloneP99Us, double besideP50Us,
        double besideP99Us, LoadPhase.LoadResult load, String failure)
    {
        public double kibPerSession()
        {
            return rssAfterKiB < 0 ? Double.NaN : (rssAfterKiB - rssBeforeKiB) / (double)(sessions - 1);
        }

        public double roundTripRatio()
        {
            return besideP50Us / aloneP50Us;
        }

        public String json()
        {
            final Map<String, Object> json = new LinkedHashMap<>();
            json.put("bench", "sessions");
            json.put("sessions", sessions);
            json.put("model", model);
            if (!"single".equals(model) && !"mono".equals(model))
            {
                json.put("acceptor_threads", threads);
            }
            json.put("startup_s", round(startupSeconds, 3));
            json.put("recovery_s", round(recoverySeconds, 3));
            json.put("logon_all_s", round(logonSeconds, 3));
            json.put("logged_on", loggedOn);
            json.put("rss_before_kib", rssBeforeKiB < 0 ? null : rssBeforeKiB);
            json.put("rss_after_kib", rssAfterKiB < 0 ? null : rssAfterKiB);
            json.put("kib_per_idle_session", round(kibPerSession(), 1));
            json.put("min_heartbeats", minHeartbeats < 0 ? null : minHeartbeats);
            json.put("expected_heartbeats", expectedHeartbeats);
            json.put("dropped", dropped < 0 ? null : dropped);
            json.put("rtt_alone_p50_us", round(aloneP50Us, 1));
            json.put("rtt_alone_p99_us", round(aloneP99Us, 1));
            json.put("rtt_beside_p50_us", round(besideP50Us, 1));
            json.put("rtt_beside_p99_us", round(besideP99Us, 1));
            json.put("rtt_ratio_p50", round(roundTripRatio(), 2));
            if (load != null)
            {
                json.putAll(load.fields());
            }
            if (failure != null)
            {
                json.put("failure", failure);
            }
            return Json.line(json);
        }

        private static Object round(final double value, final int digits)
        {
            if (Double.isNaN(value) || Double.isInfinite(value) || value < 0)
            {
                return null; // not measured
            }
            final double scale = Math.pow(10, digits);
            return Math.round(value * scale) / scale;
        }
    }

    private final Options options;
    private final PrintStream out;

    public SessionsBench(final Options options, final PrintStream out)
    {
        this.options = options;
        this.out = out;
    }

    /** Runs every phase it can; a failed phase ends the run with {@link Result#failure()} set. */
    public Result run() throws IOException, InterruptedException
    {
        Files.createDirectories(options.dir());
        final int port = freePort();
        final Path config = writeConfig(port);
        out.println(modelLine());
        final Figures f = new Figures();
        final AcceptorProcess first = AcceptorProcess.start(config, options.jvmArgs());
        try (ManySessionsClient client = new ManySessionsClient(
            new InetSocketAddress("127.0.0.1", port), TARGET, options.heartBtIntSeconds()))
        {
            measure(first, client, f);
        }
        catch (final IOException ex)
        {
            f.failure = ex.getMessage();
        }
        finally
        {
            first.stop();
            Files.writeString(options.dir().resolve("acceptor.log"), first.output());
        }
        if (f.failure == null && options.journal())
        {
            final AcceptorProcess second = AcceptorProcess.start(config, options.jvmArgs());
            try
            {
                f.recovery = second.awaitListening();
                out.printf(Locale.ROOT, "start-up re-creating %d sessions from the journal: %.3f s%n",
                    options.sessions(), f.recovery);
            }
            catch (final IOException ex)
            {
                f.failure = "recovery: " + ex.getMessage();
            }
            finally
            {
                second.stop();
            }
        }
        if (f.failure != null)
        {
            out.println("sessions bench, model " + options.model() + ", " + options.sessions() + " sessions: " +
                f.failure + " (figures above were measured; see acceptor.log in " + options.dir() + ")");
        }
        final Result result = new Result(options.sessions(), options.model(), options.threads(), f.startup,
            f.recovery, f.logonSeconds, f.loggedOn, f.rssBefore, f.rssAfter, f.minHeartbeats, 2, f.dropped,
            p(f.alone, 50), p(f.alone, 99), p(f.beside, 50), p(f.beside, 99), f.load, f.failure);
        out.println(result.json());
        return result;
    }

    /** The figures as they are measured; the defaults stand for "not measured". */
    private static final class Figures
    {
        double startup = Double.NaN;
        double recovery = Double.NaN;
        double logonSeconds = Double.NaN;
        int loggedOn;
        long rssBefore = -1;
        long rssAfter = -1;
        int minHeartbeats = -1;
        int dropped = -1;
        long[] alone = {};
        long[] beside = {};
        LoadPhase.LoadResult load;
        String failure;
    }

    private void measure(final AcceptorProcess acceptor, final ManySessionsClient client, final Figures f)
        throws IOException, InterruptedException
    {
        f.startup = acceptor.awaitListening();
        out.printf(Locale.ROOT, "start-up, empty journal: %.3f s%n", f.startup);
        client.connectAndLogOn(1);
        f.loggedOn = client.awaitLogons(TimeUnit.SECONDS.toNanos(30));
        require(f.loggedOn == 1, client, "session C1 did not log on");
        f.alone = client.roundTrips(1, options.roundTrips());
        out.printf(Locale.ROOT, "round trip, one session: p50 %.1f us, p99 %.1f us%n", p(f.alone, 50), p(f.alone, 99));
        client.run(TimeUnit.SECONDS.toNanos(1));
        f.rssBefore = acceptor.residentKiB();

        final long logonStart = System.nanoTime();
        client.connectAndLogOn(options.sessions() - 1);
        f.loggedOn = client.awaitLogons(TimeUnit.SECONDS.toNanos(300));
        f.logonSeconds = (System.nanoTime() - logonStart) / 1e9;
        out.printf(Locale.ROOT, "logged on: %d of %d in %.3f s%n", f.loggedOn, options.sessions(), f.logonSeconds);
        require(f.loggedOn == options.sessions(), client, "only " + f.loggedOn + " of " + options.sessions() +
            " sessions logged on");
        client.run(TimeUnit.SECONDS.toNanos(2));
        f.rssAfter = acceptor.residentKiB();
        out.printf(Locale.ROOT, "resident: %d KiB before, %d KiB after: %.1f KiB per idle session%n", f.rssBefore,
            f.rssAfter, (f.rssAfter - f.rssBefore) / (double)(options.sessions() - 1));

        client.resetHeartbeatCounts();
        final int window = 3 * options.heartBtIntSeconds();
        client.run(TimeUnit.SECONDS.toNanos(window) + TimeUnit.MILLISECONDS.toNanos(500));
        f.minHeartbeats = client.minHeartbeats();
        f.dropped = client.closed();
        // three intervals: at least two whole ones fall inside whatever the phase
        out.printf(Locale.ROOT, "heartbeats over %d s: fewest %d per session (expected >= 2), dropped %d%s%n",
            window, f.minHeartbeats, f.dropped, dropSummary(client));

        f.beside = client.roundTrips(1, options.roundTrips());
        out.printf(Locale.ROOT, "round trip beside %d idle sessions: p50 %.1f us, p99 %.1f us (%.2fx alone at p50)%n",
            options.sessions() - 1, p(f.beside, 50), p(f.beside, 99), p(f.beside, 50) / p(f.alone, 50));

        if (options.load() != null)
        {
            final Load load = options.load();
            f.load = new LoadPhase(client, new LoadPhase.Options(load.rate(), load.seconds(),
                Math.min(load.sessions(), options.sessions()), TimeUnit.MICROSECONDS.toNanos(load.maxClientLagMicros()),
                TimeUnit.SECONDS.toNanos(10))).run(out);
            if (f.load.filled() < f.load.sent())
            {
                // a figure of the run (completion), not a failure of it; the lines say which sessions dropped
                out.println("load: " + (f.load.sent() - f.load.filled()) + " of " + f.load.sent() +
                    " orders not filled within 10 s of the last send" + dropSummary(client));
            }
        }
    }

    /** What the model runs on, and on how many CPUs: the thread counts are chosen for this machine. */
    private String modelLine()
    {
        final int cpus = Runtime.getRuntime().availableProcessors();
        final String threads = switch (options.model())
        {
            case "single" -> "1 poller thread: sessions, store and exec";
            case "mono" -> "1 poller thread (sessions, store) + 1 application thread (exec) over Aeron IPC";
            case "pool" -> options.threads() + " worker threads (AcceptorThreads) + 1 accepting/application thread";
            default -> options.threads() + " shard threads (AcceptorThreads, pinned to CPU i mod " + cpus +
                ") + 1 accepting/application thread";
        };
        return "model " + options.model() + (options.model().equals("single") ? ", one acceptor template: " :
            ", " + options.sessions() + " explicit sessions: ") + threads +
            (options.model().equals("single") ? "" : " + the Aeron media driver thread") +
            ", backoff idle everywhere, on " + cpus + " CPUs shared with this client";
    }

    private Path writeConfig(final int port) throws IOException
    {
        final List<String> lines = new ArrayList<>(List.of(
            "[DEFAULT]",
            "ConnectionType=acceptor",
            "BeginString=FIX.4.4",
            "SocketAcceptAddress=127.0.0.1",
            "SocketAcceptPort=" + port,
            "NonStopSession=Y",
            "IdleStrategy=backoff",
            "MaxConnections=" + (options.sessions() + 64),
            // every counterparty connects from 127.0.0.1 and the logons are pipelined: lift the per-address cap
            "MaxUnauthenticatedConnections=" + (options.sessions() + 64),
            "MaxUnauthenticatedConnectionsPerAddress=" + (options.sessions() + 64)));
        if (options.journal())
        {
            final Path journal = options.dir().resolve("journal");
            lines.add("JournalPath=" + journal);
        }
        else
        {
            lines.add("MessageStore=memory");
        }
        if (options.model().equals("single"))
        {
            lines.addAll(List.of("[SESSION]", "AcceptorTemplate=Y", "SenderCompID=" + TARGET, "TargetCompID=*"));
        }
        else
        {
            lines.addAll(List.of("AcceptorModel=" + options.model(), "AcceptorThreads=" + options.threads(),
                "AppIdleStrategy=backoff"));
            for (int i = 1; i <= options.sessions(); i++)
            {
                lines.addAll(List.of("[SESSION]", "SenderCompID=" + TARGET, "TargetCompID=C" + i));
            }
        }
        return Files.write(options.dir().resolve("sessions-bench.cfg"), lines);
    }

    private static String dropSummary(final ManySessionsClient client)
    {
        return (client.closed() == 0 ? "" : " (" + client.droppedSummary() + ")") +
            (client.firstLogoutText() == null ? "" : " (first Logout " + client.firstLogoutText() + ")");
    }

    private static double p(final long[] nanos, final int percentile)
    {
        if (nanos.length == 0)
        {
            return Double.NaN;
        }
        final long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        final int index = Math.min(sorted.length - 1, (int)Math.ceil(percentile / 100.0 * sorted.length) - 1);
        return sorted[Math.max(0, index)] / 1000.0;
    }

    private static void require(final boolean condition, final ManySessionsClient client, final String what)
        throws IOException
    {
        if (!condition)
        {
            throw new IOException(what + dropSummary(client));
        }
    }

    private static int freePort() throws IOException
    {
        try (ServerSocket socket = new ServerSocket(0))
        {
            return socket.getLocalPort();
        }
    }
}
