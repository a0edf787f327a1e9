package io.fixtape.codecs;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/** Readable FIX for tests: {@code |} stands for SOH; BodyLength and CheckSum are computed. */
final class Wire
{
    static final long TRANSACT_TIME = nanos("2026-12-02T14:55:00.123Z");

    private Wire()
    {
    }

    /** {@code 8=<beginString>|9=n|<body>10=sum|} for a body written with {@code |} and a trailing {@code |}. */
    static String message(final String beginString, final String body)
    {
        final String soh = body.replace('|', '\001');
        final String head = "8=" + beginString + "\0019=" + soh.length() + "\001";
        int sum = 0;
        for (final byte b : (head + soh).getBytes(StandardCharsets.US_ASCII))
        {
            sum += b & 0xFF;
        }
        return (head + soh + "10=" + String.format("%03d", sum & 0xFF) + "\001").replace('\001', '|');
    }

    /** The message in a direct buffer, decoded by the engine. */
    static FixDecoder decode(final String beginString, final String body)
    {
        final byte[] bytes = message(beginString, body).replace('|', '\001').getBytes(StandardCharsets.US_ASCII);
        final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(bytes.length));
        buffer.putBytes(0, bytes);
        return new FixDecoder().wrap(buffer, 0, bytes.length);
    }

    /** An encoder over a direct buffer with {@code 35=<type>} written, ready for body fields. */
    static FixEncoder encoder(final String beginString, final long msgType)
    {
        final FixEncoder encoder = new FixEncoder(beginString);
        encoder.wrap(new UnsafeBuffer(ByteBuffer.allocateDirect(4096)), 0).msgType(msgType);
        return encoder;
    }

    /** The finished message an encoder holds, with {@code |} for SOH. */
    static String finished(final FixEncoder encoder)
    {
        encoder.finish();
        return encoder.buffer().getStringWithoutLengthAscii(encoder.messageOffset(), encoder.messageLength())
            .replace('\001', '|');
    }

    static long nanos(final String instant)
    {
        final Instant parsed = Instant.parse(instant);
        return parsed.getEpochSecond() * 1_000_000_000L + parsed.getNano();
    }
}
