package io.fixtape.journal;

import io.fixtape.engine.session.SessionId;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Sequence resets in constant time on real files: a reset deletes the session's resend index instead of zero-filling
 * it, the next send creates a fresh sparse one, and a session that never sends has none. A reset storm leaves the
 * state directory as small as it found it, and no number of an earlier sequence is ever resent.
 */
class ResetStormTest
{
    private static final SessionId S1 = new SessionId("FIX.4.4", "US", "THEM");
    private static final SessionId IDLE = new SessionId("FIX.4.4", "US", "IDLE");

    @TempDir
    Path dir;

    private static void send(final ChronicleMessageStore store, final int seq, final String tag)
    {
        final UnsafeBuffer b = Fix.buffer(Fix.message("FIX.4.4", "D", seq, "11=" + tag + "|55=IBM|"));
        store.onOutbound(seq, Fix.type("D"), 0, seq, b, 0, b.capacity());
    }

    private long stateFilesLength()
    {
        long total = 0;
        for (final File f : dir.resolve("state").toFile().listFiles())
        {
            total += f.length();
        }
        return total;
    }

    @Test
    void aResetStormLeavesTheStateDirectoryAsItWasAndNeverResendsAnEarlierSequence() throws Exception
    {
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(
            new JournalContext().directory(dir).lowSpaceBytes(0)))
        {
            final ChronicleMessageStore idle = factory.create(IDLE);
            final ChronicleMessageStore store = factory.create(S1);
            assertFalse(Files.exists(dir.resolve("state").resolve(store.sessionId() + ".out.idx")),
                "no resend index before the first send");
            send(store, 1, "FIRST");
            final long afterFirstSend = stateFilesLength();
            long slowest = 0;
            for (int reset = 1; reset <= 500; reset++)
            {
                final long start = System.nanoTime();
                store.reset();
                slowest = Math.max(slowest, System.nanoTime() - start);
                assertEquals(1, store.nextSenderSeqNum());
                assertEquals(0, store.replayOutbound(1, 20, (seq, buffer, offset, length) -> true),
                    "nothing of the earlier sequence is resent");
                for (int seq = 1; seq <= 20; seq++)
                {
                    send(store, seq, "R" + reset + "S" + seq);
                }
            }
            assertEquals(afterFirstSend, stateFilesLength(), "the state directory does not grow with resets");
            final String[] resent = new String[1];
            assertEquals(20, store.replayOutbound(1, 20, (seq, buffer, offset, length) ->
            {
                resent[0] = buffer.getStringWithoutLengthAscii(offset, length);
                return true;
            }));
            assertTrue(resent[0].contains("11=R500S20"), resent[0]);
            assertFalse(Files.exists(dir.resolve("state").resolve(idle.sessionId() + ".out.idx")),
                "a session that never sent has no resend index");
            System.out.println("reset storm: 500 resets, slowest store reset " + slowest / 1000 + " us");
        }
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(
            new JournalContext().directory(dir).lowSpaceBytes(0)))
        {
            final ChronicleMessageStore store = factory.create(S1);
            assertEquals(21, store.nextSenderSeqNum());
            assertEquals(20, store.replayOutbound(1, 20, (seq, buffer, offset, length) -> true));
            assertEquals(0, factory.journal().stateRebuilds());
        }
    }
}
