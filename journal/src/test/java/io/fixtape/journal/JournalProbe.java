package io.fixtape.journal;

import io.fixtape.engine.session.SessionId;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;
import org.HdrHistogram.Histogram;
import org.agrona.concurrent.UnsafeBuffer;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Diagnostic probe (not a test): where does an append's time go? Runs one variant of the append path, closed loop
 * or paced (busy gap between appends, as a poller at a given message rate), and prints per-append wall p50/p99/p99.9,
 * mean wall and thread-CPU ns per append, minor page faults per 1000 appends and the JVM's threads.
 *
 * <pre>journal/scripts/journal-probe.sh VARIANT GAP_NS COUNT [PRETOUCH]</pre> (or {@code java -cp ... JournalProbe VARIANT GAP_NS COUNT DIR [PRETOUCH]})
 * VARIANT: chronicle (raw writingDocument + 251 bytes), journal (Journal.append), store (ChronicleMessageStore.onOutbound).
 */
public final class JournalProbe
{
    public static void main(final String[] args) throws Exception
    {
        final String variant = args[0];
        final long gapNs = Long.parseLong(args[1]);
        final int count = Integer.parseInt(args[2]);
        final Path dir = Path.of(args[3]);
        final String message = Fix.message("FIX.4.4", "8", 1,
            "37=ORD0000001|17=EXEC000001|150=F|39=2|55=ACME|54=1|38=100|151=0|14=100|6=100.00|32=100|31=100.00|" +
            "60=20261202-15:00:00.000|11=CL0000001|1=ACCOUNT1|");
        final UnsafeBuffer buffer = new UnsafeBuffer(message.getBytes(StandardCharsets.US_ASCII));
        final JournalContext ctx = new JournalContext().directory(dir).mode(JournalMode.AUDIT).lowSpaceBytes(0)
            .initialIndexCapacity(2 * count + 16).pretouch(args.length > 4 && Boolean.parseBoolean(args[4]));
        final ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx))
        {
            final ChronicleMessageStore store = factory.create(new SessionId("FIX.4.4", "EXEC", "BANZAI"));
            final Journal journal = factory.journal();
            final SingleChronicleQueue queue = journal.queue();
            final ExcerptAppender appender = queue.createAppender();
            final net.openhft.chronicle.bytes.Bytes<Void> staging = net.openhft.chronicle.bytes.Bytes.allocateDirect(4096);
            final UnsafeBuffer stagingView = new UnsafeBuffer(staging.addressForWrite(0), 4096);
            final int warm = Math.min(count, 50_000);
            for (int pass = 0; pass < 2; pass++)
            {
                final int n = pass == 0 ? warm : count;
                final Histogram h = new Histogram(3_600_000_000_000L, 3);
                final long faults0 = minorFaults();
                final long cpu0 = mx.getCurrentThreadCpuTime();
                final long user0 = mx.getCurrentThreadUserTime();
                long busy = 0;
                int seq = pass * warm + 1;
                for (int i = 0; i < n; i++, seq++)
                {
                    if (gapNs > 0)
                    {
                        final long until = System.nanoTime() + gapNs;
                        while (System.nanoTime() < until)
                        {
                            Thread.onSpinWait();
                        }
                    }
                    final long t0 = System.nanoTime();
                    switch (variant)
                    {
                        case "chronicle":
                            try (DocumentContext dc = appender.writingDocument())
                            {
                                final net.openhft.chronicle.bytes.Bytes<?> bytes = dc.wire().bytes();
                                RecordCodec.writeHeader(bytes, 0, buffer.capacity(), (byte)1, 0, 1, seq, t0, '8');
                                RecordCodec.writeBody(bytes, buffer, 0, buffer.capacity());
                            }
                            break;
                        case "writebytes":
                        {
                            final int len = JournalRecordDescriptor.V1_HEADER_LENGTH + buffer.capacity(); // a 1.0 header
                            stagingView.putLong(0, 0x0000000000000101L); // major 1, minor 1: a record without CRC
                            stagingView.putInt(4, 0);
                            stagingView.putInt(8, 1);
                            stagingView.putInt(12, seq);
                            stagingView.putLong(16, t0);
                            stagingView.putLong(24, '8');
                            stagingView.putBytes(32, buffer, 0, buffer.capacity());
                            staging.readPositionRemaining(0, len);
                            appender.writeBytes(staging);
                            break;
                        }
                        case "journal":
                            journal.append(1, (byte)1, seq, 0, t0, '8', buffer, 0, buffer.capacity());
                            break;
                        default:
                            store.onOutbound(seq, '8', 0, t0, buffer, 0, buffer.capacity());
                    }
                    final long d = System.nanoTime() - t0;
                    busy += d;
                    h.recordValue(d);
                }
                final long cpu = mx.getCurrentThreadCpuTime() - cpu0;
                final long userCpu = mx.getCurrentThreadUserTime() - user0;
                final long faults = minorFaults() - faults0;
                if (pass == 1)
                {
                    System.out.printf(Locale.ROOT, "%-9s gap=%dns n=%d p50=%d p90=%d p99=%d p99.9=%d max=%d ns mean(in-append)=%.0f ns " +
                        "thread-cpu/append(incl. gap)=%.0f ns (sys %.0f) minflt/1000=%.1f%n", variant, gapNs, n,
                        h.getValueAtPercentile(50), h.getValueAtPercentile(90), h.getValueAtPercentile(99),
                        h.getValueAtPercentile(99.9), h.getMaxValue(), (double)busy / n, (double)cpu / n, (double)(cpu - userCpu) / n, faults * 1000.0 / n);
                }
            }
        }
        Thread.getAllStackTraces().keySet().forEach(t -> System.out.println("thread: " + t.getName() + " daemon=" + t.isDaemon()));
    }

    /** Minor page faults of the whole process (field 10 of /proc/self/stat). */
    private static long minorFaults() throws Exception
    {
        final String stat = Files.readString(Path.of("/proc/self/stat"));
        final String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(f[7]);
    }
}
