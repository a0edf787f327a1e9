package io.fixtape.replay.drive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fixtape.engine.session.SessionId;
import io.fixtape.replay.recording.Recordings;
import io.fixtape.replay.recording.SessionRecording;
import io.fixtape.replay.recording.SyntheticSession;
import org.junit.jupiter.api.Test;

/** The JIT warm-up: round counts, the quiet rule, and the JIT figure a measured run reports. */
class WarmUpTest
{
    private static final SessionId ENGINE = new SessionId("FIX.4.4", "FIXTAPE", "CLIENT");

    @Test
    void aRoundIsQuietWhenTheJitCompiledForAtMostTwoPercentOfIt()
    {
        assertTrue(WarmUp.isQuiet(0, 1));
        assertTrue(WarmUp.isQuiet(20, 1_000));
        assertFalse(WarmUp.isQuiet(21, 1_000));
        assertFalse(WarmUp.isQuiet(-1, 1_000), "unknown JIT activity is never quiet");
    }

    @Test
    void runsAtLeastOneAndAtMostMaxRoundsOfThePrefix()
    {
        final Recordings recordings = new Recordings();
        SyntheticSession.generate(ENGINE, 500, 100_000, 1_764_633_600_000_000_000L, recordings);
        final SessionRecording recording = recordings.session(ENGINE);
        final Replayer replayer = new Replayer(FixtapeReplayEngines.factory());
        final ReplayOptions options = new ReplayOptions().transport(TransportKind.INPROC).journalMode("none");

        final WarmUp.Result one = WarmUp.run(replayer, recording, options, 100, 1);
        assertEquals(1, one.rounds);
        assertEquals(100, one.inboundPerRound, "the recording's first 100 inbound messages");
        assertEquals(100, one.outboundPerRound, "the Logon answered and 99 orders filled");
        assertTrue(one.lastRoundCompileMillis >= 0, "HotSpot reports JIT time");
        assertTrue(one.describe().startsWith("1 round(s) of 100 inbound, 100 outbound"), one.describe());

        final WarmUp.Result upToThree = WarmUp.run(replayer, recording, options, 100, 3);
        assertTrue(upToThree.rounds >= 1 && upToThree.rounds <= 3, upToThree.describe());
        assertTrue(upToThree.jitQuiet || upToThree.rounds == 3, "stops early only when quiet: " + upToThree.describe());

        final ReplayResult measured = replayer.run(recording, options);
        assertTrue(measured.jitCompileMillis >= 0, "the measured window's JIT time is reported");
        assertThrows(IllegalArgumentException.class, () -> WarmUp.run(replayer, recording, options, 100, 0));
    }
}
