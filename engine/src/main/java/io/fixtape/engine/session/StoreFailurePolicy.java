package io.fixtape.engine.session;

import java.util.Locale;

/**
 * What a logged-on session does when its store cannot journal (full disk, read-only file system, I/O error):
 * settings key {@code StoreFailurePolicy}, default {@link #LOGOUT}. Under every policy the message that could not be
 * journaled is neither sent nor delivered (write-ahead), no application message is ever sent unjournaled, and the
 * failure is counted ({@link SessionCounters#storeFailures()}) and handed to the engine's error handler. Before
 * Logon, or while our Logout is outstanding, every policy disconnects.
 *
 * <p>Sequence numbers: an admin message sent without being journaled (the store-failure Logout, or a Heartbeat while
 * paused) still uses a MsgSeqNum. The session records the next number in the store's sequence state before the
 * bytes go out ({@code MessageStore.nextSenderSeqNum}: for the journal a plain store into the memory-mapped
 * {@code state/seqstate.dat} slot, which needs no new disk space), so the number is never reused after a restart; a
 * later ResendRequest covering it is answered with a gap fill (nothing was stored for it). Under the journal's
 * msync-per-message durability that slot is msync'ed before the bytes go out ({@code MessageStore.syncSequenceState});
 * under periodic msync the next periodic sync forces it; under page-cache it is not forced. When even the sequence
 * state cannot be written (or forced), nothing is sent and the session disconnects.
 */
public enum StoreFailurePolicy
{
    /**
     * Close the connection at once, no Logout. Sends nothing unjournaled; the counterparty sees only the TCP close
     * and reconnects (its Logon fails the same way while the store is broken).
     */
    DISCONNECT,
    /**
     * Send a Logout with Text {@code "Store failure: <reason>"} (not journaled when the journal itself refuses it,
     * its number kept in the sequence state, counted in {@link SessionCounters#unjournaledMessagesSent()}), then
     * end the session as after any Logout: the reply or the logout timeout closes the connection, and another store
     * failure meanwhile closes it at once. The counterparty learns why. Default.
     */
    LOGOUT,
    /**
     * Keep the connection and refuse application sends with {@link Session#STORE_PAUSED}. The connection is still
     * read, so that the counterparty's close ends the session at once, but nothing read is processed without being
     * journaled: messages are dropped (their numbers not consumed), except a Logout, which is journaled and processed
     * if the store takes it again, else answered with the store-failure Logout (unprocessed) and the connection
     * closed. Heartbeats keep the connection alive (sent unjournaled, as above); no TestRequest or heartbeat timeout.
     * Every {@code StoreProbeIntervalMs} of engine time the duty cycle asks the store whether it would accept writes
     * ({@code MessageStore.probeWritable}); when it would, the session resumes and what was dropped is recovered by
     * the normal gap detection (ResendRequest, PossDupFlag=Y). After {@code StorePauseTimeout} (default 30 s of
     * engine time, 0 = unbounded) without that, the session gives up as {@link #LOGOUT} does. Suits a full disk an
     * operator can clear without dropping the session; the counterparty's business timeouts keep running meanwhile.
     */
    PAUSE;

    /** {@code disconnect}, {@code logout} or {@code pause} (case-insensitive). */
    public static StoreFailurePolicy parse(final String text)
    {
        switch (text.trim().toLowerCase(Locale.ROOT))
        {
            case "disconnect":
                return DISCONNECT;
            case "logout":
                return LOGOUT;
            case "pause":
                return PAUSE;
            default:
                throw new IllegalArgumentException("StoreFailurePolicy must be disconnect, logout or pause: '" + text + "'");
        }
    }
}
