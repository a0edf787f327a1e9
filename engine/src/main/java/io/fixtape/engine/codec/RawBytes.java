package io.fixtape.engine.codec;

import java.nio.ByteOrder;

import org.agrona.DirectBuffer;
import org.agrona.UnsafeApi;

/**
 * Unchecked loads and stores at {@code (base, address)} as Agrona addresses them ({@link DirectBuffer#byteArray()}
 * or {@code null} for off-heap memory, plus {@link DirectBuffer#addressOffset()} + index). Multi-byte values are
 * little-endian — first byte in the lowest bits — whatever the platform order, so packed ASCII words store as
 * written. The caller has checked the range once (per message, per field); nothing here checks it again, which is
 * the point: Agrona's per-access bounds check was most of the encoder's cost. Stateless and thread-safe.
 */
final class RawBytes
{
    static final long ARRAY_BASE = UnsafeApi.arrayBaseOffset(byte[].class);
    private static final boolean NATIVE_LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    private RawBytes()
    {
    }

    static void putByte(final Object base, final long address, final int value)
    {
        UnsafeApi.putByte(base, address, (byte)value);
    }

    static void putShort(final Object base, final long address, final long value)
    {
        final short v = (short)value;
        UnsafeApi.putShort(base, address, NATIVE_LITTLE_ENDIAN ? v : Short.reverseBytes(v));
    }

    static void putInt(final Object base, final long address, final long value)
    {
        final int v = (int)value;
        UnsafeApi.putInt(base, address, NATIVE_LITTLE_ENDIAN ? v : Integer.reverseBytes(v));
    }

    static void putLong(final Object base, final long address, final long value)
    {
        UnsafeApi.putLong(base, address, NATIVE_LITTLE_ENDIAN ? value : Long.reverseBytes(value));
    }

    static long getLong(final Object base, final long address)
    {
        final long v = UnsafeApi.getLong(base, address);
        return NATIVE_LITTLE_ENDIAN ? v : Long.reverseBytes(v);
    }

    static int getInt(final Object base, final long address)
    {
        final int v = UnsafeApi.getInt(base, address);
        return NATIVE_LITTLE_ENDIAN ? v : Integer.reverseBytes(v);
    }

    static byte getByte(final Object base, final long address)
    {
        return UnsafeApi.getByte(base, address);
    }

    /** Stores exactly the first {@code length} (0..8) bytes of {@code word}; nothing after them is touched. */
    static void putExact(final Object base, final long address, final long word, final int length)
    {
        if (length == 8)
        {
            putLong(base, address, word);
            return;
        }
        long rest = word;
        long at = address;
        if ((length & 4) != 0)
        {
            putInt(base, at, rest);
            rest >>>= 32;
            at += 4;
        }
        if ((length & 2) != 0)
        {
            putShort(base, at, rest);
            rest >>>= 16;
            at += 2;
        }
        if ((length & 1) != 0)
        {
            putByte(base, at, (int)rest);
        }
    }

    /**
     * Copies {@code length} bytes between non-overlapping regions, reading and writing nothing outside them: 8-byte
     * words with the last one overlapping what was already copied, or 4-byte pairs, or single bytes. Faster than a
     * bulk copy call at the sizes of FIX values and templates.
     */
    static void copy(
        final Object sourceBase, final long sourceAddress, final Object base, final long address, final int length)
    {
        if (length >= 8)
        {
            final int last = length - 8;
            for (int i = 0; i < last; i += 8)
            {
                UnsafeApi.putLong(base, address + i, UnsafeApi.getLong(sourceBase, sourceAddress + i));
            }
            UnsafeApi.putLong(base, address + last, UnsafeApi.getLong(sourceBase, sourceAddress + last));
        }
        else if (length >= 4)
        {
            UnsafeApi.putInt(base, address, UnsafeApi.getInt(sourceBase, sourceAddress));
            UnsafeApi.putInt(base, address + length - 4, UnsafeApi.getInt(sourceBase, sourceAddress + length - 4));
        }
        else
        {
            for (int i = 0; i < length; i++)
            {
                UnsafeApi.putByte(base, address + i, UnsafeApi.getByte(sourceBase, sourceAddress + i));
            }
        }
    }
}
