package io.fixtape.engine.transport.tcp;

/**
 * What a TCP connection does when its bounded outbound buffer cannot take a message: the peer reads slower than
 * we write.
 */
public enum SlowConsumerPolicy
{
    /** {@code write} returns {@link io.fixtape.engine.transport.Connection#BACK_PRESSURED}; the caller retries. */
    BACK_PRESSURE,
    /** The connection is closed with {@link io.fixtape.engine.transport.DisconnectReason#SLOW_CONSUMER}. */
    DISCONNECT
}
