package io.fixtape.engine.dictionary;

import org.agrona.DirectBuffer;
import org.agrona.collections.LongHashSet;

import java.nio.charset.StandardCharsets;
import java.util.Collection;

/**
 * The allowed values of an enumerated field, checkable straight from a buffer range: values of up to 8 bytes
 * are packed into a {@code long} (first byte lowest, as {@link io.fixtape.engine.codec.MsgTypes}) and kept in a
 * primitive set; the rare longer values are compared byte by byte. Multiple-value types (space separated) are
 * checked element by element, as QuickFIX/J does.
 *
 * <p>Immutable after construction, thread-safe for reads.
 */
public final class EnumValues
{
    private final LongHashSet packed;
    // one-byte values (Side, OrdType, ...): bit b set when packed contains b, so the common case skips the hash
    private final long[] singleBytes = new long[4];
    // one-byte values that contains() accepts (after the multiple-value and any-value rules): for callers that
    // test a one-byte value with a single bit test
    private final long[] acceptedBytes = new long[4];
    private final byte[][] longValues;
    private final boolean multipleValue;
    private final boolean anyValue;
    private final int size;

    EnumValues(final Collection<String> values, final boolean multipleValue, final boolean anyValue)
    {
        this.packed = new LongHashSet(Math.max(8, values.size() * 2));
        int longCount = 0;
        for (final String value : values)
        {
            if (value.length() > 8)
            {
                longCount++;
            }
        }
        this.longValues = new byte[longCount][];
        int l = 0;
        for (final String value : values)
        {
            final byte[] bytes = value.getBytes(StandardCharsets.US_ASCII);
            if (bytes.length > 8)
            {
                longValues[l++] = bytes;
            }
            else
            {
                packed.add(pack(bytes));
            }
        }
        for (int b = 0; b < 256; b++)
        {
            if (packed.contains(b))
            {
                singleBytes[b >>> 6] |= 1L << b;
            }
        }
        this.multipleValue = multipleValue;
        this.anyValue = anyValue;
        this.size = values.size();
        final org.agrona.concurrent.UnsafeBuffer one = new org.agrona.concurrent.UnsafeBuffer(new byte[1]);
        for (int b = 0; b < 256; b++)
        {
            one.putByte(0, (byte)b);
            if (contains(one, 0, 1)) // exact by construction
            {
                acceptedBytes[b >>> 6] |= 1L << b;
            }
        }
    }

    /** Number of enumerated values. */
    public int size()
    {
        return size;
    }

    /**
     * Bits {@code 64 * word .. 64 * word + 63} of the set of one-byte values {@code b} for which
     * {@link #contains(DirectBuffer, int, int)} is true ({@code word} 0..3).
     */
    public long acceptedOneByteValues(final int word)
    {
        return acceptedBytes[word];
    }

    /** The field's {@code allowOtherValues="true"}: any value passes. */
    public boolean allowsAnyValue()
    {
        return anyValue;
    }

    /** True when {@code buffer[offset, offset + length)} is an allowed value (each element, for multi-value types). */
    public boolean contains(final DirectBuffer buffer, final int offset, final int length)
    {
        if (anyValue)
        {
            return true;
        }
        if (!multipleValue)
        {
            return containsSingle(buffer, offset, length);
        }
        // like String.split(" "): trailing empty elements are ignored, leading/inner empty ones are values
        int end = offset + length;
        while (end > offset && buffer.getByte(end - 1) == ' ')
        {
            end--;
        }
        if (end == offset)
        {
            return length == 0 && containsSingle(buffer, offset, 0);
        }
        int start = offset;
        for (int i = offset; i <= end; i++)
        {
            if (i == end || buffer.getByte(i) == ' ')
            {
                if (!containsSingle(buffer, start, i - start))
                {
                    return false;
                }
                start = i + 1;
            }
        }
        return true;
    }

    /** Convenience for tools and tests (allocates). */
    public boolean contains(final String value)
    {
        final byte[] bytes = value.getBytes(StandardCharsets.US_ASCII);
        return contains(new org.agrona.concurrent.UnsafeBuffer(bytes), 0, bytes.length);
    }

    private boolean containsSingle(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length <= 0)
        {
            return false;
        }
        if (length == 1)
        {
            final int b = buffer.getByte(offset) & 0xFF;
            return (singleBytes[b >>> 6] & (1L << b)) != 0;
        }
        if (length <= 8)
        {
            long value = 0;
            for (int i = 0; i < length; i++)
            {
                value |= (buffer.getByte(offset + i) & 0xFFL) << (i << 3);
            }
            return packed.contains(value);
        }
        for (final byte[] candidate : longValues)
        {
            if (candidate.length == length && equals(candidate, buffer, offset))
            {
                return true;
            }
        }
        return false;
    }

    private static boolean equals(final byte[] candidate, final DirectBuffer buffer, final int offset)
    {
        for (int i = 0; i < candidate.length; i++)
        {
            if (candidate[i] != buffer.getByte(offset + i))
            {
                return false;
            }
        }
        return true;
    }

    private static long pack(final byte[] bytes)
    {
        long value = 0;
        for (int i = 0; i < bytes.length; i++)
        {
            value |= (bytes[i] & 0xFFL) << (i << 3);
        }
        return value;
    }
}
