package io.fixtape.engine.codec;

import org.agrona.DirectBuffer;

/**
 * FIX CheckSum (10): the sum of every byte up to and including the SOH before {@code 10=}, modulo 256.
 *
 * <p>Sums eight bytes per step (SWAR): two masks split a word into four 16-bit lanes each, so lanes never carry
 * into each other for up to 128 words; the lanes are folded before that bound. Byte order does not matter for a
 * sum, so native-order {@code getLong} is fine. Stateless and thread-safe.
 */
public final class Checksum
{
    private static final long EVEN_BYTES = 0x00FF00FF00FF00FFL;
    private static final int WORDS_PER_FOLD = 120;

    private Checksum()
    {
    }

    /** Sum of {@code buffer[offset, offset + length)} modulo 256, in 0..255. */
    public static int compute(final DirectBuffer buffer, final int offset, final int length)
    {
        long total = 0;
        int position = offset;
        final int end = offset + length;
        while (end - position >= 8)
        {
            long lanes = 0;
            int words = 0;
            while (end - position >= 8 && words < WORDS_PER_FOLD)
            {
                final long word = buffer.getLong(position);
                lanes += (word & EVEN_BYTES) + ((word >>> 8) & EVEN_BYTES);
                position += 8;
                words++;
            }
            total += foldLanes(lanes);
        }
        while (position < end)
        {
            total += buffer.getByte(position++) & 0xFF;
        }
        return (int)(total & 0xFF);
    }

    private static long foldLanes(final long lanes)
    {
        return (lanes & 0xFFFF) + ((lanes >>> 16) & 0xFFFF) + ((lanes >>> 32) & 0xFFFF) + (lanes >>> 48);
    }
}
