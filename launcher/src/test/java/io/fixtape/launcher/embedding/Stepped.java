package io.fixtape.launcher.embedding;

import io.fixtape.launcher.Fixtape;
import io.fixtape.launcher.FixtapeBuilder;
import org.agrona.concurrent.EpochNanoClock;

public final class Stepped
{
    /** A clock the test moves by hand. */
    static final class ManualClock implements EpochNanoClock
    {
        long nanos = 1_700_000_000_000_000_000L;

        @Override
        public long nanoTime()
        {
            return nanos;
        }
    }

    public static void main(final String[] args)
    {
        final ManualClock clock = new ManualClock();
        try (Fixtape fixtape = new FixtapeBuilder()
            .clock(clock)
            .session(s -> s.acceptor(0).sessionId("FIX.4.4", "EXEC", "BANZAI").nonStopSession(true))
            .application((sessionId, engineClock) -> new OrderFills())
            .launchStepped())                                    // no thread: the caller runs the duty cycles
        {
            final int work = fixtape.step();                     // one duty cycle
            clock.nanos += 30_000_000_000L;                      // 30 s later: timers see it at the next cycle
            fixtape.step();
            System.out.println("port " + fixtape.boundPort() + ", work " + work + ", " + fixtape.countersSummary());
        }
    }
}
