package io.fixtape.cli.bench;

import io.fixtape.bench.security.AttackBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;

/**
 * {@code fixtape bench attack}: a well-behaved nos_er session on one acceptor port, quiet and then under attack on
 * the same port, in one run; p50/p99 of each phase, their ratio, completion and the engine's counts of the attacks.
 * Exit 0 when every order was filled, 1 otherwise.
 */
@Command(name = "attack", mixinStandardHelpOptions = true,
    description = "nos_er round trip on one acceptor port: quiet, a control (the attack aimed at a sink), and under hostile connections, in the same run.")
public final class AttackBenchCommand implements Callable<Integer>
{
    @Option(names = "--rate", defaultValue = "2000", description = "orders per second (default ${DEFAULT-VALUE})")
    private int rate;

    @Option(names = "--seconds", defaultValue = "40", description = "seconds per phase (default ${DEFAULT-VALUE})")
    private int seconds;

    @Option(names = "--idle-sockets", defaultValue = "500", description = "sockets that never send (default ${DEFAULT-VALUE})")
    private int idleSockets;

    @Option(names = "--slowloris", defaultValue = "200", description = "Logons sent one byte a second (default ${DEFAULT-VALUE})")
    private int slowloris;

    @Option(names = "--idle", defaultValue = "backoff",
        description = "idle strategy of both engines: busy-spin, yielding, backoff, sleeping (default ${DEFAULT-VALUE})")
    private String idle;

    @Override
    public Integer call() throws Exception
    {
        if (rate <= 0 || seconds <= 0 || idleSockets < 0 || slowloris < 0)
        {
            System.err.println("fixtape bench attack: --rate and --seconds must be > 0, --idle-sockets and --slowloris >= 0");
            return 2;
        }
        return new AttackBench(rate, seconds, idleSockets, slowloris, idle).run(System.out) ? 0 : 1;
    }
}
