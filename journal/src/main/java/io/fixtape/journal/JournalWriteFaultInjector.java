package io.fixtape.journal;

import java.io.IOException;

/**
 * Storage-boundary hook for fault tests: invoked on the writer thread just before a record is written. Throwing an
 * {@link IOException} simulates the write failing (e.g. ENOSPC) where no tiny file system can be mounted.
 */
@FunctionalInterface
public interface JournalWriteFaultInjector
{
    void beforeWrite(int sessionId, int seqNum, int length) throws IOException;

    /**
     * A paused session asks whether the journal would write again ({@link Journal#probeWritable}): throwing says no.
     * By default the same answer as an empty write of no session ({@code beforeWrite(0, 0, 0)}).
     */
    default void beforeProbe() throws IOException
    {
        beforeWrite(0, 0, 0);
    }

    /**
     * Just before an msync of what was written (per-message after each record, periodic at each interval): throwing
     * simulates the sync failing after the record was written. By default syncs succeed.
     */
    default void beforeSync() throws IOException
    {
    }
}
