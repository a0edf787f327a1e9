package io.fixtape.bench.harness.run;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ArmSpecTest
{
    @Test
    void fourModelsRunSideBySideAgainstOneFloor()
    {
        final List<ArmSpec> rows = ArmSpec.expand(List.of(Arm.FIXTAPE, Arm.FLOOR, Arm.QUICKFIXJ), List.of("none"),
            List.of("single", "mono", "pool", "shard"));
        assertEquals(List.of("floor", "fixtape[single]", "fixtape[mono]", "fixtape[pool]", "fixtape[shard]",
            "quickfixj"), rows.stream().map(ArmSpec::label).toList());
        assertEquals(List.of("n/a", "single", "mono", "pool", "shard", "n/a"),
            rows.stream().map(ArmSpec::model).toList());
        assertEquals("fixtape-shard", rows.get(4).fileLabel());
    }

    @Test
    void onlyWhatVariesIsInTheLabel()
    {
        assertEquals(List.of("fixtape"), ArmSpec.expand(List.of(Arm.FIXTAPE), List.of("audit"), List.of("mono"))
            .stream().map(ArmSpec::label).toList());
        final List<ArmSpec> both = ArmSpec.expand(List.of(Arm.FIXTAPE), List.of("none", "audit"),
            List.of("single", "shard"));
        assertEquals(List.of("fixtape[none,single]", "fixtape[none,shard]", "fixtape[audit,single]",
            "fixtape[audit,shard]"), both.stream().map(ArmSpec::label).toList());
        assertEquals("fixtape-audit-shard", both.get(3).fileLabel());
        assertEquals(List.of("none", "audit"), ArmSpec.expand(List.of(Arm.FIXTAPE), List.of("none", "audit"))
            .stream().map(ArmSpec::store).toList());
    }
}
