package io.fixtape.bench.harness.server;

import io.fixtape.bench.harness.client.Scenario;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The floor's reply sizes come from fixtape's own replies to the client's requests, per request MsgType. */
class FloorReplySizesTest
{
    @Test
    void sizesAreMeasuredFromFixtapesRepliesPerRequestType()
    {
        final FloorReplySizes both = FloorReplySizes.of(Scenario.MD_NOS_ER);
        assertTrue(both.deltaArgument().matches("V:-?\\d+,D:-?\\d+"), both.deltaArgument());
        final Map<String, Object> described = both.describe();
        @SuppressWarnings("unchecked")
        final Map<String, Object> order = (Map<String, Object>)described.get("35=D");
        // an ExecutionReport (fill) carries the order's fields and more: it is the larger message
        assertTrue((Integer)order.get("fixtape_reply_bytes") > (Integer)order.get("request_bytes"), order.toString());
        // the same exchange measured alone gives the same NewOrderSingle -> ExecutionReport sizes
        assertEquals(both.deltaArgument().split(",")[1], FloorReplySizes.of(Scenario.NOS_ER).deltaArgument());
        assertTrue(FloorReplySizes.of(Scenario.TICK_TO_TRADE).deltaArgument().startsWith("X:"));
        assertEquals(96, FloorReplySizes.parseDeltas("D:96,V:-3")['D']);
        assertEquals(-3, FloorReplySizes.parseDeltas("D:96,V:-3")['V']);
    }
}
