package io.fixtape.cli.bench;

import io.fixtape.bench.security.TlsCostBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;

/**
 * {@code fixtape bench tls}: the nos_er round trip over plain TCP and over mutual TLS 1.3 in the same run (one
 * acceptor, one initiator, this JVM), p50/p99 each and their difference. Exit 0 when every order was filled, 1
 * otherwise.
 */
@Command(name = "tls", mixinStandardHelpOptions = true,
    description = "nos_er round trip over plain TCP and over TLS in the same run: p50/p99 of each and the difference.")
public final class TlsBenchCommand implements Callable<Integer>
{
    @Option(names = "--rate", defaultValue = "2000", description = "orders per second (default ${DEFAULT-VALUE})")
    private int rate;

    @Option(names = "--seconds", defaultValue = "10", description = "seconds per transport and round (default ${DEFAULT-VALUE})")
    private int seconds;

    @Option(names = "--rounds", defaultValue = "3", description = "alternations TCP, TLS (default ${DEFAULT-VALUE})")
    private int rounds;

    @Option(names = "--idle", defaultValue = "backoff",
        description = "idle strategy of both engines: busy-spin, yielding, backoff, sleeping (default ${DEFAULT-VALUE})")
    private String idle;

    @Override
    public Integer call() throws Exception
    {
        if (rate <= 0 || seconds <= 0 || rounds <= 0)
        {
            System.err.println("fixtape bench tls: --rate, --seconds and --rounds must be > 0");
            return 2;
        }
        return new TlsCostBench(rate, seconds, rounds, idle).run(System.out) ? 0 : 1;
    }
}
