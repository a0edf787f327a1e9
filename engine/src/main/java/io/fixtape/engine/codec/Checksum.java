package io.fixtape.engine.codec;

import org.agrona.DirectBuffer;

/**
 * FIX CheckSum (10): the sum of every byte up to and including the SOH before {@code 10=}, modulo 256.
 *
 * <p>One bounds check per call, then 16 bytes per step from raw memory (SWAR). For each 8-byte word {@code w} the
 * loop adds {@code w} itself and its odd bytes {@code (w >>> 8) & 0x00FF..00FF} into 16-bit lanes; the even bytes'
 * lanes are {@code sum(w) - (odd << 8)} (exact modulo 2^64), so a word costs one load, two adds, a shift and a mask.
 * Lanes are folded every 256 words, before any can overflow. A tail shorter than a word is read as the last 8
 * bytes of the range shifted down, so nothing outside the range is read. Stateless and thread-safe.
 */
public final class Checksum
{
    private static final long EVEN_BYTES = 0x00FF_00FF_00FF_00FFL;
    private static final int BLOCK_BYTES = 2048; // 128 words per accumulator: at most 128 * 255 per 16-bit lane

    private Checksum()
    {
    }

    /** Sum of {@code buffer[offset, offset + length)} modulo 256, in 0..255. */
    public static int compute(final DirectBuffer buffer, final int offset, final int length)
    {
        buffer.boundsCheck(offset, length);
        return sum(buffer.byteArray(), buffer.addressOffset() + offset, length);
    }

    /** As {@link #compute} at a raw address (see {@link RawBytes}); the caller has checked the range. */
    static int sum(final Object base, final long address, final int length)
    {
        long total = 0;
        int i = 0;
        while (length - i >= 16)
        {
            final int blockEnd = i + Math.min((length - i) & ~15, BLOCK_BYTES);
            long all0 = 0;
            long odd0 = 0;
            long all1 = 0;
            long odd1 = 0;
            for (; i < blockEnd; i += 16)
            {
                final long w0 = RawBytes.getLong(base, address + i);
                final long w1 = RawBytes.getLong(base, address + i + 8);
                all0 += w0;
                odd0 += (w0 >>> 8) & EVEN_BYTES;
                all1 += w1;
                odd1 += (w1 >>> 8) & EVEN_BYTES;
            }
            total += foldLanes(all0 - (odd0 << 8) + odd0) + foldLanes(all1 - (odd1 << 8) + odd1);
        }
        int rest = length - i;
        if (rest >= 8)
        {
            total += sumWord(RawBytes.getLong(base, address + i));
            i += 8;
            rest -= 8;
        }
        if (rest > 0)
        {
            if (length >= 8)
            {
                // the last 8 bytes of the range, keeping only the `rest` not yet counted (the highest, little-endian)
                total += sumWord(RawBytes.getLong(base, address + length - 8) >>> ((8 - rest) << 3));
            }
            else
            {
                for (; i < length; i++)
                {
                    total += RawBytes.getByte(base, address + i) & 0xFF;
                }
            }
        }
        return (int)(total & 0xFF);
    }

    private static long sumWord(final long word)
    {
        return foldLanes((word & EVEN_BYTES) + ((word >>> 8) & EVEN_BYTES));
    }

    /** Sum of the four 16-bit lanes (each already a partial byte sum). */
    private static long foldLanes(final long lanes)
    {
        return (lanes & 0xFFFF) + ((lanes >>> 16) & 0xFFFF) + ((lanes >>> 32) & 0xFFFF) + (lanes >>> 48);
    }
}
