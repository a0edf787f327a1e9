package io.fixtape.journal;

import net.openhft.chronicle.queue.RollCycle;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks that the cycle files of a queue hold whole documents up to their end ({@link CycleFileScanner}, headers
 * only, plain reads): finds files cut short and bytes zeroed in place before anything maps them. A writer opening a
 * queue extends a short file with zeros, and a reader mapping it faults past its end; this check runs first.
 */
final class QueueStructure
{
    /** One damaged cycle file: where its good documents stop and why. */
    static final class FileDamage
    {
        final File file;
        final int cycle;
        /** Records before the damage: the file's good records (Chronicle sequence numbers 0 .. goodRecords - 1). */
        final long goodRecords;
        final long offset;
        final String detail;

        FileDamage(final File file, final int cycle, final long goodRecords, final long offset, final String detail)
        {
            this.file = file;
            this.cycle = cycle;
            this.goodRecords = goodRecords;
            this.offset = offset;
            this.detail = detail;
        }

        String describe()
        {
            return file.getName() + " byte " + offset + " (after its " + goodRecords + " good records): " + detail;
        }
    }

    private QueueStructure()
    {
    }

    /**
     * @param fromCycle check the files of this cycle and later ones; {@link Integer#MIN_VALUE} for all.
     * @return the damaged files, oldest first (empty: every file checked is whole).
     */
    static List<FileDamage> check(final Path queueDir, final RollCycle rollCycle, final int fromCycle)
    {
        final List<FileDamage> damage = new ArrayList<>();
        final CycleFileScanner scanner = new CycleFileScanner();
        for (final File file : CycleFiles.list(queueDir))
        {
            final int cycle = CycleFiles.cycleOf(file, rollCycle);
            if (cycle != -1 && cycle < fromCycle)
            {
                continue;
            }
            scanner.scan(file, null, null);
            if (scanner.damaged())
            {
                damage.add(new FileDamage(file, cycle, scanner.records(), scanner.endOffset(), scanner.detail()));
            }
        }
        return damage;
    }

    /** One line for a list of damaged files: the first, and how many more. */
    static String describe(final List<FileDamage> damage)
    {
        return damage.get(0).describe() + (damage.size() > 1 ? " (and " + (damage.size() - 1) + " more damaged file" +
            (damage.size() > 2 ? "s" : "") + ")" : "");
    }
}
