package io.fixtape.replay.transport.aeron;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Image;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import io.aeron.protocol.DataHeaderFlyweight;
import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.Transport;
import io.fixtape.engine.transport.TransportListener;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.AgentInvoker;

/**
 * FIX over Aeron: one end of a bidirectional byte stream made of an {@link ExclusivePublication} (our writes) and
 * a {@link Subscription} (the peer's writes), IPC or UDP per {@link AeronTransportContext}. One connection per
 * transport, reported once the peer's subscription sees our publication and we see the peer's image.
 *
 * <p>Each {@link Connection#write} is one {@code offer}, so a message is taken whole or not at all; Aeron's
 * {@code BACK_PRESSURED} and {@code ADMIN_ACTION} map to {@link Connection#BACK_PRESSURED}, {@code NOT_CONNECTED},
 * {@code CLOSED} and {@code MAX_POSITION_EXCEEDED} to {@link Connection#NOT_CONNECTED}. Fragments are handed to
 * {@link TransportListener#onData} as they arrive — Aeron keeps a publication's bytes in order and the receiver
 * frames FIX itself, so no reassembly is needed. The end of the peer's stream (its publication closed) is
 * reported as {@link DisconnectReason#REMOTE_CLOSED} after everything before it was delivered; a local
 * {@link Connection#close} is reported on the next poll with its reason, as the engine's TCP transport does.
 *
 * <p>Threading: the Aeron client runs with a conductor {@link AgentInvoker}, invoked from {@link #poll}, so this
 * transport starts no thread; all methods are for the poller thread only. Allocation-free after connecting.
 */
public final class AeronTransport implements Transport, FragmentHandler
{
    private final AeronTransportContext context;
    private final Aeron aeron;
    private final AgentInvoker conductorInvoker;
    private final ExclusivePublication publication;
    private final Subscription subscription;
    private final AeronConnection connection = new AeronConnection();

    private TransportListener listener;
    private Image image;
    private boolean connected;
    private boolean closed;
    private DisconnectReason closeToReport;

    private AeronTransport(final AeronTransportContext context)
    {
        this.context = context.conclude();
        this.aeron = Aeron.connect(new Aeron.Context()
            .aeronDirectoryName(context.aeronDirectoryName())
            .useConductorAgentInvoker(true));
        this.conductorInvoker = aeron.conductorAgentInvoker();
        try
        {
            this.publication = aeron.addExclusivePublication(context.publicationChannel(), context.publicationStreamId());
            this.subscription = aeron.addSubscription(context.subscriptionChannel(), context.subscriptionStreamId());
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietClose(aeron);
            throw ex;
        }
    }

    /** Connect to the media driver named in the context and open this end's publication and subscription. */
    public static AeronTransport open(final AeronTransportContext context)
    {
        return new AeronTransport(context);
    }

    public AeronTransportContext context()
    {
        return context;
    }

    @Override
    public int poll(final TransportListener listener)
    {
        if (closed)
        {
            final DisconnectReason reason = closeToReport;
            if (reason == null)
            {
                return 0;
            }
            closeToReport = null;
            listener.onDisconnected(connection, reason);
            return 1;
        }
        this.listener = listener;
        int work = conductorInvoker.invoke();
        if (!connected)
        {
            // connected once the peer's image is here and our publication has a flow-control window: over UDP the
            // sender's limit follows the first status message a little after isConnected(), and a connection that is
            // reported must take its first write (the session's Logon) rather than answer it with back-pressure
            if (publication.isConnected() && publication.availableWindow() > 0 && subscription.imageCount() > 0)
            {
                image = subscription.imageAtIndex(0);
                connected = true;
                listener.onConnected(connection, context.initiated());
                work++;
            }
            return work;
        }
        final int fragments = image.poll(this, context.fragmentLimit());
        work += fragments;
        if (fragments == 0 && (image.isEndOfStream() || image.isClosed()))
        {
            closeResources();
            listener.onDisconnected(connection, DisconnectReason.REMOTE_CLOSED);
            work++;
        }
        return work;
    }

    @Override
    public void onFragment(final DirectBuffer buffer, final int offset, final int length, final Header header)
    {
        if (!closed)
        {
            listener.onData(connection, buffer, offset, length);
        }
    }

    private void closeResources()
    {
        if (!closed)
        {
            closed = true;
            CloseHelper.quietCloseAll(publication, subscription);
            // let the driver see the close now (invoker mode: nothing else runs the client conductor)
            conductorInvoker.invoke();
        }
    }

    @Override
    public String name()
    {
        return context.name();
    }

    @Override
    public void close()
    {
        closeResources();
        CloseHelper.quietClose(aeron);
    }

    private final class AeronConnection implements Connection
    {
        @Override
        public long connectionId()
        {
            return publication.sessionId();
        }

        /**
         * One {@code offer}. A message longer than the publication's {@code maxMessageLength} can never be
         * taken: the connection is closed ({@link DisconnectReason#MESSAGE_TOO_LARGE}) and
         * {@link #NOT_CONNECTED} returned.
         */
        @Override
        public long write(final DirectBuffer buffer, final int offset, final int length)
        {
            if (closed)
            {
                return NOT_CONNECTED;
            }
            if (length > publication.maxMessageLength())
            {
                close(DisconnectReason.MESSAGE_TOO_LARGE);
                return NOT_CONNECTED;
            }
            long result = publication.offer(buffer, offset, length);
            if (result == Publication.ADMIN_ACTION)
            {
                result = publication.offer(buffer, offset, length); // term rotated: an immediate retry is the contract
            }
            if (result > 0)
            {
                return length;
            }
            if (result == Publication.BACK_PRESSURED || result == Publication.ADMIN_ACTION)
            {
                return BACK_PRESSURED;
            }
            return NOT_CONNECTED;
        }

        /**
         * A lower bound on the largest message {@link #write} takes now: the publication's flow-control window
         * less one frame header per fragment the message would need.
         */
        @Override
        public int writableBytes()
        {
            if (closed)
            {
                return 0;
            }
            final long window = publication.availableWindow();
            if (window <= 0)
            {
                return 0;
            }
            final long frames = window / publication.maxPayloadLength() + 1;
            final long room = window - frames * DataHeaderFlyweight.HEADER_LENGTH;
            return (int)Math.max(0, Math.min(room, publication.maxMessageLength()));
        }

        @Override
        public int pendingBytes()
        {
            return 0; // an accepted offer is in the log buffer, i.e. handed to the driver
        }

        @Override
        public boolean isOpen()
        {
            return !closed && publication.isConnected();
        }

        @Override
        public void close(final DisconnectReason reason)
        {
            if (!closed)
            {
                closeResources();
                closeToReport = connected ? reason : null;
            }
        }

        @Override
        public String remoteAddress()
        {
            return subscription.channel() + "#" + subscription.streamId();
        }

        @Override
        public String toString()
        {
            return context.name() + "#" + connectionId();
        }
    }
}
