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
}
