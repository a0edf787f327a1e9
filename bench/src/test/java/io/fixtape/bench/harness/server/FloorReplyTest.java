package io.fixtape.bench.harness.server;

import io.fixtape.bench.harness.client.FixScanner;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

class FloorReplyTest
{
    private static final byte[] KEY = "11=12345\u0001".getBytes(StandardCharsets.US_ASCII);

    @Test
    void everyLengthIsHitExactlyAndFramesWithTypeKeyAndChecksum()
    {
        final int min = FloorReply.minimumLength(KEY.length);
        // across the BodyLength width changes (99 -> 100 -> 1000 body bytes): no length is impossible
        for (int length = min; length < 1200; length++)
        {
            final byte[] out = new byte[2048];
            final int written = FloorReply.write((byte)'D', KEY, 0, KEY.length, length, out, 5);
            assertEquals(length, written, "length " + length);
            assertEquals(length, FixScanner.frame(out, 5, 5 + written), "frame of length " + length);
            assertEquals('D', FixScanner.msgType(out, 5, written));
            assertEquals(12345, FixScanner.parseLong(out, FixScanner.valueOffset(out, 5, written, 11)));
            int sum = 0;
            for (int i = 5; i < 5 + written - 7; i++)
            {
                sum += out[i];
            }
            final String trailer = new String(out, 5 + written - 7, 7, StandardCharsets.US_ASCII);
            assertEquals(String.format("10=%03d\u0001", sum & 0xFF), trailer);
        }
    }

    @Test
    void tooShortALengthGetsTheShortestFrame()
    {
        final byte[] out = new byte[256];
        final int written = FloorReply.write((byte)'V', KEY, 0, KEY.length, 10, out, 0);
        assertEquals(FloorReply.minimumLength(KEY.length), written);
        assertEquals(written, FixScanner.frame(out, 0, written));
    }
}
