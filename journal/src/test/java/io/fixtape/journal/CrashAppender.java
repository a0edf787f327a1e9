package io.fixtape.journal;

import io.fixtape.engine.session.SessionId;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.file.Paths;

/**
 * Child-JVM main for {@link JournalCrashTest}: journals outbound orders as fast as it can (audit mode, page cache)
 * and prints {@code ready} once some are on disk, until it is killed with SIGKILL (bounded by a maximum count).
 */
public final class CrashAppender
{
    private CrashAppender()
    {
    }

    public static void main(final String[] args)
    {
        final int max = Integer.parseInt(args[1]);
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(
            new JournalContext().directory(Paths.get(args[0])).lowSpaceBytes(0)))
        {
            final ChronicleMessageStore store = factory.create(new SessionId("FIX.4.4", "US", "THEM"));
            for (int seq = store.nextSenderSeqNum(); seq <= max; seq++)
            {
                final UnsafeBuffer b = Fix.buffer(Fix.message("FIX.4.4", "D", seq, "11=ORD" + seq + "|55=IBM|54=1|38=100|"));
                store.onOutbound(seq, Fix.type("D"), 0, seq, b, 0, b.capacity());
                if (seq == 10_000)
                {
                    System.out.println("ready");
                    System.out.flush();
                }
            }
        }
        System.out.println("finished");
    }
}
