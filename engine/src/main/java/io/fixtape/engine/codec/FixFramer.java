package io.fixtape.engine.codec;

import org.agrona.DirectBuffer;

/**
 * Finds complete FIX messages in a byte stream held in a {@link DirectBuffer}.
 *
 * <p>A message is {@code 8=FIX...|9=<BodyLength>|<body>10=<nnn>|}: BeginString first, BodyLength second, and the
 * CheckSum field exactly where BodyLength says the body ends. {@link #frame} looks at the bytes from
 * {@code offset} and answers with one int:
 * <ul>
 *     <li><b>{@code > 0}</b> — a complete, well-formed message of that many bytes starts at {@code offset}
 *     (begin string, body length and checksum verified). Hand it to {@link FixDecoder#wrap}.</li>
 *     <li><b>{@link #PARTIAL} ({@code 0})</b> — what is there is a valid prefix of a message: read more bytes and
 *     call again with the same {@code offset}. Nothing should be discarded.</li>
 *     <li><b>{@code < 0}</b> — garbled: discard {@code -result} bytes and call again. {@link #lastReason()} says
 *     why ({@link #REASON_BAD_BEGIN_STRING}, {@link #REASON_BAD_BODY_LENGTH}, {@link #REASON_BAD_CHECKSUM},
 *     {@link #REASON_TOO_LARGE}) and {@link #garbledCount(int)} counts each reason. As the FIX spec says, the
 *     discard skips to the next {@code 8=FIX} candidate (or keeps a trailing prefix of one). A message whose
 *     framing is right but whose checksum is wrong is discarded whole and reported as
 *     {@link #REASON_BAD_CHECKSUM}: the session must ignore it without sending a Reject. A message whose
 *     BodyLength does not point at a CheckSum field is discarded up to and including the first CheckSum field at
 *     or after the point BodyLength names (QuickFIX/J's resynchronisation, see {@code skipThroughNextTrailer}),
 *     which also swallows the next message when BodyLength is too long.</li>
 * </ul>
 * The maximum message size is checked from BodyLength as soon as its digits arrive, so an oversized message is
 * rejected without waiting for (or buffering) its body.
 *
 * <p>Never allocates and never throws on any byte content. Not thread-safe: one framer per poller thread (the
 * counters are plain fields).
 */
public final class FixFramer
{
    /** Returned when more bytes are needed. */
    public static final int PARTIAL = 0;

    public static final int REASON_NONE = 0;
    /** Does not start with {@code 8=FIX}, or the BeginString value is too long. */
    public static final int REASON_BAD_BEGIN_STRING = 1;
    /** Second field is not {@code 9=<digits>}, or no CheckSum field where BodyLength points. */
    public static final int REASON_BAD_BODY_LENGTH = 2;
    /** CheckSum is not three digits or does not match the bytes: ignore the message (no Reject). */
    public static final int REASON_BAD_CHECKSUM = 3;
    /** BodyLength implies a message larger than the configured maximum. */
    public static final int REASON_TOO_LARGE = 4;
    public static final int REASON_COUNT = 5;

    /**
     * Default maximum message size in bytes (header to checksum): the default of the MaxMessageSize setting, which
     * bounds both what the framer accepts and what a session encodes or resends.
     */
    public static final int DEFAULT_MAX_MESSAGE_SIZE = 64 * 1024;

    // "8=" + longest BeginString ("FIXT.1.1" is 8; leave room for odd but valid values) + SOH
    private static final int MAX_BEGIN_STRING_VALUE = 16;
    private static final int MAX_BODY_LENGTH_DIGITS = 9;
    private static final int TRAILER_LENGTH = 7; // "10=nnn" + SOH
    private static final byte SOH = 1;

    private final int maxMessageSize;
    private final long[] garbledCounts = new long[REASON_COUNT];
    private int lastReason = REASON_NONE;

    public FixFramer()
    {
        this(DEFAULT_MAX_MESSAGE_SIZE);
    }

    /**
     * @param maxMessageSize largest accepted message in bytes, from {@code 8=} to the SOH after the checksum;
     *                       must be at least 32.
     */
    public FixFramer(final int maxMessageSize)
    {
        if (maxMessageSize < 32)
        {
            throw new IllegalArgumentException("maxMessageSize must be >= 32: " + maxMessageSize);
        }
        this.maxMessageSize = maxMessageSize;
    }

    public int maxMessageSize()
    {
        return maxMessageSize;
    }

    /** Reason for the last negative result of {@link #frame}; {@link #REASON_NONE} after a complete or partial. */
    public int lastReason()
    {
        return lastReason;
    }

    /** Constant name of a reason code, for counters and logs (no allocation). */
    public static String reasonName(final int reason)
    {
        switch (reason)
        {
            case REASON_NONE: return "NONE";
            case REASON_BAD_BEGIN_STRING: return "BAD_BEGIN_STRING";
            case REASON_BAD_BODY_LENGTH: return "BAD_BODY_LENGTH";
            case REASON_BAD_CHECKSUM: return "BAD_CHECKSUM";
            case REASON_TOO_LARGE: return "TOO_LARGE";
            default: return "UNKNOWN";
        }
    }

    /** How many times {@link #frame} reported a garbled message for {@code reason}. */
    public long garbledCount(final int reason)
    {
        return reason > 0 && reason < REASON_COUNT ? garbledCounts[reason] : 0;
    }

    /**
     * Classify the bytes at {@code buffer[offset, offset + length)}.
     *
     * @return message length ({@code > 0}), {@link #PARTIAL}, or minus the number of bytes to discard.
     */
    public int frame(final DirectBuffer buffer, final int offset, final int length)
    {
        lastReason = REASON_NONE;
        if (length <= 0)
        {
            return PARTIAL;
        }
        final int fast = frameWellFormed(buffer, offset, length);
        if (fast > 0)
        {
            return fast;
        }
        final int end = offset + length;

        // BeginString: "8=FIX" then the rest of the value up to SOH.
        final int prefixMatched = matchBeginPrefix(buffer, offset, end);
        if (prefixMatched < BEGIN_PREFIX.length)
        {
            return prefixMatched == length ? PARTIAL : garbled(buffer, offset, end, REASON_BAD_BEGIN_STRING);
        }
        int position = endOfBeginString(buffer, offset, end);
        if (position == PARTIAL_SCAN)
        {
            return PARTIAL;
        }
        if (position == GARBLED_SCAN)
        {
            return garbled(buffer, offset, end, REASON_BAD_BEGIN_STRING);
        }

        // BodyLength: "9=" digits SOH, checked against the maximum as each digit arrives.
        if (position >= end)
        {
            return PARTIAL;
        }
        if (buffer.getByte(position) != '9')
        {
            return garbled(buffer, offset, end, REASON_BAD_BODY_LENGTH);
        }
        if (++position >= end)
        {
            return PARTIAL;
        }
        if (buffer.getByte(position) != '=')
        {
            return garbled(buffer, offset, end, REASON_BAD_BODY_LENGTH);
        }
        position++;
        final int digitsStart = position;
        int bodyLength = 0;
        while (true)
        {
            if (position >= end)
            {
                return PARTIAL;
            }
            final byte b = buffer.getByte(position);
            if (b == SOH)
            {
                break;
            }
            if (b < '0' || b > '9' || position - digitsStart >= MAX_BODY_LENGTH_DIGITS)
            {
                return garbled(buffer, offset, end, REASON_BAD_BODY_LENGTH);
            }
            bodyLength = bodyLength * 10 + (b - '0');
            // the smallest message this BodyLength could describe is already too large: reject now
            if ((position + 2 - offset) + (long)bodyLength + TRAILER_LENGTH > maxMessageSize)
            {
                return garbled(buffer, offset, end, REASON_TOO_LARGE);
            }
            position++;
        }
        if (position == digitsStart || bodyLength == 0)
        {
            return garbled(buffer, offset, end, REASON_BAD_BODY_LENGTH);
        }
        final int bodyStart = position + 1;
        final int trailerStart = bodyStart + bodyLength;
        final int messageLength = trailerStart + TRAILER_LENGTH - offset;
        if (messageLength > maxMessageSize)
        {
            return garbled(buffer, offset, end, REASON_TOO_LARGE);
        }
        if (messageLength > length)
        {
            return PARTIAL;
        }

        // CheckSum: "10=" exactly where BodyLength points, after a SOH, then three characters and SOH.
        if (buffer.getByte(trailerStart - 1) != SOH || buffer.getByte(trailerStart) != '1' ||
            buffer.getByte(trailerStart + 1) != '0' || buffer.getByte(trailerStart + 2) != '=' ||
            buffer.getByte(trailerStart + 6) != SOH)
        {
            return skipThroughNextTrailer(buffer, offset, trailerStart, end);
        }
        final int d0 = buffer.getByte(trailerStart + 3) - '0';
        final int d1 = buffer.getByte(trailerStart + 4) - '0';
        final int d2 = buffer.getByte(trailerStart + 5) - '0';
        if (d0 < 0 || d0 > 9 || d1 < 0 || d1 > 9 || d2 < 0 || d2 > 9 ||
            d0 * 100 + d1 * 10 + d2 != Checksum.compute(buffer, offset, trailerStart - offset))
        {
            lastReason = REASON_BAD_CHECKSUM;
            garbledCounts[REASON_BAD_CHECKSUM]++;
            return -messageLength;
        }
        return messageLength;
    }

    private static final long SOH_BYTES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;
    private static final long BEGIN_PREFIX_WORD = 0x5849463D38L; // "8=FIX", first byte lowest
    private static final long TRAILER_MASK = 0xFF000000FFFFFFFFL;   // bytes 0..3 and 7 of "|10=nnn|"
    private static final long TRAILER_WORD = 0x010000003D303101L;   // SOH "10=" ... SOH, first byte lowest

    /**
     * The common case in a few word reads: a complete message with a short BeginString, BodyLength of 1 to 6 digits
     * and a correct checksum. Returns its length, or 0 when the general path must decide (anything else, including
     * every partial and garbled input: the general path classifies and counts those).
     */
    private int frameWellFormed(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < 32)
        {
            return 0;
        }
        final long head = buffer.getLong(offset, java.nio.ByteOrder.LITTLE_ENDIAN);
        if ((head & 0xFFFFFFFFFFL) != BEGIN_PREFIX_WORD)
        {
            return 0;
        }
        // BeginString value ends at the first SOH in bytes 5..15; no '=' before it
        final long next = buffer.getLong(offset + 8, java.nio.ByteOrder.LITTLE_ENDIAN);
        final long sohHead = zeroFlags((head ^ SOH_BYTES) | 0xFFFFFFFFFFL);
        final long sohNext = zeroFlags(next ^ SOH_BYTES);
        final int sohIndex = sohHead != 0 ? Long.numberOfTrailingZeros(sohHead) >>> 3 :
            sohNext != 0 ? 8 + (Long.numberOfTrailingZeros(sohNext) >>> 3) : -1;
        if (sohIndex < 0)
        {
            return 0;
        }
        for (int i = 5; i < sohIndex; i++)
        {
            if (buffer.getByte(offset + i) == '=')
            {
                return 0;
            }
        }
        // "9=" then 1..6 digits and SOH, in one word
        final int bodyLengthField = offset + sohIndex + 1;
        final long word = buffer.getLong(bodyLengthField, java.nio.ByteOrder.LITTLE_ENDIAN);
        if ((word & 0xFFFF) != (('=' << 8) | '9'))
        {
            return 0;
        }
        int bodyLength = 0;
        int i = 2;
        for (; i < 8; i++)
        {
            final int digit = (int)((word >>> (i << 3)) & 0xFF) - '0';
            if (digit < 0 || digit > 9)
            {
                break;
            }
            bodyLength = bodyLength * 10 + digit;
        }
        if (i == 2 || i == 8 || ((word >>> (i << 3)) & 0xFF) != SOH || bodyLength == 0)
        {
            return 0;
        }
        final int trailerStart = bodyLengthField + i + 1 + bodyLength;
        final int messageLength = trailerStart + TRAILER_LENGTH - offset;
        if (messageLength > length || messageLength > maxMessageSize)
        {
            return 0;
        }
        // "<SOH>10=nnn<SOH>" exactly where BodyLength points
        final long trailer = buffer.getLong(trailerStart - 1, java.nio.ByteOrder.LITTLE_ENDIAN);
        if ((trailer & TRAILER_MASK) != TRAILER_WORD)
        {
            return 0;
        }
        final int d0 = (int)((trailer >>> 32) & 0xFF) - '0';
        final int d1 = (int)((trailer >>> 40) & 0xFF) - '0';
        final int d2 = (int)((trailer >>> 48) & 0xFF) - '0';
        if (d0 < 0 || d0 > 9 || d1 < 0 || d1 > 9 || d2 < 0 || d2 > 9 ||
            d0 * 100 + d1 * 10 + d2 != Checksum.compute(buffer, offset, trailerStart - offset))
        {
            return 0;
        }
        return messageLength;
    }

    /** Has-zero-byte flags: the lowest one is exact. */
    private static long zeroFlags(final long x)
    {
        return (x - SOH_BYTES) & ~x & HIGH_BITS;
    }

    /**
     * BodyLength does not point at a CheckSum field: the message claims a wrong length. As QuickFIX/J, the framer
     * resynchronises behind the point BodyLength names, not at the next {@code 8=FIX} after {@code offset}: it
     * discards everything up to and including the first {@code <SOH>10=<value><SOH>} whose SOH is at or after
     * {@code trailerStart - 1}. A too-short BodyLength therefore costs just that message (its own trailer comes
     * next); a too-long one lands inside the following message, and that message is discarded with it (sending
     * both again is the counterparty's job, after our ResendRequest). Until that trailer has arrived the answer is
     * {@link #PARTIAL}; the search is bounded by the maximum message size counted from {@code offset}, beyond which
     * the bytes are discarded up to the next {@code 8=FIX} candidate instead (so PARTIAL still always means fewer
     * than {@code maxMessageSize} bytes are pending).
     */
    private int skipThroughNextTrailer(final DirectBuffer buffer, final int offset, final int trailerStart, final int end)
    {
        final int limit = end - offset > maxMessageSize ? offset + maxMessageSize : end;
        final int next = endOfTrailer(buffer, trailerStart - 1, limit);
        if (next > 0)
        {
            lastReason = REASON_BAD_BODY_LENGTH;
            garbledCounts[REASON_BAD_BODY_LENGTH]++;
            return -(next - offset);
        }
        if (end - offset < maxMessageSize)
        {
            return PARTIAL;
        }
        return garbled(buffer, offset, end, REASON_BAD_BODY_LENGTH);
    }

    /**
     * Position just past the SOH that ends the first {@code <SOH>10=<value><SOH>} starting at or after {@code from}
     * and ending before {@code limit}; -1 when there is none.
     */
    private static int endOfTrailer(final DirectBuffer buffer, final int from, final int limit)
    {
        for (int position = from; position + 4 < limit; position++)
        {
            if (buffer.getByte(position) == SOH && buffer.getByte(position + 1) == '1' &&
                buffer.getByte(position + 2) == '0' && buffer.getByte(position + 3) == '=')
            {
                for (int valueEnd = position + 4; valueEnd < limit; valueEnd++)
                {
                    if (buffer.getByte(valueEnd) == SOH)
                    {
                        return valueEnd + 1;
                    }
                }
                return -1;
            }
        }
        return -1;
    }

    private static final byte[] BEGIN_PREFIX = {'8', '=', 'F', 'I', 'X'};
    private static final int PARTIAL_SCAN = -1;
    private static final int GARBLED_SCAN = -2;

    /**
     * After a matched {@code 8=FIX}: the position just past the SOH ending the BeginString value,
     * {@link #PARTIAL_SCAN} if that SOH has not arrived yet, {@link #GARBLED_SCAN} if the value is too long or odd.
     */
    private static int endOfBeginString(final DirectBuffer buffer, final int offset, final int end)
    {
        final int valueLimit = offset + 2 + MAX_BEGIN_STRING_VALUE;
        for (int position = offset + BEGIN_PREFIX.length; position < end; position++)
        {
            final byte b = buffer.getByte(position);
            if (b == SOH)
            {
                return position + 1;
            }
            if (position >= valueLimit || b == '=')
            {
                return GARBLED_SCAN;
            }
        }
        return PARTIAL_SCAN;
    }

    /** Number of bytes at {@code offset} that match the {@code 8=FIX} prefix (5 when fully matched). */
    private static int matchBeginPrefix(final DirectBuffer buffer, final int offset, final int end)
    {
        int matched = 0;
        while (matched < BEGIN_PREFIX.length && offset + matched < end &&
            buffer.getByte(offset + matched) == BEGIN_PREFIX[matched])
        {
            matched++;
        }
        return matched;
    }

    private int garbled(final DirectBuffer buffer, final int offset, final int end, final int reason)
    {
        lastReason = reason;
        garbledCounts[reason]++;
        return -discardLength(buffer, offset, end);
    }

    /**
     * Bytes to drop so that the next call starts at the next {@code 8=FIX} after {@code offset}, or at a trailing
     * partial match of it. Always at least 1, so the caller always makes progress.
     */
    private static int discardLength(final DirectBuffer buffer, final int offset, final int end)
    {
        for (int position = offset + 1; position < end; position++)
        {
            if (buffer.getByte(position) == '8')
            {
                final int matched = matchBeginPrefix(buffer, position, end);
                if (matched == BEGIN_PREFIX.length || position + matched == end)
                {
                    return position - offset;
                }
            }
        }
        return end - offset;
    }
}
