package io.fixtape.engine.session;

import io.fixtape.engine.codec.FixDecoder;

/**
 * Per-session message validation (typically a data dictionary). Called on the poller thread for every inbound
 * message after framing and before sequence handling, as QuickFIX/J does; must not allocate or throw.
 */
@FunctionalInterface
public interface SessionValidator
{
    /**
     * @return true when the message is valid; otherwise fill {@code failure} and return false (the session
     * sends a Reject, or a Logout for an invalid Logon).
     */
    boolean validate(FixDecoder message, ValidationFailure failure);
}
