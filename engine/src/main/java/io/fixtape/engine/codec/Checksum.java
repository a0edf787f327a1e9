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
        if (rest > 0)
        {
            if (length >= 8)
            {
                // the last 8 bytes of the range, keeping only the `rest` not yet counted (the highest, little-endian)
                total += sumWord(RawBytes.getLong(base, end - 8) >>> ((8 - rest) << 3));
            }
            else
            {
                for (; at < end; at++)
                {
                    total += RawBytes.getByte(base, at) & 0xFF;
                }
            }
        }
        return (int)(total & 0xFF);
    }

    /**
     * Copies {@code length} bytes like {@link RawBytes#copy} and returns their byte sum (modulo 256 or not),
     * taken from the words in registers on the way: the encoder adds it to the message's running sum instead of
     * reading its own fresh stores back at the end. Runs longer than a few words are copied, then summed.
     */
    static long copyAndSum(
        final Object sourceBase, final long sourceAddress, final Object base, final long address, final int length)
    {
        if (length > 64)
        {
            RawBytes.copy(sourceBase, sourceAddress, base, address, length);
            return sum(sourceBase, sourceAddress, length);
        }
        if (length >= 8)
        {
            long lanes = 0;
            final int last = length - 8;
            for (int i = 0; i < last; i += 8)
            {
                final long word = RawBytes.getLong(sourceBase, sourceAddress + i);
                RawBytes.putLong(base, address + i, word);
                lanes += (word & EVEN_BYTES) + ((word >>> 8) & EVEN_BYTES);
            }
            final long word = RawBytes.getLong(sourceBase, sourceAddress + last);
            RawBytes.putLong(base, address + last, word);
            // the last word overlaps what the loop counted: keep only its highest `fresh` bytes (1..8)
            final int fresh = length - ((last + 7) & ~7);
            return foldLanes(lanes) + sumWord(word >>> ((8 - fresh) << 3));
        }
        if (length >= 4)
        {
            final int first = RawBytes.getInt(sourceBase, sourceAddress);
            final int second = RawBytes.getInt(sourceBase, sourceAddress + length - 4);
            RawBytes.putInt(base, address, first);
            RawBytes.putInt(base, address + length - 4, second);
            return sumWord(first & 0xFFFF_FFFFL) + sumWord((second & 0xFFFF_FFFFL) >>> ((8 - length) << 3));
        }
        long total = 0;
        for (int i = 0; i < length; i++)
        {
            final byte b = RawBytes.getByte(sourceBase, sourceAddress + i);
            RawBytes.putByte(base, address + i, b);
            total += b & 0xFF;
        }
        return total;
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
