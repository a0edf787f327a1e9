package io.fixtape.journal;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.BytesStore;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;
import org.HdrHistogram.Histogram;
import org.agrona.concurrent.UnsafeBuffer;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Diagnostic (not a test): the two ways of writing a journal record into Chronicle, interleaved in blocks in ONE JVM
 * so that a loaded machine's drift hits both alike. Each path has its own queue in DIR; records are the same 283
 * bytes (32-byte header + a 251-byte ExecutionReport).
 * <ul>
 * <li>{@code document}: {@code appender.writingDocument()} + plain stores straight into the mapped chunk;</li>
 * <li>{@code writeBytes}: {@link RecordCodec#stage} into an off-heap buffer + {@code appender.writeBytes}, the
 * journal's append path ({@link JournalAppender}).</li>
 * </ul>
 * Prints per-append wall p50/p90/p99 and the median thread CPU per append of a block, per path.
 * <pre>journal/scripts/journal-probe.sh ab GAP_NS BLOCKS  (GAP_NS 0 = closed loop; e.g. 50000 = paced, cold caches)</pre>
 */
public final class AppendPathAB
{
    private AppendPathAB()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final long gapNs = Long.parseLong(args[0]);
        final int blocks = Integer.parseInt(args[1]);
        final Path dir = Path.of(args[2]);
        final int block = gapNs > 0 ? 2_000 : 20_000;
        final UnsafeBuffer fix = new UnsafeBuffer(Fix.message("FIX.4.4", "8", 1,
            "37=ORD0000001|17=EXEC000001|150=F|39=2|55=ACME|54=1|38=100|151=0|14=100|6=100.00|32=100|31=100.00|" +
            "60=20261202-15:00:00.000|11=CL0000001|1=ACCOUNT1|").getBytes(StandardCharsets.US_ASCII));
        final JournalContext ctx = new JournalContext().directory(dir).lowSpaceBytes(0).pretouch(false);
        final Histogram[] wall = {new Histogram(3_600_000_000_000L, 3), new Histogram(3_600_000_000_000L, 3)};
        final long[][] cpu = {new long[blocks], new long[blocks]};
        final ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        final Bytes<java.nio.ByteBuffer> staging = Bytes.elasticByteBuffer(8192, 8192);
        final UnsafeBuffer stagingView = new UnsafeBuffer(staging.underlyingObject());
        final RecordChecksum checksum = new RecordChecksum();
        final UnsafeBuffer rawView = new UnsafeBuffer(0, 0);
        try (SingleChronicleQueue documentQueue = JournalQueues.openForWriter(ctx, dir.resolve("document"), null);
            SingleChronicleQueue writeBytesQueue = JournalQueues.openForWriter(ctx, dir.resolve("writeBytes"), null))
        {
            final ExcerptAppender document = documentQueue.createAppender();
            final ExcerptAppender writeBytes = writeBytesQueue.createAppender();
            document.singleThreadedCheckDisabled(true);
            writeBytes.singleThreadedCheckDisabled(true);
            staging.singleThreadedCheckDisabled(true);
            int seq = 0;
            for (int b = -5; b < blocks; b++) // 5 warm-up blocks per path
            {
                for (int side = 0; side < 2; side++)
                {
                    final int path = ((b & 1) == 0) == (side == 0) ? 0 : 1; // alternate which path goes first
                    final long cpu0 = mx.getCurrentThreadCpuTime();
                    for (int i = 0; i < block; i++)
                    {
                        seq++;
                        if (gapNs > 0)
                        {
                            final long until = System.nanoTime() + gapNs;
                            while (System.nanoTime() < until)
                            {
                                Thread.onSpinWait();
                            }
                        }
                        final long t0 = System.nanoTime();
                        if (path == 0)
                        {
                            try (DocumentContext dc = document.writingDocument())
                            {
                                final Bytes<?> bytes = dc.wire().bytes();
                                if (!writeIntoMapping(bytes, rawView, stagingView, checksum, seq, t0, fix))
                                {
                                    RecordCodec.writeHeader(bytes, 0, fix.capacity(), JournalRecordDescriptor.DIRECTION_OUT, 0, 1, seq, t0, '8');
                                    RecordCodec.writeBody(bytes, fix, 0, fix.capacity());
                                }
                            }
                            document.lastIndexAppended();
                        }
                        else
                        {
                            final int length = RecordCodec.stage(stagingView, checksum, JournalRecordDescriptor.DIRECTION_OUT, 0, 1, seq, t0,
                                '8', fix, 0, fix.capacity());
                            staging.readPositionRemaining(0, length);
                            writeBytes.writeBytes(staging);
                            writeBytes.lastIndexAppended();
                        }
                        if (b >= 0)
                        {
                            wall[path].recordValue(System.nanoTime() - t0);
                        }
                    }
                    if (b >= 0)
                    {
                        cpu[path][b] = mx.getCurrentThreadCpuTime() - cpu0;
                    }
                }
            }
        }
        finally
        {
            staging.releaseLast();
            try (Stream<Path> files = Files.walk(dir))
            {
                files.sorted(Comparator.reverseOrder()).filter(p -> !p.equals(dir)).forEach(p -> p.toFile().delete());
            }
        }
        final String[] names = {"document", "writeBytes"};
        for (int path = 0; path < 2; path++)
        {
            Arrays.sort(cpu[path]);
            System.out.printf(Locale.ROOT, "%-10s gap=%dns blocks=%dx%d p50=%d p90=%d p99=%d ns  thread-cpu/append median of blocks=%.0f ns%n",
                names[path], gapNs, blocks, block, wall[path].getValueAtPercentile(50), wall[path].getValueAtPercentile(90),
                wall[path].getValueAtPercentile(99), cpu[path][blocks / 2] / (double)block);
        }
    }

    /** The record stored with plain stores straight into the mapped chunk of a writingDocument(). */
    private static boolean writeIntoMapping(
        final Bytes<?> bytes, final UnsafeBuffer view, final UnsafeBuffer scratch, final RecordChecksum checksum,
        final int seq, final long timestamp, final UnsafeBuffer fix)
    {
        final int recordLength = JournalRecordDescriptor.HEADER_LENGTH + fix.capacity();
        final long position = bytes.writePosition();
        final BytesStore<?, ?> chunk = bytes.bytesStore();
        if (chunk == null || !chunk.isDirectMemory() || position < chunk.start() || position + recordLength > chunk.safeLimit())
        {
            return false;
        }
        view.wrap(bytes.addressForWrite(position), recordLength);
        // the checksum reads through a ByteBuffer: stage beside the mapping, then copy into it
        RecordCodec.stage(scratch, checksum, JournalRecordDescriptor.DIRECTION_OUT, 0, 1, seq, timestamp, '8', fix, 0,
            fix.capacity());
        view.putBytes(0, scratch, 0, recordLength);
        bytes.writeSkip(recordLength);
        return true;
    }
}
