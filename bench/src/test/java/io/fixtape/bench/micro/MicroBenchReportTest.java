package io.fixtape.bench.micro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

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
    }
}
