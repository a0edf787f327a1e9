package io.fixtape.codegen.sample;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** Readable FIX for tests: {@code |} stands for SOH; BodyLength and CheckSum are computed. */
final class Fix
{
    private Fix()
    {
    }

    /** {@code 8=FIX.4.4|9=n|<body>10=sum|} for a body written with {@code |} and a trailing {@code |}. */
    static String message(final String body)
    {
        final String soh = body.replace('|', '\001');
        final String head = "8=FIX.4.4\0019=" + soh.length() + "\001";
        int sum = 0;
        for (final byte b : (head + soh).getBytes(StandardCharsets.US_ASCII))
        {
            sum += b & 0xFF;
        }
        return head + soh + "10=" + String.format("%03d", sum & 0xFF) + "\001";
    }

    /** The message in a direct buffer, decoded by the engine. */
    static FixDecoder decode(final String body)
    {
        final byte[] bytes = message(body).getBytes(StandardCharsets.US_ASCII);
        final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(bytes.length + 64));
        buffer.putBytes(0, bytes);
        return new FixDecoder().wrap(buffer, 0, bytes.length);
    }

    /** The finished message an encoder holds, with {@code |} for SOH. */
    static String piped(final FixEncoder encoder)
    {
        return piped(encoder.buffer(), encoder.messageOffset(), encoder.messageLength());
    }

    static String piped(final DirectBuffer buffer, final int offset, final int length)
    {
        return buffer.getStringWithoutLengthAscii(offset, length).replace('\001', '|');
    }

    /** A FIX.4.4 encoder over a direct buffer with {@code 35=<type>} written, ready for body fields. */
    static FixEncoder encoder(final long msgType)
    {
        final FixEncoder encoder = new FixEncoder("FIX.4.4");
        encoder.wrap(new UnsafeBuffer(ByteBuffer.allocateDirect(4096)), 0).msgType(msgType);
        return encoder;
    }
}
