package io.fixtape.journal;

import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * Diagnostic probe (not a test): what the per-record CRC32C adds to staging a record on the append path. Stages the
 * same execution report in blocks, alternating the format 2.0 staging ({@link RecordCodec#stage}, CRC32C included) and
 * the same stores without the checksum, and prints the median ns per record of each and their difference.
 *
 * <pre>journal/scripts/checksum-cost.sh [BLOCKS] [RECORDS_PER_BLOCK]</pre>
 */
public final class ChecksumCostProbe
{
    public static void main(final String[] args)
    {
        final int blocks = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        final int perBlock = args.length > 1 ? Integer.parseInt(args[1]) : 200_000;
        final UnsafeBuffer fix = new UnsafeBuffer(Fix.message("FIX.4.4", "8", 1,
            "37=ORD0000001|17=EXEC000001|150=F|39=2|55=ACME|54=1|38=100|151=0|14=100|6=100.00|32=100|31=100.00|" +
            "60=20261202-15:00:00.000|11=CL0000001|1=ACCOUNT1|").getBytes(StandardCharsets.US_ASCII));
        final UnsafeBuffer staging = new UnsafeBuffer(ByteBuffer.allocateDirect(4096));
        final RecordChecksum checksum = new RecordChecksum();
        final long[][] nanos = new long[2][blocks];
        long sink = 0;
        for (int b = -10; b < blocks; b++) // 10 warm-up blocks
        {
            for (int side = 0; side < 2; side++)
            {
                final int variant = ((b & 1) == 0) == (side == 0) ? 0 : 1;
                final long start = System.nanoTime();
                for (int i = 0; i < perBlock; i++)
                {
                    sink += variant == 0 ?
                        RecordCodec.stage(staging, checksum, (byte)1, 0, 1, i, i, '8', fix, 0, fix.capacity()) :
                        stageWithoutChecksum(staging, i, fix);
                }
                if (b >= 0)
                {
                    nanos[variant][b] = System.nanoTime() - start;
                }
            }
        }
        Arrays.sort(nanos[0]);
        Arrays.sort(nanos[1]);
        final double with = nanos[0][blocks / 2] / (double)perBlock;
        final double without = nanos[1][blocks / 2] / (double)perBlock;
        System.out.printf(Locale.ROOT, "record %d bytes: staging with CRC32C %.1f ns, without %.1f ns, CRC32C adds %.1f ns " +
            "per record (median of %d blocks of %d; sink %d)%n", JournalRecordDescriptor.HEADER_LENGTH + fix.capacity(),
            with, without, with - without, blocks, perBlock, sink & 1);
    }

    /** The same stores as {@link RecordCodec#stage} but the checksum. */
    private static int stageWithoutChecksum(final UnsafeBuffer staging, final int seq, final UnsafeBuffer fix)
    {
        staging.putByte(0, (byte)2);
        staging.putByte(1, (byte)0);
        staging.putByte(2, (byte)1);
        staging.putByte(3, (byte)0);
        staging.putInt(4, 0, ByteOrder.LITTLE_ENDIAN);
        staging.putInt(8, 1, ByteOrder.LITTLE_ENDIAN);
        staging.putInt(12, seq, ByteOrder.LITTLE_ENDIAN);
        staging.putLong(16, seq, ByteOrder.LITTLE_ENDIAN);
        staging.putLong(24, '8', ByteOrder.LITTLE_ENDIAN);
        staging.putInt(36, fix.capacity(), ByteOrder.LITTLE_ENDIAN);
        staging.putBytes(40, fix, 0, fix.capacity());
        staging.putInt(32, 0, ByteOrder.LITTLE_ENDIAN);
        return 40 + fix.capacity();
    }
}
