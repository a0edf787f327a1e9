package io.fixtape.engine.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class ChecksumTest
{
    @Test
    void matchesByteByByteSumForEveryLengthAndAlignment()
    {
        final Random random = new Random(7);
        final byte[] bytes = new byte[4096];
        random.nextBytes(bytes);
        final UnsafeBuffer buffer = new UnsafeBuffer(bytes);
        for (int length = 0; length < 2100; length += length < 64 ? 1 : 37)
        {
            for (int offset = 0; offset < 8; offset++)
            {
                assertMatchesByteSum(buffer, bytes, offset, length);
            }
        }
    }

    @Test
    void directBufferAtEveryUnalignedOffsetAndBlockBoundary()
    {
        final Random random = new Random(8);
        final UnsafeBuffer buffer = new UnsafeBuffer(java.nio.ByteBuffer.allocateDirect(6000));
        final byte[] bytes = new byte[6000];
        random.nextBytes(bytes);
        buffer.putBytes(0, bytes);
        for (final int length : new int[] {0, 1, 7, 8, 9, 15, 16, 17, 31, 2047, 2048, 2049, 4095, 4096, 4111, 5900})
        {
            for (int offset = 0; offset < 16; offset++)
            {
                assertMatchesByteSum(buffer, bytes, offset, length);
            }
        }
    }

    @Test
    void rangeOutsideTheBufferIsRejected()
    {
        org.junit.jupiter.api.Assertions.assertThrows(IndexOutOfBoundsException.class,
            () -> Checksum.compute(new UnsafeBuffer(new byte[10]), 4, 7));
    }

    @Test
    void allOnesBytesDoNotOverflowLanes()
    {
        final byte[] bytes = new byte[8 * 1000 + 5];
        java.util.Arrays.fill(bytes, (byte)0xFF);
        assertEquals((255 * bytes.length) & 0xFF, Checksum.compute(new UnsafeBuffer(bytes), 0, bytes.length));
    }

    private static void assertMatchesByteSum(
        final UnsafeBuffer buffer, final byte[] bytes, final int offset, final int length)
    {
        int expected = 0;
        for (int i = offset; i < offset + length; i++)
        {
            expected += bytes[i] & 0xFF;
        }
        assertEquals(expected & 0xFF, Checksum.compute(buffer, offset, length), "len " + length + " at " + offset);
    }
}
