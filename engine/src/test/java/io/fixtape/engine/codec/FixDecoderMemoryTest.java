package io.fixtape.engine.codec;

import static io.fixtape.engine.codec.FixText.message;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.ExpandableDirectByteBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * {@link FixDecoder#wrap} reads raw memory after one range check per message: the same bytes must index the same
 * way in every kind of Agrona buffer (heap array, direct memory, a window at an offset into either), and a range
 * outside the buffer must still fail loudly instead of reading foreign memory.
 */
class FixDecoderMemoryTest
{
    private static final String ORDER = message("FIX.4.4", "35=D|49=CLIENT|56=SERVER|34=42|" +
        "52=20261202-14:55:00.123|11=ORD-1|95=5|96=a|b|c|54=1|38=100|40=2|44=1.25|12345678=long tag|58=x|");
    private static final int PAD = 13;

    @Test
    void sameFieldsInEveryBufferKind()
    {
        final byte[] bytes = ORDER.getBytes(StandardCharsets.US_ASCII);
        final byte[] padded = new byte[bytes.length + 2 * PAD];
        System.arraycopy(bytes, 0, padded, PAD, bytes.length);
        final ByteBuffer direct = ByteBuffer.allocateDirect(padded.length);
        direct.put(padded).flip();
        final ExpandableArrayBuffer expandable = new ExpandableArrayBuffer(16);
        expandable.putBytes(PAD, bytes);
        final ExpandableDirectByteBuffer expandableDirect = new ExpandableDirectByteBuffer(16);
        expandableDirect.putBytes(PAD, bytes);

        final FixDecoder expected = new FixDecoder().wrap(new UnsafeBuffer(bytes), 0, bytes.length);
        assertEquals(FixDecoder.ERROR_NONE, expected.errorCode());
        assertEquals("a\u0001b\u0001c", expected.getString(96).toString());
        assertEquals(12345678, expected.tagAt(expected.indexOf(12345678)));

        assertSameFields(expected, new UnsafeBuffer(padded), PAD);
        assertSameFields(expected, new UnsafeBuffer(padded, PAD, bytes.length), 0);
        assertSameFields(expected, new UnsafeBuffer(direct), PAD);
        assertSameFields(expected, new UnsafeBuffer(direct, PAD - 3, bytes.length + 3), 3);
        assertSameFields(expected, expandable, PAD);
        assertSameFields(expected, expandableDirect, PAD);
    }

    private static void assertSameFields(final FixDecoder expected, final DirectBuffer buffer, final int offset)
    {
        final FixDecoder decoder = new FixDecoder().wrap(buffer, offset, expected.length());
        assertEquals(expected.errorCode(), decoder.errorCode());
        assertEquals(expected.msgType(), decoder.msgType());
        assertEquals(expected.fieldCount(), decoder.fieldCount());
        for (int i = 0; i < expected.fieldCount(); i++)
        {
            assertEquals(expected.tagAt(i), decoder.tagAt(i));
            assertEquals(expected.valueOffsetAt(i) + offset, decoder.valueOffsetAt(i));
            assertEquals(expected.valueLengthAt(i), decoder.valueLengthAt(i));
        }
    }

    @Test
    void rangeOutsideTheBufferThrowsBeforeReading()
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(ORDER.getBytes(StandardCharsets.US_ASCII));
        final FixDecoder decoder = new FixDecoder();
        assertThrows(IndexOutOfBoundsException.class, () -> decoder.wrap(buffer, 1, ORDER.length()));
        assertThrows(IndexOutOfBoundsException.class, () -> decoder.wrap(buffer, -1, 8));
        assertEquals(0, decoder.wrap(buffer, 0, 0).fieldCount());
    }
}
