package io.fixtape.bench.micro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import io.fixtape.bench.micro.MicroBenchReport.Row;

class MicroBenchReportTest
{
    @Test
    void namesRowsLikeTheReferenceFamily()
    {
        assertEquals("scanSohFields", MicroBenchReport.displayName("CodecPrimitives.scanSohFields"));
        assertEquals("FixtapeEncodeLogon", MicroBenchReport.displayName("FixtapeEncodeLogon.encode"));
        assertEquals("ParseNewOrderSingle", MicroBenchReport.displayName("ParseNewOrderSingle.parse"));
        assertEquals("ParseNewOrderSingle", MicroBenchReport.rowName("ParseNewOrderSingle.parse",
            Map.of("engine", "artio")), "the engine has its own column");
        assertEquals("ResendIndexFirstPutBenchmark put=grow",
            MicroBenchReport.rowName("ResendIndexFirstPutBenchmark.put", new TreeMap<>(Map.of("put", "grow"))));
        assertEquals("X a=1 b=2",
            MicroBenchReport.rowName("X.run", new TreeMap<>(Map.of("b", "2", "engine", "e", "a", "1"))));
    }

    @Test
    void judgesTheSideBySideTargets()
    {
        final String table = MicroBenchReport.sideBySide(List.of(
            new Row("ParseNewOrderSingle", "fixtape", 100, 1, 50, 1, 0),
            new Row("ParseNewOrderSingle", "quickfixj", 1000, 1, 1000, 1, 5000),
            new Row("ParseNewOrderSingle", "artio", 150, 1, 40, 1, 0),
            new Row("ParseNewOrderSingle", "fixtape-typed", 120, 1, 60, 1, 0),
            new Row("EncodeExecutionReport", "fixtape", 100, 1, 100, 1, 0),
            new Row("EncodeExecutionReport", "quickfixj", 999, 1, 999, 1, 0),
            new Row("EncodeExecutionReport", "artio", 90, 1, 90, 1, 0)));
        assertTrue(table.contains("| ParseNewOrderSingle | wall | 10.0× met | 1.50× met | 1.20× |"), table);
        assertTrue(table.contains("| EncodeExecutionReport | CPU | 9.99× MISSED | 0.900× MISSED | not measured |"),
            table);
        assertTrue(table.contains("| ParseNewOrderSingle | CPU | 20.0× met | 0.800× MISSED |"), table);
        assertTrue(table.contains("| EncodeExecutionReport | wall | 9.99× MISSED | 0.900× MISSED |"), table);
    }

    @Test
    void flagsAllocatingFixtapeRowsOnly()
    {
        assertEquals("Allocation target MISSED by: FixtapeEncodeLogon (24.0 B/op)\n", MicroBenchReport.allocation(List.of(
            new Row("FixtapeEncodeLogon", "fixtape", 10, 1, 10, 1, 24), new Row("scanSohFields", "fixtape", 10, 1, 10, 1, 0.02),
            new Row("ParseNewOrderSingle", "quickfixj", 1000, 1, 1000, 1, 5000))));
        assertEquals("Allocation target MISSED by: ParseNewOrderSingle:fixtape-typed (16.0 B/op)\n",
            MicroBenchReport.allocation(List.of(new Row("ParseNewOrderSingle", "fixtape-typed", 10, 1, 10, 1, 16))));
        assertEquals("Allocation target (every fixtape row < 1.00 B/op): met\n", MicroBenchReport.allocation(List.of(
            new Row("ResendIndexFirstPutBenchmark put=first", "fixtape", 10, 1, 10, 1, 2600))),
            "a benchmark that creates files per operation is outside the target");
    }
}
