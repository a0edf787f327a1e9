package io.fixtape.cluster;

import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.AtomicCounter;
import org.agrona.concurrent.status.CountersManager;
import org.agrona.concurrent.status.CountersReader;

import java.nio.ByteBuffer;

/**
 * Counters of an acceptor model, in an Agrona {@link CountersManager} over off-heap buffers: per worker (shard,
 * pool worker, or the one poller of single/mono) its own session and message counts — the bench contract verifies a
 * declared topology with them — and the IPC back-pressure accounting of the fan-out.
 *
 * <p>Threading: each per-worker counter is written by that worker's thread only; the IPC counters by the thread
 * named in their doc; all are readable from any thread. Created up front, nothing allocated afterwards.
 */
public final class ClusterCounters
{
    /** Per worker: sessions currently logged on (incremented at Logon, decremented at Logout/disconnect). */
    private final AtomicCounter[] sessions;
    /** Per worker: Logons served since start (a session that logged out still shows here). */
    private final AtomicCounter[] logons;
    /** Per worker: application messages received from the wire and handed to the application. */
    private final AtomicCounter[] messages;
    /** Per worker: replies from the application sent on a session. */
    private final AtomicCounter[] replies;
    /** Per worker: connections handed to it by the accepting agent. */
    private final AtomicCounter[] handoffs;
    /** Per worker: session-level messages received from the wire and handed to {@code onAdminMessage}. */
    private final AtomicCounter[] adminMessages;

    /** Offers that returned BACK_PRESSURED/ADMIN_ACTION/NOT_CONNECTED and were queued for the next duty cycle. */
    public final AtomicCounter ipcBackPressured;
    /**
     * Times a session agent stopped reading a connection because its queue towards the application was more than half
     * full (reading resumes below half).
     */
    public final AtomicCounter ipcReadPaused;
    /** Queued messages later published from the pending queue. */
    public final AtomicCounter ipcRetriedPublished;
    /** Messages refused because the bounded pending queue was full (the sender sees a failure; never silent). */
    public final AtomicCounter ipcPendingFull;
    /** Headers of an unknown version (or an unknown session index) seen by a reader. */
    public final AtomicCounter ipcBadHeader;
    /** Replies redelivered later because the session's TCP outbound buffer was full (fragment ABORTed). */
    public final AtomicCounter replyBackPressured;
    /**
     * Replies the session refused (not logged on any more / not connected, or the session moved to another worker):
     * counted, as a direct send would be, and reported back to the application ({@link ReplyNotSentListener}).
     */
    public final AtomicCounter replyRefused;
    /**
     * Replies queued on the application side or unread by a stopped worker when the acceptor closed (never written,
     * never journaled); each reported to a {@link ReplyNotSentListener}.
     */
    public final AtomicCounter replyDroppedAtClose;
    /** Connections refused by the accepting agent: unknown session, not a Logon, garbled, too large, timeout. */
    public final AtomicCounter acceptRefused;
    /** Pool: sessions whose state moved to a less-loaded worker at a new connection (see docs/CLUSTER_SHARD.md). */
    public final AtomicCounter poolMoves;
    /**
     * Pool: moves wanted (the holding worker was more loaded) but declined by the holding worker, which then kept
     * the session: still connected or logging out, events not yet all published, or a store that cannot move.
     */
    public final AtomicCounter poolMovesDeclined;

    public ClusterCounters(final int workers)
    {
        final int max = workers * 6 + 16;
        final CountersManager manager = new CountersManager(
            new UnsafeBuffer(ByteBuffer.allocateDirect(max * CountersReader.METADATA_LENGTH)),
            new UnsafeBuffer(ByteBuffer.allocateDirect(max * CountersReader.COUNTER_LENGTH)));
        sessions = new AtomicCounter[workers];
        messages = new AtomicCounter[workers];
        replies = new AtomicCounter[workers];
        handoffs = new AtomicCounter[workers];
        logons = new AtomicCounter[workers];
        adminMessages = new AtomicCounter[workers];
        for (int w = 0; w < workers; w++)
        {
            sessions[w] = manager.newCounter("worker." + w + ".sessions");
            messages[w] = manager.newCounter("worker." + w + ".messages");
            replies[w] = manager.newCounter("worker." + w + ".replies");
            handoffs[w] = manager.newCounter("worker." + w + ".handoffs");
            logons[w] = manager.newCounter("worker." + w + ".logons");
            adminMessages[w] = manager.newCounter("worker." + w + ".admin");
        }
        ipcBackPressured = manager.newCounter("ipc.back.pressured");
        ipcRetriedPublished = manager.newCounter("ipc.retried.published");
        ipcReadPaused = manager.newCounter("ipc.read.paused");
        ipcPendingFull = manager.newCounter("ipc.pending.full");
        ipcBadHeader = manager.newCounter("ipc.bad.header");
        replyBackPressured = manager.newCounter("reply.back.pressured");
        replyRefused = manager.newCounter("reply.refused");
        acceptRefused = manager.newCounter("accept.refused");
        replyDroppedAtClose = manager.newCounter("reply.dropped.at.close");
        poolMoves = manager.newCounter("pool.moves");
        poolMovesDeclined = manager.newCounter("pool.moves.declined");
    }

    public int workers()
    {
        return sessions.length;
    }

    public AtomicCounter sessions(final int worker)
    {
        return sessions[worker];
    }

    public AtomicCounter messages(final int worker)
    {
        return messages[worker];
    }

    public AtomicCounter replies(final int worker)
    {
        return replies[worker];
    }

    public AtomicCounter logons(final int worker)
    {
        return logons[worker];
    }

    public AtomicCounter handoffs(final int worker)
    {
        return handoffs[worker];
    }

    public AtomicCounter adminMessages(final int worker)
    {
        return adminMessages[worker];
    }

    /** e.g. {@code w0 sessions=2 messages=100 replies=100; w1 ...}. */
    public String perWorkerSummary()
    {
        final StringBuilder out = new StringBuilder();
        for (int w = 0; w < sessions.length; w++)
        {
            out.append(w == 0 ? "" : "; ").append('w').append(w)
                .append(" sessions=").append(sessions[w].get())
                .append(" logons=").append(logons[w].get())
                .append(" messages=").append(messages[w].get())
                .append(" admin=").append(adminMessages[w].get())
                .append(" replies=").append(replies[w].get());
        }
        return out.toString();
    }
}
