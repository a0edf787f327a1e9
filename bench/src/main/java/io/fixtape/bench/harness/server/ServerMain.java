package io.fixtape.bench.harness.server;

import io.fixtape.bench.harness.Args;
import io.fixtape.bench.harness.Json;
import io.fixtape.bench.harness.JvmInfo;
import io.fixtape.bench.harness.ReadBack;
import io.fixtape.bench.harness.client.Scenario;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Map;

/**
 * The server JVM of one run for the arms the harness hosts itself ({@code floor}, {@code quickfixj},
 * {@code artio}, and {@code fixtape} for {@code tick_to_trade}). Starts the arm on {@code --port}, writes to
 * {@code --profile-out} the arm's description, the settings it applied ({@code configured}) and what it reads back
 * from the running library and /proc ({@code read_back}: validation, store, idle strategy, hot threads' CPUs, JVM
 * flags), prints {@code READY} and serves until killed. The orchestrator compares read-back with configured and
 * also reads the placement of every thread of this process back from the OS itself.
 *
 * <p>Arguments: {@code --arm --port --cpu --scenario --profile-out}; for {@code tick_to_trade} also
 * {@code --warmup --total --probe-out} (the server probe, written on SIGTERM) and, for fixtape, {@code --config};
 * the floor takes {@code --reply-delta} ({@link FloorReplySizes#deltaArgument()}).
 */
public final class ServerMain
{
    private ServerMain()
    {
    }

    private static ServerProbe requireProbe(final ServerProbe probe)
    {
        if (probe == null)
        {
            throw new IllegalArgumentException("the harness hosts fixtape for tick_to_trade only; the other scenarios"
                + " run fixtape's own acceptor command");
        }
        return probe;
    }

    public static void main(final String[] argv)
    {
        try
        {
            final Args args = new Args(argv);
            final ServerProbe probe = "tick_to_trade".equals(args.get("scenario"))
                ? new ServerProbe(args.getInt("warmup"), args.getInt("total"), Paths.get(args.get("probe-out")),
                    args.get("arm")).writeOnShutdown()
                : null;
            final BenchServer server = switch (args.get("arm"))
            {
                case "floor" -> new FloorServer(args.getInt("port"), args.getInt("cpu"),
                    Scenario.parse(args.get("scenario")), args.get("reply-delta"), probe);
                case "quickfixj" -> new QuickFixJServer(args.getInt("port"), probe);
                case "artio" -> new ArtioServer(args.getInt("port"), probe);
                case "fixtape" -> new FixtapeTickServer(args.getInt("port"), Paths.get(args.get("config")),
                    requireProbe(probe));
                default -> throw new IllegalArgumentException("this server hosts floor, quickfixj, artio and"
                    + " fixtape (tick_to_trade), not " + args.get("arm"));
            };
            server.start();
            final Map<String, Object> profile = server.profile();
            profile.put("configured", server.configured());
            final Map<String, Object> readBack = server.readBack();
            readBack.put(ReadBack.JVM_FLAGS, JvmInfo.describe().get("input_arguments"));
            profile.put("read_back", readBack);
            profile.put("jvm", JvmInfo.describe());
            // written whole, then renamed: the orchestrator reads it as soon as it exists
            final java.nio.file.Path out = Paths.get(args.get("profile-out"));
            final java.nio.file.Path tmp = out.resolveSibling(out.getFileName() + ".tmp");
            Files.writeString(tmp, Json.line(profile) + "\n", StandardCharsets.UTF_8);
            Files.move(tmp, out, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            System.out.println("READY " + args.get("port"));
            System.out.flush();
            server.awaitTermination();
        }
        catch (final Throwable t)
        {
            t.printStackTrace(new PrintStream(System.err, true, StandardCharsets.UTF_8));
            System.exit(2);
        }
    }
}
