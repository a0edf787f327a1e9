package io.fixtape.bench.micro.sidebyside;

import uk.co.real_logic.artio.util.AsciiBuffer;

/**
 * The framing checks Artio's engine makes on received bytes before a decoder sees them (its TCP receiver end
 * point; artio-codecs alone has no framer): {@code 8=} first, {@code 9=} second, BodyLength parsed with
 * {@link AsciiBuffer#getNatural}, {@code 10=} exactly where BodyLength points, and the CheckSum compared with
 * {@link AsciiBuffer#computeChecksum}. Written here with Artio's own buffer primitives so that the Artio row of
 * {@code ParseNewOrderSingle} pays for framing like the other two.
 *
 * <p>Stateless; thread-safe.
 */
final class ArtioFraming
{
    static final int INVALID = -1;
    private static final byte SOH = 1;

    private ArtioFraming()
    {
    }

    /** @return the length of the complete, checksum-valid message at {@code offset}, or {@link #INVALID}. */
    static int frame(final AsciiBuffer buffer, final int offset, final int length)
    {
        final int end = offset + length;
        if (length < 20 || buffer.getByte(offset) != '8' || buffer.getByte(offset + 1) != '=')
        {
            return INVALID;
        }
        // AsciiBuffer.scan(from, to, byte) searches [from, to): to is exclusive
        final int endOfBeginString = buffer.scan(offset + 2, end, SOH);
        if (endOfBeginString == AsciiBuffer.UNKNOWN_INDEX ||
            buffer.getByte(endOfBeginString + 1) != '9' || buffer.getByte(endOfBeginString + 2) != '=')
        {
            return INVALID;
        }
        final int startOfBodyLength = endOfBeginString + 3;
        final int endOfBodyLength = buffer.scan(startOfBodyLength, end, SOH);
        if (endOfBodyLength == AsciiBuffer.UNKNOWN_INDEX)
        {
            return INVALID;
        }
        final int checksumTag = endOfBodyLength + 1 + buffer.getNatural(startOfBodyLength, endOfBodyLength);
        if (checksumTag + 7 > end || buffer.getByte(checksumTag) != '1' || buffer.getByte(checksumTag + 1) != '0' ||
            buffer.getByte(checksumTag + 2) != '=')
        {
            return INVALID;
        }
        final int endOfMessage = buffer.scan(checksumTag + 3, end, SOH);
        if (endOfMessage == AsciiBuffer.UNKNOWN_INDEX ||
            buffer.getInt(checksumTag + 3, endOfMessage) != buffer.computeChecksum(offset, checksumTag))
        {
            return INVALID;
        }
        return endOfMessage + 1 - offset;
    }
}
