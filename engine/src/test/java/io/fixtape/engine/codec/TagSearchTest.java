package io.fixtape.engine.codec;

import static io.fixtape.engine.codec.FixText.message;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * {@link TagSearch} must give exactly the decoder's answer ({@code wrap} + {@code indexOf}, first occurrence) for
 * every tag, whatever the message shape, and whatever the alignment: each message is placed at offsets 0..15 so
 * that every SOH falls at every position of an 8-byte word and the message end is aligned and not aligned.
 */
class TagSearchTest
{
    private static final List<String> MESSAGES = List.of(
        message("FIX.4.4", "35=D|49=CLIENT|56=SERVER|34=42|52=20261202-14:55:00.123|11=ORD-1|1=ACCT|21=1|55=IBM|" +
            "54=1|60=20261202-14:55:00.123|38=100|40=2|44=1.25|59=0|"),
        // ClOrdID inside a data field first (must not be found there), then the real one
        message("FIX.4.4", "35=D|49=A|56=B|34=1|52=20261202-14:55:00|95=12|96=x|11=FAKE|yz|11=REAL|54=1|"),
        // a 4-digit tag and a leading-zero tag before the searched ones
        message("FIX.4.4", "35=D|49=A|1128=9|56=B|011=ZERO|11=ONE|34=7|"),
        // empty value, repeated tag, 3-digit tags
        message("FIX.4.4", "35=8|49=A|56=B|58=|150=F|11=X|11=Y|453=1|448=P|"),
        // malformed: a field without '=' stops the decoder's index
        "8=FIX.4.4\u00019=20\u000135=D\u0001junk\u000111=LOST\u000110=000\u0001",
        // no SOH after the last value
        "8=FIX.4.4\u00019=5\u000135=D\u000111=X",
        "8=FIX.4.4\u0001",
        "",
        "11=FIRST\u000111=SECOND\u0001");

    @Test
    void sameAnswerAsTheDecoderForEveryTagAndAlignment()
    {
        final TagSearch search = new TagSearch();
        final FixDecoder decoder = new FixDecoder();
        int compared = 0;
        for (final String text : MESSAGES)
        {
            final byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
            for (int offset = 0; offset < 16; offset++)
            {
                for (final DirectBuffer buffer : buffers(bytes, offset))
                {
                    decoder.wrap(buffer, offset, bytes.length);
                    for (final int tag : new int[] {1, 8, 9, 10, 11, 21, 34, 35, 44, 52, 54, 58, 59, 95, 96, 150, 448,
                        453, 999, 1128, 5000, 0, -1})
                    {
                        final int index = decoder.indexOf(tag);
                        final long found = search.find(buffer, offset, bytes.length, tag);
                        final String where = FixText.piped(text) + " @" + offset + " tag " + tag;
                        if (index < 0)
                        {
                            assertEquals(TagSearch.NOT_FOUND, found, where);
                        }
                        else
                        {
                            assertEquals(decoder.valueOffsetAt(index), TagSearch.valueOffset(found), where);
                            assertEquals(decoder.valueLengthAt(index), TagSearch.valueLength(found), where);
                        }
                        compared++;
                    }
                }
            }
        }
        assertTrue(compared > 1000);
    }

    @Test
    void findsTheRealFieldNotTheCopyInsideData()
    {
        final String text = MESSAGES.get(1);
        final UnsafeBuffer buffer = new UnsafeBuffer(text.getBytes(StandardCharsets.US_ASCII));
        final long found = new TagSearch().find(buffer, 0, text.length(), Tags.CL_ORD_ID);
        assertEquals("REAL", buffer.getStringWithoutLengthAscii(TagSearch.valueOffset(found), TagSearch.valueLength(found)));
    }

    private static List<DirectBuffer> buffers(final byte[] bytes, final int offset)
    {
        final byte[] heap = new byte[offset + bytes.length + 3];
        System.arraycopy(bytes, 0, heap, offset, bytes.length);
        final UnsafeBuffer direct = new UnsafeBuffer(ByteBuffer.allocateDirect(offset + bytes.length));
        direct.putBytes(offset, bytes);
        return List.of(new UnsafeBuffer(heap), direct);
    }
}
