package io.fixtape.engine.codec;

import static io.fixtape.engine.codec.FixText.message;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.agrona.AsciiSequenceView;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class FixDecoderTest
{
    private static final String ORDER = message("FIX.4.4", "35=D|49=CLIENT|56=SERVER|34=42|" +
        "52=20261202-14:55:00.123|11=ORD-1|1=ACC|54=1|38=9007199254740993|40=2|44=-1.2345|59=0|" +
        "60=20261202-14:55:00.123456789|64=20261204|43=N|97=Y|77=X|453=2|448=P1|447=D|448=P2|447=D|21=1|" +
        "5000=big|");

    private final FixDecoder decoder = new FixDecoder();

    private FixDecoder decode(final String text)
    {
        return decoder.wrap(FixText.buffer(text), 0, text.length());
    }

    @Test
    void indexesEveryFieldInOrder()
    {
        decode(ORDER);
        assertEquals(FixDecoder.ERROR_NONE, decoder.errorCode());
        assertEquals(MsgTypes.NEW_ORDER_SINGLE, decoder.msgType());
        assertEquals(8, decoder.tagAt(0));
        assertEquals(9, decoder.tagAt(1));
        assertEquals(35, decoder.tagAt(2));
        assertEquals(10, decoder.tagAt(decoder.fieldCount() - 1));
        assertEquals("FIX.4.4", decoder.stringAt(0).toString());
        assertEquals(0, decoder.fieldOffsetAt(0));
        assertEquals(ORDER.indexOf("\0019=") + 1, decoder.fieldOffsetAt(1));
    }

    @Test
    void intLongCharBoolean()
    {
        decode(ORDER);
        assertEquals(42, decoder.getInt(Tags.MSG_SEQ_NUM));
        assertTrue(decoder.lastParseOk());
        assertEquals(9_007_199_254_740_993L, decoder.getLong(Tags.ORDER_QTY));
        assertEquals('1', decoder.getChar(Tags.SIDE));
        assertFalse(decoder.getBoolean(Tags.POSS_DUP_FLAG));
        assertTrue(decoder.lastParseOk());
        assertTrue(decoder.getBoolean(Tags.POSS_RESEND));
        assertEquals(42L, decoder.longAt(decoder.indexOf(Tags.MSG_SEQ_NUM)));
    }

    @Test
    void badFormatIsReportedNotThrown()
    {
        decode(ORDER);
        assertEquals(AsciiNumbers.INVALID_INT, decoder.getInt(Tags.CL_ORD_ID));
        assertEquals(FixDecoder.PARSE_BAD_FORMAT, decoder.lastParseStatus());
        assertEquals(AsciiNumbers.INVALID_INT, decoder.getInt(Tags.ORDER_QTY)); // too large for int
        assertEquals(FixDecoder.PARSE_BAD_FORMAT, decoder.lastParseStatus());
        assertEquals(0, decoder.getChar(Tags.CL_ORD_ID));
        assertEquals(FixDecoder.PARSE_BAD_FORMAT, decoder.lastParseStatus());
        assertFalse(decoder.getBoolean(Tags.SIDE));
        assertEquals(FixDecoder.PARSE_BAD_FORMAT, decoder.lastParseStatus());
        assertEquals(UtcTimestamps.INVALID_TIMESTAMP, decoder.getUtcTimestamp(Tags.CL_ORD_ID));
        assertEquals(FixDecoder.PARSE_BAD_FORMAT, decoder.lastParseStatus());
        assertFalse(decoder.getDecimal(Tags.CL_ORD_ID, new Decimal()));
        assertEquals(FixDecoder.PARSE_BAD_FORMAT, decoder.lastParseStatus());
        assertEquals(UtcTimestamps.INVALID_DATE, decoder.getLocalMktDate(Tags.SYMBOL));
        assertEquals(FixDecoder.PARSE_MISSING, decoder.lastParseStatus());
        assertEquals(AsciiNumbers.INVALID_LONG, decoder.longAt(-1));
        assertEquals(FixDecoder.PARSE_MISSING, decoder.lastParseStatus());
        assertEquals(AsciiNumbers.INVALID_LONG, decoder.longAt(1000));
        assertEquals(FixDecoder.PARSE_MISSING, decoder.lastParseStatus());
    }

    @Test
    void exactDecimals()
    {
        decode(ORDER);
        final Decimal price = new Decimal();
        assertTrue(decoder.getDecimal(Tags.PRICE, price));
        assertEquals(-12345, price.mantissa());
        assertEquals(4, price.scale());
        assertEquals(-1_234_500, decoder.getDecimalScaled(Tags.PRICE, 6));
        assertTrue(decoder.getDecimal(Tags.ORDER_QTY, price));
        assertEquals(9_007_199_254_740_993L, price.mantissa());
        assertEquals(0, price.scale());
    }

    @Test
    void timestampsAndDates()
    {
        decode(ORDER);
        assertEquals(1_796_223_300_123_000_000L, decoder.getUtcTimestamp(Tags.SENDING_TIME));
        assertEquals(1_796_223_300_123_456_789L, decoder.getUtcTimestamp(Tags.TRANSACT_TIME));
        assertEquals(UtcTimestamps.epochDay(2026, 12, 4), decoder.getLocalMktDate(Tags.SETTL_DATE));
        assertEquals(java.time.LocalDate.of(2026, 12, 4).toEpochDay(), decoder.getUtcDateOnly(Tags.SETTL_DATE));
    }

    @Test
    void stringViewsCopiesAndEquality()
    {
        decode(ORDER);
        assertEquals("ORD-1", decoder.getString(Tags.CL_ORD_ID).toString());
        final AsciiSequenceView first = decoder.getString(Tags.SENDER_COMP_ID, new AsciiSequenceView());
        final AsciiSequenceView second = decoder.getString(Tags.TARGET_COMP_ID, new AsciiSequenceView());
        assertEquals("CLIENT", first.toString());
        assertEquals("SERVER", second.toString());
        assertEquals(0, decoder.getString(Tags.SYMBOL).length());
        assertEquals(FixDecoder.PARSE_MISSING, decoder.lastParseStatus());

        final UnsafeBuffer copy = new UnsafeBuffer(new byte[16]);
        assertEquals(5, decoder.getBytes(Tags.CL_ORD_ID, copy, 3));
        assertEquals("ORD-1", copy.getStringWithoutLengthAscii(3, 5));
        assertEquals(-1, decoder.getBytes(Tags.SYMBOL, copy, 0));

        assertTrue(decoder.valueEquals(Tags.CL_ORD_ID, FixText.bytes("ORD-1")));
        assertFalse(decoder.valueEquals(Tags.CL_ORD_ID, FixText.bytes("ORD-2")));
        assertFalse(decoder.valueEquals(Tags.CL_ORD_ID, FixText.bytes("ORD-10")));
        assertFalse(decoder.valueEquals(Tags.SYMBOL, FixText.bytes("ORD-1")));
    }

    @Test
    void repeatedTagsAndLargeTags()
    {
        decode(ORDER);
        final int first = decoder.indexOf(448);
        final int second = decoder.indexOf(448, first + 1);
        assertEquals("P1", decoder.stringAt(first).toString());
        assertEquals("P2", decoder.stringAt(second).toString());
        assertEquals(-1, decoder.indexOf(448, second + 1));
        assertEquals(2, decoder.getInt(453));
        assertEquals("big", decoder.getString(5000).toString());
    }

    @Test
    void dataFieldMayContainSoh()
    {
        final String text = message("FIX.4.4", "35=B|148=H|95=7|96=a|b=c|d|58=after|");
        decode(text);
        assertEquals(FixDecoder.ERROR_NONE, decoder.errorCode());
        assertEquals("a\001b=c\001d", decoder.getString(96).toString());
        assertEquals("after", decoder.getString(Tags.TEXT).toString());
    }

    @Test
    void dataFieldWithWrongLengthFallsBackToSoh()
    {
        final String text = message("FIX.4.4", "35=B|95=50|96=abc|58=after|");
        decode(text);
        assertEquals("abc", decoder.getString(96).toString());
        assertEquals("after", decoder.getString(Tags.TEXT).toString());
    }

    @Test
    void malformedFieldsAreRecorded()
    {
        decode(FixText.soh("8=FIX.4.4|9=5|35=0|1a=x|"));
        assertEquals(FixDecoder.ERROR_INVALID_TAG, decoder.errorCode());
        decode(FixText.soh("8=FIX.4.4|9=5|35=0|58=|"));
        assertEquals(FixDecoder.ERROR_TAG_WITHOUT_VALUE, decoder.errorCode());
        assertEquals(58, decoder.errorTag());
        decode(FixText.soh("8=FIX.4.4|9=5|35=0|58=x"));
        assertEquals(FixDecoder.ERROR_MALFORMED, decoder.errorCode());
    }

    @Test
    void findSohAgreesWithByteScanAtEveryAlignment()
    {
        final java.util.Random random = new java.util.Random(5);
        final byte[] bytes = new byte[300];
        final UnsafeBuffer buffer = new UnsafeBuffer(bytes);
        for (int round = 0; round < 2000; round++)
        {
            for (int i = 0; i < bytes.length; i++)
            {
                // mostly bytes near SOH (0x00, 0x02, 0x81) to provoke false positives of the SWAR test
                final int pick = random.nextInt(40);
                bytes[i] = pick == 0 ? 1 : pick < 4 ? (byte)(pick == 1 ? 0 : pick == 2 ? 2 : 0x81) :
                    (byte)random.nextInt(256);
                if (bytes[i] == 1 && pick != 0)
                {
                    bytes[i] = 0;
                }
            }
            final int from = random.nextInt(40);
            final int end = from + random.nextInt(bytes.length - from);
            int expected = from;
            while (expected < end && bytes[expected] != 1)
            {
                expected++;
            }
            assertEquals(expected, FieldScan.findSoh(buffer, from, end));
        }
    }

    @Test
    void readableToString()
    {
        decode(ORDER);
        assertEquals(FixText.piped(ORDER), decoder.toString());
    }

    /**
     * By-tag lookups after layouts that repeat, change with the same field count, and repeat tags: the tag table is
     * reused only for the same tag sequence, so each answer is the first index of this message.
     */
    @Test
    void tagLookupFollowsEachMessagesLayout()
    {
        final String a = message("FIX.4.4", "35=D|49=A|56=B|34=1|11=X|55=IBM|");
        final String sameLayout = message("FIX.4.4", "35=D|49=C|56=D|34=2|11=YY|55=MSFT|");
        final String swapped = message("FIX.4.4", "35=D|49=A|56=B|34=3|55=IBM|11=X|");
        final String repeated = message("FIX.4.4", "35=D|49=A|56=B|34=4|55=IBM|55=X|");
        for (int round = 0; round < 2; round++)
        {
            decode(a);
            assertEquals(7, decoder.indexOf(Tags.SYMBOL));
            assertEquals("IBM", decoder.getString(Tags.SYMBOL).toString());
            decode(sameLayout);
            assertEquals("MSFT", decoder.getString(Tags.SYMBOL).toString());
            assertEquals("YY", decoder.getString(Tags.CL_ORD_ID).toString());
            decode(swapped);
            assertEquals(6, decoder.indexOf(Tags.SYMBOL));
            assertEquals(7, decoder.indexOf(Tags.CL_ORD_ID));
            decode(repeated);
            assertEquals(6, decoder.indexOf(Tags.SYMBOL));
            assertEquals(7, decoder.indexOf(Tags.SYMBOL, 7));
            assertEquals(-1, decoder.indexOf(Tags.CL_ORD_ID));
        }
    }

    @Test
    void tagsEqualComparesTheWholeSequence()
    {
        decode(message("FIX.4.4", "35=0|49=A|56=B|34=1|"));
        assertTrue(decoder.tagsEqual(new int[] {8, 9, 35, 49, 56, 34, 10, 99}, 7));
        assertFalse(decoder.tagsEqual(new int[] {8, 9, 35, 49, 56, 34, 10}, 6));
        assertFalse(decoder.tagsEqual(new int[] {8, 9, 35, 56, 49, 34, 10}, 7));
        assertFalse(decoder.tagsEqual(new int[] {8, 9, 35}, 7));
    }
}
