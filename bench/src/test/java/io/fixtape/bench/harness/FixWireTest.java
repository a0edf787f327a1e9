package io.fixtape.bench.harness;

import io.fixtape.bench.harness.client.FixScanner;
import io.fixtape.bench.harness.client.FixWriter;
import io.fixtape.bench.harness.client.Scenario;
import org.junit.jupiter.api.Test;
import quickfix.DataDictionary;
import quickfix.Message;
import quickfix.field.ClOrdID;
import quickfix.field.MDReqID;
import quickfix.field.MsgSeqNum;
import quickfix.field.MsgType;
import quickfix.field.NoMDEntryTypes;
import quickfix.field.NoRelatedSym;

import java.nio.charset.StandardCharsets;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The client's raw encoder produces messages QuickFIX/J's validating parser accepts; the scanner frames them. */
class FixWireTest
{
    @Test
    void newOrderSingleIsValidFix44AndScansBack() throws Exception
    {
        final FixWriter writer = new FixWriter(1024, "CLIENT", "SERVER");
        final long millis = Instant.parse("2026-12-02T15:04:05.678Z").toEpochMilli();
        final int offset = Scenario.NOS_ER.encode(0, 12345, 7, millis, writer);
        final String text = new String(writer.buffer(), offset, writer.length(), StandardCharsets.US_ASCII);
        assertTrue(text.contains("\u000152=20261202-15:04:05.678\u0001"), text);

        final DataDictionary dictionary = new DataDictionary("FIX44.xml");
        final Message parsed = new Message(text, dictionary, true);
        assertDoesNotThrow(() -> dictionary.validate(parsed), text);
        assertEquals("12345", parsed.getString(ClOrdID.FIELD));

        final byte[] stream = (text + text).getBytes(StandardCharsets.US_ASCII);
        final int length = FixScanner.frame(stream, 0, stream.length);
        assertEquals(writer.length(), length);
        assertEquals('D', FixScanner.msgType(stream, length, length));
        assertEquals(12345, FixScanner.parseLong(stream, FixScanner.valueOffset(stream, length, length, 11)));
        assertEquals(0, FixScanner.frame(stream, 0, length - 1));
    }

    @Test
    void marketDataRequestIsValidFix44() throws Exception
    {
        final FixWriter writer = new FixWriter(1024, "CLIENT", "SERVER");
        final int offset = Scenario.MD.encode(0, 9, 3, System.currentTimeMillis(), writer);
        final String text = new String(writer.buffer(), offset, writer.length(), StandardCharsets.US_ASCII);
        final DataDictionary dictionary = new DataDictionary("FIX44.xml");
        final Message parsed = new Message(text, dictionary, true);
        assertDoesNotThrow(() -> dictionary.validate(parsed), text);
        assertEquals(MsgType.MARKET_DATA_REQUEST, parsed.getHeader().getString(MsgType.FIELD));
        assertEquals(3, parsed.getHeader().getInt(MsgSeqNum.FIELD));
        assertEquals("9", parsed.getString(MDReqID.FIELD));
        assertEquals(2, parsed.getGroupCount(NoMDEntryTypes.FIELD), "bid and offer");
        assertEquals(1, parsed.getGroupCount(NoRelatedSym.FIELD));
    }
}
