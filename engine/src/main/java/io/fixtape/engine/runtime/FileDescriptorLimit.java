package io.fixtape.engine.runtime;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

/**
 * Whether the process may open as many files as the engine may need: one socket per connection (every configured
 * session, or up to {@code MaxConnections} when acceptor templates create sessions on demand) plus a reserve for
 * the JVM, listening sockets, the selector and the journal. The {@code fixtape} launcher raises the soft limit to
 * the hard one; an engine started otherwise (embedded, a service manager's {@code LimitNOFILE}) says in one line
 * when the limit is too low, at start-up, rather than failing its 1,025th accept with "Too many open files".
 *
 * <p>Configuration thread; allocation is fine.
 */
public final class FileDescriptorLimit
{
    /** Descriptors kept for the JVM's own files, listening sockets, the selector and the journal's files. */
    public static final int RESERVE = 128;

    private FileDescriptorLimit()
    {
    }

    /** The process's soft open-file limit, or -1 when the platform does not say. */
    public static long softLimit()
    {
        final OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.UnixOperatingSystemMXBean)
        {
            return ((com.sun.management.UnixOperatingSystemMXBean)os).getMaxFileDescriptorCount();
        }
        return -1;
    }

    /** Connections the engine of {@code context} may hold at once. */
    public static long connections(final EngineContext context)
    {
        final long sessions = context.sessions().size();
        return context.templates().isEmpty() ? sessions :
            Math.max(sessions, context.transportConfig().maxConnections());
    }

    /** The one-line warning for {@code context} under the current limit, or null when the limit is enough. */
    public static String warning(final EngineContext context)
    {
        return warning(connections(context), softLimit());
    }

    /**
     * @param connections the connections the engine may hold.
     * @param limit       the soft open-file limit (-1: unknown, no warning).
     * @return the warning, or null when {@code limit} covers the connections and the reserve.
     */
    public static String warning(final long connections, final long limit)
    {
        final long needed = connections + RESERVE;
        if (limit < 0 || limit >= needed)
        {
            return null;
        }
        return "fixtape: the open-file limit (ulimit -n) is " + limit + ", below the " + needed + " this engine may use (" +
            connections + " connections + " + RESERVE + " for the JVM, listeners and journal): raise it (ulimit -n, " +
            "systemd LimitNOFILE=) or connections beyond it are refused with 'Too many open files'";
    }
}
