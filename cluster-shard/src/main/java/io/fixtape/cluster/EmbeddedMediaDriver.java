package io.fixtape.cluster;

import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.BackoffIdleStrategy;

/**
 * An Aeron media driver inside this JVM, configured for small machines: {@link ThreadingMode#SHARED} (one driver
 * thread for conductor, sender and receiver, named {@code aeron-driver}) with a {@link BackoffIdleStrategy} that
 * parks up to {@value #MAX_PARK_NS} ns, so the driver never busy-spins a core of its own (on 2 cores a spinning
 * driver and spinning clients starve each other). IPC messages do not pass through it: it only moves publisher
 * limits and checks liveness. The directory is deleted on start and on close. Used by the fan-out acceptor models
 * ({@link ClusterAcceptor}) and by replay's Aeron transports.
 *
 * <p>Why not {@link ThreadingMode#INVOKER} (one thread fewer): its idle UDP sender/receiver pollers allocate an
 * iterator per step on JDK 25 unless C2 compiles them away, which would put allocations on the thread that invokes
 * the driver (FanOutAllocationTest shows it for the application agent); on the driver's own thread they are off the
 * message path.
 *
 * <p>Threading: launch and close from one thread; the driver runs its own single agent thread.
 */
public final class EmbeddedMediaDriver implements AutoCloseable
{
    /** Backoff: 100 spins, 10 yields, then park from {@value} ns growing to {@link #MAX_PARK_NS} while idle. */
    public static final long MIN_PARK_NS = 1_000;
    public static final long MAX_PARK_NS = 100_000;

    private final MediaDriver driver;

    private EmbeddedMediaDriver(final MediaDriver driver)
    {
        this.driver = driver;
    }

    /** Launch a driver with its Aeron directory at {@code aeronDirectoryName}; its errors go to Aeron's default. */
    public static EmbeddedMediaDriver launch(final String aeronDirectoryName)
    {
        return launch(aeronDirectoryName, null);
    }

    /**
     * Launch a driver with its Aeron directory at {@code aeronDirectoryName} (e.g. under /dev/shm).
     *
     * @param errorHandler receives the driver's errors; null for Aeron's default.
     */
    public static EmbeddedMediaDriver launch(final String aeronDirectoryName, final ErrorHandler errorHandler)
    {
        final MediaDriver.Context context = new MediaDriver.Context()
            .aeronDirectoryName(aeronDirectoryName)
            .threadingMode(ThreadingMode.SHARED)
            .sharedIdleStrategy(new BackoffIdleStrategy(100, 10, MIN_PARK_NS, MAX_PARK_NS))
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true)
            .termBufferSparseFile(true)
            .spiesSimulateConnection(false)
            // a closed publication signals end-of-stream at once; lingering only delays the peer's disconnect
            .publicationLingerTimeoutNs(100_000_000L)
            .warnIfDirectoryExists(false);
        if (errorHandler != null)
        {
            context.errorHandler(errorHandler);
        }
        return new EmbeddedMediaDriver(MediaDriver.launch(context));
    }

    public String aeronDirectoryName()
    {
        return driver.aeronDirectoryName();
    }

    @Override
    public void close()
    {
        driver.close();
    }
}
