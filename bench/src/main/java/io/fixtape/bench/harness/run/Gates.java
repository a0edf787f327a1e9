package io.fixtape.bench.harness.run;

import io.fixtape.bench.harness.LatencySummary;
import io.fixtape.bench.harness.Standards;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The gates a result must pass (completion, achieved rate, stability, capacity, samples, offered load), each
 * reported with its status, the measured value and the threshold.
 * A figure that fails a gate is reported as failing, never hidden. Statuses: PASS, WARN, FAIL, SUSPECT (a cv of
 * exactly 0.000 across independent runs), N/A (e.g. stability of a single run). Only PASS and N/A count as passing
 * ({@link #allPass}). Stateless.
 */
public final class Gates
{
    private Gates()
    {
    }

    public static Map<String, Object> gate(final String status, final Object value, final String threshold)
    {
        final Map<String, Object> gate = new LinkedHashMap<>();
        gate.put("status", status);
        gate.put("value", value);
        gate.put("threshold", threshold);
        return gate;
    }

    public static Map<String, Object> completion(final long completed, final long expected)
    {
        return gate(completed == expected ? "PASS" : "FAIL", completed + "/" + expected,
            "every request answered (counted)");
    }

    public static Map<String, Object> achieved(final double worstRatio, final double minimum)
    {
        return gate(worstRatio >= minimum ? "PASS" : "FAIL", LatencySummary.round3(worstRatio),
            "achieved/offered >= " + minimum + " in every run");
    }

    public static Map<String, Object> samples(final long samples, final double p50)
    {
        return gate(samples > 0 && p50 > 0 ? "PASS" : "FAIL", samples + " samples, p50 " + p50 + " us",
            "samples > 0 and p50 > 0");
    }

    public static Map<String, Object> rejects(final long rejects)
    {
        return gate(rejects == 0 ? "PASS" : "FAIL", rejects, "no session/business rejects");
    }

    /** Coefficient of variation of the per-run p50s. */
    public static Map<String, Object> stability(final List<Double> p50s, final Standards standards)
    {
        if (p50s.size() < 2)
        {
            return gate("N/A", "1 run", "cv of p50 across runs <= " + standards.get("gate.stability.pass.cv"));
        }
        if (p50s.contains(0.0))
        {
            return gate("FAIL", "a run without samples", "cv of p50 across runs <= "
                + standards.get("gate.stability.pass.cv"));
        }
        double mean = 0;
        for (final double p : p50s)
        {
            mean += p;
        }
        mean /= p50s.size();
        double variance = 0;
        for (final double p : p50s)
        {
            variance += (p - mean) * (p - mean);
        }
        variance /= p50s.size() - 1;
        final double cv = mean == 0 ? 0 : Math.sqrt(variance) / mean;
        final double rounded = Math.round(cv * 1000.0) / 1000.0;
        final String threshold = "PASS <= " + standards.get("gate.stability.pass.cv") + ", WARN <= "
            + standards.get("gate.stability.warn.cv") + ", cv 0.000 suspicious";
        final String status;
        if (rounded == 0.0)
        {
            status = "SUSPECT";
        }
        else if (cv <= standards.getDouble("gate.stability.pass.cv"))
        {
            status = "PASS";
        }
        else if (cv <= standards.getDouble("gate.stability.warn.cv"))
        {
            status = "WARN";
        }
        else
        {
            status = "FAIL";
        }
        return gate(status, rounded, threshold);
    }

    /** The capacity gate for one offered rate: completion 100%, achieved >= 98%, p99 <= 100 us. */
    public static Map<String, Object> capacity(
        final long completed, final long expected, final double worstRatio, final double p99Us,
        final Standards standards)
    {
        final double minAchieved = standards.getDouble("gate.capacity.achieved.min");
        final double maxP99 = standards.getDouble("gate.capacity.p99.max.us");
        final boolean pass = completed == expected && worstRatio >= minAchieved && p99Us <= maxP99;
        return gate(pass ? "PASS" : "FAIL",
            "completion " + completed + "/" + expected + ", achieved " + LatencySummary.round3(worstRatio)
                + ", p99 " + p99Us + " us",
            "completion 100%, achieved >= " + minAchieved + ", p99 <= " + maxP99 + " us");
    }

    /**
     * Could the client offer the load (section 3)? In every run the measured send rate must be within
     * {@code tolerance} of the offered rate (below: it could not keep the schedule; above: it sent a backlog in a
     * burst after falling behind) and its worst lateness against the schedule at most {@code maxLagUs}. If not, the
     * status is WARN and that warning is the finding: the latency includes queueing in front of the arm.
     *
     * @param sendRates per run, measured requests written per second (same unit as {@code offered}).
     * @param maxLagsUs per run, the client's worst lateness against its schedule in the measured phase, us.
     */
    public static Map<String, Object> offeredLoad(final List<Double> sendRates, final List<Double> maxLagsUs,
        final long offered, final double tolerance, final double maxLagUs)
    {
        final String threshold = "send rate within +-" + tolerance + " of offered and max scheduler lag <= "
            + maxLagUs + " us in every run (else: could not offer the load, latency is queueing)";
        if (sendRates.isEmpty() || offered <= 0)
        {
            return gate("N/A", "no runs", threshold);
        }
        double lowest = Double.MAX_VALUE;
        double highest = 0;
        for (final double rate : sendRates)
        {
            lowest = Math.min(lowest, rate / offered);
            highest = Math.max(highest, rate / offered);
        }
        double worstLag = 0;
        for (final double lag : maxLagsUs)
        {
            worstLag = Math.max(worstLag, lag);
        }
        final boolean pass = lowest >= 1 - tolerance && highest <= 1 + tolerance && worstLag <= maxLagUs;
        return gate(pass ? "PASS" : "WARN", "send/offered " + LatencySummary.round3(lowest)
            + (sendRates.size() > 1 ? ".." + LatencySummary.round3(highest) : "") + ", max scheduler lag "
            + LatencySummary.round3(worstLag) + " us", threshold);
    }

    public static boolean allPass(final Map<String, Object> gates)
    {
        for (final Object gate : gates.values())
        {
            @SuppressWarnings("unchecked")
            final String status = (String)((Map<String, Object>)gate).get("status");
            if (!"PASS".equals(status) && !"N/A".equals(status))
            {
                return false;
            }
        }
        return true;
    }
}
