package io.fixtape.replay.drive;

import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.Transport;
import io.fixtape.engine.transport.TransportListener;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.ManyToOneConcurrentLinkedQueue;

/**
 * The engine's transport over transports that carry one connection each (an in-process pipe, an Aeron
 * publication/subscription pair): the replay thread {@link #offer}s the engine end of each new connection, and
 * this transport serves them all to the engine, one after another or side by side. A connection the counterparty
 * opens is reported as accepted at the next poll; one the engine opens waits for its session's initiator to
 * {@link #connect}, matched by the address (one per session, {@link #address}). Every connection gets an id of
 * its own (the ends' own ids repeat from pair to pair). An end whose connection ended is closed.
 *
 * <p>Threading: {@link #offer} on the replay thread (a concurrent queue hands the end over); everything else on
 * the engine's poller thread. Allocates per connection, not per message.
 */
final class OfferedConnections implements Transport
{
    private final String name;
    private final ManyToOneConcurrentLinkedQueue<Offer> offers = new ManyToOneConcurrentLinkedQueue<>();
    private final List<Served> served = new ArrayList<>();
    private final Map<Integer, ArrayDeque<Offer>> waitingForConnect = new HashMap<>();
    private final Map<Integer, Long> connectsWaiting = new HashMap<>();
    private final Map<InetSocketAddress, Integer> sessionByAddress = new HashMap<>();
    private long nextConnectionId = 1;
    private boolean closed;

    OfferedConnections(final String name)
    {
        this.name = name;
    }

    /** The address session {@code session}'s initiator connects to (never resolved: it only names the session). */
    InetSocketAddress address(final int session)
    {
        final InetSocketAddress address = InetSocketAddress.createUnresolved("replay-session-" + session, 1);
        sessionByAddress.put(address, session);
        return address;
    }

    /** Replay thread: the engine end of session {@code session}'s next connection, opened by whoever initiates. */
    void offer(final int session, final Transport engineEnd, final boolean engineInitiates)
    {
        offers.offer(new Offer(session, engineEnd, engineInitiates));
    }

    @Override
    public int poll(final TransportListener listener)
    {
        int work = 0;
        Offer offer;
        while ((offer = offers.poll()) != null)
        {
            work++;
            if (closed)
            {
                CloseHelper.quietClose(offer.end);
            }
            else if (!offer.engineInitiates)
            {
                serve(offer, false, nextConnectionId++);
            }
            else
            {
                final Long waiting = connectsWaiting.remove(offer.session);
                if (waiting != null)
                {
                    serve(offer, true, waiting);
                }
                else
                {
                    waitingForConnect.computeIfAbsent(offer.session, s -> new ArrayDeque<>()).add(offer);
                }
            }
        }
        for (int i = 0; i < served.size(); i++)
        {
            final Served connection = served.get(i);
            work += connection.end.poll(connection.listener(listener));
            if (connection.ended)
            {
                served.remove(i--);
                CloseHelper.quietClose(connection.end);
            }
        }
        return work;
    }

    private void serve(final Offer offer, final boolean initiated, final long connectionId)
    {
        served.add(new Served(offer.end, initiated, connectionId));
    }

    @Override
    public boolean canConnect()
    {
        return true;
    }

    /** An initiator's connect: served as soon as its session's next connection is offered. */
    @Override
    public long connect(final InetSocketAddress address)
    {
        final long connectionId = nextConnectionId++;
        final Integer session = sessionByAddress.get(address);
        if (session == null)
        {
            return connectionId; // nobody listens there: the connect never completes
        }
        final ArrayDeque<Offer> waiting = waitingForConnect.get(session);
        if (waiting != null && !waiting.isEmpty())
        {
            serve(waiting.poll(), true, connectionId);
        }
        else
        {
            connectsWaiting.put(session, connectionId);
        }
        return connectionId;
    }

    @Override
    public String name()
    {
        return name;
    }

    @Override
    public void close()
    {
        closed = true;
        for (final Served connection : served)
        {
            CloseHelper.quietClose(connection.end);
        }
        served.clear();
        for (final ArrayDeque<Offer> waiting : waitingForConnect.values())
        {
            waiting.forEach(offer -> CloseHelper.quietClose(offer.end));
        }
        waitingForConnect.clear();
        Offer offer;
        while ((offer = offers.poll()) != null)
        {
            CloseHelper.quietClose(offer.end);
        }
    }

    private static final class Offer
    {
        final int session;
        final Transport end;
        final boolean engineInitiates;

        Offer(final int session, final Transport end, final boolean engineInitiates)
        {
            this.session = session;
            this.end = end;
            this.engineInitiates = engineInitiates;
        }
    }

    /** One connection being served: forwards its end's events under its own id. */
    private static final class Served implements TransportListener, Connection
    {
        private final Transport end;
        private final boolean initiated;
        private final long connectionId;
        private TransportListener listener;
        private Connection inner;
        private boolean ended;

        Served(final Transport end, final boolean initiated, final long connectionId)
        {
            this.end = end;
            this.initiated = initiated;
            this.connectionId = connectionId;
        }

        TransportListener listener(final TransportListener listener)
        {
            this.listener = listener;
            return this;
        }

        @Override
        public void onConnected(final Connection connection, final boolean initiatedByEnd)
        {
            inner = connection;
            listener.onConnected(this, initiated);
        }

        @Override
        public void onData(final Connection connection, final DirectBuffer buffer, final int offset, final int length)
        {
            listener.onData(this, buffer, offset, length);
        }

        @Override
        public void onDisconnected(final Connection connection, final DisconnectReason reason)
        {
            ended = true;
            listener.onDisconnected(this, reason);
        }

        @Override
        public boolean isReadPaused(final Connection connection)
        {
            return listener.isReadPaused(this);
        }

        @Override
        public long connectionId()
        {
            return connectionId;
        }

        @Override
        public long write(final DirectBuffer buffer, final int offset, final int length)
        {
            return inner.write(buffer, offset, length);
        }

        @Override
        public int writableBytes()
        {
            return inner.writableBytes();
        }

        @Override
        public int pendingBytes()
        {
            return inner.pendingBytes();
        }

        @Override
        public boolean isOpen()
        {
            return !ended && inner.isOpen();
        }

        @Override
        public void close(final DisconnectReason reason)
        {
            inner.close(reason);
        }

        @Override
        public String remoteAddress()
        {
            return inner.remoteAddress();
        }

        @Override
        public String toString()
        {
            return inner + " as #" + connectionId;
        }
    }
}
