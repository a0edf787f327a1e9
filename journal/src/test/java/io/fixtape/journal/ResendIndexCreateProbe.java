package io.fixtape.journal;

import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * Diagnostic probe (not a test): where the time of creating a resend index goes. For each of FILES fresh files of
 * 65,536 entries in DIR it runs the system calls of the put that creates an index, one by one — open (creates the
 * file), setLength, map, close, the random-access advice (or none), the first write of an entry — and prints the
 * median and mean of each, then the page cache added per file (/proc/meminfo {@code Cached}, so other activity on
 * the machine shows in it too). Each round alternates without and with the advice.
 *
 * <pre>journal/scripts/resend-index-create.sh [FILES] [ROUNDS]</pre>
 */
public final class ResendIndexCreateProbe
{
    private static final long LENGTH = 65_536L * Long.BYTES;
    private static final String[] PHASES = {"open", "setLength", "map", "close", "advise", "first write"};

    public static void main(final String[] args) throws IOException
    {
        final int files = Integer.parseInt(args[0]);
        final int rounds = Integer.parseInt(args[1]);
        final Path dir = Path.of(args[2]);
        System.out.println("POSIX layer for the advice: " + (PagePopulator.advises() ? "yes" : "no (nothing advised)"));
        for (int round = 0; round < rounds * 2; round++)
        {
            final boolean advise = (round & 1) == 1;
            final long[][] nanos = new long[PHASES.length][files];
            final MappedByteBuffer[] maps = new MappedByteBuffer[files];
            final long cachedBefore = cachedKib();
            for (int i = 0; i < files; i++)
            {
                final Path file = dir.resolve(round + "-" + i + ResendIndexes.SUFFIX);
                final long t0 = System.nanoTime();
                final RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw");
                final long t1 = System.nanoTime();
                raf.setLength(LENGTH);
                final long t2 = System.nanoTime();
                maps[i] = raf.getChannel().map(FileChannel.MapMode.READ_WRITE, 0, LENGTH);
                final long t3 = System.nanoTime();
                raf.close();
                final long t4 = System.nanoTime();
                final UnsafeBuffer buffer = new UnsafeBuffer(maps[i]);
                if (advise)
                {
                    PagePopulator.adviseRandom(buffer.addressOffset(), buffer.capacity());
                }
                final long t5 = System.nanoTime();
                buffer.putLong(Long.BYTES, 42L);
                final long t6 = System.nanoTime();
                final long[] times = {t0, t1, t2, t3, t4, t5, t6};
                for (int phase = 0; phase < PHASES.length; phase++)
                {
                    nanos[phase][i] = times[phase + 1] - times[phase];
                }
            }
            final long cachedPerFile = (cachedKib() - cachedBefore) / files;
            for (int i = 0; i < files; i++)
            {
                IoUtil.unmap(maps[i]);
                Files.delete(dir.resolve(round + "-" + i + ResendIndexes.SUFFIX));
            }
            final StringBuilder line = new StringBuilder(advise ? "advised    " : "not advised");
            long total = 0;
            for (int phase = 0; phase < PHASES.length; phase++)
            {
                final long[] sorted = nanos[phase].clone();
                Arrays.sort(sorted);
                final long sum = Arrays.stream(sorted).sum();
                total += sum;
                line.append(String.format(Locale.ROOT, " | %s %.1f/%.1f", PHASES[phase], sorted[files / 2] / 1e3,
                    sum / 1e3 / files));
            }
            line.append(String.format(Locale.ROOT, " | all (mean) %.1f µs | page cache +%d KiB per file",
                total / 1e3 / files, cachedPerFile));
            System.out.println(line);
        }
        System.out.println("µs per file, median/mean");
    }

    private static long cachedKib() throws IOException
    {
        for (final String line : Files.readAllLines(Path.of("/proc/meminfo")))
        {
            if (line.startsWith("Cached:"))
            {
                return Long.parseLong(line.replaceAll("\\D+", ""));
            }
        }
        return 0;
    }
}
