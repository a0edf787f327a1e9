package io.fixtape.bench.harness.run;

import com.google.gson.JsonObject;
import io.fixtape.bench.harness.Json;
import io.fixtape.bench.harness.Recipe;
import io.fixtape.bench.harness.ThreadCpu;
import io.fixtape.bench.harness.server.FloorReplySizes;
import io.fixtape.nic.AffinityException;
import io.fixtape.nic.CpuAffinity;
import io.fixtape.nic.CpuList;
import io.fixtape.nic.ThreadPlacement;
import org.agrona.IoUtil;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs one measurement: starts the arm's server JVM pinned to the server CPU, waits until it listens, verifies
 * its placement from /proc, starts the client JVM pinned to the client CPU, waits for its result, reads every
 * server thread's placement back, then stops the server. A placement that differs from the request aborts the
 * run ({@link AffinityException}). Each run gets fresh processes and its own log directory.
 *
 * <p>Threading: called from one thread; blocks for the length of the run.
 */
public final class RunOrchestrator
{
    private static final long START_TIMEOUT_MS = 120_000;
    /** Fresh ports tried when the one picked was taken before the server could bind it. */
    private static final int PORT_ATTEMPTS = 3;

    private final BenchOptions options;
    private final ChildJvm jvm;

    public RunOrchestrator(final BenchOptions options)
    {
        this.options = options;
        this.jvm = new ChildJvm(options.standards().get("jvm.heap"), options.standards().get("jvm.server.flags"));
    }

    public ChildJvm jvm()
    {
        return jvm;
    }

    public RunRecord run(final ArmSpec arm, final long rate, final Recipe recipe, final int run) throws Exception
    {
        return run(arm, rate, recipe, run, 1).get(0);
    }

    /**
     * {@code clientRuns} runs of the schedule in ONE process pair on one connection (the stability diagnostic:
     * compared with fresh pairs per run it separates what a fresh JVM/connection changes from what time changes).
     * With 1 it is the normal fresh-pair run.
     */
    public List<RunRecord> run(final ArmSpec arm, final long rate, final Recipe recipe, final int run,
        final int clientRuns) throws Exception
    {
        // smoke runs in CI on a slow, loaded machine: generous timeouts (a run that completes returns at once, so
        // only a broken run waits for them); measured recipes keep drain.timeout.ms / logon.timeout.ms
        final String timeouts = recipe.isSmoke() ? "smoke." : "";
        final RunPlan plan = new RunPlan(rate, recipe.warmup(), recipe.measured(), clientRuns,
            options.standards().getLong(timeouts + "drain.timeout.ms"),
            options.standards().getLong(timeouts + "logon.timeout.ms"),
            options.standards().getLong("server.stop.grace.ms"), options.serverCpu(), options.clientCpu(),
            options.logDir().resolve(String.format(Locale.ROOT, "%s-%s-%d-run%d%s",
                arm.fileLabel(), options.scenario().label(), rate, run,
                clientRuns > 1 ? "x" + clientRuns + "-one-connection" : "")));
        if (clientRuns > 1 && options.scenario().serverProbe())
        {
            throw new IllegalArgumentException("runs on one connection are not available for " +
                options.scenario().label() + " (its server probe is per process)");
        }
        checkPlacementRequest(plan.clientCpu(), plan.serverCpu());
        Files.createDirectories(plan.runDir());
        Files.deleteIfExists(plan.profileOut());
        Files.deleteIfExists(plan.clientOut());
        Files.deleteIfExists(plan.probeOut());
        final List<String> warnings = new ArrayList<>();
        final String load = loadAverage();
        final double load1 = Double.parseDouble(load.split(" ")[0]);
        if (load1 > 1.0)
        {
            warnings.add("machine busy before run: loadavg " + load + " on " + CpuAffinity.onlineCpus() + " CPUs");
        }

        final ServerLauncher launcher = ServerLauncher.forArm(arm, options.scenario());
        final StartedServer server = startServer(launcher, plan);
        try
        {
            final BitSet serverProcess = CpuAffinity.processCpus(server.process().pid());
            requireExactly(serverProcess, plan.serverCpu(), "server process " + server.process().pid());
            // what the server reads back about itself must be what was configured: refused before measuring (a
            // store opened at the first Logon, as the pool model does, is checked again after the run)
            final Map<String, Object> configured = configured(launcher, Json.read(plan.profileOut()));
            ProfileCheck.require(arm.label(), configured, readBackOf(Json.read(plan.profileOut())), false);

            final ClientRun client = runClient(arm, plan, server);
            final JsonObject probe = options.scenario().serverProbe() ? stopAndReadProbe(server.process(), plan) : null;
            final JsonObject serverProfile = serverProfileAfterRun(arm, launcher, plan, server.process(), configured);
            warnings.addAll(logWarnings(plan.runDir().resolve("server.log"), "server"));
            warnings.addAll(logWarnings(plan.runDir().resolve("client.log"), "client"));
            final List<RunRecord> records = new ArrayList<>();
            for (int i = 0; i < client.results().size(); i++)
            {
                records.add(new RunRecord(run + i, rate, client.results().get(i), probe, serverProfile,
                    client.serverThreads(), CpuList.format(serverProcess), ChildJvm.printable(server.command()),
                    ChildJvm.printable(client.command()), load, client.cpuDuringRun(), warnings));
            }
            return records;
        }
        finally
        {
            stop(server.process(), plan.stopGraceMs());
            deleteJournal(plan.runDir().resolve("journal"));
        }
    }

    /**
     * A fixtape arm's journal after its run: gigabytes at high rates, and nothing a cell reports comes from it (the
     * read-back and the counters are in the server's profile and log), so it does not outlive the run.
     */
    private static void deleteJournal(final Path journal)
    {
        IoUtil.delete(journal.toFile(), true); // scratch: a file that will not go is not worth failing the run
    }

    /** The settings of one run (one process pair) and where its files go. */
    private record RunPlan(long rate, int warmup, int measured, int clientRuns, long drainMs, long logonMs,
        long stopGraceMs, int serverCpu, int clientCpu, Path runDir)
    {
        Path profileOut()
        {
            return runDir.resolve("server-profile.json");
        }

        Path clientOut()
        {
            return runDir.resolve("client.json");
        }

        Path probeOut()
        {
            return runDir.resolve("server-probe.json");
        }
    }

    /** A server process that listens on {@code port}, and the command that started it. */
    private record StartedServer(Process process, int port, List<String> command)
    {
    }

    /** What the client process left: its result per run, its command, the CPU use seen during it. */
    private record ClientRun(List<JsonObject> results, List<String> command, Map<String, Object> cpuDuringRun,
        List<ThreadPlacement> serverThreads)
    {
    }

    /**
     * Starts the arm's server and waits until it listens. freePort() closes its socket before the server binds:
     * another process may take the port in between. A server that fails to bind is restarted on a fresh port; a
     * listener is only accepted when the server process owns it (never a stranger on "our" port).
     */
    private StartedServer startServer(final ServerLauncher launcher, final RunPlan plan) throws Exception
    {
        final boolean serverProbe = options.scenario().serverProbe();
        for (int attempt = 1; ; attempt++)
        {
            final int port = freePort();
            final List<String> serverArgs = new ArrayList<>(launcher.args(port, plan.serverCpu(), options,
                plan.runDir(), plan.profileOut()));
            if (serverProbe)
            {
                serverArgs.addAll(List.of("--warmup", Integer.toString(plan.warmup()),
                    "--total", Integer.toString(plan.warmup() + plan.measured()),
                    "--probe-out", plan.probeOut().toString()));
            }
            final List<String> serverCommand = jvm.serverCommand(plan.serverCpu(), launcher.mainClass(), serverArgs);
            final Process started = new ProcessBuilder(serverCommand)
                .redirectErrorStream(true).redirectOutput(plan.runDir().resolve("server.log").toFile()).start();
            try
            {
                awaitListening(started, port, launcher.serverWritesProfile() ? plan.profileOut() : null,
                    plan.runDir());
                return new StartedServer(started, port, serverCommand);
            }
            catch (final PortTakenException e)
            {
                stop(started, plan.stopGraceMs());
                if (attempt >= PORT_ATTEMPTS)
                {
                    throw new IllegalStateException("server could not bind a free port in " + PORT_ATTEMPTS
                        + " attempts: " + e.getMessage());
                }
                Files.move(plan.runDir().resolve("server.log"),
                    plan.runDir().resolve("server-port-taken-" + attempt + ".log"),
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                Files.deleteIfExists(plan.profileOut());
            }
            catch (final Exception e)
            {
                stop(started, plan.stopGraceMs());
                throw e;
            }
        }
    }

    /**
     * Runs the client JVM against the listening server and waits for it; reads back where every server and client
     * thread ran (a placement that differs aborts the run) and what the CPUs did meanwhile.
     */
    private ClientRun runClient(final ArmSpec arm, final RunPlan plan, final StartedServer server) throws Exception
    {
        final long serverPid = server.process().pid();
        final List<String> clientArgs = List.of(
            "--host", "127.0.0.1", "--port", Integer.toString(server.port()),
            "--cpu", Integer.toString(plan.clientCpu()),
            "--scenario", options.scenario().label(), "--rate", Long.toString(plan.rate()),
            "--warmup", Integer.toString(plan.warmup()), "--measured", Integer.toString(plan.measured()),
            "--mode", arm.arm().echo() ? "echo" : "fix",
            "--drain-ms", Long.toString(plan.drainMs()), "--logon-ms", Long.toString(plan.logonMs()),
            "--out", plan.clientOut().toString(), "--runs", Integer.toString(plan.clientRuns()));
        final List<String> clientCommand =
            jvm.command(plan.clientCpu(), "io.fixtape.bench.harness.client.ClientMain", clientArgs);
        final CpuSample cpuBefore = CpuSample.now();
        final ThreadCpu serverBefore = ThreadCpu.snapshot(serverPid);
        final Process client = new ProcessBuilder(clientCommand)
            .redirectErrorStream(true).redirectOutput(plan.runDir().resolve("client.log").toFile()).start();
        final long expectedMs = plan.clientRuns()
            * ((long)((plan.warmup() + plan.measured()) * 1000.0 / plan.rate()) + 2 * plan.drainMs())
            + plan.logonMs() + 60_000;
        final List<Map<String, Object>> timeline = new ArrayList<>();
        final long clientStartNs = System.nanoTime();
        if (!awaitClient(client, expectedMs, serverPid, serverBefore, clientStartNs, timeline))
        {
            client.destroyForcibly();
            throw new IllegalStateException("client did not finish within " + expectedMs + " ms; see "
                + plan.runDir().resolve("client.log"));
        }
        final Map<String, Object> cpuDuringRun = CpuSample.now().since(cpuBefore);
        cpuDuringRun.put("server_threads", ThreadCpu.snapshot(serverPid).since(serverBefore, 8));
        cpuDuringRun.put("server_threads_timeline", timeline);
        // The server is still serving: read back where each of its threads may run.
        final List<ThreadPlacement> serverThreads = CpuAffinity.threadsOf(serverPid);
        for (final ThreadPlacement thread : serverThreads)
        {
            requireExactly(CpuList.parse(thread.cpus()), plan.serverCpu(), "server thread " + thread);
        }
        if (client.exitValue() != 0 || !Files.exists(plan.clientOut()))
        {
            throw new IllegalStateException("client failed (exit " + client.exitValue() + "): "
                + tail(plan.runDir().resolve("client.log")));
        }
        final List<JsonObject> clientResults = Json.readLines(plan.clientOut());
        final JsonObject clientResult = clientResults.get(clientResults.size() - 1);
        if (clientResult.has("measured_start_monotonic_ns")
            && clientResult.get("measured_start_monotonic_ns").getAsLong() != 0)
        {
            // same clock (CLOCK_MONOTONIC) in both processes: where the measured phase begins on the timeline
            cpuDuringRun.put("measured_phase_starts_at_ms", TimeUnit.NANOSECONDS.toMillis(
                clientResult.get("measured_start_monotonic_ns").getAsLong() - clientStartNs));
        }
        for (final var thread : clientResult.getAsJsonArray("threads"))
        {
            final String cpus = thread.getAsJsonObject().get("cpus").getAsString();
            requireExactly(CpuList.parse(cpus), plan.clientCpu(), "client thread " + thread);
        }
        return new ClientRun(clientResults, clientCommand, cpuDuringRun, serverThreads);
    }

    /**
     * The server writes its tick_to_trade probe when it is stopped (SIGTERM): stop it now and read what it owns; the
     * grace before SIGKILL (server.stop.grace.ms) is long enough for a slow, loaded machine.
     */
    private static JsonObject stopAndReadProbe(final Process server, final RunPlan plan) throws Exception
    {
        stop(server, plan.stopGraceMs());
        if (!Files.exists(plan.probeOut()))
        {
            throw new IllegalStateException("server wrote no tick_to_trade probe (" + plan.probeOut() + "): "
                + tail(plan.runDir().resolve("server.log")));
        }
        return Json.read(plan.probeOut());
    }

    /**
     * The server's profile once the run is over, its read-back checked again against what was configured (stores
     * opened during the run included).
     */
    private JsonObject serverProfileAfterRun(final ArmSpec arm, final ServerLauncher launcher, final RunPlan plan,
        final Process server, final Map<String, Object> configured) throws Exception
    {
        final boolean serverProbe = options.scenario().serverProbe();
        final String startupLine = arm.arm() == Arm.FIXTAPE && !serverProbe
            ? FixtapeArm.startupLine(plan.runDir().resolve("server.log")) : null;
        if (arm.arm() == Arm.FIXTAPE && !serverProbe)
        {
            // the acceptor rewrites its read-back when stopped (stores opened during the run) and the per-worker
            // counts of mono/pool/shard are final then: stop it now and read both back
            stop(server, plan.stopGraceMs());
        }
        final JsonObject finalProfile = Json.read(plan.profileOut());
        final JsonObject readBack = readBackOf(finalProfile);
        ProfileCheck.require(arm.label(), configured, readBack, true);
        final JsonObject serverProfile = serverProfile(launcher, options, configured, finalProfile, readBack);
        if (arm.arm() == Arm.FLOOR)
        {
            serverProfile.add("floor_reply_sizes",
                Json.gson().toJsonTree(FloorReplySizes.of(options.scenario()).describe()));
        }
        if (startupLine != null)
        {
            serverProfile.addProperty("startup_line", startupLine);
            if (!"single".equals(arm.model()))
            {
                serverProfile.add("model_read_back",
                    FixtapeArm.stoppedModelProfile(plan.runDir().resolve("server.log")));
            }
        }
        return serverProfile;
    }

    /** The harness's configured values for this arm plus the settings the server says it applied itself. */
    private Map<String, Object> configured(final ServerLauncher launcher, final JsonObject serverFile)
    {
        final Map<String, Object> configured = new LinkedHashMap<>(launcher.configured(options, jvm));
        if (serverFile.has("configured"))
        {
            for (final Map.Entry<String, com.google.gson.JsonElement> entry
                : serverFile.getAsJsonObject("configured").entrySet())
            {
                configured.putIfAbsent(entry.getKey(), entry.getValue().getAsString());
            }
        }
        return configured;
    }

    /** Hosted servers nest their read-back under {@code read_back}; the fixtape acceptor's file is the read-back. */
    static JsonObject readBackOf(final JsonObject serverFile)
    {
        return serverFile.has("read_back") ? serverFile.getAsJsonObject("read_back") : serverFile;
    }

    /** The server side of the profile: description, configured, read_back (agreed), the JVM as it reported. */
    private static JsonObject serverProfile(final ServerLauncher launcher, final BenchOptions options,
        final Map<String, Object> configured, final JsonObject serverFile, final JsonObject readBack)
    {
        final JsonObject profile = serverFile.has("read_back") ? serverFile.deepCopy()
            : Json.gson().toJsonTree(launcher.description(options)).getAsJsonObject();
        profile.remove("read_back");
        profile.add("configured", Json.gson().toJsonTree(configured));
        profile.add("read_back", readBack);
        profile.addProperty("configured_vs_read_back", "agree on all " + configured.size() + " configured keys"
            + " (checked when the server was up and again after the run; a disagreement refuses the run)");
        if (!profile.has("jvm") && readBack.has("jvm"))
        {
            profile.add("jvm", readBack.get("jvm"));
        }
        return profile;
    }

    /**
     * SIGTERM (so shutdown hooks write their files and clean up), then SIGKILL after {@code graceMs}. A server that
     * exits promptly costs no wait. Idempotent.
     */
    private static void stop(final Process server, final long graceMs) throws InterruptedException
    {
        server.destroy();
        if (!server.waitFor(graceMs, TimeUnit.MILLISECONDS))
        {
            server.destroyForcibly();
            server.waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** The server could not listen on its port because another process took it first. */
    static final class PortTakenException extends IOException
    {
        private static final long serialVersionUID = 1L;

        PortTakenException(final String message)
        {
            super(message);
        }
    }

    /** Client and server on disjoint cores that exist. */
    static void checkPlacementRequest(final int clientCpu, final int serverCpu)
    {
        final int online = CpuAffinity.onlineCpus();
        if (clientCpu == serverCpu)
        {
            throw new AffinityException("client and server requested on the same CPU " + clientCpu
                + ": core sets must be disjoint");
        }
        if (clientCpu >= online || serverCpu >= online || clientCpu < 0 || serverCpu < 0)
        {
            throw new AffinityException("requested client CPU " + clientCpu + " / server CPU " + serverCpu
                + " but this machine has " + online + " online CPU(s)");
        }
    }

    private static void requireExactly(final BitSet actual, final int cpu, final String what)
    {
        final BitSet wanted = new BitSet();
        wanted.set(cpu);
        if (!actual.equals(wanted))
        {
            throw new AffinityException(what + " was asked to run on CPU " + cpu + " but the OS reports "
                + CpuList.format(actual) + ": placement not applied, run aborted");
        }
    }

    private static void awaitListening(final Process server, final int port, final Path profile, final Path runDir)
        throws IOException, InterruptedException
    {
        final long deadline = System.currentTimeMillis() + START_TIMEOUT_MS;
        while (System.currentTimeMillis() < deadline)
        {
            if (!server.isAlive())
            {
                final String log = tail(runDir.resolve("server.log"));
                if (log.contains("BindException") || log.contains("Address already in use"))
                {
                    throw new PortTakenException("port " + port + " taken before the server bound it: " + log);
                }
                throw new IllegalStateException("server exited (" + server.exitValue() + ") before listening: " + log);
            }
            final List<String> listeners = listeningInodes(port);
            if (!listeners.isEmpty())
            {
                if (ownsSocket(server.pid(), listeners))
                {
                    if (profile == null || Files.exists(profile))
                    {
                        return;
                    }
                }
                else if (ownsNoListener(server.pid(), port))
                {
                    throw new PortTakenException("port " + port + " is listened on by another process");
                }
            }
            Thread.sleep(20);
        }
        throw new IllegalStateException("server not listening on port " + port + " within " + START_TIMEOUT_MS
            + " ms: " + tail(runDir.resolve("server.log")));
    }

    /** Reads the kernel's socket table instead of connecting: a probe connection would be a session to the arm. */
    static boolean isListening(final int port) throws IOException
    {
        return !listeningInodes(port).isEmpty();
    }

    /** Socket inodes of the listeners on {@code port} (/proc/net/tcp and tcp6, state 0A = LISTEN). */
    static List<String> listeningInodes(final int port) throws IOException
    {
        final String hexPort = String.format(Locale.ROOT, ":%04X", port);
        final List<String> inodes = new ArrayList<>();
        for (final String table : List.of("/proc/net/tcp", "/proc/net/tcp6"))
        {
            final Path path = Paths.get(table);
            if (!Files.isReadable(path))
            {
                continue;
            }
            for (final String line : Files.readAllLines(path, StandardCharsets.US_ASCII))
            {
                final String[] columns = line.trim().split("\\s+");
                if (columns.length > 9 && columns[1].endsWith(hexPort) && "0A".equals(columns[3]))
                {
                    inodes.add(columns[9]);
                }
            }
        }
        return inodes;
    }

    /** True when one of the process's file descriptors is one of these sockets. */
    static boolean ownsSocket(final long pid, final List<String> inodes)
    {
        final Path fds = Paths.get("/proc", Long.toString(pid), "fd");
        try (var entries = Files.list(fds))
        {
            return entries.anyMatch(fd ->
            {
                try
                {
                    final String target = Files.readSymbolicLink(fd).toString();
                    return target.startsWith("socket:[") && inodes.contains(target.substring(8, target.length() - 1));
                }
                catch (final IOException e)
                {
                    return false; // the descriptor closed meanwhile
                }
            });
        }
        catch (final IOException e)
        {
            return false; // process gone: the caller sees it exit
        }
    }

    /** A stranger's listener stays a stranger's: read the table again so a listener we just missed is not blamed. */
    private static boolean ownsNoListener(final long pid, final int port) throws IOException
    {
        return !ownsSocket(pid, listeningInodes(port));
    }

    private static int freePort() throws IOException
    {
        try (ServerSocket socket = new ServerSocket(0))
        {
            return socket.getLocalPort();
        }
    }

    static String loadAverage()
    {
        try
        {
            final String[] parts = Files.readString(Paths.get("/proc/loadavg"), StandardCharsets.US_ASCII).split(" ");
            return parts[0] + " " + parts[1] + " " + parts[2];
        }
        catch (final IOException e)
        {
            return "0 0 0";
        }
    }

    /** Non-result lines worth reading before the metrics (contract section 6). */
    static List<String> logWarnings(final Path log, final String who) throws IOException
    {
        final List<String> out = new ArrayList<>();
        if (!Files.exists(log))
        {
            return out;
        }
        for (final String line : Files.readAllLines(log, StandardCharsets.UTF_8))
        {
            final String lower = line.toLowerCase(Locale.ROOT);
            if ((lower.contains("warn") || lower.contains("error") || lower.contains("exception"))
                && out.size() < 10)
            {
                out.add(who + ": " + line.trim());
            }
        }
        return out;
    }

    private static String tail(final Path log)
    {
        try
        {
            final List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
        }
        catch (final IOException e)
        {
            return "(no log: " + e + ")";
        }
    }

    /** Every this many ms while the client runs, the server's per-thread CPU is read (the timeline). */
    private static final long TIMELINE_STEP_MS = 250;

    /**
     * Waits for the client and meanwhile reads the server's per-thread CPU every {@value #TIMELINE_STEP_MS} ms into
     * {@code timeline} ({@code t_ms} since the client started, then CPU ms per thread name in that step): shows
     * whether the server's JIT compiler threads still used its one core when the measured phase had begun (the
     * client's warm-up lasts warmup/rate seconds after its logon). Reads /proc only, outside the measured path.
     *
     * @return false when the client did not finish within {@code timeoutMs}.
     */
    private static boolean awaitClient(final Process client, final long timeoutMs, final long serverPid,
        final ThreadCpu start, final long startNs, final List<Map<String, Object>> timeline)
        throws InterruptedException
    {
        final long deadlineNs = startNs + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        ThreadCpu previous = start;
        while (true)
        {
            final boolean done = client.waitFor(TIMELINE_STEP_MS, TimeUnit.MILLISECONDS);
            final ThreadCpu now = ThreadCpu.snapshot(serverPid);
            final Map<String, Object> point = new LinkedHashMap<>();
            point.put("t_ms", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNs));
            point.putAll(now.cpuMsByThread(previous));
            timeline.add(point);
            previous = now;
            if (done)
            {
                return true;
            }
            if (System.nanoTime() - deadlineNs > 0)
            {
                return false;
            }
        }
    }

}
