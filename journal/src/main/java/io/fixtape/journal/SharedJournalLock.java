package io.fixtape.journal;

import java.util.concurrent.locks.ReentrantLock;

/**
 * The one lock around every call into a {@link Journal} that several worker threads write (cluster-shard's pool and
 * shard models, whose workers share the engine's journal): append, resend read, sync, session registration, store
 * close, housekeeping. Until {@link #enable} there is no lock and {@link #acquire} reads one field, so the
 * single-writer path takes none; uncontended it is a CAS per call.
 *
 * <pre>
 * final ReentrantLock lock = sharedLock.acquire();
 * try { ... } finally { SharedJournalLock.release(lock); }
 * </pre>
 */
final class SharedJournalLock
{
    /** Null while the journal has one writer thread; set before the worker threads start. */
    private ReentrantLock lock;

    /** Several threads will write the journal: from now on every call takes the lock. Before those threads start. */
    void enable()
    {
        if (lock == null)
        {
            lock = new ReentrantLock();
        }
    }

    /** Takes the lock if there is one; returns it (or null) for {@link #release}. */
    ReentrantLock acquire()
    {
        final ReentrantLock lock = this.lock;
        if (lock != null)
        {
            lock.lock();
        }
        return lock;
    }

    /** Releases what {@link #acquire} returned. */
    static void release(final ReentrantLock lock)
    {
        if (lock != null)
        {
            lock.unlock();
        }
    }
}
