package io.fixtape.bench.harness.run;

import io.fixtape.bench.harness.ReadBack;
import io.fixtape.bench.harness.server.FloorReplySizes;
import io.fixtape.bench.harness.client.Scenario;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What to start in the server JVM of each arm, and what it is configured to run with. The harness hosts floor,
 * QuickFIX/J and Artio itself ({@code io.fixtape.bench.harness.server.ServerMain}); fixtape runs as its own
 * acceptor command. Every server writes its read-back to {@code profileOut}; the orchestrator compares it with
 * {@link #configured} ({@link ProfileCheck}).
 */
public interface ServerLauncher
{
    /** Main class of the server JVM. */
    String mainClass();

    /** Its arguments; {@code profileOut} is where the server leaves what it read back about itself. */
    List<String> args(int port, int cpu, BenchOptions options, Path runDir, Path profileOut) throws Exception;

    /** True when the server process writes {@code profileOut} itself once it listens (every arm now). */
    boolean serverWritesProfile();

    /** What the harness configured, in {@link ReadBack}'s vocabulary: the server's read-back must agree. */
    Map<String, Object> configured(BenchOptions options, ChildJvm jvm);

    /** Descriptive text for the profile (what runs, threads as configured); not compared. */
    default Map<String, Object> description(final BenchOptions options)
    {
        return Map.of();
    }

    static ServerLauncher forArm(final ArmSpec spec, final Scenario scenario)
    {
        return switch (spec.arm())
        {
            case FLOOR, QUICKFIXJ, ARTIO -> new HostedServer(spec.arm(), null);
            // tick_to_trade's probe needs hooks inside the engine's transport: the harness hosts fixtape's engine
            // itself there, with the settings file the acceptor command would read
            case FIXTAPE -> scenario.serverProbe() ? new HostedServer(Arm.FIXTAPE,
                new FixtapeArm(spec.store(), spec.model())) : FixtapeArm.launcher(spec.store(), spec.model());
        };
    }

    /**
     * An arm hosted by the harness's own server main: floor, QuickFIX/J and Artio, and fixtape's engine for
     * tick_to_trade (then with {@code fixtapeSettings}: the settings file the acceptor command would read).
     */
    final class HostedServer implements ServerLauncher
    {
        private final Arm arm;
        private final FixtapeArm fixtapeSettings;

        HostedServer(final Arm arm, final FixtapeArm fixtapeSettings)
        {
            this.arm = arm;
            this.fixtapeSettings = fixtapeSettings;
        }

        @Override
        public String mainClass()
        {
            return "io.fixtape.bench.harness.server.ServerMain";
        }

        @Override
        public List<String> args(
            final int port, final int cpu, final BenchOptions options, final Path runDir, final Path profileOut)
            throws Exception
        {
            final List<String> args = new ArrayList<>();
            args.add("--arm");
            args.add(arm.label());
            args.add("--port");
            args.add(Integer.toString(port));
            args.add("--cpu");
            args.add(Integer.toString(cpu));
            args.add("--scenario");
            args.add(options.scenario().label());
            args.add("--profile-out");
            args.add(profileOut.toString());
            if (fixtapeSettings != null)
            {
                args.add("--config");
                args.add(fixtapeSettings.writeConfig(port, options, runDir).toString());
            }
            if (arm == Arm.FLOOR)
            {
                args.add("--reply-delta");
                args.add(FloorReplySizes.of(options.scenario()).deltaArgument());
            }
            return args;
        }

        @Override
        public boolean serverWritesProfile()
        {
            return true;
        }

        /**
         * The harness's side: the performance lane (validation off; n/a for the floor), every hot thread on the
         * server CPU, the server JVM's flags, the floor's reply sizes; the server adds the settings it applied
         * itself (its {@code configured}) and both are checked against its {@code read_back}.
         */
        @Override
        public Map<String, Object> configured(final BenchOptions options, final ChildJvm jvm)
        {
            if (fixtapeSettings != null)
            {
                return fixtapeSettings.configured(options, jvm);
            }
            final Map<String, Object> configured = new LinkedHashMap<>();
            configured.put(ReadBack.VALIDATION, arm == Arm.FLOOR ? "n/a" : "off");
            configured.put(ReadBack.HOT_THREAD_CPUS, Integer.toString(options.serverCpu()));
            configured.put(ReadBack.JVM_FLAGS, jvm.serverJvmFlags());
            if (arm == Arm.FLOOR)
            {
                configured.put(ReadBack.FLOOR_REPLY_DELTA, FloorReplySizes.of(options.scenario()).deltaArgument());
            }
            return configured;
        }
    }
}
