package io.fixtape.engine.codec;

import org.agrona.DirectBuffer;

/**
 * Byte-level scanning steps of {@link FixDecoder#wrap} and {@link TagSearch}: word-at-a-time (SWAR) tag parse and
 * SOH masks, short-tag fast path, and the Length/Data field pairs whose data may contain SOH. Stateless.
 *
 * <p>Words are read little-endian, so byte {@code i} of the message is bits {@code 8i..8i+7} of the word on every
 * platform.
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
        final int word = buffer.getInt(position, java.nio.ByteOrder.LITTLE_ENDIAN);
        final int d0 = (word & 0xFF) - '0';
        final int b1 = (word >>> 8) & 0xFF;
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
        final int b2 = (word >>> 16) & 0xFF;
        if (b2 == FixDecoder.EQUALS)
        {
            return d0 * 10 + d1;
        }
        final int d2 = b2 - '0';
        return d2 >= 0 && d2 <= 9 && (word >>> 24) == FixDecoder.EQUALS ? d0 * 100 + d1 * 10 + d2 : -1;
    }

    private static final long SOH_BYTES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;
    private static final long LOW_7_BITS = 0x7F7F7F7F7F7F7F7FL;
    private static final long EQUALS_BYTES = 0x3D3D3D3D3D3D3D3DL;
    private static final long ZERO_DIGITS = 0x3030303030303030L;
    private static final long HIGH_NIBBLES = 0xF0F0F0F0F0F0F0F0L;

    /** Returned by {@link #tagOfWord} when the word does not start with a short, valid tag and '='. */
    static final long NO_TAG = -1;

    /**
     * Tag at the start of {@code word} (8 message bytes, little-endian): 1 to 7 ASCII digits, not all zero, then
     * '='. Returns {@code tag | (digits << 32)}, or {@link #NO_TAG} when the general byte loop must decide (longer
     * tag, a non-digit, SOH before '=', or tag 0). Branch-free apart from the final check: the first '=' is
     * located with the has-zero-byte expression (its lowest flag is exact), the digits are checked eight at a time
     * and converted with three multiplications (the classic eight-digit SWAR parse, after shifting the k digits to
     * the top so the unused bytes act as leading zeros).
     */
    static long tagOfWord(final long word)
    {
        final long eq = word ^ EQUALS_BYTES;
        final long eqFlags = (eq - SOH_BYTES) & ~eq & HIGH_BITS;
        final int digits = Long.numberOfTrailingZeros(eqFlags) >>> 3; // 8 when there is no '='
        final long digitMask = (1L << (digits << 3)) - 1;              // digits == 8: shift by 0, mask 0
        final long padded = (word & digitMask) | (ZERO_DIGITS & ~digitMask);
        if (digits == 0 || digits == 8 || !allDigits(padded))
        {
            return NO_TAG;
        }
        long v = (padded - ZERO_DIGITS) << ((8 - digits) << 3);
        v = v * 10 + (v >>> 8);
        v = (((v & 0x000000FF000000FFL) * (100 + (1000000L << 32))) +
            (((v >>> 16) & 0x000000FF000000FFL) * (1 + (10000L << 32)))) >>> 32;
        return v == 0 ? NO_TAG : v | ((long)digits << 32);
    }

    /** All eight bytes are ASCII digits: high nibbles all 3, and +6 per byte keeps them 3 (low nibble at most 9). */
    static boolean allDigits(final long word)
    {
        return ((word & HIGH_NIBBLES) | (((word + 0x0606060606060606L) & HIGH_NIBBLES) >>> 4)) == 0x3333333333333333L;
    }

    /**
     * One flag bit (the byte's high bit) per SOH byte of {@code word}, exact for every byte (no borrow between bytes:
     * the low seven bits are added before the high bit is looked at), so all flags can be iterated.
     */
    static long sohFlags(final long word)
    {
        final long x = word ^ SOH_BYTES;
        return ~(((x & LOW_7_BITS) + LOW_7_BITS) | x | LOW_7_BITS);
    }

    /**
     * The {@code end - position} (1 to 7) bytes at {@code position} as a little-endian word, zero above them
     * (a zero byte is neither SOH nor '=' nor a digit).
     */
    static long tailWord(final DirectBuffer buffer, final int position, final int end)
    {
        long word = 0;
        for (int i = end - position - 1; i >= 0; i--)
        {
            word = (word << 8) | (buffer.getByte(position + i) & 0xFFL);
        }
        return word;
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
