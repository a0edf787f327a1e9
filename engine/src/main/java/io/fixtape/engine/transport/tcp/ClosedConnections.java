package io.fixtape.engine.transport.tcp;

import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.TransportListener;

import java.util.ArrayList;

/**
 * Connections a {@link TcpTransport} closed, with their reasons, waiting to be reported from its poll — never from
 * inside the call that closed them, so a listener sees no re-entrant {@code onDisconnected}. A listener may close
 * more connections while being told about these: they are reported in the same {@link #report}.
 *
 * <p>Threading: the transport's poller thread. Allocation-free once the lists have grown to the largest batch.
 */
final class ClosedConnections
{
    private final ArrayList<TcpConnection> connections = new ArrayList<>();
    private final ArrayList<DisconnectReason> reasons = new ArrayList<>();
    private final ArrayList<TcpConnection> reporting = new ArrayList<>();
    private final ArrayList<DisconnectReason> reportingReasons = new ArrayList<>();

    void add(final TcpConnection connection, final DisconnectReason reason)
    {
        connections.add(connection);
        reasons.add(reason);
    }

    /** @return connections reported. */
    int report(final TransportListener listener)
    {
        int reported = 0;
        // swap lists: what the listener closes meanwhile lands in the emptied ones and goes round again
        while (!connections.isEmpty())
        {
            reporting.addAll(connections);
            reportingReasons.addAll(reasons);
            connections.clear();
            reasons.clear();
            for (int i = 0; i < reporting.size(); i++)
            {
                reported++;
                listener.onDisconnected(reporting.get(i), reportingReasons.get(i));
            }
            reporting.clear();
            reportingReasons.clear();
        }
        return reported;
    }
}
