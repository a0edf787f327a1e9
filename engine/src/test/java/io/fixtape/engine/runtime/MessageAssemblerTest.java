package io.fixtape.engine.runtime;

import io.fixtape.engine.codec.Checksum;
import io.fixtape.engine.codec.FixFramer;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class MessageAssemblerTest
{
    private final List<String> messages = new ArrayList<>();
    private final List<Integer> garbled = new ArrayList<>();
    private final MessageAssembler.Handler handler = new MessageAssembler.Handler()
    {
        @Override
        public boolean onMessage(final DirectBuffer buffer, final int offset, final int length)
        {
            messages.add(buffer.getStringWithoutLengthAscii(offset, length).replace('\u0001', '|'));
            return true;
        }

        @Override
        public boolean onGarbled(final int reason, final int discardedBytes)
        {
            garbled.add(reason);
            return true;
        }
    };

    static String fix(final String body)
    {
        final String b = body.replace('|', '\u0001');
        final String head = "8=FIX.4.4\u00019=" + b.length() + "\u0001" + b;
        final byte[] bytes = head.getBytes(StandardCharsets.US_ASCII);
        final int sum = Checksum.compute(new UnsafeBuffer(bytes), 0, bytes.length);
        return head + "10=" + String.format("%03d", sum) + "\u0001";
    }

    private void feed(final MessageAssembler assembler, final String wire, final int chunk)
    {
        final byte[] bytes = wire.getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < bytes.length; i += chunk)
        {
            final int length = Math.min(chunk, bytes.length - i);
            // deliver from a fresh buffer at a non-zero offset, as a transport's reused read buffer would
            final UnsafeBuffer buffer = new UnsafeBuffer(new byte[length + 7]);
            buffer.putBytes(7, bytes, i, length);
            assembler.onData(buffer, 7, length, handler);
        }
    }

    @Test
    void framesMessagesSplitAnywhereAndSeveralPerChunk()
    {
        final String one = fix("35=0|34=2|49=TW|52=20260101-00:00:00.000|56=ISLD|");
        final String two = fix("35=1|34=3|49=TW|52=20260101-00:00:00.000|56=ISLD|112=T|");
        final String wire = one + two + one;
        for (int chunk = 1; chunk <= wire.length(); chunk++)
        {
            messages.clear();
            final MessageAssembler assembler = new MessageAssembler(new FixFramer(1024));
            feed(assembler, wire, chunk);
            assertEquals(List.of(one, two, one).toString().replace('\u0001', '|'), messages.toString(), "chunk " + chunk);
            assertEquals(0, assembler.pendingLength());
        }
    }

    @Test
    void reassemblesInTheTransportsKindOfMemory()
    {
        // off-heap reads (the TCP transport's) are reassembled off-heap, heap reads on the heap: the JIT's profile of
        // the buffer's array base (null or an array) must not change with the first message split across reads
        final byte[] wire = fix("35=0|34=2|49=TW|52=20260101-00:00:00.000|56=ISLD|").getBytes(StandardCharsets.US_ASCII);
        final List<Boolean> offHeap = new ArrayList<>();
        final MessageAssembler.Handler kind = new MessageAssembler.Handler()
        {
            @Override
            public boolean onMessage(final DirectBuffer buffer, final int offset, final int length)
            {
                offHeap.add(buffer.byteArray() == null);
                return true;
            }

            @Override
            public boolean onGarbled(final int reason, final int discardedBytes)
            {
                return true;
            }
        };
        final int split = 20;
        final MessageAssembler direct = new MessageAssembler(new FixFramer(1024));
        final UnsafeBuffer read = new UnsafeBuffer(java.nio.ByteBuffer.allocateDirect(wire.length));
        read.putBytes(0, wire);
        direct.onData(read, 0, split, kind);
        direct.onData(read, split, wire.length - split, kind);
        final MessageAssembler heap = new MessageAssembler(new FixFramer(1024));
        heap.onData(new UnsafeBuffer(wire), 0, split, kind);
        heap.onData(new UnsafeBuffer(wire), split, wire.length - split, kind);
        assertEquals(List.of(true, false), offHeap);
    }

    @Test
    void skipsGarbageAndBadChecksumsAndReportsOversizedBodyLengthEarly()
    {
        final String good = fix("35=0|34=2|49=TW|52=20260101-00:00:00.000|56=ISLD|");
        final String badChecksum = good.substring(0, good.length() - 4) + (good.endsWith("000\u0001") ? "001" : "000") + "\u0001";
        final MessageAssembler assembler = new MessageAssembler(new FixFramer(256));
        feed(assembler, "garbage" + good + badChecksum + good, 5);
        assertEquals(2, messages.size());
        // garbage arriving in several chunks may be skipped in several steps; the bad checksum is one event
        assertEquals(FixFramer.REASON_BAD_CHECKSUM, garbled.get(garbled.size() - 1));
        assertEquals(1, garbled.stream().filter(r -> r == FixFramer.REASON_BAD_CHECKSUM).count());
        assertEquals(0, garbled.stream().filter(r -> r != FixFramer.REASON_BAD_CHECKSUM && r != FixFramer.REASON_BAD_BEGIN_STRING).count());

        garbled.clear();
        feed(assembler, "8=FIX.4.4\u00019=999999\u000135=D", 64);
        assertEquals(List.of(FixFramer.REASON_TOO_LARGE), garbled);
    }
}
