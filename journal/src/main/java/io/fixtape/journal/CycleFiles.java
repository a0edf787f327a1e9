package io.fixtape.journal;

import net.openhft.chronicle.queue.RollCycle;

import java.io.File;
import java.nio.file.Path;
import java.text.ParseException;
import java.text.SimpleDateFormat;
import java.util.Arrays;
import java.util.TimeZone;

/**
 * The cycle files of a queue directory, oldest first, and the roll cycle each belongs to: Chronicle names a cycle
 * file after the UTC start of its cycle in the roll cycle's format ({@code 20261202F.cq4} for the daily cycle), so the
 * name sorts chronologically and gives the cycle number back. Read from the names alone: no file is opened or mapped.
 */
final class CycleFiles
{
    static final String SUFFIX = ".cq4";

    private CycleFiles()
    {
    }

    /** The cycle files of {@code queueDir}, oldest first (empty when there are none). */
    static File[] list(final Path queueDir)
    {
        final File[] files = queueDir.toFile().listFiles((dir, name) -> name.endsWith(SUFFIX));
        if (files == null)
        {
            return new File[0];
        }
        Arrays.sort(files);
        return files;
    }

    /** The cycle of a cycle file, from its name; -1 when the name is not in the roll cycle's format. */
    static int cycleOf(final File file, final RollCycle rollCycle)
    {
        final String name = file.getName();
        final SimpleDateFormat format = new SimpleDateFormat(rollCycle.format());
        format.setTimeZone(TimeZone.getTimeZone("UTC"));
        format.setLenient(false);
        try
        {
            final long millis = format.parse(name.substring(0, name.length() - SUFFIX.length())).getTime();
            return (int)(millis / rollCycle.lengthInMillis());
        }
        catch (final ParseException | RuntimeException ex)
        {
            return -1;
        }
    }

    /** The start of a cycle, epoch milliseconds (what a writer's clock reads to append into that cycle). */
    static long startMillis(final int cycle, final RollCycle rollCycle)
    {
        return (long)cycle * rollCycle.lengthInMillis();
    }
}
