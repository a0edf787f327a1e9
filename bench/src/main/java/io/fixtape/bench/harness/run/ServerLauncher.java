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
            case FLOOR, QUICKFIXJ, ARTIO -> new HostedServer(spec.arm(), null);
            // tick_to_trade's probe needs hooks inside the engine's transport: the harness hosts fixtape's engine
            // itself there, with the settings file the acceptor command would read
            case FIXTAPE -> scenario.serverProbe() ?
                new HostedServer(Arm.FIXTAPE, new FixtapeArm(spec.store())) : FixtapeArm.launcher(spec.store());
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
            return args;
        }

        @Override
        public boolean serverWritesProfile()
        {
            return true;
        }
    }
}
