package io.fixtape.journal;

import io.fixtape.engine.session.SessionId;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.file.Paths;

/**
 * Child-JVM main for {@link JournalCrashTest}: journals outbound orders as fast as it can (audit mode, page cache)
 * until it is killed with SIGKILL (bounded by a maximum count). Prints {@value #READY} once {@link #READY_AT} records
 * are on disk (the journal is open and its lock held), and {@value #RUNNING} once {@link #RUNNING_AT} are: from then
 * on it appends at full speed with nothing else to say, so the kill lands in the middle of the appends.
 */
public final class CrashAppender
{
    static final String READY = "ready";
    static final int READY_AT = 10_000;
    static final String RUNNING = "running";
    static final int RUNNING_AT = 20_000;

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
                if (seq == READY_AT)
                {
                    say(READY);
                }
                else if (seq == RUNNING_AT)
                {
                    say(RUNNING);
                }
            }
        }
        say("finished");
    }

    private static void say(final String line)
    {
        System.out.println(line);
        System.out.flush();
    }
}
