package io.fixtape.journal;

import net.openhft.chronicle.core.Jvm;
import net.openhft.chronicle.core.onoes.ExceptionHandler;
import net.openhft.chronicle.core.onoes.Slf4jExceptionHandler;
import org.slf4j.Logger;

import java.nio.file.Path;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Turns Chronicle's "Failback to readonly tablestore" warning into a fatal error of the journal it concerns, and of
 * no other. Chronicle only logs it (then fails later, on the first append, with a less helpful message) through its
 * JVM-wide warn handler, so one pass-through handler is installed once per JVM; each journal watches through a
 * {@link Target} of its own. A warning is charged to the journal whose queue the warning thread is opening
 * ({@link #opening}: Chronicle warns from inside {@code build()}), else to every live journal whose queue directory
 * the message names; one that concerns none of them is only logged and counted in {@link #unattributed()}.
 * Thread safe (Chronicle may warn from its own threads).
 */
final class ReadOnlyFallbackWatch implements ExceptionHandler
{
    static final String MARKER = "Failback to readonly";
    private static final ThreadLocal<Target> OPENING = new ThreadLocal<>();
    private static final CopyOnWriteArrayList<Target> LIVE = new CopyOnWriteArrayList<>();
    private static final AtomicLong UNATTRIBUTED = new AtomicLong();
    private static boolean installed;

    private final ExceptionHandler delegate;

    /** One journal's view: the fallback warnings that concern its queue. */
    static final class Target implements AutoCloseable
    {
        private final String queueDir;
        private final AtomicLong count = new AtomicLong();
        private volatile String lastMessage;

        private Target(final Path queueDir)
        {
            this.queueDir = queueDir.toAbsolutePath().toString();
        }

        /** Fallback warnings for this journal's queue so far. */
        long count()
        {
            return count.get();
        }

        String lastMessage()
        {
            return lastMessage;
        }

        private void charge(final String message)
        {
            lastMessage = message;
            count.incrementAndGet();
        }

        /** This journal opens its queue on the calling thread until the returned scope closes. */
        Scope opening()
        {
            OPENING.set(this);
            return OPENING::remove;
        }

        /** The journal closed: no longer matched by path. */
        @Override
        public void close()
        {
            LIVE.remove(this);
        }
    }

    /** Ends an {@link Target#opening} scope. */
    interface Scope extends AutoCloseable
    {
        @Override
        void close();
    }

    private ReadOnlyFallbackWatch(final ExceptionHandler delegate)
    {
        this.delegate = delegate;
    }

    /** Installs the JVM's pass-through handler if needed and returns a watch for the journal of {@code queueDir}. */
    static Target watch(final Path queueDir)
    {
        install();
        final Target target = new Target(queueDir);
        LIVE.add(target);
        return target;
    }

    private static synchronized void install()
    {
        if (!installed)
        {
            // Delegate to Chronicle's own default (slf4j) warn handler: Jvm.warn() is a thread-localised wrapper that
            // would dispatch back to us.
            Jvm.setWarnExceptionHandler(new ReadOnlyFallbackWatch(Slf4jExceptionHandler.WARN));
            installed = true;
        }
    }

    /** Fallback warnings that concerned no live journal. */
    static long unattributed()
    {
        return UNATTRIBUTED.get();
    }

    private static void check(final String message)
    {
        if (message == null || !message.contains(MARKER))
        {
            return;
        }
        final Target opening = OPENING.get();
        if (opening != null)
        {
            opening.charge(message);
            return;
        }
        boolean charged = false;
        for (final Target target : LIVE)
        {
            if (message.contains(target.queueDir))
            {
                target.charge(message);
                charged = true;
            }
        }
        if (!charged)
        {
            UNATTRIBUTED.incrementAndGet();
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
