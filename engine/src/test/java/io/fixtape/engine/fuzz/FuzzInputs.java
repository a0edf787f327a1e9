package io.fixtape.engine.fuzz;

import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the fuzz tests share: how a fuzz input is read (control bytes, then the bytes of a stream), a deterministic
 * chunking of that stream (the fuzzer's input alone decides how it arrives, so every finding replays), FIX framing
 * filled in for "lines" inputs (so that mutations reach the session layer instead of dying on a checksum), and the
 * per-input allocation bound. Test code: allocates freely.
 */
public final class FuzzInputs
{
    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();

    private FuzzInputs()
    {
    }

    /** Byte {@code index} of {@code data} as 0..255, or 0 when the input is shorter. */
    public static int control(final byte[] data, final int index)
    {
        return index < data.length ? data[index] & 0xFF : 0;
    }

    /** {@code data} without its first {@code controlBytes} bytes. */
    public static byte[] payload(final byte[] data, final int controlBytes)
    {
        if (data.length <= controlBytes)
        {
            return new byte[0];
        }
        final byte[] payload = new byte[data.length - controlBytes];
        System.arraycopy(data, controlBytes, payload, 0, payload.length);
        return payload;
    }

    /**
     * Chunk sizes from a seed: a tiny linear congruential sequence, so that the same input always arrives in the same
     * pieces. Seed 0 delivers the stream in one piece; otherwise pieces of 1 to {@code 1 + (seed & 63) * 8} bytes.
     */
    public static final class Chunks
    {
        private final int seed;
        private int state;

        public Chunks(final int seed)
        {
            this.seed = seed;
            this.state = seed * 0x9E3779B1 | 1;
        }

        public int next(final int remaining)
        {
            if (seed == 0)
            {
                return remaining;
            }
            state = state * 1_103_515_245 + 12_345;
            final int limit = 1 + (seed & 63) * 8;
            return Math.min(remaining, 1 + ((state >>> 8) & 0x7FFF) % limit);
        }
    }

    /**
     * A "lines" input as wire messages: each {@code \n}-separated line is {@code 8=...|35=...|...|} with {@code |}
     * for SOH and without BodyLength and CheckSum, which are filled in (BodyLength after the first field, CheckSum
     * appended). What the fields say is left exactly as the fuzzer made it.
     */
    public static byte[] framedLines(final byte[] lines)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream(lines.length + 64);
        int start = 0;
        for (int i = 0; i <= lines.length; i++)
        {
            if (i == lines.length || lines[i] == '\n')
            {
                if (i > start)
                {
                    frameLine(lines, start, i, out);
                }
                start = i + 1;
            }
        }
        return out.toByteArray();
    }

    private static void frameLine(final byte[] lines, final int start, final int end, final ByteArrayOutputStream out)
    {
        final byte[] line = new byte[end - start];
        for (int i = 0; i < line.length; i++)
        {
            final byte b = lines[start + i];
            line[i] = b == '|' ? 1 : b;
        }
        int firstSoh = 0;
        while (firstSoh < line.length && line[firstSoh] != 1)
        {
            firstSoh++;
        }
        final ByteArrayOutputStream message = new ByteArrayOutputStream(line.length + 32);
        message.write(line, 0, firstSoh);
        message.write(1);
        final int bodyStart = Math.min(firstSoh + 1, line.length);
        final byte[] bodyLength = ("9=" + (line.length - bodyStart)).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        message.write(bodyLength, 0, bodyLength.length);
        message.write(1);
        message.write(line, bodyStart, line.length - bodyStart);
        int sum = 0;
        for (final byte b : message.toByteArray())
        {
            sum += b & 0xFF;
        }
        final byte[] trailer = String.format("10=%03d\001", sum & 0xFF).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        message.write(trailer, 0, trailer.length);
        final byte[] bytes = message.toByteArray();
        out.write(bytes, 0, bytes.length);
    }

    /** Bytes allocated so far by the calling thread. */
    public static long allocatedBytes()
    {
        return THREADS.getCurrentThreadAllocatedBytes();
    }

    /**
     * Whether the code under test runs instrumented (the {@code fuzz} profile): Jazzer's coverage and comparison hooks
     * allocate on their own, and instrumenting a class as it loads costs megabytes once.
     */
    public static final boolean INSTRUMENTED = !"false".equals(System.getProperty("jazzer.hooks"));

    /**
     * Fails when the calling thread allocated more than {@code bound} bytes since {@code before}: the allocation a
     * hostile input can cause must stay bounded (message size limits, no buffer sized from a field value). Exact in
     * the normal build, which replays the inputs uninstrumented; while fuzzing, the hooks' own allocation is allowed
     * for (16 times the bound plus 64 MiB), so that only an allocation growing with what the input claims is caught.
     */
    public static void assertAllocatedAtMost(final long before, final long bound, final String what)
    {
        final long allocated = allocatedBytes() - before;
        final long limit = INSTRUMENTED ? 16 * bound + (64L << 20) : bound;
        assertTrue(allocated <= limit, what + " allocated " + allocated + " bytes for one input (bound " + limit + ")");
    }
}
