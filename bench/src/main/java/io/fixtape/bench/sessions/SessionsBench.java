package io.fixtape.bench.sessions;

import io.fixtape.bench.harness.run.ChildJvm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The many-session bench: one {@code fixtape acceptor} (exec application, FIX.4.4, an acceptor template, the journal
 * unless told otherwise) in its own JVM, and N counterparty sessions from this one ({@link ManySessionsClient}).
 * Measured, in order: start-up with an empty journal; order round trips on one session alone; the time to log the
 * other N-1 on; resident memory per logged-on idle session ({@code VmRSS} of the acceptor after the logons minus
 * before, over N); Heartbeats over three HeartBtInts with none dropped; the round trips again with N-1 idle sessions
 * beside; and, with the journal, the start-up of a new acceptor that re-creates the N sessions from it.
 *
 * <p>Prints one line per figure and a JSON line; the acceptor's output goes to {@code acceptor.log} in the working
 * directory. Linux only ({@code /proc/PID/status}).
 */
public final class SessionsBench
{
    private static final String TARGET = "FIXTAPE";

    /** What to run. */
    public record Options(int sessions, int heartBtIntSeconds, int roundTrips, boolean journal, Path dir,
        String jvmArgs)
    {
    }

    /** The figures of one run. */
    public record Result(int sessions, double startupSeconds, double recoverySeconds, double logonSeconds,
        int loggedOn, long rssBeforeKiB, long rssAfterKiB, double kibPerSession, int minHeartbeats,
        int expectedHeartbeats, int dropped, double aloneP50Us, double aloneP99Us, double besideP50Us,
        double besideP99Us)
    {
        public double roundTripRatio()
        {
            return besideP50Us / aloneP50Us;
        }

        public String json()
        {
            return String.format(Locale.ROOT, "{\"bench\":\"sessions\",\"sessions\":%d,\"startup_s\":%.3f," +
                    "\"recovery_s\":%.3f,\"logon_all_s\":%.3f,\"logged_on\":%d,\"rss_before_kib\":%d,\"rss_after_kib\":%d," +
                    "\"kib_per_idle_session\":%.1f,\"min_heartbeats\":%d,\"expected_heartbeats\":%d,\"dropped\":%d," +
                    "\"rtt_alone_p50_us\":%.1f,\"rtt_alone_p99_us\":%.1f,\"rtt_beside_p50_us\":%.1f," +
                    "\"rtt_beside_p99_us\":%.1f,\"rtt_ratio_p50\":%.2f}",
                sessions, startupSeconds, recoverySeconds, logonSeconds, loggedOn, rssBeforeKiB, rssAfterKiB,
                kibPerSession, minHeartbeats, expectedHeartbeats, dropped, aloneP50Us, aloneP99Us, besideP50Us,
                besideP99Us, roundTripRatio());
        }
    }

    private final Options options;
    private final PrintStream out;

    public SessionsBench(final Options options, final PrintStream out)
    {
        this.options = options;
        this.out = out;
    }

    public Result run() throws Exception
    {
        Files.createDirectories(options.dir());
        final int port = freePort();
        final Path config = writeConfig(port);
        final Acceptor first = Acceptor.start(config, options.jvmArgs());
        final double startup;
        final long rssBefore;
        final long rssAfter;
        final double logonSeconds;
        final int loggedOn;
        final int minHeartbeats;
        final int expectedHeartbeats;
        final int dropped;
        final long[] alone;
        final long[] beside;
        try (ManySessionsClient client = new ManySessionsClient(
            new InetSocketAddress("127.0.0.1", port), TARGET, options.heartBtIntSeconds()))
        {
            startup = first.awaitListening();
            out.printf(Locale.ROOT, "start-up, empty journal: %.3f s%n", startup);
            client.connectAndLogOn(1);
            require(client.awaitLogons(TimeUnit.SECONDS.toNanos(30)) == 1, "session C1 did not log on");
            alone = client.roundTrips(1, options.roundTrips());
            out.printf(Locale.ROOT, "round trip, one session: p50 %.1f us, p99 %.1f us%n", p(alone, 50), p(alone, 99));
            client.run(TimeUnit.SECONDS.toNanos(1));
            rssBefore = first.residentKiB();

            final long logonStart = System.nanoTime();
            client.connectAndLogOn(options.sessions() - 1);
            loggedOn = client.awaitLogons(TimeUnit.SECONDS.toNanos(300));
            logonSeconds = (System.nanoTime() - logonStart) / 1e9;
            out.printf(Locale.ROOT, "logged on: %d of %d in %.3f s%n", loggedOn, options.sessions(), logonSeconds);
            client.run(TimeUnit.SECONDS.toNanos(2));
            rssAfter = first.residentKiB();
            out.printf(Locale.ROOT, "resident: %d KiB before, %d KiB after: %.1f KiB per idle session%n", rssBefore,
                rssAfter, (rssAfter - rssBefore) / (double)(options.sessions() - 1));

            client.resetHeartbeatCounts();
            final int window = 3 * options.heartBtIntSeconds();
            client.run(TimeUnit.SECONDS.toNanos(window) + TimeUnit.MILLISECONDS.toNanos(500));
            minHeartbeats = client.minHeartbeats();
            expectedHeartbeats = 2; // three intervals: at least two whole ones fall inside whatever the phase
            dropped = client.closed();
            out.printf(Locale.ROOT, "heartbeats over %d s: fewest %d per session (expected >= %d), dropped %d%s%n",
                window, minHeartbeats, expectedHeartbeats, dropped,
                (dropped == 0 ? "" : " (" + client.droppedSummary() + ")") +
                (client.firstLogoutText() == null ? "" : " (first Logout " + client.firstLogoutText() + ")"));

            beside = client.roundTrips(1, options.roundTrips());
            out.printf(Locale.ROOT, "round trip beside %d idle sessions: p50 %.1f us, p99 %.1f us (%.2fx alone at p50)%n",
                options.sessions() - 1, p(beside, 50), p(beside, 99), p(beside, 50) / p(alone, 50));
        }
        finally
        {
            first.stop();
            Files.writeString(options.dir().resolve("acceptor.log"), first.output());
        }
        double recovery = -1;
        if (options.journal())
        {
            final Acceptor second = Acceptor.start(config, options.jvmArgs());
            try
            {
                recovery = second.awaitListening();
                out.printf(Locale.ROOT, "start-up re-creating %d sessions from the journal: %.3f s%n", options.sessions(),
                    recovery);
            }
            finally
            {
                second.stop();
            }
        }
        final Result result = new Result(options.sessions(), startup, recovery, logonSeconds, loggedOn, rssBefore, rssAfter,
            (rssAfter - rssBefore) / (double)(options.sessions() - 1), minHeartbeats, expectedHeartbeats, dropped,
            p(alone, 50), p(alone, 99), p(beside, 50), p(beside, 99));
        out.println(result.json());
        return result;
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
        lines.addAll(List.of("[SESSION]", "AcceptorTemplate=Y", "SenderCompID=" + TARGET, "TargetCompID=*"));
        return Files.write(options.dir().resolve("sessions-bench.cfg"), lines);
    }

    private static double p(final long[] nanos, final int percentile)
    {
        final long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        final int index = Math.min(sorted.length - 1, (int)Math.ceil(percentile / 100.0 * sorted.length) - 1);
        return sorted[Math.max(0, index)] / 1000.0;
    }

    private static void require(final boolean condition, final String what) throws IOException
    {
        if (!condition)
        {
            throw new IOException(what);
        }
    }

    private static int freePort() throws IOException
    {
        try (ServerSocket socket = new ServerSocket(0))
        {
            return socket.getLocalPort();
        }
    }

    /** The acceptor JVM: {@code fixtape acceptor --app exec} on the generated settings file. */
    private static final class Acceptor
    {
        private final Process process;
        private final long startedNanos;
        private final CompletableFuture<Long> listening = new CompletableFuture<>();
        private final StringBuilder output = new StringBuilder();
        private Thread reader;

        private Acceptor(final Process process, final long startedNanos)
        {
            this.process = process;
            this.startedNanos = startedNanos;
        }

        static Acceptor start(final Path config, final String jvmArgs) throws IOException
        {
            final ChildJvm jvm = new ChildJvm(jvmArgs == null ? "" : jvmArgs);
            final List<String> command = new ArrayList<>();
            command.add(jvm.java());
            command.addAll(jvm.flags());
            command.add("-cp");
            command.add(System.getenv("FIXTAPE_CLASSPATH") != null ? System.getenv("FIXTAPE_CLASSPATH") :
                System.getProperty("java.class.path"));
            command.addAll(List.of("io.fixtape.cli.FixtapeMain", "acceptor", "--config", config.toString(),
                "--app", "exec"));
            final long started = System.nanoTime();
            final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            final Acceptor acceptor = new Acceptor(process, started);
            acceptor.reader = new Thread(acceptor::readOutput, "sessions-bench-acceptor-output");
            acceptor.reader.setDaemon(true);
            acceptor.reader.start();
            return acceptor;
        }

        private void readOutput()
        {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8)))
            {
                String line;
                while ((line = in.readLine()) != null)
                {
                    synchronized (output)
                    {
                        output.append(line).append('\n');
                    }
                    if (line.contains("listening on port"))
                    {
                        listening.complete(System.nanoTime());
                    }
                }
            }
            catch (final IOException ignore)
            {
                // the process ended
            }
            listening.completeExceptionally(new IOException("acceptor ended before listening:\n" + output));
        }

        /** Seconds from the JVM's launch to the acceptor's "listening" line. */
        double awaitListening() throws Exception
        {
            return (listening.get(600, TimeUnit.SECONDS) - startedNanos) / 1e9;
        }

        long residentKiB() throws IOException
        {
            for (final String line : Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status")))
            {
                if (line.startsWith("VmRSS:"))
                {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
            throw new IOException("no VmRSS for process " + process.pid());
        }

        String output()
        {
            synchronized (output)
            {
                return output.toString();
            }
        }

        /** SIGTERM: the acceptor logs out its sessions and closes the journal. */
        void stop() throws InterruptedException
        {
            process.destroy();
            if (!process.waitFor(60, TimeUnit.SECONDS))
            {
                process.destroyForcibly();
                process.waitFor();
            }
            try
            {
                reader.join(5000); // its last lines (the counters at stop) read
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
        }
    }
}
