package io.fixtape.replay.recording;

import io.fixtape.engine.session.SessionId;
import org.agrona.DirectBuffer;

/**
 * Where importers put the messages they recover, in time order. {@code session} is seen from the recorded engine's
 * side (its SenderCompID is the engine's own); {@code inbound} means sent by the counterparty to the engine.
 */
public interface RecordingSink extends AutoCloseable
{
    void onMessage(SessionId session, boolean inbound, long timestampNanos, DirectBuffer buffer, int offset, int length);

    @Override
    default void close()
    {
    }
}
