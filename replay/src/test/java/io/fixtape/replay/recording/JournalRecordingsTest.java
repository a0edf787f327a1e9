package io.fixtape.replay.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import io.fixtape.engine.session.SessionId;
import io.fixtape.journal.JournalContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Imported messages survive a real Chronicle Queue journal unchanged: bytes, direction, time, session. */
class JournalRecordingsTest
{
    @TempDir
    Path dir;

    @Test
    void writeThenLoadGivesBackEveryMessage()
    {
        final SessionId engine = new SessionId("FIX.4.4", "FIXTAPE", "CLIENT");
        final Recordings generated = new Recordings();
        SyntheticSession.generate(engine, 500, 1000, 1_764_633_600_000_000_000L, generated);
        final SessionRecording original = generated.session(engine);
        try (RecordingSink journal = JournalRecordings.writer(new JournalContext().directory(dir).blockSize(1 << 16)))
        {
            for (int i = 0; i < original.count(); i++)
            {
                journal.onMessage(engine, i % 3 != 0, original.timestampNanos(i), original.buffer(),
                    original.offset(i), original.length(i));
            }
        }
        final Recordings loaded = JournalRecordings.load(dir);
        assertEquals(1, loaded.sessions().size());
        final SessionRecording copy = loaded.find("FIXTAPE:CLIENT");
        assertEquals(original.count(), copy.count());
        for (int i = 0; i < original.count(); i++)
        {
            assertEquals(i % 3 != 0, copy.isInbound(i));
            assertEquals(original.timestampNanos(i), copy.timestampNanos(i));
            assertEquals(original.buffer().getStringWithoutLengthAscii(original.offset(i), original.length(i)),
                copy.buffer().getStringWithoutLengthAscii(copy.offset(i), copy.length(i)));
        }
    }
}
