package io.fixtape.replay.drive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fixtape.engine.session.SessionId;
import io.fixtape.replay.recording.Recordings;
import io.fixtape.replay.recording.SessionRecording;
import io.fixtape.replay.recording.SyntheticSession;
import org.junit.jupiter.api.Test;

/**
 * Steady state allocates nothing: an inproc replay runs the real engine on the replay thread, so the bytes that
 * thread allocates while 20,000 orders and their fills flow cover the replay loop, the transport, framing, the
 * session, the exec application and encoding. The first run warms up (class loading, JIT, buffers growing to
 * size); the second is measured.
 */
class ReplayAllocationTest
{
    @Test
    void aWarmReplayAllocatesNothingPerMessage()
    {
        final SessionId engine = new SessionId("FIX.4.4", "FIXTAPE", "CLIENT");
        final Recordings recordings = new Recordings();
        final int orders = 20_000;
        SyntheticSession.generate(engine, orders, 100_000, 1_764_633_600_000_000_000L, recordings);
        final SessionRecording recording = recordings.session(engine);
        final ReplayOptions options = new ReplayOptions().transport(TransportKind.INPROC).journalMode("none")
            .collectOutbound(false);
        final Replayer replayer = new Replayer(FixtapeReplayEngines.factory());

        final ReplayResult warmUp = replayer.run(recording, options);
        assertEquals(orders + 2, warmUp.outboundReplayed, "Logon, a fill per order, Logout");
        final ReplayResult measured = replayer.run(recording, options);
        assertEquals(orders + 2, measured.outboundReplayed);
        assertEquals(warmUp.digest, measured.digest);

        final long messages = measured.inboundSent + measured.outboundReplayed;
        assertTrue(measured.replayThreadAllocatedBytes >= 0, "allocation measurement supported");
        assertTrue(measured.replayThreadAllocatedBytes < messages / 4,
            measured.replayThreadAllocatedBytes + " bytes for " + messages + " messages");
    }
}
