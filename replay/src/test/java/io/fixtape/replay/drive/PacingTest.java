package io.fixtape.replay.drive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fixtape.engine.session.SessionId;
import io.fixtape.replay.recording.Recordings;
import io.fixtape.replay.recording.SessionRecording;
import org.junit.jupiter.api.Test;

/**
 * {@code --pace}, {@code --speed} and {@code --rate} change the schedule the replayer sends on. The replayer asks
 * {@link Schedule#isDue} with the time elapsed since its start; here that time is a stepped variable (an
 * injected clock), not the wall clock. The recording: Logon, 9 orders and Logout recorded 1 ms apart.
 */
class PacingTest
{
    private static final long MS = 1_000_000L;

    private static SessionRecording recording()
    {
        final SessionId engine = new SessionId("FIX.4.4", "FIXTAPE", "CLIENT");
        final Recordings recordings = new Recordings();
        io.fixtape.replay.recording.SyntheticSession.generate(engine, 9, 1_000, 1_764_633_600_000_000_000L, recordings);
        return recordings.session(engine);
    }

    private static Schedule schedule(final Pacing pacing)
    {
        final SessionRecording recording = recording();
        return new Schedule(ReplayPlan.of(recording), pacing);
    }

    /** How many inbound messages the replayer would have sent by {@code elapsedNanos} (it sends in order). */
    private static int sentBy(final Schedule schedule, final long elapsedNanos)
    {
        int next = 0;
        while (next < schedule.inboundCount && schedule.isDue(next, elapsedNanos))
        {
            next++;
        }
        return next;
    }

    @Test
    void maxSchedulesEverythingAtTheStart()
    {
        final Schedule max = schedule(Pacing.of("max", 1, 0));
        assertEquals(11, max.inboundCount);
        assertEquals(11, sentBy(max, 0));
        assertEquals(0, max.offeredPerSecond(), "as fast as possible: no offered rate");
    }

    @Test
    void recordedKeepsTheRecordedGapsDividedBySpeed()
    {
        final Schedule recorded = schedule(Pacing.of("recorded", 1, 0));
        for (int i = 0; i < 11; i++)
        {
            assertEquals(i * MS, recorded.scheduledOffsets[i]);
        }
        assertEquals(1, sentBy(recorded, 0));
        assertEquals(5, sentBy(recorded, 4 * MS + MS / 2));
        assertEquals(5, sentBy(recorded, 5 * MS - 1));
        assertEquals(6, sentBy(recorded, 5 * MS));
        assertEquals(11, sentBy(recorded, 10 * MS));
        assertEquals(1_000, recorded.offeredPerSecond(), 1e-6);

        final Schedule twice = schedule(Pacing.of("recorded", 2, 0));
        assertEquals(10, sentBy(twice, 4 * MS + MS / 2), "--speed 2: twice as many due by the same time");
        assertEquals(11, sentBy(twice, 5 * MS));
        assertEquals(2_000, twice.offeredPerSecond(), 1e-6);

        final Schedule slow = schedule(Pacing.of("recorded", 0.5, 0));
        assertEquals(3, sentBy(slow, 4 * MS + MS / 2), "--speed 0.5: half as fast");
        assertEquals(500, slow.offeredPerSecond(), 1e-6);
    }

    @Test
    void rateIgnoresTheRecordedTimesAndWinsOverPace()
    {
        for (final String pace : new String[] {"max", "recorded"})
        {
            final Schedule rate = schedule(Pacing.of(pace, 3, 200));
            assertEquals(Pacing.RATE, Pacing.of(pace, 3, 200).mode());
            for (int i = 0; i < 11; i++)
            {
                assertEquals(i * 5 * MS, rate.scheduledOffsets[i], "200/s: one every 5 ms");
            }
            assertEquals(1, sentBy(rate, 4 * MS));
            assertEquals(3, sentBy(rate, 10 * MS));
            assertEquals(200, rate.offeredPerSecond(), 1e-6);
        }
    }

    @Test
    void badSettingsAreRefusedByName()
    {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Pacing.of("fast", 1, 0)).getMessage()
            .contains("unknown pace 'fast'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Pacing.of("recorded", 0, 0)).getMessage()
            .contains("speed"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Pacing.rate(-5)).getMessage().contains("rate"));
        assertEquals("recorded x2.0", Pacing.of("RECORDED", 2, 0).toString());
        assertEquals("200/s", Pacing.of("max", 1, 200).toString());
        assertEquals("max", Pacing.of("max", 7, 0).toString());
    }
}
