package io.fixtape.engine.session;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.testkit.FixMessages;
import io.fixtape.engine.testkit.InProcessConnection;
import io.fixtape.engine.testkit.InProcessSessionPair;
import io.fixtape.engine.testkit.RecordingApplication;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * ResendRequestChunkSize (QuickFIX semantics): a gap of 7 messages with chunks of 3 is asked for as 3..5, then —
 * once 5 arrived — 6..8, then the last chunk 9..infinity; every message arrives once, in order.
 */
class ResendRequestChunkTest
{
    private final TestClock clock = new TestClock();
    private final List<String> resendRequests = new ArrayList<>();
    private final RecordingApplication acceptorApp = new RecordingApplication(false);

    @Test
    void gapIsRequestedInChunksEachAfterThePreviousIsFilled()
    {
        final Application initiatorApp = new Application()
        {
            @Override
            public void onMessage(final FixDecoder message, final SessionHandle session)
            {
            }

            @Override
            public void onAdminMessage(final FixDecoder message, final SessionHandle session)
            {
                if (message.msgType() == MsgTypes.RESEND_REQUEST)
                {
                    resendRequests.add(message.getInt(Tags.BEGIN_SEQ_NO) + ".." + message.getInt(Tags.END_SEQ_NO));
                }
            }
        };
        final Session initiator = TestSessions.session(TestSessions.initiatorConfig("FIX.4.4"),
            new InMemoryMessageStore(1 << 20, 4096), initiatorApp, clock);
        final Session acceptor = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4").resendRequestChunkSize(3),
            new InMemoryMessageStore(1 << 20, 4096), acceptorApp, clock);
        final InProcessSessionPair pair = new InProcessSessionPair(initiator, acceptor, clock).connect();

        SessionPairTest.sendOrder(initiator, "C1"); // seq 2
        pair.pump();
        final InProcessConnection lossy = pair.acceptorConnection();
        for (int i = 2; i <= 8; i++) // seq 3..9 lost on the way
        {
            SessionPairTest.sendOrder(initiator, "C" + i);
        }
        lossy.consume(lossy.inboxLength());
        SessionPairTest.sendOrder(initiator, "C9"); // seq 10: gap 3..9
        pair.pump();

        assertEquals(List.of("3..5", "6..8", "9..0"), resendRequests);
        assertEquals(3, acceptor.counters().resendRequestsSent());
        assertEquals(9, acceptorApp.messages().size());
        for (int i = 0; i < 9; i++)
        {
            assertEquals("C" + (i + 1), FixMessages.fields(acceptorApp.messages().get(i)).get("11"));
        }
        assertEquals(initiator.nextSenderSeqNum(), acceptor.nextTargetSeqNum());
    }

    @Test
    void withoutChunkSizeTheWholeGapIsOneRequest()
    {
        final Session initiator = TestSessions.session(TestSessions.initiatorConfig("FIX.4.4"), clock);
        final Session acceptor = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4"),
            new InMemoryMessageStore(1 << 20, 4096), acceptorApp, clock);
        final InProcessSessionPair pair = new InProcessSessionPair(initiator, acceptor, clock).connect();
        for (int i = 1; i <= 5; i++)
        {
            SessionPairTest.sendOrder(initiator, "D" + i);
        }
        pair.acceptorConnection().consume(pair.acceptorConnection().inboxLength());
        SessionPairTest.sendOrder(initiator, "D6");
        pair.pump();

        assertEquals(1, acceptor.counters().resendRequestsSent());
        assertEquals(6, acceptorApp.messages().size());
    }
}
