package io.fixtape.cluster;

import io.aeron.Aeron;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentInvoker;

/**
 * The media driver and Aeron client of a {@link ClusterAcceptor}, both without threads of their own:
 * {@link ThreadingMode#INVOKER} driver and a client using its conductor invoker, stepped by {@link #agent()} inside
 * the application agent's duty cycle. On 2 cores this keeps the fan-out models at workers + 1 threads (a SHARED
 * driver would add a third thread). IPC needs the driver only for set-up and flow-control bookkeeping; data moves
 * through the shared log buffers directly.
 *
 * <p>Threading: created and set up on the launching thread, then stepped only by the thread that runs
 * {@link #agent()}; closed on the launching thread after that agent stopped.
 */
final class EmbeddedDriver implements AutoCloseable
{
    private final MediaDriver driver;
    private final Aeron aeron;

    EmbeddedDriver(final String directory, final ErrorHandler errorHandler)
    {
        driver = MediaDriver.launch(new MediaDriver.Context()
            .aeronDirectoryName(directory)
            .threadingMode(ThreadingMode.INVOKER)
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
                .driverAgentInvoker(driver.sharedAgentInvoker())
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

    /** One step of driver and client conductor (set-up loops on the launching thread). */
    int invoke()
    {
        return driver.sharedAgentInvoker().invoke() + aeron.conductorAgentInvoker().invoke();
    }

    /** Steps driver and client conductor: compose into the application agent's runner. */
    Agent agent()
    {
        final AgentInvoker driverInvoker = driver.sharedAgentInvoker();
        final AgentInvoker clientInvoker = aeron.conductorAgentInvoker();
        return new Agent()
        {
            @Override
            public int doWork()
            {
                return driverInvoker.invoke() + clientInvoker.invoke();
            }

            @Override
            public String roleName()
            {
                return "aeron-driver-invoker";
            }
        };
    }

    String directory()
    {
        return driver.aeronDirectoryName();
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
