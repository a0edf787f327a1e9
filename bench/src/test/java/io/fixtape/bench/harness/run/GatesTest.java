package io.fixtape.bench.harness.run;

import io.fixtape.bench.harness.Standards;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The result gates at and around their thresholds (from a standards file of known values). */
class GatesTest
{
    private static Standards standards;

    @BeforeAll
    static void standards(@TempDir final Path dir) throws Exception
    {
        final Path file = dir.resolve("standards.properties");
        Files.writeString(file, String.join("\n", "gate.capacity.achieved.min=0.98", "gate.capacity.p99.max.us=100",
            "gate.stability.pass.cv=0.05", "gate.stability.warn.cv=0.10", ""));
        standards = Standards.load(file);
    }

    private static String status(final Map<String, Object> gate)
    {
        return (String)gate.get("status");
    }

    @Test
    void completionCountsEveryReply()
    {
        assertEquals("PASS", status(Gates.completion(400, 400)));
        assertEquals("FAIL", status(Gates.completion(399, 400)));
        assertEquals("399/400", Gates.completion(399, 400).get("value"));
    }

    @Test
    void achievedRateIsJudgedOnTheWorstRunAgainstItsMinimum()
    {
        assertEquals("PASS", status(Gates.achieved(0.95, 0.95)));
        assertEquals("FAIL", status(Gates.achieved(0.9499, 0.95)));
        assertEquals("PASS", status(Gates.achieved(0.98, 0.98)));
        assertEquals("FAIL", status(Gates.achieved(0.979, 0.98)));
    }

    @Test
    void aCellWithoutSamplesOrWithAZeroMedianIsNotAResult()
    {
        assertEquals("PASS", status(Gates.samples(1, 0.5)));
        assertEquals("FAIL", status(Gates.samples(0, 0.0)));
        assertEquals("FAIL", status(Gates.samples(200, 0.0)));
        assertEquals("PASS", status(Gates.rejects(0)));
        assertEquals("FAIL", status(Gates.rejects(1)));
    }

    @Test
    void stabilityPassesWarnsAndFailsOnTheCvOfP50AndSuspectsAZeroCv()
    {
        assertEquals("N/A", status(Gates.stability(List.of(10.0), standards)));
        // cv of {10, 10.5, 11} = 0.5 / 10.5 = 0.048
        assertEquals("PASS", status(Gates.stability(List.of(10.0, 10.5, 11.0), standards)));
        // cv of {10, 11, 12} = 1 / 11 = 0.091
        final Map<String, Object> warn = Gates.stability(List.of(10.0, 11.0, 12.0), standards);
        assertEquals("WARN", status(warn));
        assertEquals(0.091, (Double)warn.get("value"), 1e-9);
        // cv of {10, 12, 14} = 2 / 12 = 0.167
        assertEquals("FAIL", status(Gates.stability(List.of(10.0, 12.0, 14.0), standards)));
        // identical medians across independent runs: suspicious, not a pass
        assertEquals("SUSPECT", status(Gates.stability(List.of(17.5, 17.5, 17.5), standards)));
        assertEquals("SUSPECT", status(Gates.stability(List.of(17.5, 17.5001, 17.5), standards)));
        assertEquals("FAIL", status(Gates.stability(List.of(17.5, 0.0, 17.5), standards)));
    }

    @Test
    void capacityNeedsFullCompletionTheAchievedRateAndTheP99Bound()
    {
        assertEquals("PASS", status(Gates.capacity(300, 300, 0.98, 100.0, standards)));
        assertEquals("FAIL", status(Gates.capacity(299, 300, 1.0, 10.0, standards)));
        assertEquals("FAIL", status(Gates.capacity(300, 300, 0.979, 10.0, standards)));
        assertEquals("FAIL", status(Gates.capacity(300, 300, 1.0, 100.001, standards)));
    }

    @Test
    void couldNotOfferTheLoadIsAWarningOnSendRateOrSchedulerLag()
    {
        assertEquals("PASS", status(Gates.offeredLoad(List.of(9_990.0, 10_150.0), List.of(20.0, 999.0), 10_000,
            0.02, 1000)));
        // fell behind: sent 97% of the schedule
        final Map<String, Object> slow = Gates.offeredLoad(List.of(9_700.0), List.of(10.0), 10_000, 0.02, 1000);
        assertEquals("WARN", status(slow));
        assertTrue(((String)slow.get("value")).startsWith("send/offered 0.97"), slow.toString());
        // caught up a backlog in a burst: 130% of the schedule
        assertEquals("WARN", status(Gates.offeredLoad(List.of(10_000.0, 13_000.0), List.of(10.0, 10.0), 10_000,
            0.02, 1000)));
        // on schedule on average but one stall of 5 ms
        assertEquals("WARN", status(Gates.offeredLoad(List.of(10_000.0), List.of(5_000.0), 10_000, 0.02, 1000)));
        assertEquals("N/A", status(Gates.offeredLoad(List.of(), List.of(), 10_000, 0.02, 1000)));
    }

    @Test
    void onlyPassAndNotApplicableCountAsPassing()
    {
        final Map<String, Object> gates = new LinkedHashMap<>();
        gates.put("completion", Gates.completion(1, 1));
        gates.put("stability", Gates.stability(List.of(1.0), standards));
        assertTrue(Gates.allPass(gates));
        gates.put("offered_load", Gates.offeredLoad(List.of(1.0), List.of(0.0), 10_000, 0.02, 1000));
        assertFalse(Gates.allPass(gates), "a WARN is not a pass");
        gates.put("offered_load", Gates.offeredLoad(List.of(10_000.0), List.of(0.0), 10_000, 0.02, 1000));
        gates.put("stability", Gates.stability(List.of(2.0, 2.0), standards));
        assertFalse(Gates.allPass(gates), "a SUSPECT is not a pass");
    }
}
