package io.fixtape.engine.session;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.store.MessageStoreException;

/**
 * The application's way out ({@link Session#newMessage}, {@link Session#send()}, {@link Session#sendBusinessReject}):
 * refuses a send with its code when the session cannot take it, else hands it to the {@link SessionSender}, and
 * turns a store failure into {@link Session#STORE_FAILED} after applying the store-failure policy.
 *
 * <p>One instance per session, poller thread only; allocation-free.
 */
final class ApplicationSends
{
    private final SessionSender sender;
    private final SessionLifecycle lifecycle;
    private final StorePause pause;
    private final StoreFailureControl storeFailures;
    private final SessionCounters counters;

    ApplicationSends(
        final SessionSender sender, final SessionLifecycle lifecycle, final StorePause pause,
        final StoreFailureControl storeFailures, final SessionCounters counters)
    {
        this.sender = sender;
        this.lifecycle = lifecycle;
        this.pause = pause;
        this.storeFailures = storeFailures;
        this.counters = counters;
    }

    FixEncoder newMessage(final long msgType)
    {
        return sender.newMessage(msgType);
    }

    long sendingTimeNanos()
    {
        return sender.sendingTimeNanos();
    }

    /** The message begun with {@link #newMessage}; a refused one is dropped (build it again). */
    long send()
    {
        if (!sender.hasPending())
        {
            return Session.NO_MESSAGE;
        }
        final long refused = refuse();
        if (refused != 0)
        {
            sender.dropPending();
            return refused;
        }
        try
        {
            return sender.sendPending();
        }
        catch (final MessageStoreException ex)
        {
            storeFailures.onFailure(ex);
            return Session.STORE_FAILED;
        }
    }

    long sendBusinessReject(final FixDecoder message, final int businessRejectReason, final CharSequence text)
    {
        final long refused = refuse();
        if (refused != 0)
        {
            return refused;
        }
        try
        {
            return sender.businessReject(message, businessRejectReason, text);
        }
        catch (final MessageStoreException ex)
        {
            storeFailures.onFailure(ex);
            return Session.STORE_FAILED;
        }
    }

    /**
     * Whether an application message may be sent now: not while paused on a store failure (each such refusal is
     * counted), not without a connection, and only logged on or with our Logout outstanding. In the latter case it
     * is journaled and numbered but not written (FIX session layer: after sending Logout, send nothing unless asked
     * by a ResendRequest), so a reply to a message that crossed our Logout is recovered by the counterparty's
     * ResendRequest after its next Logon instead of being lost. QuickFIX/J likewise persists what it cannot send.
     *
     * @return 0 when it may, else the code the send is refused with.
     */
    private long refuse()
    {
        if (pause.isPaused())
        {
            counters.sendsRefusedWhilePaused++;
            return Session.STORE_PAUSED;
        }
        if (!lifecycle.isConnected())
        {
            return Session.NOT_CONNECTED;
        }
        return lifecycle.isLoggedOnOrLoggingOut() ? 0 : Session.NOT_LOGGED_ON;
    }
}
