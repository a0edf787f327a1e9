package io.fixtape.bench.harness.server;

import io.fixtape.bench.harness.Args;
import io.fixtape.bench.harness.Json;
import io.fixtape.bench.harness.JvmInfo;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Map;

/**
 * The server JVM of one run for the arms the harness hosts itself ({@code floor}, {@code quickfixj},
 * {@code artio}). Starts the arm on {@code --port}, writes the arm's configured profile to {@code --profile-out},
 * prints {@code READY} and serves until killed. The orchestrator reads the placement of every thread of this
 * process back from the OS itself, so this process does not report its own pinning.
 *
 * <p>Arguments: {@code --arm --port --cpu --scenario --profile-out}.
 */
public final class ServerMain
{
    private ServerMain()
    {
    }

    public static void main(final String[] argv)
    {
        try
        {
            final Args args = new Args(argv);
            final BenchServer server = switch (args.get("arm"))
            {
                case "floor" -> new FloorServer(args.getInt("port"), args.getInt("cpu"));
                case "quickfixj" -> new QuickFixJServer(args.getInt("port"));
                case "artio" -> ArtioServer.forScenario(args.getInt("port"), args.get("scenario"));
                default -> throw new IllegalArgumentException("this server hosts floor, quickfixj and artio, not "
                    + args.get("arm"));
            };
            server.start();
            final Map<String, Object> profile = server.profile();
            profile.put("jvm", JvmInfo.describe());
            Files.writeString(Paths.get(args.get("profile-out")), Json.line(profile) + "\n", StandardCharsets.UTF_8);
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
