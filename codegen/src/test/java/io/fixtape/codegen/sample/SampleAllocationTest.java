package io.fixtape.codegen.sample;

import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.Decimal;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import org.agrona.AsciiSequenceView;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * After warm-up, decoding (every accessor, groups, nested groups, enums, {@code appendTo} into a builder with room,
 * dispatch) and encoding (every setter kind, counted and nested groups, {@code complete()}) allocate nothing on this
 * thread, as the JVM counts it ({@code com.sun.management.ThreadMXBean#getThreadAllocatedBytes}): up to three
 * windows, the last must allocate nothing (a late C2 compilation may allocate once, allocation per message would
 * show in every window).
 */
class SampleAllocationTest
{
    private static final int WARM_UP = 20_000;
    private static final int MEASURED = 20_000;
    private static final int MAX_WINDOWS = 3;

    private final FixDecoder message = Fix.decode(SampleDecoderTest.ORDER);
    private final NewOrderSingleDecoder order = new NewOrderSingleDecoder();
    private final ExecutionReportEncoder report = new ExecutionReportEncoder();
    private final FixEncoder encoder = new FixEncoder("FIX.4.4");
    private final UnsafeBuffer out = new UnsafeBuffer(ByteBuffer.allocateDirect(2048));
    private final StringBuilder text = new StringBuilder(4096);
    private final Decimal decimal = new Decimal();
    private final AsciiSequenceView symbol = new AsciiSequenceView();
    private final MessageDispatcher dispatcher = new MessageDispatcher(new MessageDispatcher.Handler()
    {
        @Override
        public void onNewOrderSingle(final NewOrderSingleDecoder message, final SessionHandle session)
        {
            sink += message.clOrdID().length();
        }
    });
    private long sink;

    @Test
    void decodeAndEncodeAllocateNothing()
    {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        assertTrue(threads.isThreadAllocatedMemorySupported());
        threads.setThreadAllocatedMemoryEnabled(true);
        final long threadId = Thread.currentThread().getId();

        for (int i = 0; i < WARM_UP; i++)
        {
            iteration(i);
        }
        threads.getThreadAllocatedBytes(threadId);
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
        assertEquals(0, windows[window - 1], "bytes allocated per window: " + Arrays.toString(windows));
        assertTrue(sink != 0);
    }

    private void iteration(final int i)
    {
        decode();
        encode(i);
        dispatcher.dispatch(message, null);
    }

    private void decode()
    {
        order.wrap(message);
        sink += order.clOrdID().length() + order.account().length() + order.side().ordinal() + order.sideRaw();
        sink += order.handlInst().ordinal() + order.execInst().length() + order.transactTime() + order.expireDate();
        sink += order.price().mantissa() + order.orderQtyData().orderQty().scale() + order.ordType().ordinal();
        sink += order.price(decimal) ? decimal.mantissa() : 0;
        sink += order.instrument().securityType().ordinal() + order.instrument().symbol().length();
        sink += order.timeInForce().ordinal() + order.rawDataLength() + order.rawData().length() + order.text().length();
        sink += order.hasPrice() ? 1 : 0;
        for (final NoPartyIDsGroupDecoder party : order.parties().noPartyIDs())
        {
            sink += party.partyID().length() + party.partyIDSource().ordinal() + party.partyRole().ordinal();
            for (final NoPartySubIDsGroupDecoder subId : party.ptysSubGrp().noPartySubIDs())
            {
                sink += subId.partySubID().length() + subId.partySubIDType();
            }
        }
        for (final NoAllocsGroupDecoder alloc : order.noAllocs())
        {
            sink += alloc.allocAccount().length() + alloc.allocQty().mantissa();
        }
        symbol.wrap(order.decoder().buffer(), 0, 3);
        sink += SecurityType.decode(symbol).ordinal() + Side.decode('2').ordinal() + PartyRole.decode(24).ordinal();
        text.setLength(0);
        sink += order.appendTo(text).length();
    }

    private void encode(final int i)
    {
        encoder.wrap(out, 0).msgType(ExecutionReportEncoder.MESSAGE_TYPE);
        report.wrap(encoder).orderID(order.clOrdID()).clOrdID(order.clOrdID());
        final NoPartyIDsGroupEncoder parties = report.parties().noPartyIDs();
        parties.next().partyID("P1").partyIDSource(PartyIDSource.BIC).partyRole(PartyRole.EXECUTING_FIRM);
        parties.ptysSubGrp().noPartySubIDs().next().partySubID("S1").partySubIDType(i & 7);
        parties.next().partyID("P2").partyRole(3);
        report.execID("E1").execType(ExecType.TRADE).ordStatus(OrdStatus.FILLED).refSeqNum(i);
        report.instrument().symbol("ABC").securityType(SecurityType.FUTURE);
        report.side(Side.BUY).lastPx(order.price()).leavesQty(0, 0).cumQty(i, 2).transactTime(1_000_000_000L * i);
        report.noAllocs().next().allocAccount("A").allocQty(i, 0).text("t");
        sink += report.complete() + encoder.finish();
    }
}
