package io.fixtape.cluster;

import io.aeron.Aeron;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentInvoker;
import org.agrona.concurrent.BackoffIdleStrategy;

/**
 * The media driver and Aeron client of a {@link ClusterAcceptor}. The driver runs {@link ThreadingMode#SHARED} (one
 * thread for conductor, sender and receiver, named {@code aeron-driver}) with a backoff idle strategy that parks up
 * to {@value #MAX_PARK_NS} ns, so it never spins a core; IPC messages do not pass through it (it only moves
 * publisher limits and checks liveness). The client has no conductor thread: its invoker is stepped by
 * {@link #agent()} inside the application agent's duty cycle.
 *
 * <p>Why not INVOKER for the driver too (one thread fewer): its idle UDP sender/receiver pollers allocate an
 * iterator per step on JDK 25 unless C2 compiles them away, which put allocations on the application thread
 * (FanOutAllocationTest showed it); on the driver's own thread they are off the message path.
 *
 * <p>Threading: created and set up on the launching thread, then the client is stepped only by the thread that
 * runs {@link #agent()}; closed on the launching thread after that agent stopped.
 */
final class EmbeddedDriver implements AutoCloseable
{
    static final long MIN_PARK_NS = 1_000;
    static final long MAX_PARK_NS = 100_000;

    private final MediaDriver driver;
    private final Aeron aeron;

    EmbeddedDriver(final String directory, final ErrorHandler errorHandler)
    {
        driver = MediaDriver.launch(new MediaDriver.Context()
            .aeronDirectoryName(directory)
            .threadingMode(ThreadingMode.SHARED)
            .sharedIdleStrategy(new BackoffIdleStrategy(100, 10, MIN_PARK_NS, MAX_PARK_NS))
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true)
            .termBufferSparseFile(true)
            .spiesSimulateConnection(false)
            .publicationLingerTimeoutNs(100_000_000L)
            .warnIfDirectoryExists(false)
            .errorHandler(errorHandler));
        Aeron client = null;
        try
        {
            client = Aeron.connect(new Aeron.Context()
                .aeronDirectoryName(directory)
                .useConductorAgentInvoker(true)
                .errorHandler(errorHandler));
        }
        catch (final RuntimeException ex)
        {
            driver.close();
            throw ex;
        }
        aeron = client;
    }

    Aeron aeron()
    {
        return aeron;
    }

    /** One step of the client conductor (set-up loops on the launching thread). */
    int invoke()
    {
        return aeron.conductorAgentInvoker().invoke();
    }

    /** Steps the client conductor: compose into the application agent's runner. */
    Agent agent()
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
