package io.fixtape.bench.micro;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

import io.fixtape.engine.codec.AsciiNumbers;
import io.fixtape.engine.codec.Checksum;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.TagSearch;
import io.fixtape.engine.codec.Tags;

/**
 * The codec's building blocks, named like the reference engine family's rows so they compare by name. Inputs
 * live in a direct buffer (as received bytes do); number benchmarks rotate through 8 inputs of different
 * lengths so the branch predictor cannot learn one value. Every result goes to the {@link Blackhole}.
 *
 * <p>JMH state: one instance per benchmark thread.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CodecPrimitives
{
    private static final int SLOTS = 8;
    private static final int SLOT_SIZE = 32;
    private static final String[] LONGS =
        {"7", "42", "1234", "99999", "1000000", "123456789", "98765432101", "4611686018427387903"};
    private static final long[] LONG_VALUES =
        {7L, 42L, 1234L, 99_999L, 1_000_000L, 123_456_789L, 98_765_432_101L, 4_611_686_018_427_387_903L};
    private static final String[] DECIMALS =
        {"1.08345", "100", "0.5", "123.456789", "99999.25", "0.000001", "42.1", "7654321.123456"};

    private final UnsafeBuffer message = new UnsafeBuffer(ByteBuffer.allocateDirect(512));
    private final UnsafeBuffer longs = new UnsafeBuffer(ByteBuffer.allocateDirect(SLOTS * SLOT_SIZE));
    private final UnsafeBuffer decimals = new UnsafeBuffer(ByteBuffer.allocateDirect(SLOTS * SLOT_SIZE));
    private final int[] longLengths = new int[SLOTS];
    private final int[] decimalLengths = new int[SLOTS];
    private final UnsafeBuffer out = new UnsafeBuffer(ByteBuffer.allocateDirect(64));
    private final FixDecoder decoder = new FixDecoder();
    private final TagSearch tagSearch = new TagSearch();
    private int messageLength;
    private int counter;

    @Setup
    public void setup()
    {
        final byte[] nos = SampleMessages.newOrderSingle(1234);
        message.putBytes(0, nos);
        messageLength = nos.length;
        fill(longs, LONGS, longLengths);
        fill(decimals, DECIMALS, decimalLengths);
    }

    private static void fill(final UnsafeBuffer buffer, final String[] values, final int[] lengths)
    {
        for (int i = 0; i < SLOTS; i++)
        {
            final byte[] bytes = values[i].getBytes(StandardCharsets.US_ASCII);
            buffer.putBytes(i * SLOT_SIZE, bytes);
            lengths[i] = bytes.length;
        }
    }

    private int nextSlot()
    {
        return counter++ & (SLOTS - 1);
    }

    /** One pass over a NewOrderSingle indexing every field (tag, value offset, length). */
    @Benchmark
    public void scanSohFields(final Blackhole blackhole)
    {
        blackhole.consume(decoder.wrap(message, 0, messageLength).fieldCount());
    }

    /**
     * Find ClOrdID (11) in a received NewOrderSingle and point at its value, without indexing the message:
     * {@link TagSearch} (early exit at the first match, same answer as the decoder's index).
     */
    @Benchmark
    public void findClOrdIdTag(final Blackhole blackhole)
    {
        final long found = tagSearch.find(message, 0, messageLength, Tags.CL_ORD_ID);
        blackhole.consume(TagSearch.valueOffset(found));
        blackhole.consume(TagSearch.valueLength(found));
    }

    @Benchmark
    public long parseLongAscii()
    {
        final int slot = nextSlot();
        return AsciiNumbers.parseLongAscii(longs, slot * SLOT_SIZE, longLengths[slot]);
    }

    @Benchmark
    public void formatChecksum3Ascii(final Blackhole blackhole)
    {
        final int checksum = counter++ & 0xFF;
        AsciiNumbers.formatChecksum3Ascii(out, 0, checksum);
        blackhole.consume(out.getByte(2));
    }

    @Benchmark
    public int formatPositiveLongAscii()
    {
        return AsciiNumbers.formatPositiveLongAscii(out, 0, LONG_VALUES[nextSlot()]);
    }

    @Benchmark
    public long parseDecimalScaled6()
    {
        final int slot = nextSlot();
        return AsciiNumbers.parseDecimalScaled(decimals, slot * SLOT_SIZE, decimalLengths[slot], 6);
    }

    /** CheckSum (sum of bytes mod 256) over the NewOrderSingle up to its {@code 10=} field. */
    @Benchmark
    public int checksumMessage()
    {
        return Checksum.compute(message, 0, messageLength - 7);
    }

    /** Length in bytes of the message scanned and check-summed (for the docs). */
    public int messageLength()
    {
        return messageLength;
    }
}
