package io.fixtape.engine.api;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.session.SessionId;

/**
 * A Logon under authentication: a view valid only during {@link LogonAuthenticator#authenticate} (the engine reuses
 * it for the next Logon; copy what you keep).
 */
public interface LogonRequest
{
    /**
     * The session the Logon names (our side's view: SenderCompID is ours).
     *
     * @return the session id.
     */
    SessionId sessionId();

    /**
     * The Logon message: every field through the decoder's accessors ({@code getString(Tags.USERNAME, …)}).
     *
     * @return the Logon decoder.
     */
    FixDecoder logon();

    /**
     * The peer's address as {@code ip:port} (e.g. {@code 10.1.2.3:52314}), or what the transport names it.
     *
     * @return the remote address.
     */
    String remoteAddress();

    /**
     * Username (553), or an empty sequence when absent.
     *
     * @return the Username, possibly empty.
     */
    CharSequence username();

    /**
     * Password (554), or an empty sequence when absent. Never log it.
     *
     * @return the Password, possibly empty.
     */
    CharSequence password();

    /**
     * Engine time of the Logon, epoch nanoseconds (the engine's clock).
     *
     * @return epoch nanoseconds.
     */
    long nowNanos();
}
