package io.fixtape.engine.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;

import org.agrona.AsciiSequenceView;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * Proves the hot path allocates nothing: after warm-up, N iterations of frame + decode (every typed accessor) +
 * encode (every field type, template, header) + resend rewrite + garbled framing allocate 0 bytes on this thread,
 * as counted by the JVM ({@code com.sun.management.ThreadMXBean#getThreadAllocatedBytes}): up to three windows of
 * N iterations, the last must allocate nothing (as {@code SessionAllocationTest}).
 */
class ZeroAllocationTest
{
    private static final int WARM_UP = 20_000;
    private static final int MEASURED = 20_000;
    private static final int MAX_WINDOWS = 3;
    private static final byte[] CL_ORD_ID = FixText.bytes("ORD-1");

    private final UnsafeBuffer in = new UnsafeBuffer(ByteBuffer.allocateDirect(2048));
    private final UnsafeBuffer out = new UnsafeBuffer(ByteBuffer.allocateDirect(1024));
    private final UnsafeBuffer copy = new UnsafeBuffer(new byte[64]);
    private final FixFramer framer = new FixFramer();
    private final FixDecoder decoder = new FixDecoder();
    private final FixEncoder encoder = new FixEncoder("FIX.4.4");
    private final Decimal decimal = new Decimal();
    private final AsciiSequenceView view = new AsciiSequenceView();
    private final FieldTemplate compIds = FieldTemplate.builder()
        .add(Tags.SENDER_COMP_ID, "SERVER").add(Tags.TARGET_COMP_ID, "CLIENT").build();
    private final String symbol = "ABC";
    private int inLength;
    private int garbledLength;
    private int wrongLengthLength;
    private long sink;

    @Test
    void frameDecodeEncodeAllocateNothing()
    {
        final String order = FixText.message("FIX.4.4", "35=D|49=CLIENT|56=SERVER|34=42|" +
            "52=20261202-14:55:00.123|11=ORD-1|1=ACC|453=1|448=P1|447=D|452=1|55=ABC|54=1|" +
            "60=20261202-14:55:00.123456|38=100|40=2|44=1.2345|59=6|432=20261231|43=N|5001=extra|");
        in.putStringWithoutLengthAscii(0, order);
        inLength = order.length();
        final String garbled = FixText.soh("junk8=FIX.4.4|9=x|");
        in.putStringWithoutLengthAscii(512, garbled);
        garbledLength = garbled.length();
        // BodyLength too short: the framer searches for the next CheckSum field (discards through it)
        final String wrongLength = order.replaceFirst("\u00019=[0-9]+\u0001", "\u00019=30\u0001");
        in.putStringWithoutLengthAscii(1024, wrongLength);
        wrongLengthLength = wrongLength.length();

        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        assertTrue(threads.isThreadAllocatedMemorySupported());
        threads.setThreadAllocatedMemoryEnabled(true);
        final long threadId = Thread.currentThread().getId();

        for (int i = 0; i < WARM_UP; i++)
        {
            iteration(i);
        }
        threads.getThreadAllocatedBytes(threadId); // the probe itself must not be counted on first use
        // up to MAX_WINDOWS windows; the last must allocate nothing. A C2 compilation that lands late on a loaded
        // machine (deoptimisation materialises scalar-replaced objects once) allocates in one window; allocation
        // per iteration would show in every window.
        final long[] windows = new long[MAX_WINDOWS];
        int window = 0;
        do
        {
            final long before = threads.getThreadAllocatedBytes(threadId);
            for (int i = 0; i < MEASURED; i++)
            {
                iteration(i);
            }
            windows[window] = threads.getThreadAllocatedBytes(threadId) - before;
        }
        while (windows[window++] != 0 && window < MAX_WINDOWS);

        assertEquals(0, windows[window - 1], "bytes allocated by " + MEASURED +
            " frame+decode+encode iterations, per window: " + java.util.Arrays.toString(windows));
        assertTrue(sink != 0);
    }

    private void iteration(final int i)
    {
        final int length = framer.frame(in, 0, inLength);
        sink += framer.frame(in, 512, garbledLength); // garbled: negative discard length
        sink += framer.frame(in, 0, length - 1);      // partial
        sink += framer.frame(in, 1024, wrongLengthLength); // wrong BodyLength: discard through the CheckSum
        if (framer.lastReason() != FixFramer.REASON_BAD_BODY_LENGTH)
        {
            throw new AssertionError("wrong BodyLength not detected: " + framer.lastReason());
        }

        decoder.wrap(in, 0, length);
        sink += decoder.msgType();
        sink += decoder.getInt(Tags.MSG_SEQ_NUM);
        sink += decoder.getLong(Tags.ORDER_QTY);
        sink += decoder.getChar(Tags.SIDE);
        sink += decoder.getBoolean(Tags.POSS_DUP_FLAG) ? 1 : 2;
        decoder.getDecimal(Tags.PRICE, decimal);
        sink += decimal.mantissa() + decimal.scale();
        sink += decoder.getDecimalScaled(Tags.PRICE, 6);
        sink += decoder.getUtcTimestamp(Tags.SENDING_TIME);
        sink += decoder.getUtcTimestamp(Tags.TRANSACT_TIME);
        sink += decoder.getLocalMktDate(Tags.EXPIRE_DATE);
        sink += decoder.getString(Tags.SYMBOL).length();
        sink += decoder.getString(Tags.ACCOUNT, view).charAt(0);
        sink += decoder.getBytes(Tags.CL_ORD_ID, copy, 0);
        sink += decoder.valueEquals(Tags.CL_ORD_ID, CL_ORD_ID) ? 1 : 0;
        sink += decoder.indexOf(448, decoder.indexOf(453));
        sink += decoder.getInt(5001); // bad format path
        sink += decoder.lastParseStatus();
        sink += decoder.getInt(9999); // missing path

        encoder.wrap(out, 0)
            .header(MsgTypes.EXECUTION_REPORT, compIds, i, 1_796_223_300_123_456_789L + i)
            .putString(Tags.ORDER_ID, symbol)
            .putField(decoder, decoder.indexOf(Tags.CL_ORD_ID))
            .putBytes(Tags.EXEC_ID, CL_ORD_ID)
            .putChar(Tags.EXEC_TYPE, 'F')
            .putChar(Tags.ORD_STATUS, '2')
            .putBoolean(Tags.POSS_RESEND, false)
            .putInt(Tags.SIDE, 1)
            .putLong(Tags.LEAVES_QTY, 0)
            .putDecimal(Tags.CUM_QTY, 100, 0)
            .putDecimal(Tags.AVG_PX, decimal)
            .putUtcTimestamp(Tags.TRANSACT_TIME, 1_796_223_300_123_456_789L, UtcTimestamps.NANOS)
            .putLocalMktDate(Tags.TRADE_DATE, 20_789)
            .putFields(decoder, decoder.indexOf(453), decoder.indexOf(453) + 4);
        sink += encoder.finish();

        encoder.wrap(out, 512);
        sink += PossDupResend.encode(decoder, encoder, 1_796_223_301_000_000_000L);
    }
}
