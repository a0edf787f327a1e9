package io.fixtape.journal;

import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.testkit.RawFixPeer;
import io.fixtape.engine.testkit.RecordingApplication;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A ResendRequest for everything a journaled session sent (tens of thousands of orders) is read from the Chronicle
 * journal {@code ResendBatchSize} numbers per duty cycle, and once warm the duty cycles of the whole resend allocate
 * nothing: memory stays bounded however large the range.
 */
class JournalResendBatchTest
{
    private static final SessionId SESSION = new SessionId("FIX.4.4", "ISLD", "TW");

    @TempDir
    Path dir;

    private final TestClock clock = new TestClock();
    private ChronicleMessageStoreFactory factory;

    @AfterEach
    void close()
    {
        factory.close();
    }

    @Test
    void aResendFromTheJournalGoesOutABatchPerDutyCycleWithoutAllocating()
    {
        final int batch = 300;
        final int sent = 20_000;
        factory = new ChronicleMessageStoreFactory(new JournalContext().directory(dir).mode(JournalMode.STORE)
            .pretouch(false).lowSpaceBytes(0));
        final SessionConfig config = TestSessions.acceptorConfig("FIX.4.4");
        config.resendLimits().batchSize(batch).maxRepeats(0);
        final Session session = TestSessions.session(config, factory.create(SESSION), new RecordingApplication(false),
            clock);
        final RawFixPeer peer = new RawFixPeer(session, clock);
        peer.send("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|");
        peer.drain();
        for (int i = 0; i < sent; i++)
        {
            session.newMessage(MsgTypes.NEW_ORDER_SINGLE).putString(Tags.CL_ORD_ID, "O" + i)
                .putChar(Tags.HANDL_INST, '1').putString(Tags.SYMBOL, "INTC").putChar(Tags.SIDE, '1')
                .putUtcTimestamp(Tags.TRANSACT_TIME, 0).putDecimal(Tags.ORDER_QTY, 100, 0).putChar(Tags.ORD_TYPE, '1');
            assertEquals(2 + i, session.send());
            if (i % 1000 == 999)
            {
                peer.drain();
            }
        }
        peer.drain();
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        threads.setThreadAllocatedMemoryEnabled(true);
        final long thread = Thread.currentThread().getId();
        threads.getThreadAllocatedBytes(thread);

        // the same full resend, repeated: the first rounds warm up (JIT compilations that land late on a loaded
        // machine allocate once), the last must allocate nothing in its duty cycles
        long allocated = -1;
        int peerSeqNum = 2;
        for (int round = 0; round < 10 && allocated != 0; round++)
        {
            final long resentBefore = session.counters().messagesResent();
            peer.send("8=FIX.4.4|35=2|34=" + peerSeqNum++ + "|49=TW|52=<TIME>|56=ISLD|7=1|16=0|");
            int messages = peer.drain().size();
            assertTrue(messages <= batch, "the first batch only: " + messages);
            allocated = 0;
            while (session.needsEveryDutyCycle())
            {
                final long before = threads.getThreadAllocatedBytes(thread);
                session.doWork(clock.nanoTime());
                allocated += threads.getThreadAllocatedBytes(thread) - before;
                final List<String> out = peer.drain();
                assertTrue(out.size() <= batch + 1, "a batch of numbers per duty cycle: " + out.size());
                messages += out.size();
            }
            assertEquals(sent, session.counters().messagesResent() - resentBefore, "every order resent");
            assertEquals(sent + 1, messages, "the orders and one gap fill for the Logon");
        }
        assertEquals(0, allocated, "the duty cycles of a whole resend from the journal allocate nothing");
        assertTrue(session.isLoggedOn());
    }
}
