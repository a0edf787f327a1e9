package io.fixtape.journal;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The diagnostic splits appends by whether a record's last byte is in a page the previous record's was not. */
class AppendTimingsTest
{
    @Test
    void anAppendThatEndsInANewPageCountsAsCrossing()
    {
        final AppendTimings timings = new AppendTimings();
        timings.record(250, 500, 100);         // within page 0
        timings.record(3_900, 4_096, 200);     // ends exactly at the page end: still within page 0
        timings.record(4_000, 4_250, 5_000);   // into page 1
        timings.record(8_192, 8_400, 6_000);   // the previous append ended at the page boundary: this one opens page 2
        timings.record(8_400, 8_600, 300);     // within page 2
        assertEquals("append timings (ns): into a new page 2 appends p50 6000 p90 6000 p99 6000 max 6000 | within a "
            + "page 3 appends p50 200 p90 300 p99 300 max 300", timings.summary());
    }
}
