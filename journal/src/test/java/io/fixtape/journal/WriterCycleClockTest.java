package io.fixtape.journal;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The writer's roll-cycle clock: the wall clock until the first append, then a value refreshed only when the engine
 * time moved a millisecond (or backwards) or after {@link WriterCycleClock#REFRESH_APPENDS} appends; never backwards.
 */
class WriterCycleClockTest
{
    @Test
    void readsTheWallClockAtMostOncePerMillisecondOfEngineTime() throws InterruptedException
    {
        final WriterCycleClock clock = new WriterCycleClock();
        final long before = System.currentTimeMillis();
        assertTrue(clock.currentTimeMillis() >= before, "wall clock before the first append");
        clock.onAppend(1_000_000_000L);
        final long cached = clock.currentTimeMillis();
        assertTrue(cached >= before);
        Thread.sleep(5);
        clock.onAppend(1_000_500_000L); // 0.5 ms of engine time later: no new read
        assertEquals(cached, clock.currentTimeMillis(), "cached within a millisecond of engine time");
        clock.onAppend(1_001_000_000L); // 1 ms later: refreshed
        assertTrue(clock.currentTimeMillis() >= cached + 5, "refreshed after a millisecond of engine time");
        final long refreshed = clock.currentTimeMillis();
        Thread.sleep(5);
        clock.onAppend(5L); // engine clock went backwards (reset): refreshed, and the cycle time never goes back
        assertTrue(clock.currentTimeMillis() >= refreshed + 5);
    }

    @Test
    void refreshesAfterSoManyAppendsWhenTheEngineClockBarelyMoves() throws InterruptedException
    {
        final WriterCycleClock clock = new WriterCycleClock();
        clock.onAppend(0);
        final long cached = clock.currentTimeMillis();
        Thread.sleep(5);
        for (int i = 1; i <= WriterCycleClock.REFRESH_APPENDS; i++)
        {
            clock.onAppend(i);
            assertEquals(cached, clock.currentTimeMillis(), "append " + i);
        }
        clock.onAppend(WriterCycleClock.REFRESH_APPENDS + 1);
        assertTrue(clock.currentTimeMillis() >= cached + 5, "refreshed after " + WriterCycleClock.REFRESH_APPENDS + " appends");
    }
}
