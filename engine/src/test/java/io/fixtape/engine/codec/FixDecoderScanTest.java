package io.fixtape.engine.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * The word-at-a-time fast loop of {@link FixDecoder#wrap} against a byte-at-a-time reference of the same rules, on
 * random field sequences (short and long tags, leading zeros, invalid tags, empty values, values of 0..20 bytes,
 * Length/Data pairs with SOH inside the data, a last field without SOH), each placed at offsets 0..15 in heap and
 * direct buffers: every SOH lands at every position of an 8-byte word and the message end is aligned and not.
 */
class FixDecoderScanTest
{
    @Test
    void sameIndexAsTheByteLoopAtEveryAlignment()
    {
        final Random random = new Random(42);
        final FixDecoder decoder = new FixDecoder();
        for (int n = 0; n < 3000; n++)
        {
            final byte[] message = randomMessage(random);
            final List<int[]> expected = new ArrayList<>();
            final int[] error = reference(message, expected);
            for (int offset = 0; offset < 16; offset++)
            {
                final byte[] heap = new byte[offset + message.length];
                System.arraycopy(message, 0, heap, offset, message.length);
                final UnsafeBuffer direct = new UnsafeBuffer(ByteBuffer.allocateDirect(heap.length));
                direct.putBytes(0, heap);
                for (final UnsafeBuffer buffer : new UnsafeBuffer[] {new UnsafeBuffer(heap), direct})
                {
                    decoder.wrap(buffer, offset, message.length);
                    final String where = new String(message, StandardCharsets.ISO_8859_1).replace('\001', '|') +
                        " @" + offset;
                    assertEquals(expected.size(), decoder.fieldCount(), where);
                    for (int i = 0; i < expected.size(); i++)
                    {
                        assertEquals(expected.get(i)[0], decoder.tagAt(i), where + " field " + i);
                        assertEquals(expected.get(i)[1] + offset, decoder.valueOffsetAt(i), where + " field " + i);
                        assertEquals(expected.get(i)[2], decoder.valueLengthAt(i), where + " field " + i);
                        final int tag = expected.get(i)[0];
                        if (tag > 0 && firstIndex(expected, tag) == i)
                        {
                            assertEquals(i, decoder.indexOf(tag), where + " indexOf " + tag);
                        }
                    }
                    assertEquals(error[0], decoder.errorCode(), where);
                    assertEquals(error[1], decoder.errorTag(), where);
                }
            }
        }
    }

    private static int firstIndex(final List<int[]> fields, final int tag)
    {
        for (int i = 0; i < fields.size(); i++)
        {
            if (fields.get(i)[0] == tag)
            {
                return i;
            }
        }
        return -1;
    }

    private static byte[] randomMessage(final Random random)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final int fields = 1 + random.nextInt(14);
        for (int f = 0; f < fields; f++)
        {
            final int kind = random.nextInt(20);
            if (kind == 0)
            {
                final int dataLength = random.nextInt(12);
                write(out, "95=" + dataLength + "\001" + "96=");
                for (int i = 0; i < dataLength; i++)
                {
                    out.write(random.nextInt(4) == 0 ? 1 : 'a' + random.nextInt(26));
                }
                out.write(1);
                continue;
            }
            final String tag;
            switch (kind)
            {
                case 1: tag = "0" + (1 + random.nextInt(99)); break;
                case 2: tag = "1a"; break;
                case 3: tag = String.valueOf(1000 + random.nextInt(9_000_000)); break;
                case 4: tag = ""; break;
                case 5: tag = "0"; break;
                default: tag = String.valueOf(1 + random.nextInt(random.nextBoolean() ? 99 : 999)); break;
            }
            write(out, tag + "=");
            final int valueLength = random.nextInt(6) == 0 ? 0 : random.nextInt(21);
            for (int i = 0; i < valueLength; i++)
            {
                out.write(random.nextInt(10) == 0 ? '=' : 'A' + random.nextInt(26));
            }
            if (f < fields - 1 || random.nextInt(8) != 0)
            {
                out.write(1);
            }
        }
        return out.toByteArray();
    }

    private static void write(final ByteArrayOutputStream out, final String text)
    {
        out.writeBytes(text.getBytes(StandardCharsets.US_ASCII));
    }

    /** The decoding rules one byte at a time (FixDecoder's documented behaviour); returns {errorCode, errorTag}. */
    private static int[] reference(final byte[] m, final List<int[]> fields)
    {
        final int[] error = {FixDecoder.ERROR_NONE, 0};
        int position = 0;
        int pendingDataTag = 0;
        int pendingDataLength = -1;
        while (position < m.length)
        {
            final int tagStart = position;
            long tag = 0;
            boolean valid = true;
            while (position < m.length && m[position] != '=' && m[position] != 1)
            {
                if (m[position] < '0' || m[position] > '9' || tag > 100_000_000)
                {
                    valid = false;
                }
                else
                {
                    tag = tag * 10 + (m[position] - '0');
                }
                position++;
            }
            if (position >= m.length || m[position] != '=')
            {
                record(error, FixDecoder.ERROR_MALFORMED, (int)tag);
                break;
            }
            if (position == tagStart || !valid || tag == 0)
            {
                record(error, FixDecoder.ERROR_INVALID_TAG, valid ? (int)tag : 0);
                tag = 0;
            }
            position++;
            final int valueStart = position;
            if (tag != 0 && tag == pendingDataTag && pendingDataLength >= 0 &&
                pendingDataLength < m.length - valueStart && m[valueStart + pendingDataLength] == 1)
            {
                position = valueStart + pendingDataLength;
            }
            else
            {
                while (position < m.length && m[position] != 1)
                {
                    position++;
                }
            }
            if (position >= m.length)
            {
                record(error, FixDecoder.ERROR_MALFORMED, (int)tag);
                break;
            }
            if (position == valueStart)
            {
                record(error, FixDecoder.ERROR_TAG_WITHOUT_VALUE, (int)tag);
            }
            fields.add(new int[] {(int)tag, valueStart, position - valueStart});
            pendingDataTag = FieldScan.dataTagFor((int)tag);
            pendingDataLength = -1;
            if (pendingDataTag != 0)
            {
                pendingDataLength = 0;
                for (int i = valueStart; i < position; i++)
                {
                    pendingDataLength = m[i] >= '0' && m[i] <= '9' && pendingDataLength >= 0 ? pendingDataLength * 10 + (m[i] - '0') : -1;
                }
            }
            position++;
        }
        return error;
    }

    private static void record(final int[] error, final int code, final int tag)
    {
        if (error[0] == FixDecoder.ERROR_NONE)
        {
            error[0] = code;
            error[1] = tag;
        }
    }
}
