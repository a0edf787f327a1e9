package io.fixtape.engine.codec;

import org.agrona.DirectBuffer;

/**
 * FIX CheckSum (10): the sum of every byte up to and including the SOH before {@code 10=}, modulo 256.
 *
 * <p>One bounds check per call, then 8 bytes per step from raw memory (SWAR). For each 8-byte word {@code w} the
 * loop adds {@code w} itself and its odd bytes {@code (w >>> 8) & 0x00FF..00FF} into 16-bit lanes; the even bytes'
 * lanes are {@code sum(w) - (odd << 8)} (exact modulo 2^64), so a word costs one load, two adds, a shift and a mask.
 * Lanes are folded every 128 words, before any can overflow. A tail shorter than a word is read as the last 8
 * bytes of the range shifted down, so nothing outside the range is read. Stateless and thread-safe.
 */
public final class Checksum
{
    private static final long EVEN_BYTES = 0x00FF_00FF_00FF_00FFL;
    private static final int BLOCK_BYTES = 1024; // 128 words: even + odd lanes stay below 2 * 128 * 255 < 2^16

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
        long at = address;
        final long end = address + length;
        // a long cursor, one word per step: C2 unrolls this loop best (measured against int-indexed 2-word steps)
        while (end - at >= 8)
        {
            final long blockEnd = at + Math.min((end - at) & ~7L, BLOCK_BYTES);
            long all = 0;
            long odd = 0;
            for (; at < blockEnd; at += 8)
            {
                final long word = RawBytes.getLong(base, at);
                all += word;
                odd += (word >>> 8) & EVEN_BYTES;
            }
            total += foldLanes(all - (odd << 8) + odd);
        }
        final int rest = (int)(end - at);
        if (length >= 8)
        {
            // the last 8 bytes of the range, keeping only the `rest` (0..7) not yet counted (the highest,
            // little-endian). Two shifts, so that rest 0 shifts by 64 and keeps nothing: no `rest > 0` branch, whose
            // direction follows the message length modulo 8 (a trap in C2 code for a length the warm-up never had)
            total += sumWord((RawBytes.getLong(base, end - 8) >>> (((8 - rest) << 3) - 1)) >>> 1);
        }
        else
        {
            for (; at < end; at++)
            {
                total += RawBytes.getByte(base, at) & 0xFF;
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
