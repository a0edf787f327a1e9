package io.fixtape.engine.codec;

import static java.nio.ByteOrder.LITTLE_ENDIAN;

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

    /**
     * Writes {@code <tag>=}. Tags below 1000 go out as one 2- or 4-byte store; a 2-digit tag's store also writes
     * one byte past {@code =}, which is safe because every field has at least a SOH after it (and every message a
     * 7-byte trailer), so the byte is always overwritten inside the message.
     */
    static int tag(final MutableDirectBuffer buffer, final int position, final int tag)
    {
        if (tag < 10 && tag >= 0)
        {
            buffer.putShort(position, (short)(('0' + tag) | (EQUALS << 8)), LITTLE_ENDIAN);
            return position + 2;
        }
        if (tag < 100 && tag >= 0)
        {
            buffer.putInt(position, ('0' + tag / 10) | (('0' + tag % 10) << 8) | (EQUALS << 16), LITTLE_ENDIAN);
            return position + 3;
        }
        if (tag < 1000 && tag >= 0)
        {
            buffer.putInt(position, ('0' + tag / 100) | (('0' + (tag / 10) % 10) << 8) | (('0' + tag % 10) << 16) |
                (EQUALS << 24), LITTLE_ENDIAN);
            return position + 4;
        }
        final int length = AsciiNumbers.formatPositiveLongAscii(buffer, position, tag);
        buffer.putByte(position + length, EQUALS);
        return position + length + 1;
    }

    private static final int SMALL_COPY = 64;

    /**
     * Copies bytes between different buffers (regions must not overlap). Short runs (ids, templates, header
     * fields, BeginString) go as 8- or 4-byte loads and stores, the last one overlapping what was already written,
     * which beats {@code putBytes}' bulk copy call at these sizes.
     */
    static void copy(
        final MutableDirectBuffer destination, final int destinationOffset, final DirectBuffer source,
        final int sourceOffset, final int length)
    {
        if (length > SMALL_COPY)
        {
            destination.putBytes(destinationOffset, source, sourceOffset, length);
        }
        else if (length >= 8)
        {
            for (int i = 0; i < length - 8; i += 8)
            {
                destination.putLong(destinationOffset + i, source.getLong(sourceOffset + i));
            }
            destination.putLong(destinationOffset + length - 8, source.getLong(sourceOffset + length - 8));
        }
        else if (length >= 4)
        {
            destination.putInt(destinationOffset, source.getInt(sourceOffset));
            destination.putInt(destinationOffset + length - 4, source.getInt(sourceOffset + length - 4));
        }
        else
        {
            for (int i = 0; i < length; i++)
            {
                destination.putByte(destinationOffset + i, source.getByte(sourceOffset + i));
            }
        }
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
        final int valueStart = tag(buffer, position, tag);
        return end(buffer, valueStart + buffer.putStringWithoutLengthAscii(valueStart, value));
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
        copy(buffer, valueStart, source, offset, length);
        return end(buffer, valueStart + length);
    }

    static int putDecimal(
        final MutableDirectBuffer buffer, final int position, final int tag, final long mantissa, final int scale)
    {
        final int valueStart = tag(buffer, position, tag);
        return end(buffer, valueStart + AsciiNumbers.formatDecimalAscii(buffer, valueStart, mantissa, scale));
    }

    static int putDate(final MutableDirectBuffer buffer, final int position, final int tag, final int epochDay)
    {
        final int valueStart = tag(buffer, position, tag);
        return end(buffer, valueStart + UtcTimestamps.writeDate(buffer, valueStart, epochDay));
    }
}
