package io.fixtape.replay.testing;

import io.fixtape.apps.ExecApplication;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.RawFixClient;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import io.fixtape.journal.ChronicleMessageStoreFactory;
import io.fixtape.journal.JournalContext;
import io.fixtape.journal.JournalReader;
import io.fixtape.journal.JournalRecord;
import io.fixtape.replay.drive.ReplayDiff;
import org.agrona.concurrent.OffsetEpochNanoClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetSocketAddress;
import java.nio.file.Path;

import static io.fixtape.engine.runtime.RawFixClient.now;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A session recorded with a password in its Logon: the journal holds the password masked, and the recording still
 * replays identically (the masked Logon logs on in replay, where no credentials are checked).
 */
class MaskedPasswordReplayTest
{
    @TempDir
    Path dir;

    @Test
    void aRecordingWithAMaskedPasswordReplaysIdentically() throws Exception
    {
        final Path journal = dir.resolve("journal");
        final OffsetEpochNanoClock clock = new OffsetEpochNanoClock();
        final SessionId id = new SessionId("FIX.4.4", "ISLD", "TW");
        try (ChronicleMessageStoreFactory stores = new ChronicleMessageStoreFactory(
            new JournalContext().directory(journal).lowSpaceBytes(0));
            FixEngine engine = FixEngine.launch(new EngineContext().clock(clock).idleStrategy("sleeping")
                .storeFactory(stores)
                .addSession(SessionEndpoint.acceptor(new SessionConfig().sessionId(id).resetOnLogon(true),
                    new ExecApplication("FIX.4.4", clock), new InetSocketAddress("127.0.0.1", 0))));
            RawFixClient client = new RawFixClient(engine.boundPort()))
        {
            client.send("FIX.4.4", "35=A|34=1|49=TW|52=" + now() + "|56=ISLD|98=0|108=30|553=trader|554=hunter2|");
            assertTrue(client.receive(5000).contains("|35=A|"));
            client.send("FIX.4.4", "35=D|34=2|49=TW|52=" + now() + "|56=ISLD|11=C1|21=1|38=100|40=2|44=10|54=1|55=ACME|60=" +
                now() + "|");
            assertTrue(client.receive(5000).contains("|35=8|"));
            client.send("FIX.4.4", "35=5|34=3|49=TW|52=" + now() + "|56=ISLD|");
            client.awaitClose(5000);
        }
        try (JournalReader reader = new JournalReader(journal))
        {
            final JournalRecord record = new JournalRecord();
            boolean sawLogon = false;
            while (reader.next(record))
            {
                final String fix = record.fixAsString();
                assertFalse(fix.contains("hunter2"), fix);
                sawLogon |= fix.contains("\u0001554=*******\u0001");
            }
            assertTrue(sawLogon, "the Logon was journaled with its password masked");
        }
        final ReplayDiff diff = ReplayAssertions.assertReplaysIdentically(journal,
            (sessionId, engineClock) -> new ExecApplication(sessionId.beginString(), engineClock));
        assertTrue(diff.isClean(), diff.describe(5));
    }
}
