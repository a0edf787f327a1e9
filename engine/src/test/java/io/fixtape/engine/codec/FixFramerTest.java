package io.fixtape.engine.codec;

import static io.fixtape.engine.codec.FixText.buffer;
import static io.fixtape.engine.codec.FixText.message;
import static io.fixtape.engine.codec.FixText.soh;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.IntStream;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class FixFramerTest
{
    private static final String LOGON = message("FIX.4.4",
        "35=A|49=CLIENT|56=SERVER|34=1|52=20261202-14:55:00.123|98=0|108=30|");
    private static final String ORDER = message("FIXT.1.1",
        "35=D|49=CLIENT|56=SERVER|34=2|52=20261202-14:55:00.123|11=ORD-1|54=1|38=100|40=2|44=1.25|");

    private final FixFramer framer = new FixFramer(512);

    @Test
    void completeMessage()
    {
        assertEquals(LOGON.length(), framer.frame(buffer(LOGON), 0, LOGON.length()));
        assertEquals(FixFramer.REASON_NONE, framer.lastReason());
    }

    @Test
    void completeMessageAtOffsetWithTrailingBytes()
    {
        final String stream = "xx" + ORDER + "8=FI";
        assertEquals(ORDER.length(), framer.frame(buffer(stream), 2, stream.length() - 2));
    }

    static IntStream truncationPoints()
    {
        return IntStream.range(1, LOGON.length());
    }

    @ParameterizedTest
    @MethodSource("truncationPoints")
    void everyPrefixIsPartial(final int prefixLength)
    {
        assertEquals(FixFramer.PARTIAL, framer.frame(buffer(LOGON), 0, prefixLength));
        assertEquals(FixFramer.REASON_NONE, framer.lastReason());
    }

    @Test
    void emptyIsPartial()
    {
        assertEquals(FixFramer.PARTIAL, framer.frame(buffer(LOGON), 0, 0));
    }

    @Test
    void badChecksumDiscardsWholeMessage()
    {
        final String bad = LOGON.substring(0, LOGON.length() - 4) + (LOGON.charAt(LOGON.length() - 4) == '9' ?
            "0" : String.valueOf((char)(LOGON.charAt(LOGON.length() - 4) + 1))) + LOGON.substring(LOGON.length() - 3);
        final String stream = bad + ORDER;
        final UnsafeBuffer buffer = buffer(stream);
        assertEquals(-bad.length(), framer.frame(buffer, 0, stream.length()));
        assertEquals(FixFramer.REASON_BAD_CHECKSUM, framer.lastReason());
        assertEquals("BAD_CHECKSUM", FixFramer.reasonName(framer.lastReason()));
        assertEquals(1, framer.garbledCount(FixFramer.REASON_BAD_CHECKSUM));
        assertEquals(ORDER.length(), framer.frame(buffer, bad.length(), ORDER.length()));
    }

    @Test
    void nonDigitChecksumIsBadChecksum()
    {
        final String bad = LOGON.substring(0, LOGON.length() - 3) + "x" + LOGON.substring(LOGON.length() - 2);
        assertEquals(-bad.length(), framer.frame(buffer(bad), 0, bad.length()));
        assertEquals(FixFramer.REASON_BAD_CHECKSUM, framer.lastReason());
    }

    @Test
    void bodyLengthTooShortDiscardsThroughItsOwnTrailer()
    {
        // BodyLength points inside the message: the first CheckSum field after that point is its own, so only
        // this message is lost (script 2m_BodyLengthValueNotCorrect, 9=30)
        final String bad = LOGON.replaceFirst("\0019=\\d+\001", "\0019=10\001");
        final String stream = bad + ORDER;
        final UnsafeBuffer buffer = buffer(stream);
        assertEquals(-bad.length(), framer.frame(buffer, 0, stream.length()));
        assertEquals(FixFramer.REASON_BAD_BODY_LENGTH, framer.lastReason());
        assertEquals(ORDER.length(), framer.frame(buffer, bad.length(), ORDER.length()));
    }

    @Test
    void bodyLengthTooLongLandsInNextMessageAndDiscardsBoth()
    {
        // QuickFIX/J resynchronises behind the point BodyLength names, not at the next 8=FIX after the bad start
        // (the rule this framer had before, which delivered the next message): a BodyLength that overshoots into
        // the next message costs that message too (script 2m_BodyLengthValueNotCorrect, 9=111 with a 103-byte
        // body: neither order is answered, the counterparty's ResendRequest recovers both).
        final int real = LOGON.indexOf("\00110=") + 1 - LOGON.indexOf("35=");
        final String bad = LOGON.replaceFirst("\0019=\\d+\001", "\0019=" + (real + 8) + "\001");
        final String stream = bad + ORDER + LOGON;
        final UnsafeBuffer buffer = buffer(stream);
        assertEquals(-(bad.length() + ORDER.length()), framer.frame(buffer, 0, stream.length()));
        assertEquals(FixFramer.REASON_BAD_BODY_LENGTH, framer.lastReason());
        assertEquals(1, framer.garbledCount(FixFramer.REASON_BAD_BODY_LENGTH));
        final int next = bad.length() + ORDER.length();
        assertEquals(LOGON.length(), framer.frame(buffer, next, stream.length() - next));
    }

    @Test
    void bodyLengthPointingInsideItsOwnTrailerAlsoDiscardsTheNextMessage()
    {
        // the CheckSum field searched for starts with the SOH at or after the point BodyLength names (QuickFIX C++'s
        // Parser, which these scripts were written against): 3 bytes too long lands on the digits of its own
        // CheckSum, whose SOH lies before that point, so the next message's CheckSum ends the discard
        final int real = LOGON.indexOf("\00110=") + 1 - LOGON.indexOf("35=");
        final String bad = LOGON.replaceFirst("\0019=\\d+\001", "\0019=" + (real + 3) + "\001");
        final String stream = bad + ORDER;
        assertEquals(-stream.length(), framer.frame(buffer(stream), 0, stream.length()));
        assertEquals(FixFramer.REASON_BAD_BODY_LENGTH, framer.lastReason());
    }

    @Test
    void bodyLengthTooLongWaitsForTheNextCheckSum()
    {
        final int real = LOGON.indexOf("\00110=") + 1 - LOGON.indexOf("35=");
        final String bad = LOGON.replaceFirst("\0019=\\d+\001", "\0019=" + (real + 8) + "\001");
        final String stream = bad + ORDER;
        final UnsafeBuffer buffer = buffer(stream);
        // BodyLength satisfied but the next CheckSum field (the order's) has not fully arrived: wait, drop nothing
        for (int length = bad.length() + 8; length < stream.length(); length++)
        {
            assertEquals(FixFramer.PARTIAL, framer.frame(buffer, 0, length), "length " + length);
        }
        assertEquals(-stream.length(), framer.frame(buffer, 0, stream.length()));
        assertEquals(0, framer.garbledCount(FixFramer.REASON_BAD_CHECKSUM));
    }

    @Test
    void searchForTheNextCheckSumIsBoundedByTheMaximumMessageSize()
    {
        // no CheckSum field within the maximum message size: the search gives up (PARTIAL would never end, the
        // connection's buffer holds one maximum-size message) and skips to the next 8=FIX after the start
        final FixFramer small = new FixFramer(200);
        final String head = soh("8=FIX.4.4|9=20|35=0|34=2|49=TW|56=ISLD|");
        final StringBuilder junk = new StringBuilder(head);
        while (junk.length() < 180)
        {
            junk.append("58=no checksum here\001");
        }
        final String stream = junk + ORDER;
        final UnsafeBuffer buffer = buffer(stream);
        assertEquals(FixFramer.PARTIAL, small.frame(buffer, 0, 199));
        assertEquals(-junk.length(), small.frame(buffer, 0, 200));
        assertEquals(FixFramer.REASON_BAD_BODY_LENGTH, small.lastReason());
    }

    @Test
    void shortCheckSumValueWhereBodyLengthPointsEndsTheDiscard()
    {
        // script 2d_GarbledMessage: "10=0" is not a valid CheckSum but is this message's trailer; the next message
        // must survive (a 3-digit-only search would swallow it)
        final String body = soh("35=0|34=2|49=TW|52=20261202-14:55:00.123|56=ISLD|");
        final String bad = soh("8=FIX.4.4|9=" + (body.length() - 3) + "|") + body + soh("10=0|");
        final String stream = bad + ORDER;
        final UnsafeBuffer buffer = buffer(stream);
        assertEquals(-bad.length(), framer.frame(buffer, 0, stream.length()));
        assertEquals(ORDER.length(), framer.frame(buffer, bad.length(), ORDER.length()));
        final String exact = soh("8=FIX.4.4|9=" + body.length() + "|") + body + soh("10=0|");
        assertEquals(-exact.length(), framer.frame(buffer(exact + ORDER), 0, exact.length() + ORDER.length()));
    }

    @Test
    void nonNumericBodyLength()
    {
        final String bad = soh("8=FIX.4.4|9=1x|35=0|10=000|");
        assertEquals(-bad.length(), framer.frame(buffer(bad), 0, bad.length()));
        assertEquals(FixFramer.REASON_BAD_BODY_LENGTH, framer.lastReason());
    }

    @Test
    void emptyOrZeroBodyLength()
    {
        final String empty = soh("8=FIX.4.4|9=|35=0|");
        assertEquals(-empty.length(), framer.frame(buffer(empty), 0, empty.length()));
        final String zero = soh("8=FIX.4.4|9=0|10=000|");
        assertEquals(-zero.length(), framer.frame(buffer(zero), 0, zero.length()));
        assertEquals(FixFramer.REASON_BAD_BODY_LENGTH, framer.lastReason());
    }

    @Test
    void secondFieldNotBodyLength()
    {
        final String bad = soh("8=FIX.4.4|35=0|9=5|10=000|");
        assertEquals(-bad.length(), framer.frame(buffer(bad), 0, bad.length()));
        assertEquals(FixFramer.REASON_BAD_BODY_LENGTH, framer.lastReason());
    }

    @Test
    void missingBeginStringSkipsToNextCandidate()
    {
        final String bad = LOGON.substring(LOGON.indexOf("9="));
        final String stream = bad + ORDER;
        assertEquals(-bad.length(), framer.frame(buffer(stream), 0, stream.length()));
        assertEquals(FixFramer.REASON_BAD_BEGIN_STRING, framer.lastReason());
    }

    @Test
    void junkBeforeBeginString()
    {
        final String stream = "garbage 8=FIY 8=F" + ORDER;
        final UnsafeBuffer buffer = buffer(stream);
        int position = 0;
        int discarded = 0;
        int result;
        while ((result = framer.frame(buffer, position, stream.length() - position)) < 0)
        {
            assertEquals(FixFramer.REASON_BAD_BEGIN_STRING, framer.lastReason());
            position -= result;
            discarded -= result;
        }
        assertEquals(stream.indexOf("8=FIXT"), discarded);
        assertEquals(ORDER.length(), result);
    }

    @Test
    void junkKeepsTrailingPrefixOfBeginString()
    {
        final String stream = "junk8=FI";
        assertEquals(-4, framer.frame(buffer(stream), 0, stream.length()));
        assertEquals(FixFramer.PARTIAL, framer.frame(buffer(stream), 4, 4));
    }

    @Test
    void beginStringWithoutSohTooLong()
    {
        final String bad = "8=FIX.4.4.4.4.4.4.4.4.4.4";
        assertEquals(-bad.length(), framer.frame(buffer(bad), 0, bad.length()));
        assertEquals(FixFramer.REASON_BAD_BEGIN_STRING, framer.lastReason());
    }

    @Test
    void hugeBodyLengthRejectedBeforeBodyArrives()
    {
        final String head = soh("8=FIX.4.4|9=1000");
        assertEquals(-head.length(), framer.frame(buffer(head), 0, head.length()));
        assertEquals(FixFramer.REASON_TOO_LARGE, framer.lastReason());
        assertEquals(1, framer.garbledCount(FixFramer.REASON_TOO_LARGE));

        final String overflow = soh("8=FIX.4.4|9=99999999999999999999|");
        assertEquals(-overflow.length(), framer.frame(buffer(overflow), 0, overflow.length()));
        assertEquals(FixFramer.REASON_TOO_LARGE, framer.lastReason());
    }

    @Test
    void messageJustAtLimitIsAccepted()
    {
        final FixFramer exact = new FixFramer(LOGON.length());
        assertEquals(LOGON.length(), exact.frame(buffer(LOGON), 0, LOGON.length()));
        final FixFramer smaller = new FixFramer(LOGON.length() - 1);
        assertEquals(FixFramer.REASON_TOO_LARGE, smaller.frame(buffer(LOGON), 0, LOGON.length()) < 0 ?
            smaller.lastReason() : -1);
    }

    @Test
    void twoMessagesInOneBuffer()
    {
        final String stream = LOGON + ORDER;
        final UnsafeBuffer buffer = buffer(stream);
        final int first = framer.frame(buffer, 0, stream.length());
        assertEquals(LOGON.length(), first);
        assertEquals(ORDER.length(), framer.frame(buffer, first, stream.length() - first));
    }

    @Test
    void messageSplitAcrossReads()
    {
        // the stream arrives in reads of 7 bytes; a consumer accumulates and frames after each read
        final String stream = LOGON + ORDER + LOGON;
        final UnsafeBuffer wire = buffer(stream);
        final UnsafeBuffer accumulated = new UnsafeBuffer(new byte[stream.length()]);
        int written = 0;
        int consumed = 0;
        int messages = 0;
        for (int read = 0; read < stream.length(); read += 7)
        {
            final int chunk = Math.min(7, stream.length() - read);
            accumulated.putBytes(written, wire, read, chunk);
            written += chunk;
            int result;
            while ((result = framer.frame(accumulated, consumed, written - consumed)) > 0)
            {
                consumed += result;
                messages++;
            }
            assertEquals(FixFramer.PARTIAL, result);
        }
        assertEquals(3, messages);
        assertEquals(stream.length(), consumed);
    }

    /**
     * Random bytes, in half of the rounds mostly FIX's own characters and in the other half random pieces of FIX
     * (header fields, trailers, whole and corrupted messages): every call answers a complete message (that starts with
     * {@code 8=FIX} and ends with a correct CheckSum field), PARTIAL (only while the bytes left are a prefix of
     * {@code 8=FIX...}) or a discard of 1 to all remaining bytes with a valid reason; so a stream is consumed in at
     * most one call per byte, and the garbled counters count every discard.
     */
    @Test
    void randomBytesNeverThrowAndAlwaysProgress()
    {
        final java.util.Random random = new java.util.Random(42);
        final byte[] bytes = new byte[256];
        final UnsafeBuffer buffer = new UnsafeBuffer(bytes);
        final byte[] alphabet = FixText.bytes("8=FIX.4\0019=10|3502");
        final byte[] beginPrefix = FixText.bytes("8=FIX");
        final int[] outcomes = new int[3]; // complete, partial, garbled
        long discards = 0;
        for (int round = 0; round < 2000; round++)
        {
            if (round % 2 == 0)
            {
                for (int i = 0; i < bytes.length; i++)
                {
                    bytes[i] = random.nextInt(4) == 0 ? (byte)random.nextInt(256) :
                        alphabet[random.nextInt(alphabet.length)];
                }
            }
            else
            {
                fillWithFixPieces(random, bytes);
            }
            int position = 0;
            int calls = 0;
            while (position < bytes.length)
            {
                assertTrue(++calls <= bytes.length, "more calls than bytes: the framer does not progress");
                final int remaining = bytes.length - position;
                final int result = framer.frame(buffer, position, remaining);
                if (result == FixFramer.PARTIAL)
                {
                    outcomes[1]++;
                    assertEquals(FixFramer.REASON_NONE, framer.lastReason());
                    for (int i = 0; i < Math.min(remaining, beginPrefix.length); i++)
                    {
                        assertEquals(beginPrefix[i], bytes[position + i], "PARTIAL for bytes that cannot start a message");
                    }
                    break;
                }
                if (result > 0)
                {
                    outcomes[0]++;
                    assertTrue(result <= remaining, "complete message longer than the bytes: " + result);
                    assertEquals(FixFramer.REASON_NONE, framer.lastReason());
                    assertCompleteMessage(bytes, position, result);
                }
                else
                {
                    outcomes[2]++;
                    discards++;
                    assertTrue(-result <= remaining, "discards more than the bytes: " + -result);
                    final int reason = framer.lastReason();
                    assertTrue(reason > FixFramer.REASON_NONE && reason < FixFramer.REASON_COUNT, "reason " + reason);
                }
                position += Math.abs(result);
            }
        }
        long counted = 0;
        for (int reason = FixFramer.REASON_NONE + 1; reason < FixFramer.REASON_COUNT; reason++)
        {
            counted += framer.garbledCount(reason);
        }
        assertEquals(discards, counted, "every discard is counted under its reason");
        assertTrue(outcomes[0] > 0 && outcomes[1] > 0 && outcomes[2] > 0, "complete, partial and garbled seen: " +
            java.util.Arrays.toString(outcomes));
        for (int reason = FixFramer.REASON_NONE + 1; reason < FixFramer.REASON_COUNT; reason++)
        {
            assertTrue(framer.garbledCount(reason) > 0, FixFramer.reasonName(reason) + " seen");
        }
    }

    private static final String[] FIX_PIECES = {
        "8=FIX.4.4\001", "8=FIX", "8=", "9=", "9=5\001", "9=57\001", "9=99999\001", "35=0\001", "49=A\001", "10=",
        "123\001", "10=000\001", "\001", "=", LOGON, ORDER};

    /** Fills {@code bytes} with pieces of FIX: header fields, trailers, random bytes, whole and corrupted messages. */
    private static void fillWithFixPieces(final java.util.Random random, final byte[] bytes)
    {
        int i = 0;
        while (i < bytes.length)
        {
            final byte[] piece = FixText.bytes(FIX_PIECES[random.nextInt(FIX_PIECES.length)]);
            if (piece.length > 20 && random.nextBoolean())
            {
                piece[random.nextInt(piece.length)] = (byte)random.nextInt(256);
            }
            final int length = random.nextInt(8) == 0 ? 1 : Math.min(piece.length, bytes.length - i);
            if (length == 1 && piece.length > 1)
            {
                bytes[i++] = (byte)random.nextInt(256);
                continue;
            }
            System.arraycopy(piece, 0, bytes, i, length);
            i += length;
        }
    }

    private static void assertCompleteMessage(final byte[] bytes, final int offset, final int length)
    {
        final String text = new String(bytes, offset, length, java.nio.charset.StandardCharsets.ISO_8859_1);
        assertTrue(text.startsWith("8=FIX"), text);
        final int trailer = length - 7;
        assertEquals("\00110=", text.substring(trailer - 1, trailer + 3), text);
        assertEquals('\001', text.charAt(length - 1), text);
        assertEquals(Checksum.compute(new UnsafeBuffer(bytes), offset, trailer),
            Integer.parseInt(text.substring(trailer + 3, trailer + 6)), text);
    }

    /**
     * The word-read fast path for well-formed messages: every alignment (offsets 0..15, heap and direct), short
     * and long BeginStrings, 1- to 6-digit BodyLength (with a leading zero too), and a wrong checksum or a
     * BodyLength pointing elsewhere still classified by the general path.
     */
    @Test
    void wellFormedAtEveryAlignment()
    {
        final StringBuilder longText = new StringBuilder();
        for (int i = 0; i < 2000; i++)
        {
            longText.append((char)('a' + i % 26));
        }
        final String[] messages = {
            message("FIX.4.4", "35=0|"),
            message("FIX.4.2", "35=D|49=A|56=B|34=12|52=20261202-15:04:05.123|11=X|"),
            message("FIXT.1.1", "35=A|49=A|56=B|34=1|98=0|108=30|1137=9|"),
            message("FIX.4.4", "35=B|58=" + longText + "|"),
            soh("8=FIX.4.4|9=0005|35=0|10=") + String.format("%03d", FixText.sum(soh("8=FIX.4.4|9=0005|35=0|"))) + soh("|")};
        final FixFramer framer = new FixFramer();
        for (final String text : messages)
        {
            final byte[] bytes = text.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            final byte[] badSum = bytes.clone();
            badSum[bytes.length - 2] = (byte)(badSum[bytes.length - 2] == '0' ? '1' : '0');
            for (int offset = 0; offset < 16; offset++)
            {
                for (final boolean direct : new boolean[] {false, true})
                {
                    assertEquals(bytes.length, framer.frame(at(bytes, offset, direct), offset, bytes.length), text);
                    assertEquals(FixFramer.REASON_NONE, framer.lastReason());
                    assertEquals(-bytes.length, framer.frame(at(badSum, offset, direct), offset, bytes.length), text);
                    assertEquals(FixFramer.REASON_BAD_CHECKSUM, framer.lastReason());
                    assertEquals(FixFramer.PARTIAL, framer.frame(at(bytes, offset, direct), offset, bytes.length - 1));
                }
            }
        }
    }

    private static UnsafeBuffer at(final byte[] bytes, final int offset, final boolean direct)
    {
        final UnsafeBuffer buffer = direct ?
            new UnsafeBuffer(java.nio.ByteBuffer.allocateDirect(offset + bytes.length)) :
            new UnsafeBuffer(new byte[offset + bytes.length]);
        buffer.putBytes(offset, bytes);
        return buffer;
    }
}
