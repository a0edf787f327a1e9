package io.fixtape.journal;

import net.openhft.chronicle.core.Jvm;
import net.openhft.chronicle.core.onoes.ExceptionHandler;
import net.openhft.chronicle.core.onoes.Slf4jExceptionHandler;
import org.slf4j.Logger;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Turns Chronicle's "Failback to readonly tablestore" warning into a fatal journal error. Chronicle only logs it
 * (then fails later, on the first append, with a less helpful message); we install a pass-through warn handler once
 * per JVM that counts the warning, and {@link JournalWriteGuard} compares the count around opening and before appends.
 * Thread safe (Chronicle may warn from its own threads).
 */
final class ReadOnlyFallbackWatch implements ExceptionHandler
{
    static final String MARKER = "Failback to readonly";
    private static final AtomicLong COUNT = new AtomicLong();
    private static final AtomicReference<String> LAST = new AtomicReference<>();
    private static volatile boolean installed;

    private final ExceptionHandler delegate;

    private ReadOnlyFallbackWatch(final ExceptionHandler delegate)
    {
        this.delegate = delegate;
    }

    static synchronized void install()
    {
        if (!installed)
        {
            // Delegate to Chronicle's own default (slf4j) warn handler: Jvm.warn() is a thread-localised wrapper that
            // would dispatch back to us.
            Jvm.setWarnExceptionHandler(new ReadOnlyFallbackWatch(Slf4jExceptionHandler.WARN));
            installed = true;
        }
    }

    static long count()
    {
        return COUNT.get();
    }

    static String lastMessage()
    {
        return LAST.get();
    }

    private static void check(final String message)
    {
        if (message != null && message.contains(MARKER))
        {
            LAST.set(message);
            COUNT.incrementAndGet();
        }
    }

    @Override
    public void on(final Class<?> clazz, final String message, final Throwable thrown)
    {
        check(message);
        delegate.on(clazz, message, thrown);
    }

    @Override
    public void on(final Logger logger, final String message, final Throwable thrown)
    {
        check(message);
        delegate.on(logger, message, thrown);
    }

    @Override
    public boolean isEnabled(final Class<?> clazz)
    {
        return true;
    }
}
