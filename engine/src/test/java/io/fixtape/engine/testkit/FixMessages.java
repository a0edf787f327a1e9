package io.fixtape.engine.testkit;

import io.fixtape.engine.codec.UtcTimestamps;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Readable FIX for tests: {@code |} stands for SOH. {@link #wire} fills in BodyLength and CheckSum like the
 * QuickFIX acceptance scripts do, and replaces {@code <TIME>}, {@code <TIME+n>}, {@code <TIME-n>} with the
 * clock's time ± n seconds. Allocates freely: test set-up only.
 */
public final class FixMessages
{
    private static final Pattern TIME = Pattern.compile("<TIME([+-][0-9]+)?>");

    private FixMessages()
    {
    }

    /**
     * {@code "8=FIX.4.4|35=0|34=2|..."} (no 9, no 10) to wire bytes with BodyLength and CheckSum computed.
     */
    public static byte[] wire(final String readable, final long nowNanos)
    {
        final String withTimes = replaceTimes(readable, nowNanos).replace('|', '\u0001');
        final int firstSoh = withTimes.indexOf('\u0001');
        final String begin = withTimes.substring(0, firstSoh + 1);
        final String body = withTimes.substring(firstSoh + 1);
        final String head = begin + "9=" + body.length() + "\u0001";
        final String message = head + body;
        int sum = 0;
        for (final byte b : message.getBytes(StandardCharsets.ISO_8859_1))
        {
            sum += b;
        }
        return (message + String.format("10=%03d\u0001", sum & 0xFF)).getBytes(StandardCharsets.ISO_8859_1);
    }

    public static String replaceTimes(final String readable, final long nowNanos)
    {
        final Matcher matcher = TIME.matcher(readable);
        final StringBuilder out = new StringBuilder();
        while (matcher.find())
        {
            final long offsetSeconds = matcher.group(1) == null ? 0 : Long.parseLong(matcher.group(1));
            matcher.appendReplacement(out, timestamp(nowNanos + offsetSeconds * 1_000_000_000L));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    public static String timestamp(final long epochNanos)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[32]);
        final int length = UtcTimestamps.writeTimestamp(buffer, 0, epochNanos, UtcTimestamps.MILLIS);
        return buffer.getStringWithoutLengthAscii(0, length);
    }

    /** Fields of a readable message ({@code |} separated) in order; a repeated tag keeps its first value. */
    public static Map<String, String> fields(final String readable)
    {
        final Map<String, String> fields = new LinkedHashMap<>();
        for (final String field : readable.split("\\|"))
        {
            final int eq = field.indexOf('=');
            if (eq > 0)
            {
                fields.putIfAbsent(field.substring(0, eq), field.substring(eq + 1));
            }
        }
        return fields;
    }
}
