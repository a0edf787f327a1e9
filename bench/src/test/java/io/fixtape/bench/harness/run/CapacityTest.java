package io.fixtape.bench.harness.run;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.fixtape.bench.harness.run.Capacity.Outcome.ERROR;
import static io.fixtape.bench.harness.run.Capacity.Outcome.FAIL;
import static io.fixtape.bench.harness.run.Capacity.Outcome.PASS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Capacity = the highest passing offered rate; brackets, non-monotone ladders, untried rates. */
class CapacityTest
{
    private static final List<Long> LADDER = List.of(10_000L, 25_000L, 50_000L, 75_000L, 100_000L);

    private static Map<Long, Capacity.Outcome> ladder(final Object... rateThenOutcome)
    {
        final Map<Long, Capacity.Outcome> outcomes = new LinkedHashMap<>();
        for (int i = 0; i < rateThenOutcome.length; i += 2)
        {
            outcomes.put(((Number)rateThenOutcome[i]).longValue(), (Capacity.Outcome)rateThenOutcome[i + 1]);
        }
        return outcomes;
    }

    @Test
    void aMonotoneLadderBracketsBetweenTheLastPassAndTheFirstFailure()
    {
        final Capacity.Bracket bracket = Capacity.bracket(
            ladder(10_000, PASS, 25_000, PASS, 50_000, FAIL, 75_000, FAIL, 100_000, FAIL), LADDER);
        assertEquals(25_000, bracket.capacity());
        assertEquals(50_000L, bracket.failingAbove());
        assertFalse(bracket.nonMonotone());
        assertEquals(50_000L, bracket.firstFailure());
        assertEquals("25000 passes, 50000 fails", bracket.describe());
    }

    @Test
    void aPassAboveAFailureIsTheCapacityAndTheLadderIsFlaggedNonMonotone()
    {
        // the 08:24 tick_to_trade sweep (main 31409f7, git history), fixtape: fails at 10k (p99 146 us), passes at 25k and 50k
        final Capacity.Bracket bracket = Capacity.bracket(ladder(10_000, FAIL, 25_000, PASS, 50_000, PASS,
            75_000, FAIL, 100_000, FAIL), LADDER);
        assertEquals(50_000, bracket.capacity());
        assertEquals(75_000L, bracket.failingAbove());
        assertTrue(bracket.nonMonotone());
        assertEquals(List.of(10_000L), bracket.failuresBelow());
        assertEquals(10_000L, bracket.firstFailure());
        assertEquals("50000 passes, 75000 fails; NON-MONOTONE: fails at 10000 below a passing rate",
            bracket.describe());
        final Map<String, Object> fields = bracket.fields(2);
        assertEquals(50_000L, fields.get("capacity_rate"));
        assertEquals(100_000L, fields.get("capacity_msg_rate"));
        assertEquals(Boolean.TRUE, fields.get("non_monotone"));
    }

    @Test
    void noPassMeansNoCapacityAndEveryPassMeansNoUpperBracket()
    {
        final Capacity.Bracket none = Capacity.bracket(ladder(10_000, FAIL, 25_000, FAIL), LADDER);
        assertEquals(0, none.capacity());
        assertEquals(10_000L, none.failingAbove());
        assertFalse(none.nonMonotone());
        assertEquals("none passed (10000 fails); not measured: 50000, 75000, 100000", none.describe());

        final Capacity.Bracket all = Capacity.bracket(
            ladder(10_000, PASS, 25_000, PASS, 50_000, PASS, 75_000, PASS, 100_000, PASS), LADDER);
        assertEquals(100_000, all.capacity());
        assertNull(all.failingAbove());
        assertNull(all.firstFailure());
        assertEquals("100000 passes, no failure above it up to 100000", all.describe());
    }

    @Test
    void aBrokenRunIsAFailureAndRatesNeverMeasuredAreListed()
    {
        // the arm broke at 50k: the sweep stopped, so 75k and 100k were never measured
        final Capacity.Bracket bracket = Capacity.bracket(ladder(25_000, PASS, 10_000, PASS, 50_000, ERROR), LADDER);
        assertEquals(25_000, bracket.capacity());
        assertEquals(50_000L, bracket.failingAbove());
        assertEquals(List.of(10_000L, 25_000L, 50_000L), bracket.tried());
        assertEquals(List.of(75_000L, 100_000L), bracket.notTried());
        assertTrue(bracket.describe().endsWith("; not measured: 75000, 100000"), bracket.describe());
    }

    @Test
    void withoutALadderOnlyTheMeasuredRatesCount()
    {
        final Capacity.Bracket bracket = Capacity.bracket(ladder(1_000, PASS, 2_000, FAIL), null);
        assertEquals(1_000, bracket.capacity());
        assertEquals(List.of(), bracket.notTried());
        assertEquals("no rate measured", Capacity.bracket(Map.of(), LADDER).describe());
    }
}
