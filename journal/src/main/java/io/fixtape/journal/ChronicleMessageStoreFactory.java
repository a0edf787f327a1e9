package io.fixtape.journal;

import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.MessageStoreFactory;

import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.SleepingMillisIdleStrategy;

import java.util.Objects;

/**
 * The engine-facing entry point: one journal directory for all sessions of an engine. {@link #create} registers the
 * session (stable id) and returns its {@link ChronicleMessageStore}. For {@code JournalMode=none} use
 * {@link #forMode}, which hands back the engine's own no-store factory so no journal code is on the hot path.
 *
 * <p>Threading: create and close on the configuration thread; the stores and {@link #doWork} on the writer thread.
 */
public final class ChronicleMessageStoreFactory implements MessageStoreFactory, AutoCloseable
{
    private final Journal journal;
    private final JournalMode mode;
    private static final long PRETOUCH_AHEAD_BYTES = 16L * 1024 * 1024;
    private final AgentRunner pretoucher;
    private boolean closeWithLastStore;
    private int openStores;

    public ChronicleMessageStoreFactory(final JournalContext ctx)
    {
        ctx.conclude();
        if (ctx.mode() == JournalMode.NONE)
        {
            throw new IllegalArgumentException("JournalMode=none: use ChronicleMessageStoreFactory.forMode(ctx, noStore)");
        }
        this.mode = ctx.mode();
        this.journal = Journal.open(ctx);
        if (ctx.pretouch())
        {
            pretoucher = new AgentRunner(new SleepingMillisIdleStrategy(1), Throwable::printStackTrace, null,
                new JournalPretoucher(journal, PRETOUCH_AHEAD_BYTES));
            AgentRunner.startOnThread(pretoucher);
        }
        else
        {
            pretoucher = null;
        }
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
        openStores++;
        return new ChronicleMessageStore(journal, journal.registerSession(sessionId), mode, this);
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
        if (--openStores == 0 && closeWithLastStore)
        {
            close();
        }
    }

    /** Housekeeping (periodic msync, free-space check); call from the writer's duty cycle. */
    public int doWork(final long nowNanos)
    {
        return journal.doWork(nowNanos);
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
        if (pretoucher != null)
        {
            pretoucher.close();
        }
        journal.close();
    }

}
