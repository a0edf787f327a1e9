package io.fixtape.journal;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The writer's roll-cycle clock: the wall clock until the first append, then a value refreshed only when the engine
 * time moved a millisecond (or backwards) or after {@link WriterCycleClock#REFRESH_APPENDS} appends; never backwards.
 */
class WriterCycleClockTest
{
    private final AtomicLong wall = new AtomicLong(1_764_720_000_000L);
    private final WriterCycleClock clock = new WriterCycleClock(wall::get);

    @Test
    void readsTheWallClockAtMostOncePerMillisecondOfEngineTime()
    {
        final long before = wall.get();
        assertTrue(clock.currentTimeMillis() >= before, "wall clock before the first append");
        clock.onAppend(1_000_000_000L);
        final long cached = clock.currentTimeMillis();
        assertTrue(cached >= before);
        wall.addAndGet(5);
        clock.onAppend(1_000_500_000L); // 0.5 ms of engine time later: no new read
        assertEquals(cached, clock.currentTimeMillis(), "cached within a millisecond of engine time");
        clock.onAppend(1_001_000_000L); // 1 ms later: refreshed
        assertTrue(clock.currentTimeMillis() >= cached + 5, "refreshed after a millisecond of engine time");
        final long refreshed = clock.currentTimeMillis();
        wall.addAndGet(5);
        clock.onAppend(5L); // engine clock went backwards (reset): refreshed, and the cycle time never goes back
        assertTrue(clock.currentTimeMillis() >= refreshed + 5);
    }

    @Test
    void refreshesAfterSoManyAppendsWhenTheEngineClockBarelyMoves()
    {
        clock.onAppend(0);
        final long cached = clock.currentTimeMillis();
        wall.addAndGet(5);
        for (int i = 1; i <= WriterCycleClock.REFRESH_APPENDS; i++)
        {
            clock.onAppend(i);
            assertEquals(cached, clock.currentTimeMillis(), "append " + i);
        }
        clock.onAppend(WriterCycleClock.REFRESH_APPENDS + 1);
        assertTrue(clock.currentTimeMillis() >= cached + 5, "refreshed after " + WriterCycleClock.REFRESH_APPENDS + " appends");
    }
}
