package io.fixtape.bench.harness.run;

import io.fixtape.bench.harness.client.Scenario;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What to start in the server JVM of each arm. The harness hosts floor and QuickFIX/J itself
 * ({@code io.fixtape.bench.harness.server.ServerMain}); fixtape runs as its own acceptor command.
 */
public interface ServerLauncher
{
    /** Main class of the server JVM. */
    String mainClass();

    /** Its arguments; {@code profileOut} is where the server (or this launcher) leaves the configured profile. */
    List<String> args(int port, int cpu, BenchOptions options, Path runDir, Path profileOut) throws Exception;

    /** True when the server process writes {@code profileOut} itself once it listens. */
    boolean serverWritesProfile();

    /** The configured profile, for launchers whose server does not write one. */
    default Map<String, Object> configuredProfile(final BenchOptions options)
    {
        return Map.of();
    }

    static ServerLauncher forArm(final ArmSpec spec, final Scenario scenario)
    {
        return switch (spec.arm())
        {
            case FLOOR, QUICKFIXJ, ARTIO -> new HostedServer(spec.arm());
            // tick_to_trade's probe needs hooks inside the engine's transport: the harness hosts fixtape's engine
            // itself there, with the settings file the acceptor command would read
            case FIXTAPE -> scenario.serverProbe() ? new HostedFixtape(spec.store()) : FixtapeArm.launcher(spec.store());
        };
    }

    /** fixtape's engine hosted by the harness (tick_to_trade), configured from the acceptor's settings file. */
    final class HostedFixtape implements ServerLauncher
    {
        private final FixtapeArm settings;

        HostedFixtape(final String store)
        {
            this.settings = new FixtapeArm(store);
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
            final List<String> args = new ArrayList<>(new HostedServer(Arm.FIXTAPE)
                .args(port, cpu, options, runDir, profileOut));
            args.add("--config");
            args.add(settings.writeConfig(port, options, runDir).toString());
            return args;
        }

        @Override
        public boolean serverWritesProfile()
        {
            return true;
        }
    }

    /** Floor, QuickFIX/J and Artio, hosted by the harness's own server main. */
    final class HostedServer implements ServerLauncher
    {
        private final Arm arm;

        HostedServer(final Arm arm)
        {
            this.arm = arm;
        }

        @Override
        public String mainClass()
        {
            return "io.fixtape.bench.harness.server.ServerMain";
        }

        @Override
        public List<String> args(
            final int port, final int cpu, final BenchOptions options, final Path runDir, final Path profileOut)
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
            return args;
        }

        @Override
        public boolean serverWritesProfile()
        {
            return true;
        }
    }
}
