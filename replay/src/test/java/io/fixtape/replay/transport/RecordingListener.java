package io.fixtape.replay.transport;

import java.io.ByteArrayOutputStream;

import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.TransportListener;
import org.agrona.DirectBuffer;

/** Test listener: remembers the connection, every byte received and the disconnect reason. */
final class RecordingListener implements TransportListener
{
    final ByteArrayOutputStream received = new ByteArrayOutputStream();
    Connection connection;
    boolean initiated;
    int connects;
    DisconnectReason disconnectReason;
    int dataCalls;

    @Override
    public void onConnected(final Connection connection, final boolean initiated)
    {
        this.connection = connection;
        this.initiated = initiated;
        connects++;
    }

    @Override
    public void onData(final Connection connection, final DirectBuffer buffer, final int offset, final int length)
    {
        final byte[] bytes = new byte[length];
        buffer.getBytes(offset, bytes);
        received.write(bytes, 0, length);
        dataCalls++;
    }

    @Override
    public void onDisconnected(final Connection connection, final DisconnectReason reason)
    {
        disconnectReason = reason;
    }
}
