package io.fixtape.engine.transport.tcp;

import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.TransportListener;
import org.agrona.DirectBuffer;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/** A transport listener for tests: records connections, the bytes received, disconnects and failed connects. */
final class RecordingListener implements TransportListener
{
    final List<Connection> connected = new ArrayList<>();
    final List<Connection> disconnected = new ArrayList<>();
    final List<DisconnectReason> reasons = new ArrayList<>();
    final List<Long> failed = new ArrayList<>();
    final ByteArrayOutputStream received = new ByteArrayOutputStream();

    @Override
    public void onConnected(final Connection connection, final boolean initiated)
    {
        connected.add(connection);
    }

    @Override
    public void onData(final Connection connection, final DirectBuffer buffer, final int offset, final int length)
    {
        for (int i = 0; i < length; i++)
        {
            received.write(buffer.getByte(offset + i));
        }
    }

    @Override
    public void onDisconnected(final Connection connection, final DisconnectReason reason)
    {
        disconnected.add(connection);
        reasons.add(reason);
    }

    @Override
    public void onConnectFailed(final long connectionId)
    {
        failed.add(connectionId);
    }
}
