package io.fixtape.bench.harness.server;

import com.google.gson.JsonObject;
import io.fixtape.bench.harness.Phase;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ServerProbeTest
{
    @Test
    void phaseSplitsAtTheWarmupIndexWithoutABranch()
    {
        assertEquals(0, Phase.of(0, 100));
        assertEquals(0, Phase.of(99, 100));
        assertEquals(1, Phase.of(100, 100));
        assertEquals(1, Phase.of(Integer.MAX_VALUE, 100));
        assertEquals(1, Phase.of(0, 0), "no warm-up: every index is measured");
    }

    @Test
    void warmupSamplesAreCountedButNotReported(@TempDir final Path dir) throws Exception
    {
        final Path out = dir.resolve("server-probe.json");
        final ServerProbe probe = new ServerProbe(3, 10, out, "test");
        for (int index = 0; index < 10; index++)
        {
            // warm-up ticks are slow (1 ms), measured ones 5 us: the report must only show the measured ones
            probe.record(index, index < 3 ? 1_000_000 : 5_000);
        }
        assertEquals(7, probe.measured().getTotalCount());
        assertEquals(5_000, probe.measured().getMaxValue(), 5, "seeds taken out again");
        assertEquals(5_000, probe.measured().getMinNonZeroValue(), 5, "seeds taken out again");
        probe.writeFile();
        final JsonObject json = JsonParser.parseString(Files.readString(out)).getAsJsonObject();
        assertEquals(10, json.get("orders_written").getAsLong());
        assertEquals(7, json.get("samples").getAsLong());
        final JsonObject latency = json.getAsJsonObject("latency");
        assertEquals(5.0, latency.get("max_us").getAsDouble(), 0.01, "max of the measured samples only, in us");
    }

    @Test
    void seedsKeepMinAndMaxFixedAndAreTakenOutForReporting()
    {
        final org.HdrHistogram.Histogram seeded = io.fixtape.bench.harness.Seeds.seeded(1_000_000);
        final long max = seeded.getMaxValue();
        seeded.recordValue(700);
        seeded.recordValue(900);
        assertEquals(max, seeded.getMaxValue(), "a sample never moves the max of a seeded histogram");
        final org.HdrHistogram.Histogram samples = io.fixtape.bench.harness.Seeds.without(seeded);
        assertEquals(2, samples.getTotalCount());
        assertEquals(700, samples.getMinNonZeroValue(), 1);
        assertEquals(900, samples.getMaxValue(), 1);
    }
}
