package io.fixtape.codegen;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class NamesTest
{
    @Test
    void properties()
    {
        assertEquals("clOrdID", Names.property("ClOrdID"));
        assertEquals("mdReqID", Names.property("MDReqID"));
        assertEquals("cfiCode", Names.property("CFICode"));
        assertEquals("ioiid", Names.property("IOIID"));
        assertEquals("noMDEntries", Names.property("NoMDEntries"));
        assertEquals("side", Names.property("Side"));
        assertEquals("myField", Names.property("myField"));
        assertEquals("packageValue", Names.property("Package"), "a keyword");
        assertEquals("countValue", Names.property("Count"), "a method of every group");
    }

    @Test
    void constantsAndTypes()
    {
        assertEquals("NEW_ORDER_SINGLE", Names.constant("NewOrderSingle"));
        assertEquals("IOI", Names.constant("IOI"));
        assertEquals("MARKET_DATA_REQUEST", Names.constant("MarketDataRequest"));
        assertEquals("TRADE_CAPTURE_REPORT_REQUEST_ACK", Names.constant("TradeCaptureReportRequestAck"));
        assertEquals("Side", Names.type("Side"));
        assertEquals("_1Week", Names.type("1Week"));
        assertEquals("SELL_SHORT", Names.enumConstant("SELL_SHORT"));
        assertEquals("A_B", Names.enumConstant("a-b"));
    }

    @Test
    void literals()
    {
        assertEquals("\"a\\\"b\\\\\"", Names.literal("a\"b\\"));
        assertEquals("'\\''", Names.charLiteral('\''));
        assertEquals("'\\u0001'", Names.charLiteral('\u0001'));
        assertEquals("'x'", Names.charLiteral('x'));
    }
}
