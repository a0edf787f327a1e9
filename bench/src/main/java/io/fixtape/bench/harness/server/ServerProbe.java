package io.fixtape.bench.harness.server;

import io.fixtape.bench.harness.Json;
import io.fixtape.bench.harness.LatencySummary;
import io.fixtape.bench.harness.Phase;
import io.fixtape.bench.harness.Seeds;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The server-side probe of {@code tick_to_trade} (the server owns this measurement, the client cannot see it): the
 * time from the socket read that carried a tick to the socket write that carried the order it triggered, per tick index, on
 * this process's {@link System#nanoTime()} (or, for Artio, its framer's clock — stated in {@link #where}).
 * Ticks with index below {@code warmup} are counted and recorded into a second histogram that is discarded: the
 * recording code runs (and is compiled) the same way in the warm-up as in the measured phase, so that the switch to
 * the measured phase is not the first time a branch is taken (which would deoptimise the server's compiled hot loop
 * exactly when measuring starts: the JIT on the server's one core then recompiles it inside the measured window).
 * The measured histogram is written as one JSON object to {@code out} when the process is stopped (SIGTERM; the
 * orchestrator reads it after the server exits).
 *
 * <p>Threading: {@link #read}/{@link #written}/{@link #record} from one thread at a time (the thread that owns the
 * connection); {@link #writeFile} from the shutdown hook after traffic has stopped. Allocation-free per tick.
 */
public final class ServerProbe
{
    private static final long MAX_NS = TimeUnit.SECONDS.toNanos(60);

    private final int warmup;
    private final long[] readNs;
    private final Path out;
    private final String where;
    private final Histogram latency = Seeds.seeded(MAX_NS);
    /** [{@link Phase#WARMUP}] discarded, [{@link Phase#MEASURED}] {@link #latency}: chosen without a branch. */
    private final Histogram[] byPhase = {Seeds.seeded(MAX_NS), latency};
    private long orders;
    /** {@link #orders} published with a release store after each record: the shutdown hook's view (see writeFile). */
    private final AtomicLong recorded = new AtomicLong();
    private long unmatched;

    public ServerProbe(final int warmup, final int total, final Path out, final String where)
    {
        this.warmup = warmup;
        this.readNs = new long[total];
        this.out = out;
        this.where = where;
    }

    /** Writes the file when the JVM is stopped. */
    public ServerProbe writeOnShutdown()
    {
        Runtime.getRuntime().addShutdownHook(new Thread(this::writeFile, "server-probe-writer"));
        return this;
    }

    /** The socket read that carried tick {@code index} returned at {@code nowNs}. */
    public void read(final long index, final long nowNs)
    {
        if (index >= 0 && index < readNs.length && readNs[(int)index] == 0)
        {
            readNs[(int)index] = nowNs;
        }
    }

    /** The order for tick {@code index} was written to the socket at {@code nowNs}. */
    public void written(final long index, final long nowNs)
    {
        if (index < 0 || index >= readNs.length || readNs[(int)index] == 0)
        {
            unmatched++;
            return;
        }
        record(index, nowNs - readNs[(int)index]);
    }

    /** One tick-to-trade latency measured by the caller (read and write stamps on the same clock). */
    public void record(final long index, final long latencyNs)
    {
        orders++;
        byPhase[Phase.of(index, warmup)].recordValue(Math.max(0, Math.min(MAX_NS, latencyNs)));
        recorded.lazySet(orders); // release: the histogram update above is visible to whoever reads this count
    }

    /** The measured samples only: a copy of the measured histogram without its seeds ({@link Seeds}). */
    Histogram measured()
    {
        return Seeds.without(latency);
    }

    public void writeFile()
    {
        // The hook runs on its own thread as soon as the orchestrator stops the process, which it does once the
        // client has read the last order — possibly before the server thread, back from the poll that wrote that
        // order, has recorded it. Wait (bounded) until every tick's order is recorded; the acquire read of the
        // count also makes the recording thread's histogram updates visible here.
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (recorded.get() < readNs.length && System.nanoTime() < deadline)
        {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
        final Histogram measured = measured();
        final Map<String, Object> json = new LinkedHashMap<>();
        json.put("probe", "tick_to_trade");
        json.put("where", where);
        json.put("orders_written", recorded.get());
        json.put("orders_without_read_stamp", unmatched);
        json.put("warmup", warmup);
        json.put("samples", measured.getTotalCount());
        json.put("latency", LatencySummary.of(measured, ""));
        json.put("histogram", LatencySummary.encode(measured));
        try
        {
            Files.writeString(out, Json.line(json) + "\n", StandardCharsets.UTF_8);
        }
        catch (final IOException e)
        {
            System.err.println("ERROR server probe: could not write " + out + ": " + e);
        }
    }

    /**
     * Calls {@code sink.accept(value)} for every value of {@code tag} in {@code bytes[offset, offset+length)}: the
     * tick (or order) keys carried by one socket read (or write). Allocation-free.
     */
    public static void scanKeys(final byte[] bytes, final int offset, final int length, final int tag,
        final KeySink sink, final long nowNs)
    {
        final int end = offset + length;
        for (int i = offset; i < end; i++)
        {
            if (bytes[i] != 1)
            {
                continue;
            }
            int p = i + 1;
            int t = 0;
            while (p < end && bytes[p] >= '0' && bytes[p] <= '9')
            {
                t = t * 10 + (bytes[p] - '0');
                p++;
            }
            if (t != tag || p >= end || bytes[p] != '=')
            {
                continue;
            }
            p++;
            long value = 0;
            boolean digits = false;
            while (p < end && bytes[p] >= '0' && bytes[p] <= '9')
            {
                value = value * 10 + (bytes[p] - '0');
                p++;
                digits = true;
            }
            if (digits && p < end && bytes[p] == 1)
            {
                sink.key(value, nowNs);
            }
        }
    }

    /**
     * A byte stream (one direction of one connection) scanned for the values of one tag across reads or writes: a
     * field split by a read boundary is found in the read that completes it (whose stamp it then gets).
     * One thread; allocation-free after construction.
     */
    public static final class KeyStream
    {
        private final int tag;
        private final byte[] bytes = new byte[2 << 20];
        private int carry;

        public KeyStream(final int tag)
        {
            this.tag = tag;
        }

        /** The bytes to append are taken by the caller into {@link #buffer()} at {@link #position()}. */
        public byte[] buffer()
        {
            return bytes;
        }

        public int position()
        {
            return carry;
        }

        /** Scans the carried bytes plus {@code length} new ones; keeps the bytes after the last SOH for next time. */
        public void scan(final int length, final KeySink sink, final long nowNs)
        {
            final int end = carry + length;
            scanKeys(bytes, 0, end, tag, sink, nowNs);
            int lastSoh = end - 1;
            while (lastSoh >= 0 && bytes[lastSoh] != 1)
            {
                lastSoh--;
            }
            final int keep = lastSoh < 0 ? Math.min(end, 64) : end - lastSoh;
            System.arraycopy(bytes, end - keep, bytes, 0, keep);
            carry = keep;
        }
    }

    /** Receives the keys found by {@link #scanKeys}. */
    @FunctionalInterface
    public interface KeySink
    {
        void key(long value, long nowNs);
    }
}
