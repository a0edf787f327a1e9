package io.fixtape.journal;

import net.openhft.chronicle.queue.impl.StoreFileListener;

import java.io.File;
import java.util.Arrays;

/**
 * Deletes the oldest cycle files so that at most {@code keep} remain, when Chronicle releases a cycle file (after a
 * roll). Never deletes the newest file. Resend of a sequence number whose record was deleted falls back to gap fill
 * (the resend index entry no longer resolves). Called on Chronicle's threads; touches only the file system.
 */
final class JournalRetention implements StoreFileListener
{
    private final File queueDir;
    private final int keep;

    JournalRetention(final java.nio.file.Path queueDir, final int keep)
    {
        this.queueDir = queueDir.toFile();
        this.keep = keep;
    }

    @Override
    public void onReleased(final int cycle, final File file)
    {
        apply();
    }

    /** @return number of files deleted. Synchronized: Chronicle's release callback and the writer may both call it. */
    synchronized int apply()
    {
        final File[] files = queueDir.listFiles((dir, name) -> name.endsWith(".cq4"));
        if (files == null || files.length <= keep)
        {
            return 0;
        }
        // Cycle file names sort chronologically (yyyyMMdd[-HH[mm]]).
        Arrays.sort(files);
        int deleted = 0;
        for (int i = 0; i < files.length - keep; i++)
        {
            if (files[i].delete())
            {
                deleted++;
            }
        }
        return deleted;
    }
}
