package io.fixtape.engine.store;

/**
 * A store could not persist (or read back) a message. Thrown by {@link MessageStore#onInbound},
 * {@link MessageStore#onOutbound} and {@link MessageStore#flush}: under the write-ahead contract the session must
 * then not deliver the inbound message / not send the outbound one, and apply its
 * {@link io.fixtape.engine.session.StoreFailurePolicy} (disconnect, logout or pause). Nothing is lost silently.
 * Thrown only on failure, so allocating it is acceptable.
 */
public class MessageStoreException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /** Why the store failed; lets the session choose between logout and pause without parsing text. */
    public enum Reason
    {
        /** No space left on the journal's file system (or below the configured low-space watermark). */
        DISK_FULL,
        /** The journal directory or a file in it is not writable. */
        READ_ONLY,
        /** Any other I/O failure while writing or syncing. */
        IO_ERROR,
        /** The store was closed. */
        CLOSED
    }

    private final Reason reason;

    public MessageStoreException(final Reason reason, final String message, final Throwable cause)
    {
        super(reason + ": " + message, cause);
        this.reason = reason;
    }

    public Reason reason()
    {
        return reason;
    }
}
