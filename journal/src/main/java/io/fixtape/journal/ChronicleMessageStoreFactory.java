package io.fixtape.journal;

import io.fixtape.engine.api.DutyCycleTask;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.MessageStoreFactory;

import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.SleepingMillisIdleStrategy;

import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The engine-facing entry point: one journal directory for all sessions of an engine. {@link #create} registers the
 * session (stable id) and returns its {@link ChronicleMessageStore}. For {@code JournalMode=none} use
 * {@link #forMode}, which hands back the engine's own no-store factory so no journal code is on the hot path.
 *
 * <p>Threading: by default create and close on the configuration thread; the stores and {@link #doWork} on the one
 * writer thread. After {@link #concurrentWriters} with more than one thread (cluster-shard's pool and shard models,
 * whose workers share the engine's journal) every operation on the shared journal — append, resend read, sync,
 * session registration, store close, housekeeping — takes one lock: uncontended it is a CAS per operation; the
 * single-writer path takes no lock.
 */
public final class ChronicleMessageStoreFactory implements MessageStoreFactory, DutyCycleTask, AutoCloseable
{
    private final Journal journal;
    private final JournalMode mode;
    private final PretouchRunner pretouch;
    /** Runs the journal's retention off the writer thread; null without retention or when the caller steps it. */
    private final AgentRunner retentionRunner;
    private final SharedJournalLock sharedLock = new SharedJournalLock();
    private boolean closeWithLastStore;
    private int openStores;
    private final long housekeepingIntervalNanos;
    private long nextHousekeepingNanos = Long.MIN_VALUE;

    public ChronicleMessageStoreFactory(final JournalContext ctx)
    {
        ctx.conclude();
        if (ctx.mode() == JournalMode.NONE)
        {
            throw new IllegalArgumentException("JournalMode=none: use ChronicleMessageStoreFactory.forMode(ctx, noStore)");
        }
        this.mode = ctx.mode();
        this.journal = Journal.open(ctx);
        this.housekeepingIntervalNanos = ctx.durability() == JournalDurability.PERIODIC_MSYNC ?
            Math.min(ctx.syncIntervalNanos(), ctx.diskCheckIntervalNanos()) : ctx.diskCheckIntervalNanos();
        this.pretouch = new PretouchRunner(journal, ctx);
        if (journal.retention() != null && ctx.retentionThread())
        {
            // file deletion (and archive copies) never on the poller: an agent of its own, idle most of the time
            retentionRunner = new AgentRunner(new SleepingMillisIdleStrategy(RETENTION_IDLE_MS),
                Throwable::printStackTrace, null, journal.retention());
            AgentRunner.startOnThread(retentionRunner);
        }
        else
        {
            retentionRunner = null;
        }
    }

    /** How long the retention thread sleeps when it has nothing to do. */
    static final long RETENTION_IDLE_MS = 10;

    /** The journal's retention agent (null without {@code JournalRetentionCycles}): tests step it themselves. */
    JournalRetention retention()
    {
        return journal.retention();
    }

    /**
     * The factory for the configured mode: {@code noStoreFactory} for {@code none} (the engine's store that keeps
     * sequence numbers in memory and answers resends with gap fill), otherwise a journal-backed factory. The
     * caller closes the result if it is {@link AutoCloseable}.
     */
    public static MessageStoreFactory forMode(final JournalContext ctx, final MessageStoreFactory noStoreFactory)
    {
        if (ctx.mode() == JournalMode.NONE)
        {
            return Objects.requireNonNull(noStoreFactory, "noStoreFactory");
        }
        return new ChronicleMessageStoreFactory(ctx);
    }

    @Override
    public ChronicleMessageStore create(final SessionId sessionId)
    {
        final ReentrantLock lock = sharedLock.acquire();
        try
        {
            openStores++;
            return new ChronicleMessageStore(journal, journal.registerSession(sessionId), mode, sharedLock, this);
        }
        finally
        {
            SharedJournalLock.release(lock);
        }
    }

    /** The sessions in the journal's session registry, in registration order (e.g. those an acceptor template made). */
    @Override
    public java.util.List<SessionId> knownSessions()
    {
        final JournalSessionTable registry = journal.registry();
        final java.util.List<SessionId> known = new java.util.ArrayList<>();
        for (final int id : registry.ids())
        {
            known.add(registry.sessionOf(id));
        }
        return known;
    }

    /**
     * Several worker threads will write this journal at once (each session's store from one thread at a time): from
     * now on every operation on the shared journal takes one lock. Call before those threads start.
     */
    @Override
    public void concurrentWriters(final int threads)
    {
        if (threads > 1)
        {
            sharedLock.enable();
        }
    }

    /**
     * Close the journal when the last store it created is closed (the engine closes each session's store on
     * shutdown). Used when the factory is created from settings and nobody else owns it. Default false.
     */
    public ChronicleMessageStoreFactory closeWithLastStore(final boolean closeWithLastStore)
    {
        this.closeWithLastStore = closeWithLastStore;
        return this;
    }

    void onStoreClosed()
    {
        final ReentrantLock lock = sharedLock.acquire();
        try
        {
            if (--openStores == 0 && closeWithLastStore)
            {
                close();
            }
        }
        finally
        {
            SharedJournalLock.release(lock);
        }
    }

    /**
     * The journal's duty-cycle task, run by the writer's poller after its I/O ({@code EngineSettings} adds the
     * factory to the engine's tasks; each cluster-shard worker runs it, the lock makes that safe):
     * <ul>
     * <li>duty-cycle pretouch ({@link JournalContext.Pretouch#DUTY_CYCLE}): at most
     * {@link PretouchRunner#DUTY_PRETOUCH_PAGES} page(s) touched ahead of the writer per call, up to
     * {@link PretouchRunner#DUTY_PRETOUCH_AHEAD_BYTES} ahead ({@link Journal#pretouchAhead}); once that window is
     * touched a call reads two fields and moves on;</li>
     * <li>housekeeping (periodic msync, free-space check) when due; between due times one field is read.</li>
     * </ul>
     */
    @Override
    public int doWork(final long nowNanos)
    {
        int work = 0;
        if (pretouch.inDutyCycle())
        {
            final ReentrantLock lock = sharedLock.acquire();
            try
            {
                work += pretouch.dutyCycleStep();
            }
            finally
            {
                SharedJournalLock.release(lock);
            }
        }
        if (nowNanos < nextHousekeepingNanos)
        {
            return work; // racy read when shared by workers: at worst one extra locked pass
        }
        final ReentrantLock lock = sharedLock.acquire();
        try
        {
            work += journal.doWork(nowNanos);
            nextHousekeepingNanos = nowNanos + housekeepingIntervalNanos;
            return work;
        }
        finally
        {
            SharedJournalLock.release(lock);
        }
    }

    /** Whether this factory pre-touches from the writer's duty cycle ({@link #doWork}) rather than a thread. */
    public boolean pretouchesInDutyCycle()
    {
        return pretouch.inDutyCycle();
    }

    /**
     * The pretouch in force, as this factory applied it (not as configured): {@code THREAD} when a pretoucher thread
     * runs, {@code DUTY_CYCLE} when {@link #doWork} pre-touches, else {@code OFF}.
     */
    public JournalContext.Pretouch pretouchInForce()
    {
        return pretouch.inForce();
    }

    public Journal journal()
    {
        return journal;
    }

    public JournalMode mode()
    {
        return mode;
    }

    @Override
    public void close()
    {
        if (retentionRunner != null)
        {
            retentionRunner.close();
        }
        pretouch.close();
        journal.close();
    }
}
