package io.fixtape.engine.codec;

import org.agrona.DirectBuffer;
import org.agrona.UnsafeApi;

/**
 * Byte-level scanning steps of {@link FixDecoder#wrap}: short-tag fast path, word-at-a-time SOH search, and the
 * Length/Data field pairs whose data may contain SOH. Stateless.
 */
final class FieldScan
{
    private FieldScan()
    {
    }

    /**
     * Fast path for the common 1- to 3-digit tag without leading zero: one 4-byte load instead of a byte loop.
     *
     * @return the tag, or -1 when the general loop must decide (longer tag, odd bytes, or near the end).
     */
    static int parseShortTag(final DirectBuffer buffer, final int position, final int end)
    {
        if (end - position < 4)
        {
            return -1;
        }
        return shortTagOfWord(buffer.getInt(position, java.nio.ByteOrder.LITTLE_ENDIAN) & 0xFFFFFFFFL);
    }

    private static final boolean LITTLE_ENDIAN = java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN;
    private static final long SOH_BYTES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;

    /** Eight bytes at {@code position}, first byte lowest on every platform. Raw: the caller bounds-checked. */
    static long word(final byte[] array, final long address, final int position)
    {
        final long word = UnsafeApi.getLong(array, address + position);
        return LITTLE_ENDIAN ? word : Long.reverseBytes(word);
    }

    /**
     * {@link #parseShortTag} on the first bytes of an already read word: the 1- to 3-digit tag without leading zero
     * followed by '=', or -1.
     */
    static int shortTagOfWord(final long word)
    {
        final int d0 = (int)(word & 0xFF) - '0';
        final int b1 = (int)(word >>> 8) & 0xFF;
        if (d0 < 1 || d0 > 9)
        {
            return -1;
        }
        if (b1 == FixDecoder.EQUALS)
        {
            return d0;
        }
        final int d1 = b1 - '0';
        if (d1 < 0 || d1 > 9)
        {
            return -1;
        }
        final int b2 = (int)(word >>> 16) & 0xFF;
        if (b2 == FixDecoder.EQUALS)
        {
            return d0 * 10 + d1;
        }
        final int d2 = b2 - '0';
        return d2 >= 0 && d2 <= 9 && ((int)(word >>> 24) & 0xFF) == FixDecoder.EQUALS ? d0 * 100 + d1 * 10 + d2 : -1;
    }

    /** Has-zero-byte flags of {@code word ^ SOH}: the lowest flag is exactly the first SOH (higher ones may not be). */
    static long firstSohFlags(final long word)
    {
        final long x = word ^ SOH_BYTES;
        return (x - SOH_BYTES) & ~x & HIGH_BITS;
    }

    /** {@link #findSoh(DirectBuffer, int, int)} on raw memory the caller has bounds-checked. */
    static int findSoh(final byte[] array, final long address, final int from, final int end)
    {
        int position = from;
        while (end - position >= 8)
        {
            final long flags = firstSohFlags(word(array, address, position));
            if (flags != 0)
            {
                return position + (Long.numberOfTrailingZeros(flags) >>> 3);
            }
            position += 8;
        }
        while (position < end && UnsafeApi.getByte(array, address + position) != FixDecoder.SOH)
        {
            position++;
        }
        return position;
    }

    /**
     * Position of the first SOH in {@code [from, end)}, or {@code end}. Tests eight bytes per step: after XOR with
     * SOH in every byte, a SOH byte becomes zero, and the classic "has zero byte" expression flags it; the lowest
     * flag is exact (borrows only propagate upwards), which is the first SOH in little-endian order.
     */
    static int findSoh(final DirectBuffer buffer, final int from, final int end)
    {
        int position = from;
        while (end - position >= 8)
        {
            final long word = buffer.getLong(position, java.nio.ByteOrder.LITTLE_ENDIAN) ^ SOH_BYTES;
            final long zeros = (word - SOH_BYTES) & ~word & HIGH_BITS;
            if (zeros != 0)
            {
                return position + (Long.numberOfTrailingZeros(zeros) >>> 3);
            }
            position += 8;
        }
        while (position < end && buffer.getByte(position) != FixDecoder.SOH)
        {
            position++;
        }
        return position;
    }

    /** The data field that a Length field announces, or 0 (FIX 4.2 to 5.0SP2 pairs). */
    static int dataTagFor(final int lengthTag)
    {
        if (lengthTag < 90)
        {
            return 0; // most fields of a typical message: skip the switch
        }
        switch (lengthTag)
        {
            case 90: return 91;     // SecureDataLen -> SecureData
            case 93: return 89;     // SignatureLength -> Signature
            case 95: return 96;     // RawDataLength -> RawData
            case 212: return 213;   // XmlDataLen -> XmlData
            case 348: return 349;   // EncodedIssuerLen
            case 350: return 351;   // EncodedSecurityDescLen
            case 352: return 353;   // EncodedListExecInstLen
            case 354: return 355;   // EncodedTextLen
            case 356: return 357;   // EncodedSubjectLen
            case 358: return 359;   // EncodedHeadlineLen
            case 360: return 361;   // EncodedAllocTextLen
            case 362: return 363;   // EncodedUnderlyingIssuerLen
            case 364: return 365;   // EncodedUnderlyingSecurityDescLen
            case 445: return 446;   // EncodedListStatusTextLen
            case 618: return 619;   // EncodedLegIssuerLen
            case 621: return 622;   // EncodedLegSecurityDescLen
            case 1277: return 1278; // DerivativeEncodedIssuerLen
            case 1397: return 1398; // EncodedMktSegmDescLen
            case 1401: return 1402; // EncryptedPasswordLen
            case 1403: return 1404; // EncryptedNewPasswordLen
            default: return 0;
        }
    }
}
