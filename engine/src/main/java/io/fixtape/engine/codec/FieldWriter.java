package io.fixtape.engine.codec;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Writes one {@code tag=value<SOH>} field at a position and returns the position after it. Shared by
 * {@link FixEncoder} and {@link FieldTemplate} so both produce identical bytes. Stateless.
 */
final class FieldWriter
{
    static final byte SOH = 1;
    static final byte EQUALS = '=';

    private FieldWriter()
    {
    }

    static int tag(final MutableDirectBuffer buffer, final int position, final int tag)
    {
        final int length = AsciiNumbers.formatPositiveLongAscii(buffer, position, tag);
        buffer.putByte(position + length, EQUALS);
        return position + length + 1;
    }

    static int end(final MutableDirectBuffer buffer, final int position)
    {
        buffer.putByte(position, SOH);
        return position + 1;
    }

    static int putLong(final MutableDirectBuffer buffer, final int position, final int tag, final long value)
    {
        final int valueStart = tag(buffer, position, tag);
        return end(buffer, valueStart + AsciiNumbers.formatLongAscii(buffer, valueStart, value));
    }

    static int putChar(final MutableDirectBuffer buffer, final int position, final int tag, final char value)
    {
        final int valueStart = tag(buffer, position, tag);
        buffer.putByte(valueStart, (byte)value);
        return end(buffer, valueStart + 1);
    }

    static int putAscii(final MutableDirectBuffer buffer, final int position, final int tag, final CharSequence value)
    {
        int cursor = tag(buffer, position, tag);
        final int length = value.length();
        for (int i = 0; i < length; i++)
        {
            buffer.putByte(cursor++, (byte)value.charAt(i));
        }
        return end(buffer, cursor);
    }

    static int putBytes(final MutableDirectBuffer buffer, final int position, final int tag, final byte[] value)
    {
        final int valueStart = tag(buffer, position, tag);
        buffer.putBytes(valueStart, value);
        return end(buffer, valueStart + value.length);
    }

    static int putBytes(
        final MutableDirectBuffer buffer, final int position, final int tag, final DirectBuffer source,
        final int offset, final int length)
    {
        final int valueStart = tag(buffer, position, tag);
        buffer.putBytes(valueStart, source, offset, length);
        return end(buffer, valueStart + length);
    }

    static int putDecimal(
        final MutableDirectBuffer buffer, final int position, final int tag, final long mantissa, final int scale)
    {
        final int valueStart = tag(buffer, position, tag);
        return end(buffer, valueStart + AsciiNumbers.formatDecimalAscii(buffer, valueStart, mantissa, scale));
    }

    static int putTimestamp(
        final MutableDirectBuffer buffer, final int position, final int tag, final long epochNanos,
        final int precision)
    {
        final int valueStart = tag(buffer, position, tag);
        return end(buffer, valueStart + UtcTimestamps.writeTimestamp(buffer, valueStart, epochNanos, precision));
    }

    static int putDate(final MutableDirectBuffer buffer, final int position, final int tag, final int epochDay)
    {
        final int valueStart = tag(buffer, position, tag);
        return end(buffer, valueStart + UtcTimestamps.writeDate(buffer, valueStart, epochDay));
    }
}
