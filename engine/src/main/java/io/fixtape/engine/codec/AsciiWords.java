package io.fixtape.engine.codec;

/**
 * Eight ASCII bytes at a time in a little-endian {@code long} (first byte lowest): the word-at-a-time tests the
 * codec and the validator share. Every test is exact per byte (no carry or borrow crosses bytes).
 */
public final class AsciiWords
{
    private static final long LOW_7_BITS = 0x7F7F7F7F7F7F7F7FL;
    private static final long HIGH_NIBBLES = 0xF0F0F0F0F0F0F0F0L;
    private static final long ZEROS = 0x3030303030303030L;

    private AsciiWords()
    {
    }

    /** The high bit of every byte of {@code word} equal to the same byte of {@code pattern}; all other bits 0. */
    public static long equalBytes(final long word, final long pattern)
    {
        final long x = word ^ pattern;
        return ~(((x & LOW_7_BITS) + LOW_7_BITS) | x | LOW_7_BITS);
    }

    /** Every byte of {@code word} is an ASCII digit. */
    public static boolean allDigits(final long word)
    {
        return ((word & HIGH_NIBBLES) | (((word + 0x0606060606060606L) & HIGH_NIBBLES) >>> 4)) == 0x3333333333333333L;
    }

    /** {@code word} with its bytes from {@code length} (1..8) on replaced by '0', so they pass any digit test. */
    public static long zeroPadded(final long word, final int length)
    {
        final long mask = length >= 8 ? -1L : (1L << (length << 3)) - 1;
        return (word & mask) | (ZEROS & ~mask);
    }
}
