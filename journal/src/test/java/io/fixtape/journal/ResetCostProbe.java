package io.fixtape.journal;

import io.fixtape.engine.session.SessionId;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * Diagnostic probe (not a test): what a Logon that resets the sequence numbers costs the journal against one that
 * does not. Each round sends ORDERS application messages, then times the store's part of a Logon: with reset, the
 * store's {@code reset()} and the Logon's append as MsgSeqNum 1; without, the Logon's append with the next number.
 * Prints the median and p99 of each.
 *
 * <pre>journal/scripts/reset-cost.sh [ROUNDS] [ORDERS]</pre>
 */
public final class ResetCostProbe
{
    public static void main(final String[] args)
    {
        final int rounds = Integer.parseInt(args[0]);
        final int orders = Integer.parseInt(args[1]);
        final Path dir = Path.of(args[2]);
        final UnsafeBuffer order = Fix.buffer(Fix.message("FIX.4.4", "D", 1, "11=ORD|55=IBM|"));
        final UnsafeBuffer logon = Fix.buffer(Fix.message("FIX.4.4", "A", 1, "98=0|108=30|141=Y|"));
        final long[][] nanos = new long[2][rounds];
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(new JournalContext().directory(dir)
            .mode(JournalMode.AUDIT).lowSpaceBytes(0).pretouch(false)))
        {
            final ChronicleMessageStore store = factory.create(new SessionId("FIX.4.4", "EXEC", "BANZAI"));
            for (int round = -20; round < rounds; round++) // 20 warm-up rounds
            {
                for (int variant = 0; variant < 2; variant++)
                {
                    int seq = store.nextSenderSeqNum();
                    for (int i = 0; i < orders; i++, seq++)
                    {
                        store.onOutbound(seq, 'D', 0, seq, order, 0, order.capacity());
                    }
                    final long start = System.nanoTime();
                    if (variant == 0)
                    {
                        store.reset();
                        store.onOutbound(1, 'A', 0, seq, logon, 0, logon.capacity());
                    }
                    else
                    {
                        store.onOutbound(seq, 'A', 0, seq, logon, 0, logon.capacity());
                    }
                    if (round >= 0)
                    {
                        nanos[variant][round] = System.nanoTime() - start;
                    }
                }
            }
        }
        for (int variant = 0; variant < 2; variant++)
        {
            Arrays.sort(nanos[variant]);
            System.out.printf(Locale.ROOT, "Logon %s: median %d ns, p99 %d ns (%d rounds, %d orders before each)%n",
                variant == 0 ? "with reset   " : "without reset", nanos[variant][rounds / 2],
                nanos[variant][rounds * 99 / 100], rounds, orders);
        }
    }
}
