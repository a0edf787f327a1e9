package io.fixtape.bench.harness;

import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.DataFormatException;

/**
 * Percentiles of a latency histogram recorded in nanoseconds, reported in microseconds, and the compressed
 * histogram codec used to carry raw histograms from the client JVM to the orchestrator (so runs merge exactly,
 * instead of averaging percentiles). Stateless.
 */
public final class LatencySummary
{
    private LatencySummary()
    {
    }

    /** {@code samples, p50_us, p90_us, p99_us, p999_us, max_us, mean_us} with {@code prefix} on each key. */
    public static Map<String, Object> of(final Histogram histogram, final String prefix)
    {
        final Map<String, Object> out = new LinkedHashMap<>();
        out.put(prefix + "samples", histogram.getTotalCount());
        out.put(prefix + "p50_us", micros(histogram.getValueAtPercentile(50)));
        out.put(prefix + "p90_us", micros(histogram.getValueAtPercentile(90)));
        out.put(prefix + "p99_us", micros(histogram.getValueAtPercentile(99)));
        out.put(prefix + "p999_us", micros(histogram.getValueAtPercentile(99.9)));
        out.put(prefix + "max_us", micros(histogram.getMaxValue()));
        out.put(prefix + "mean_us", histogram.getTotalCount() == 0 ? 0.0 : round3(histogram.getMean() / 1000.0));
        return out;
    }

    public static double micros(final long nanos)
    {
        return round3(nanos / 1000.0);
    }

    public static double round3(final double value)
    {
        return Math.round(value * 1000.0) / 1000.0;
    }

    public static String encode(final Histogram histogram)
    {
        final ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        final int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        final byte[] bytes = new byte[length];
        buffer.flip();
        buffer.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    public static Histogram decode(final String base64)
    {
        try
        {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        }
        catch (final DataFormatException e)
        {
            throw new IllegalArgumentException("corrupt histogram", e);
        }
    }
}
