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
                int expected = 0;
                for (int i = offset; i < offset + length; i++)
                {
                    expected += bytes[i] & 0xFF;
                }
                assertEquals(expected & 0xFF, Checksum.compute(buffer, offset, length), "len " + length);
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
                int expected = 0;
                for (int i = offset; i < offset + length; i++)
                {
                    expected += bytes[i] & 0xFF;
                }
                assertEquals(expected & 0xFF, Checksum.compute(buffer, offset, length), "len " + length);
            }
        }
    }

    @Test
    void copyAndSumCopiesExactlyAndSumsEveryLength()
    {
        final Random random = new Random(9);
        final byte[] source = new byte[300];
        random.nextBytes(source);
        for (int length = 0; length <= 200; length++)
        {
            for (int offset = 0; offset < 9; offset++)
            {
                final byte[] destination = new byte[320];
                java.util.Arrays.fill(destination, (byte)'#');
                final long sum = Checksum.copyAndSum(source, RawBytes.ARRAY_BASE + offset, destination,
                    RawBytes.ARRAY_BASE + 7, length);
                int expected = 0;
                for (int i = 0; i < length; i++)
                {
                    expected += source[offset + i] & 0xFF;
                    assertEquals(source[offset + i], destination[7 + i]);
                }
                assertEquals(expected & 0xFF, (int)(sum & 0xFF), "length " + length + " offset " + offset);
                for (int i = 0; i < destination.length; i++)
                {
                    if (i < 7 || i >= 7 + length)
                    {
                        assertEquals((byte)'#', destination[i], "outside the copy at " + i);
                    }
                }
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
}
