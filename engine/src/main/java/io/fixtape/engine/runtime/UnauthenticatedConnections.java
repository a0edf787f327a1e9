package io.fixtape.engine.runtime;

import io.fixtape.engine.transport.Connection;

import java.util.HashMap;
import java.util.Map;

/**
 * Caps the accepted connections that have not yet been routed to a session by their Logon, overall and per remote
 * address, so that a flood of idle or slow connections (never sending, a Logon one byte a second, thousands of
 * sockets) cannot fill the engine's connection table before the Logon timeout clears them: a connection over either
 * cap is closed as soon as it is accepted and counted ({@code connections.refused.unauthenticated}). A connection
 * leaves the count when its first message routes it to a session, or when it closes.
 *
 * <p>Poller thread only. Allocates per accepted connection (the address key), never on the message path.
 */
final class UnauthenticatedConnections
{
    private final int maxOverall;
    private final int maxPerAddress;
    private final Map<String, int[]> perAddress = new HashMap<>();
    private int overall;

    UnauthenticatedConnections(final int maxOverall, final int maxPerAddress)
    {
        this.maxOverall = maxOverall;
        this.maxPerAddress = maxPerAddress;
    }

    /**
     * @return the address key under which {@code connection} is counted, or null when a cap refuses it (the caller
     * closes it).
     */
    String admit(final Connection connection)
    {
        final String address = hostOf(connection.remoteAddress());
        final int[] count = perAddress.computeIfAbsent(address, a -> new int[1]);
        if (overall >= maxOverall || count[0] >= maxPerAddress)
        {
            if (count[0] == 0)
            {
                perAddress.remove(address);
            }
            return null;
        }
        overall++;
        count[0]++;
        return address;
    }

    /** The connection counted under {@code address} was routed or closed. */
    void release(final String address)
    {
        overall--;
        final int[] count = perAddress.get(address);
        if (count != null && --count[0] <= 0)
        {
            perAddress.remove(address);
        }
    }

    int overall()
    {
        return overall;
    }

    /** {@code 10.1.2.3:52314} → {@code 10.1.2.3}; names without a port stay as they are. */
    static String hostOf(final String remoteAddress)
    {
        if (remoteAddress == null)
        {
            return "";
        }
        final int colon = remoteAddress.lastIndexOf(':');
        return colon < 0 ? remoteAddress : remoteAddress.substring(0, colon);
    }
}
