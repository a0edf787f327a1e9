package io.fixtape.replay.transport.aeron;

import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.concurrent.BackoffIdleStrategy;

/**
 * An Aeron media driver inside this JVM, configured for small machines: {@link ThreadingMode#SHARED} (one driver
 * thread for conductor, sender and receiver) with a {@link BackoffIdleStrategy}, so that the driver never
 * busy-spins a core of its own (on 2 cores a spinning driver plus spinning clients starve each other). The
 * directory is deleted on start and on close.
 *
 * <p>Threading: start and close from one thread; the driver runs its own single agent thread.
 */
public final class EmbeddedMediaDriver implements AutoCloseable
{
    /** Backoff: 100 spins, 10 yields, then park from 1 µs growing to 100 µs while idle. */
    private static final long MIN_PARK_NS = 1_000;
    private static final long MAX_PARK_NS = 100_000;

    private final MediaDriver driver;

    private EmbeddedMediaDriver(final MediaDriver driver)
    {
        this.driver = driver;
    }

    /** Launch a driver with its Aeron directory at {@code aeronDirectoryName} (e.g. under /dev/shm). */
    public static EmbeddedMediaDriver launch(final String aeronDirectoryName)
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
