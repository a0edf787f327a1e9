package io.fixtape.bench.harness.run;

import io.fixtape.bench.harness.LatencySummary;
import io.fixtape.bench.harness.Standards;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The gates of BENCH_CONTRACT section 3, each reported with its status, the measured value and the threshold.
 * A figure that fails a gate is reported as failing, never hidden. Statuses: PASS, WARN, FAIL, SUSPECT (a cv of
 * exactly 0.000 across independent runs), N/A (e.g. stability of a single run). Stateless.
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
