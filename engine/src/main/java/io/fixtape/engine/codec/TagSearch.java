package io.fixtape.engine.codec;

import org.agrona.DirectBuffer;

/**
 * Finds one field in a complete message without indexing the whole message: for routing or dedup on a single tag
 * (ClOrdID, MsgSeqNum) before, or instead of, a full {@link FixDecoder#wrap}. The answer is always the one the
 * decoder would give ({@code wrap} then {@code indexOf(tag)}, first occurrence).
 *
 * <p>Fast path: SOH bytes are found eight at a time (exact per-byte flags), and the four bytes after each SOH are
 * compared with the searched {@code tag=} pattern; the scan stops at the first match. The bytes skipped must be
 * ordinary fields: each field start passed is checked to be a 1- to 3-digit tag that does not announce a data
 * field (Length/Data pairs may hide SOH in the data). Anything else (a longer or odd tag, a Length field, a field
 * without SOH, a searched tag above 999) is answered by a {@link FixDecoder} kept for that purpose.
 *
 * <p>Allocation-free after construction. Not thread-safe: one instance per thread.
 */
public final class TagSearch
{
    /** Returned by {@link #find} when the message has no such field. */
    public static final long NOT_FOUND = -1;

    private static final long SOH_BYTES = 0x0101010101010101L;

    private final FixDecoder fallback = new FixDecoder();

    /** Value offset of a {@link #find} result. */
    public static int valueOffset(final long found)
    {
        return (int)(found >>> 32);
    }

    /** Value length of a {@link #find} result. */
    public static int valueLength(final long found)
    {
        return (int)found;
    }

    /**
     * The first field {@code tag} of the message at {@code buffer[offset, offset + length)}.
     *
     * @return {@code valueOffset << 32 | valueLength} (see {@link #valueOffset}, {@link #valueLength}), or
     * {@link #NOT_FOUND}.
     */
    public long find(final DirectBuffer buffer, final int offset, final int length, final int tag)
    {
        if (tag <= 0 || tag > 999)
        {
            return decoderAnswer(buffer, offset, length, tag);
        }
        final int digits = tag < 10 ? 1 : tag < 100 ? 2 : 3;
        final int patternMask = (int)((1L << ((digits + 1) << 3)) - 1);
        final int pattern = tagPattern(tag, digits);
        final int end = offset + length;
        if (length < 8)
        {
            return decoderAnswer(buffer, offset, length, tag);
        }
        // one range check, then raw reads (FieldScan.word) inside the message
        buffer.boundsCheck(offset, length);
        final byte[] array = buffer.byteArray();
        final long address = buffer.addressOffset();

        int check = fieldCheck(array, address, offset, end, pattern, patternMask);
        if (check != SKIP)
        {
            return check == MATCH ? value(array, address, offset + digits + 1, end, buffer, offset, length, tag) :
                decoderAnswer(buffer, offset, length, tag);
        }
        int wordStart = offset;
        for (; end - wordStart >= 8; wordStart += 8)
        {
            long flags = sohFlags(FieldScan.word(array, address, wordStart));
            while (flags != 0)
            {
                final int fieldStart = wordStart + (Long.numberOfTrailingZeros(flags) >>> 3) + 1;
                flags &= flags - 1;
                check = fieldCheck(array, address, fieldStart, end, pattern, patternMask);
                if (check != SKIP)
                {
                    return check == MATCH ?
                        value(array, address, fieldStart + digits + 1, end, buffer, offset, length, tag) :
                        decoderAnswer(buffer, offset, length, tag);
                }
            }
        }
        // the last bytes (fewer than 8) hold at most the checksum field: let the decoder answer exactly
        return decoderAnswer(buffer, offset, length, tag);
    }

    private static final int SKIP = 0;
    private static final int MATCH = 1;
    private static final int UNSURE = 2;

    /**
     * {@link #MATCH} when the field at {@code fieldStart} is the searched tag, {@link #SKIP} when it is an ordinary
     * field that can be stepped over, {@link #UNSURE} when only the decoder can say.
     */
    private static int fieldCheck(
        final byte[] array, final long address, final int fieldStart, final int end, final int pattern,
        final int patternMask)
    {
        if (end - fieldStart < 8)
        {
            return UNSURE; // near the end (the checksum field): the decoder answers
        }
        final long word = FieldScan.word(array, address, fieldStart);
        if (((int)word & patternMask) == pattern)
        {
            return MATCH;
        }
        final int tag = FieldScan.shortTagOfWord(word);
        return tag > 0 && FieldScan.dataTagFor(tag) == 0 ? SKIP : UNSURE;
    }

    private long value(
        final byte[] array, final long address, final int valueStart, final int end, final DirectBuffer buffer,
        final int offset, final int length, final int tag)
    {
        final int soh = FieldScan.findSoh(array, address, valueStart, end);
        if (soh >= end)
        {
            return decoderAnswer(buffer, offset, length, tag);
        }
        return ((long)valueStart << 32) | (soh - valueStart);
    }

    private long decoderAnswer(final DirectBuffer buffer, final int offset, final int length, final int tag)
    {
        final int index = fallback.wrap(buffer, offset, length).indexOf(tag);
        return index < 0 ? NOT_FOUND : ((long)fallback.valueOffsetAt(index) << 32) | fallback.valueLengthAt(index);
    }

    /** The digits of {@code tag} then '=', first byte lowest. */
    private static int tagPattern(final int tag, final int digits)
    {
        int pattern = '=' << (digits << 3);
        int rest = tag;
        for (int i = digits - 1; i >= 0; i--)
        {
            pattern |= ('0' + rest % 10) << (i << 3);
            rest /= 10;
        }
        return pattern;
    }

    /** One flag (the byte's high bit) for every SOH byte of the word, exact for every byte (no inter-byte borrow). */
    private static long sohFlags(final long word)
    {
        return AsciiWords.equalBytes(word, SOH_BYTES);
    }
}
