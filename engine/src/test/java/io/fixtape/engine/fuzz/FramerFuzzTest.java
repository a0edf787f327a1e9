package io.fixtape.engine.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.fixtape.engine.codec.FixFramer;
import io.fixtape.engine.runtime.MessageAssembler;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The framer and the per-connection {@link MessageAssembler} over arbitrary byte streams arriving in arbitrary
 * chunks. Input: byte 0 seeds the chunk sizes, byte 1 picks the maximum message size (and heap or off-heap transport
 * buffers), the rest is the stream.
 *
 * <p>Checked for every input: nothing throws; every byte is accounted for (delivered, discarded, or pending as a
 * prefix shorter than the maximum size); every delivered message is well formed on its own (begins with {@code 8=FIX},
 * frames to exactly its length, checksum right, within the maximum size); the messages do not depend on how the stream
 * was chunked (the same as framing the whole stream at once); the callbacks are bounded by the stream length (no
 * loop without progress); and the assembler allocates at most its one pending buffer.
 */
class FramerFuzzTest
{
    private static final int[] MAX_SIZES = {FixFramer.DEFAULT_MAX_MESSAGE_SIZE, 256, 1024, 4096};

    @FuzzTest(maxDuration = "2m")
    void frames(final byte[] data)
    {
        final FuzzInputs.Chunks chunks = new FuzzInputs.Chunks(FuzzInputs.control(data, 0));
        final int options = FuzzInputs.control(data, 1);
        final int maxSize = MAX_SIZES[options & 3];
        final boolean offHeap = (options & 4) != 0;
        final byte[] stream = FuzzInputs.payload(data, 2);

        final List<byte[]> expected = frameWhole(stream, maxSize);

        final Recorder recorder = new Recorder(stream.length);
        final MessageAssembler assembler = new MessageAssembler(new FixFramer(maxSize));
        final UnsafeBuffer transport = offHeap ?
            new UnsafeBuffer(ByteBuffer.allocateDirect(Math.max(1, stream.length))) : new UnsafeBuffer(new byte[0]);
        final UnsafeBuffer whole = new UnsafeBuffer(stream);
        final long before = FuzzInputs.allocatedBytes();
        int position = 0;
        while (position < stream.length)
        {
            final int length = chunks.next(stream.length - position);
            if (offHeap)
            {
                transport.putBytes(position, whole, position, length);
                assembler.onData(transport, position, length, recorder);
            }
            else
            {
                // a fresh exact-size array per read: a read past the chunk fails the bounds check
                transport.wrap(Arrays.copyOfRange(stream, position, position + length));
                assembler.onData(transport, 0, length, recorder);
            }
            position += length;
            assertTrue(recorder.callbacks <= stream.length, "more callbacks than bytes");
        }
        if (offHeap)
        {
            FuzzInputs.assertAllocatedAtMost(before, maxSize + 4096 + 16 * 1024L, "MessageAssembler");
        }

        assertTrue(assembler.pendingLength() < maxSize, "pending " + assembler.pendingLength() + " >= max " + maxSize);
        assertEquals(stream.length, recorder.deliveredBytes + recorder.discardedBytes + assembler.pendingLength(),
            "every byte delivered, discarded or pending");
        assertEquals(expected.size(), recorder.count, "messages as when framed whole");
        for (int i = 0; i < recorder.count; i++)
        {
            final byte[] message = recorder.message(i);
            assertArrayEquals(expected.get(i), message, "message " + i + " as when framed whole");
            assertWellFormed(message, maxSize);
        }
    }

    /** The stream framed in one piece, as a transport that read it all at once would. */
    private static List<byte[]> frameWhole(final byte[] stream, final int maxSize)
    {
        final FixFramer framer = new FixFramer(maxSize);
        final UnsafeBuffer buffer = new UnsafeBuffer(stream);
        final List<byte[]> messages = new ArrayList<>();
        int offset = 0;
        while (offset < stream.length)
        {
            final int result = framer.frame(buffer, offset, stream.length - offset);
            if (result == FixFramer.PARTIAL)
            {
                break;
            }
            if (result > 0)
            {
                messages.add(Arrays.copyOfRange(stream, offset, offset + result));
                offset += result;
            }
            else
            {
                assertTrue(framer.lastReason() > FixFramer.REASON_NONE && framer.lastReason() < FixFramer.REASON_COUNT);
                offset -= result;
            }
        }
        return messages;
    }

    static void assertWellFormed(final byte[] message, final int maxSize)
    {
        assertTrue(message.length <= maxSize, "message longer than the maximum");
        assertEquals(message.length, new FixFramer(maxSize).frame(new UnsafeBuffer(message), 0, message.length),
            "a delivered message frames to its own length");
        assertEquals("8=FIX", new String(message, 0, 5, java.nio.charset.StandardCharsets.US_ASCII));
        int sum = 0;
        for (int i = 0; i < message.length - 7; i++)
        {
            sum += message[i] & 0xFF;
        }
        final String trailer = new String(message, message.length - 7, 7, java.nio.charset.StandardCharsets.US_ASCII);
        assertEquals(String.format("10=%03d\001", sum & 0xFF), trailer, "checksum");
    }

    /** Copies what it is handed into space sized once from the stream, so that it allocates nothing itself. */
    private static final class Recorder implements MessageAssembler.Handler
    {
        private final UnsafeBuffer bytes;
        private final int[] offsets;
        private int count;
        private int deliveredBytes;
        private int discardedBytes;
        private int callbacks;

        Recorder(final int streamLength)
        {
            bytes = new UnsafeBuffer(new byte[Math.max(1, streamLength)]);
            offsets = new int[streamLength / 8 + 2];
        }

        @Override
        public boolean onMessage(final DirectBuffer buffer, final int offset, final int length)
        {
            callbacks++;
            assertTrue(length > 0);
            bytes.putBytes(deliveredBytes, buffer, offset, length);
            deliveredBytes += length;
            offsets[++count] = deliveredBytes;
            return true;
        }

        @Override
        public boolean onGarbled(final int reason, final int discardedBytes)
        {
            callbacks++;
            assertTrue(reason > FixFramer.REASON_NONE && reason < FixFramer.REASON_COUNT, "reason " + reason);
            assertTrue(discardedBytes > 0, "a discard makes progress");
            this.discardedBytes += discardedBytes;
            return true;
        }

        byte[] message(final int index)
        {
            final byte[] message = new byte[offsets[index + 1] - offsets[index]];
            bytes.getBytes(offsets[index], message);
            return message;
        }
    }
}
