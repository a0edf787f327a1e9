package io.fixtape.cluster;

import io.aeron.Aeron;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.IdleStrategies;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentInvoker;
import org.agrona.concurrent.IdleStrategy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The Aeron side of a fan-out model: an {@link EmbeddedMediaDriver}, an Aeron client without a conductor thread (its
 * invoker is stepped by {@link #clientAgent()} inside the application agent's duty cycle), the inbound
 * stream every worker publishes to ({@link IpcHeaderDescriptor#INBOUND_STREAM_ID}, read by the application agent)
 * and one reply stream per worker ({@link IpcHeaderDescriptor#REPLY_STREAM_ID_BASE} + worker, written by the
 * application agent through {@link #replyOutboxes()}). {@link #open} returns once every publication is connected.
 *
 * <p>Threading: opened and closed on the launching thread; the outboxes and subscriptions are then used by the
 * threads they are handed to (each by one thread), and {@link #clientAgent()} is stepped by the application agent's
 * thread.
 */
final class IpcStreams implements AutoCloseable
{
    private static final String IPC = "aeron:ipc?term-length=";
    private static final long SETUP_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final EmbeddedMediaDriver driver;
    private final Aeron aeron;
    private final ClusterCounters counters;
    private final int maxLength;
    private final int maxPendingBytes;
    private final IpcOutbox[] replyOutboxes;
    private final Subscription[] replySubscriptions;
    private Publication inbound;
    private Subscription appSubscription;

    private IpcStreams(final ClusterContext context, final EngineContext base, final ClusterCounters counters)
    {
        this.driver = EmbeddedMediaDriver.launch(context.aeronDirectoryName(), base.errorHandler());
        try
        {
            this.aeron = Aeron.connect(new Aeron.Context()
                .aeronDirectoryName(context.aeronDirectoryName())
                .useConductorAgentInvoker(true)
                .errorHandler(base.errorHandler()));
        }
        catch (final RuntimeException ex)
        {
            driver.close();
            throw ex;
        }
        this.counters = counters;
        this.maxLength = base.maxMessageSize() + IpcHeaderDescriptor.HEADER_LENGTH;
        this.maxPendingBytes = context.maxPendingBytes();
        this.replyOutboxes = new IpcOutbox[context.threads()];
        this.replySubscriptions = new Subscription[context.threads()];
    }

    /**
     * Launch the driver and open the streams of {@code context.threads()} workers, waiting until they are connected.
     *
     * @throws IllegalStateException when a stream does not connect within 10 s (the driver is closed again).
     */
    static IpcStreams open(final ClusterContext context, final EngineContext base, final ClusterCounters counters)
    {
        final IpcStreams streams = new IpcStreams(context, base, counters);
        try
        {
            streams.connect(IPC + context.ipcTermLength());
            return streams;
        }
        catch (final RuntimeException ex)
        {
            streams.close();
            throw ex;
        }
    }

    private void connect(final String channel)
    {
        inbound = aeron.addPublication(channel, IpcHeaderDescriptor.INBOUND_STREAM_ID);
        appSubscription = aeron.addSubscription(channel, IpcHeaderDescriptor.INBOUND_STREAM_ID);
        final List<Publication> publications = new ArrayList<>();
        publications.add(inbound);
        for (int w = 0; w < replyOutboxes.length; w++)
        {
            final int streamId = IpcHeaderDescriptor.REPLY_STREAM_ID_BASE + w;
            final Publication reply = aeron.addExclusivePublication(channel, streamId);
            publications.add(reply);
            replySubscriptions[w] = aeron.addSubscription(channel, streamId);
            replyOutboxes[w] = new IpcOutbox(reply, counters, maxLength, maxPendingBytes);
        }
        awaitConnected(publications);
    }

    private void awaitConnected(final List<Publication> publications)
    {
        final IdleStrategy idle = IdleStrategies.byName("backoff");
        final long deadline = System.nanoTime() + SETUP_TIMEOUT_NANOS;
        for (final Publication publication : publications)
        {
            while (!publication.isConnected())
            {
                if (System.nanoTime() > deadline)
                {
                    throw new IllegalStateException("IPC stream " + publication.streamId() + " not connected in 10 s");
                }
                idle.idle(aeron.conductorAgentInvoker().invoke()); // set-up: step the client here
            }
        }
    }

    /** A new outbox on the inbound stream, for one worker (a worker's events to the application agent). */
    IpcOutbox newInboundOutbox()
    {
        return new IpcOutbox(inbound, counters, maxLength, maxPendingBytes);
    }

    /** The application agent's end of the inbound stream. */
    Subscription appSubscription()
    {
        return appSubscription;
    }

    /** Per worker: the application agent's outbox for that worker's replies. */
    IpcOutbox[] replyOutboxes()
    {
        return replyOutboxes;
    }

    /** Per worker: that worker's end of its reply stream. */
    Subscription[] replySubscriptions()
    {
        return replySubscriptions;
    }

    /** Steps the Aeron client's conductor: compose into the application agent's runner. */
    Agent clientAgent()
    {
        final AgentInvoker clientInvoker = aeron.conductorAgentInvoker();
        return new Agent()
        {
            @Override
            public int doWork()
            {
                return clientInvoker.invoke();
            }

            @Override
            public String roleName()
            {
                return "aeron-client-invoker";
            }
        };
    }

    /** Closes the client, then the driver (after the agent stepping the client stopped). */
    @Override
    public void close()
    {
        try
        {
            aeron.close();
        }
        finally
        {
            driver.close();
        }
    }
}
