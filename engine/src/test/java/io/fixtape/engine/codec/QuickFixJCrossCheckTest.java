package io.fixtape.engine.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import quickfix.DataDictionary;
import quickfix.FieldMap;
import quickfix.Group;
import quickfix.IncorrectTagValue;
import quickfix.Message;
import quickfix.field.Account;
import quickfix.field.AvgPx;
import quickfix.field.ClOrdID;
import quickfix.field.CumQty;
import quickfix.field.ExecID;
import quickfix.field.ExecType;
import quickfix.field.HandlInst;
import quickfix.field.LastPx;
import quickfix.field.LastQty;
import quickfix.field.LeavesQty;
import quickfix.field.MsgSeqNum;
import quickfix.field.OrdStatus;
import quickfix.field.OrdType;
import quickfix.field.OrderID;
import quickfix.field.OrderQty;
import quickfix.field.PartyID;
import quickfix.field.PartyIDSource;
import quickfix.field.PartyRole;
import quickfix.field.Price;
import quickfix.field.SenderCompID;
import quickfix.field.SendingTime;
import quickfix.field.Side;
import quickfix.field.Symbol;
import quickfix.field.TargetCompID;
import quickfix.field.TransactTime;

/**
 * Third-party cross-check with QuickFIX/J 2.3.2: what it builds decodes identically with ours, and what we encode
 * parses in QuickFIX/J with its data dictionary validation on (FIX 4.2, 4.4, FIXT.1.1 + FIX 5.0SP2).
 */
class QuickFixJCrossCheckTest
{
    private static final LocalDateTime TIME = LocalDateTime.of(2026, 12, 2, 14, 55, 0, 123_456_789);
    private static final long NANOS = TIME.toEpochSecond(ZoneOffset.UTC) * 1_000_000_000L + TIME.getNano();

    private static DataDictionary fix42;
    private static DataDictionary fix44;
    private static DataDictionary fixt11;
    private static DataDictionary fix50sp2;

    private final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(4096));
    private final FixFramer framer = new FixFramer();
    private final FixDecoder decoder = new FixDecoder();
    private final FieldTemplate compIds = FieldTemplate.builder()
        .add(Tags.SENDER_COMP_ID, "CLIENT").add(Tags.TARGET_COMP_ID, "SERVER").build();

    @BeforeAll
    static void loadDictionaries() throws Exception
    {
        fix42 = new DataDictionary("FIX42.xml");
        fix44 = new DataDictionary("FIX44.xml");
        fixt11 = new DataDictionary("FIXT11.xml");
        fix50sp2 = new DataDictionary("FIX50SP2.xml");
    }

    // ------------------------------------------------------------------ QuickFIX/J builds, we decode

    private static void header(final Message message, final int seqNum)
    {
        message.getHeader().setField(new SenderCompID("CLIENT"));
        message.getHeader().setField(new TargetCompID("SERVER"));
        message.getHeader().setField(new MsgSeqNum(seqNum));
        message.getHeader().setField(new SendingTime(TIME.withNano(123_000_000)));
    }

    private static quickfix.fix44.NewOrderSingle qfjNewOrderSingle44()
    {
        final quickfix.fix44.NewOrderSingle order = new quickfix.fix44.NewOrderSingle(new ClOrdID("ORD-1"),
            new Side(Side.BUY), new TransactTime(TIME), new OrdType(OrdType.LIMIT));
        header(order, 7);
        order.set(new Account("ACC"));
        order.set(new Symbol("ABC"));
        order.set(new OrderQty(9_007_199_254_740_993.0 / 1e6)); // QuickFIX/J stores doubles; ours stays exact
        order.set(new Price(new BigDecimal("-1.2345").doubleValue()));
        for (final String id : new String[] {"P1", "P2"})
        {
            final quickfix.fix44.NewOrderSingle.NoPartyIDs party = new quickfix.fix44.NewOrderSingle.NoPartyIDs();
            party.set(new PartyID(id));
            party.set(new PartyIDSource(PartyIDSource.PROPRIETARY_CUSTOM_CODE));
            party.set(new PartyRole(PartyRole.EXECUTING_FIRM));
            order.addGroup(party);
        }
        return order;
    }

    private void frameAndDecode(final String text)
    {
        buffer.putStringWithoutLengthAscii(0, text);
        assertEquals(text.length(), framer.frame(buffer, 0, text.length()), () -> FixText.piped(text));
        decoder.wrap(buffer, 0, text.length());
        assertEquals(FixDecoder.ERROR_NONE, decoder.errorCode());
    }

    /** Every field QuickFIX/J holds (header, body, trailer, groups) is found with the same value by ours. */
    private void assertSameFields(final Message message)
    {
        int matched = assertFieldMap(message.getHeader(), 0);
        matched = assertFieldMap(message, matched);
        matched = assertFieldMap(message.getTrailer(), matched);
        assertEquals(decoder.fieldCount(), matched, decoder::toString);
    }

    /** Walks QuickFIX/J's fields in our index order; returns how many of ours were matched. */
    private int assertFieldMap(final FieldMap map, final int fromCount)
    {
        int count = fromCount;
        final java.util.Iterator<quickfix.Field<?>> fields = map.iterator();
        while (fields.hasNext())
        {
            final quickfix.Field<?> field = fields.next();
            final int index = decoder.indexOf(field.getTag());
            assertTrue(index >= 0, "tag " + field.getTag());
            assertEquals(stringOf(map, field.getTag()), decoder.stringAt(index).toString(), "tag " + field.getTag());
            count++;
        }
        final java.util.Iterator<Integer> groupTags = map.groupKeyIterator();
        while (groupTags.hasNext())
        {
            final int countTag = groupTags.next();
            int searchFrom = decoder.indexOf(countTag);
            assertEquals(map.getGroupCount(countTag), decoder.intAt(searchFrom)); // counted with the fields
            for (final Group group : map.getGroups(countTag))
            {
                final java.util.Iterator<quickfix.Field<?>> members = group.iterator();
                while (members.hasNext())
                {
                    final quickfix.Field<?> member = members.next();
                    searchFrom = decoder.indexOf(member.getTag(), searchFrom + 1);
                    assertEquals(stringOf(group, member.getTag()), decoder.stringAt(searchFrom).toString());
                    count++;
                }
            }
        }
        return count;
    }

    private static String stringOf(final FieldMap map, final int tag)
    {
        try
        {
            return map.getString(tag);
        }
        catch (final quickfix.FieldNotFound e)
        {
            throw new AssertionError(e);
        }
    }

    @Test
    void quickFixJNewOrderSingle44DecodesIdentically() throws Exception
    {
        final quickfix.fix44.NewOrderSingle order = qfjNewOrderSingle44();
        final String text = order.toString();
        frameAndDecode(text);
        assertSameFields(new Message(text, fix44, true));

        assertEquals(MsgTypes.NEW_ORDER_SINGLE, decoder.msgType());
        assertEquals(7, decoder.getInt(Tags.MSG_SEQ_NUM));
        assertEquals("ORD-1", decoder.getString(Tags.CL_ORD_ID).toString());
        assertEquals('1', decoder.getChar(Tags.SIDE));
        final Decimal decimal = new Decimal();
        assertTrue(decoder.getDecimal(Tags.PRICE, decimal));
        assertEquals(0, order.getDecimal(Price.FIELD).compareTo(BigDecimal.valueOf(decimal.mantissa(),
            decimal.scale())));
        assertTrue(decoder.getDecimal(Tags.ORDER_QTY, decimal));
        assertEquals(0, order.getDecimal(OrderQty.FIELD).compareTo(BigDecimal.valueOf(decimal.mantissa(),
            decimal.scale())));
        assertEquals(epochNanos(order.getHeader().getUtcTimeStamp(SendingTime.FIELD)),
            decoder.getUtcTimestamp(Tags.SENDING_TIME));
        assertEquals(epochNanos(order.getUtcTimeStamp(TransactTime.FIELD)), decoder.getUtcTimestamp(Tags.TRANSACT_TIME));
        assertEquals(new Message(text, fix44, true).getHeader().getInt(quickfix.field.BodyLength.FIELD),
            decoder.getInt(Tags.BODY_LENGTH));
    }

    @Test
    void quickFixJExecutionReport44DecodesIdentically() throws Exception
    {
        final quickfix.fix44.ExecutionReport report = new quickfix.fix44.ExecutionReport(new OrderID("O-1"),
            new ExecID("E-1"), new ExecType(ExecType.TRADE), new OrdStatus(OrdStatus.FILLED), new Side(Side.SELL),
            new LeavesQty(0), new CumQty(100), new AvgPx(101.25));
        header(report, 9);
        report.set(new Symbol("ABC"));
        report.set(new LastQty(100));
        report.set(new LastPx(101.25));
        final String text = report.toString();
        fix44.validate(new Message(text, fix44, true));
        frameAndDecode(text);
        assertSameFields(new Message(text, fix44, true));
        assertEquals(MsgTypes.EXECUTION_REPORT, decoder.msgType());
        assertEquals('F', decoder.getChar(Tags.EXEC_TYPE));
        assertEquals(10_125, decoder.getDecimalScaled(Tags.AVG_PX, 2));
    }

    @Test
    void quickFixJNewOrderSingle42AndFix50DecodeIdentically() throws Exception
    {
        final quickfix.fix42.NewOrderSingle order42 = new quickfix.fix42.NewOrderSingle(new ClOrdID("A"),
            new HandlInst('1'), new Symbol("ABC"), new Side(Side.BUY), new TransactTime(TIME),
            new OrdType(OrdType.MARKET));
        header(order42, 3);
        final String text42 = order42.toString();
        frameAndDecode(text42);
        assertSameFields(new Message(text42, fix42, true));
        assertEquals("FIX.4.2", decoder.getString(Tags.BEGIN_STRING).toString());

        final quickfix.fix50sp2.NewOrderSingle order50 = new quickfix.fix50sp2.NewOrderSingle(new ClOrdID("B"),
            new Side(Side.BUY), new TransactTime(TIME), new OrdType(OrdType.MARKET));
        header(order50, 4);
        order50.set(new Symbol("ABC"));
        order50.set(new OrderQty(5));
        final String text50 = order50.toString();
        frameAndDecode(text50);
        assertSameFields(new Message(text50, fixt11, fix50sp2, true));
        assertEquals("FIXT.1.1", decoder.getString(Tags.BEGIN_STRING).toString());
    }

    @Test
    void rawDataContainingSohBothWays() throws Exception
    {
        final String data = "a\001b=c\001d";
        final quickfix.fix44.Logon logon = new quickfix.fix44.Logon(new quickfix.field.EncryptMethod(0),
            new quickfix.field.HeartBtInt(30));
        header(logon, 1);
        logon.set(new quickfix.field.RawDataLength(data.length()));
        logon.set(new quickfix.field.RawData(data));
        final String theirs = logon.toString();
        frameAndDecode(theirs);
        assertEquals(data, decoder.getString(96).toString());
        assertEquals(30, decoder.getInt(Tags.HEART_BT_INT));

        final FixEncoder encoder = new FixEncoder("FIX.4.4");
        encoder.wrap(buffer, 0).header(MsgTypes.LOGON, compIds, 1, NANOS)
            .putInt(Tags.ENCRYPT_METHOD, 0)
            .putInt(Tags.HEART_BT_INT, 30)
            .putInt(95, data.length())
            .putString(96, data)
            .finish();
        final Message message = new Message(encoded(encoder), fix44, true);
        fix44.validate(message);
        assertEquals(data, message.getString(96));
    }

    private static long epochNanos(final LocalDateTime time)
    {
        return time.toEpochSecond(ZoneOffset.UTC) * 1_000_000_000L + time.getNano();
    }

    // ------------------------------------------------------------------ we encode, QuickFIX/J validates

    private String encoded(final FixEncoder encoder)
    {
        return buffer.getStringWithoutLengthAscii(encoder.messageOffset(), encoder.messageLength());
    }

    private String encodeNewOrderSingle(final FixEncoder encoder, final boolean fix42Fields)
    {
        encoder.wrap(buffer, 0).header(MsgTypes.NEW_ORDER_SINGLE, compIds, 7, NANOS)
            .putString(Tags.CL_ORD_ID, "ORD-1")
            .putString(Tags.ACCOUNT, "ACC");
        if (fix42Fields)
        {
            encoder.putChar(Tags.HANDL_INST, '1');
        }
        else
        {
            encoder.putInt(453, 2)
                .putString(448, "P1").putChar(447, 'D').putInt(452, 1)
                .putString(448, "P2").putChar(447, 'D').putInt(452, 1);
        }
        encoder.putString(Tags.SYMBOL, "ABC")
            .putChar(Tags.SIDE, '1')
            .putUtcTimestamp(Tags.TRANSACT_TIME, NANOS, UtcTimestamps.NANOS)
            .putDecimal(Tags.ORDER_QTY, 9_007_199_254_740_993L, 6)
            .putChar(Tags.ORD_TYPE, '2')
            .putDecimal(Tags.PRICE, -12345, 4)
            .putChar(Tags.TIME_IN_FORCE, '6')
            .putLocalMktDate(Tags.EXPIRE_DATE, UtcTimestamps.epochDay(2026, 12, 31))
            .finish();
        return encoded(encoder);
    }

    @Test
    void ourNewOrderSingle44PassesQuickFixJValidation() throws Exception
    {
        final String text = encodeNewOrderSingle(new FixEncoder("FIX.4.4"), false);
        final Message message = new Message(text, fix44, true);
        fix44.validate(message);
        assertEquals(new BigDecimal("9007199254.740993"), message.getDecimal(OrderQty.FIELD));
        assertEquals(new BigDecimal("-1.2345"), message.getDecimal(Price.FIELD));
        assertEquals(TIME, message.getUtcTimeStamp(TransactTime.FIELD));
        assertEquals(TIME.withNano(123_000_000), message.getHeader().getUtcTimeStamp(SendingTime.FIELD));
        assertEquals(2, message.getGroupCount(453));
        assertSameFieldsAnyOrder(text, message.toString());
    }

    @Test
    void ourNewOrderSingle42PassesQuickFixJValidation() throws Exception
    {
        final String text = encodeNewOrderSingle(new FixEncoder("FIX.4.2"), true);
        final Message message = new Message(text, fix42, true);
        fix42.validate(message);
        assertEquals('1', message.getChar(HandlInst.FIELD));
        assertSameFieldsAnyOrder(text, message.toString());
    }

    @Test
    void ourNewOrderSingle50sp2OverFixt11PassesQuickFixJValidation() throws Exception
    {
        final FixEncoder encoder = new FixEncoder("FIXT.1.1");
        encoder.wrap(buffer, 0).msgType(MsgTypes.NEW_ORDER_SINGLE)
            .putTemplate(compIds)
            .putLong(Tags.MSG_SEQ_NUM, 11)
            .putUtcTimestamp(Tags.SENDING_TIME, NANOS, UtcTimestamps.MICROS)
            .putString(Tags.APPL_VER_ID, "9")
            .putString(Tags.CL_ORD_ID, "ORD-2")
            .putString(Tags.SYMBOL, "ABC")
            .putChar(Tags.SIDE, '2')
            .putUtcTimestamp(Tags.TRANSACT_TIME, NANOS)
            .putDecimal(Tags.ORDER_QTY, 100, 0)
            .putChar(Tags.ORD_TYPE, '1')
            .finish();
        final String text = encoded(encoder);
        final Message message = new Message(text, fixt11, fix50sp2, true);
        validateFixt(message);
        assertEquals(TIME.withNano(123_456_000), message.getHeader().getUtcTimeStamp(SendingTime.FIELD));
        assertSameFieldsAnyOrder(text, message.toString());
    }

    @Test
    void ourExecutionReportFill44PassesQuickFixJValidation() throws Exception
    {
        final String text = encodeFill('F');
        final Message message = new Message(text, fix44, true);
        fix44.validate(message);
        assertEquals('F', message.getChar(ExecType.FIELD));
        assertEquals(new BigDecimal("101.25"), message.getDecimal(AvgPx.FIELD));
        assertSameFieldsAnyOrder(text, message.toString());
    }

    /**
     * Shows the validation is really on. (QuickFIX/J's FIX44.xml still lists the pre-4.3 ExecType values 1 and 2,
     * so it would accept {@code 150=2}; an undefined value is rejected.)
     */
    @Test
    void quickFixJValidationIsReallyOnUndefinedExecTypeRejected()
    {
        final String text = encodeFill('Z');
        assertThrows(IncorrectTagValue.class, () -> fix44.validate(new Message(text, fix44, true)));
    }

    private String encodeFill(final char execType)
    {
        final FixEncoder encoder = new FixEncoder("FIX.4.4");
        encoder.wrap(buffer, 0).header(MsgTypes.EXECUTION_REPORT, compIds, 8, NANOS)
            .putString(Tags.ORDER_ID, "O-1")
            .putString(Tags.CL_ORD_ID, "ORD-1")
            .putString(Tags.EXEC_ID, "E-1")
            .putChar(Tags.EXEC_TYPE, execType)
            .putChar(Tags.ORD_STATUS, '2')
            .putString(Tags.SYMBOL, "ABC")
            .putChar(Tags.SIDE, '1')
            .putDecimal(Tags.ORDER_QTY, 100, 0)
            .putDecimal(Tags.LAST_QTY, 100, 0)
            .putDecimal(Tags.LAST_PX, 10125, 2)
            .putDecimal(Tags.LEAVES_QTY, 0, 0)
            .putDecimal(Tags.CUM_QTY, 100, 0)
            .putDecimal(Tags.AVG_PX, 10125, 2)
            .putUtcTimestamp(Tags.TRANSACT_TIME, NANOS)
            .finish();
        return encoded(encoder);
    }

    /** QuickFIX/J re-serialises in its own field order; the multiset of fields (and so 9 and 10) is the same. */
    private static void assertSameFieldsAnyOrder(final String ours, final String theirs)
    {
        final String[] a = ours.split("\001");
        final String[] b = theirs.split("\001");
        java.util.Arrays.sort(a);
        java.util.Arrays.sort(b);
        assertEquals(java.util.Arrays.asList(a), java.util.Arrays.asList(b));
    }

    /** QuickFIX/J's own FIXT validation (session dictionary for header/trailer, application one for the body). */
    private static void validateFixt(final Message message) throws Exception
    {
        final Method validate = DataDictionary.class.getDeclaredMethod("validate", Message.class,
            DataDictionary.class, DataDictionary.class);
        validate.setAccessible(true);
        try
        {
            validate.invoke(null, message, fixt11, fix50sp2);
        }
        catch (final InvocationTargetException e)
        {
            throw (Exception)e.getCause();
        }
    }
}
