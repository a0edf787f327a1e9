package io.fixtape.bench.harness.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The capacity of one arm from its per-rate results: <em>the highest offered rate at
 * which the capacity gate passes</em> (completion 100%, achieved >= 98%, p99 <= 100 us). The bracket is that rate
 * and the lowest failing rate above it. A ladder is <em>non-monotone</em> when some rate below the capacity failed
 * (a pass above a failure): that is reported, never smoothed over. Rates of the ladder that were not measured
 * (the sweep stopped early) are listed, since a higher rate might have passed. Used by the harness to write
 * {@code capacity_bracket} records and by {@code bench report} to recompute them from the per-rate cells.
 * Stateless.
 */
public final class Capacity
{
    /** Outcome of one offered rate: the gate passed, failed, or the run broke (a {@code capacity_error}). */
    public enum Outcome
    {
        PASS, FAIL, ERROR
    }

    /**
     * The bracket of one arm.
     *
     * @param capacity          highest passing rate, 0 when none passed.
     * @param failingAbove      lowest failing (or broken) rate above {@code capacity}; null when none was measured.
     * @param failuresBelow     failing or broken rates below {@code capacity} (non-empty = non-monotone ladder).
     * @param tried             every measured rate, ascending.
     * @param notTried          rates of the ladder that were not measured (the sweep stopped), ascending.
     */
    public record Bracket(long capacity, Long failingAbove, List<Long> failuresBelow, List<Long> tried,
        List<Long> notTried)
    {
        public boolean nonMonotone()
        {
            return !failuresBelow.isEmpty();
        }

        /** One line for tables and logs. */
        public String describe()
        {
            final StringBuilder text = new StringBuilder();
            if (tried.isEmpty())
            {
                return "no rate measured";
            }
            if (capacity == 0)
            {
                text.append("none passed (").append(tried.get(0)).append(" fails)");
            }
            else
            {
                text.append(capacity).append(" passes, ").append(failingAbove == null
                    ? "no failure above it up to " + tried.get(tried.size() - 1) : failingAbove + " fails");
            }
            if (nonMonotone())
            {
                text.append("; NON-MONOTONE: fails at ").append(join(failuresBelow)).append(" below a passing rate");
            }
            if (!notTried.isEmpty())
            {
                text.append("; not measured: ").append(join(notTried));
            }
            return text.toString();
        }

        /** The fields of a {@code capacity_bracket} record. */
        public Map<String, Object> fields(final int messagesPerIteration)
        {
            final Map<String, Object> out = new LinkedHashMap<>();
            out.put("capacity_rate", capacity);
            out.put("capacity_msg_rate", capacity * messagesPerIteration);
            out.put("highest_passing_rate", capacity);
            out.put("failing_rate_above_capacity", failingAbove);
            out.put("first_failing_rate", firstFailure());
            out.put("non_monotone", nonMonotone());
            out.put("failures_below_capacity", failuresBelow);
            out.put("rates_tried", tried);
            out.put("rates_not_tried", notTried);
            out.put("bracket", describe());
            return out;
        }

        /** Lowest failing or broken rate measured, null when every measured rate passed. */
        public Long firstFailure()
        {
            if (!failuresBelow.isEmpty())
            {
                return failuresBelow.get(0);
            }
            return failingAbove;
        }
    }

    private Capacity()
    {
    }

    /**
     * @param outcomes outcome per measured offered rate (several runs of one rate: one outcome for the rate).
     * @param ladder   every rate the sweep was asked for (null or empty: only the measured ones).
     */
    public static Bracket bracket(final Map<Long, Outcome> outcomes, final List<Long> ladder)
    {
        final TreeMap<Long, Outcome> sorted = new TreeMap<>(outcomes);
        long capacity = 0;
        for (final Map.Entry<Long, Outcome> entry : sorted.entrySet())
        {
            if (entry.getValue() == Outcome.PASS)
            {
                capacity = entry.getKey();
            }
        }
        Long failingAbove = null;
        final List<Long> failuresBelow = new ArrayList<>();
        for (final Map.Entry<Long, Outcome> entry : sorted.entrySet())
        {
            if (entry.getValue() == Outcome.PASS)
            {
                continue;
            }
            if (entry.getKey() < capacity)
            {
                failuresBelow.add(entry.getKey());
            }
            else if (failingAbove == null)
            {
                failingAbove = entry.getKey();
            }
        }
        final List<Long> notTried = new ArrayList<>();
        if (ladder != null)
        {
            for (final long rate : new TreeSet<>(ladder))
            {
                if (!sorted.containsKey(rate))
                {
                    notTried.add(rate);
                }
            }
        }
        return new Bracket(capacity, failingAbove, List.copyOf(failuresBelow), List.copyOf(sorted.keySet()),
            List.copyOf(notTried));
    }

    private static String join(final List<Long> rates)
    {
        final List<String> text = new ArrayList<>();
        rates.forEach(rate -> text.add(Long.toString(rate)));
        return String.join(", ", text);
    }
}
