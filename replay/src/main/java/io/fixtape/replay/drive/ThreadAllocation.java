package io.fixtape.replay.drive;

import java.lang.management.ManagementFactory;

/** Bytes allocated and CPU time used by a thread (HotSpot's ThreadMXBean), or -1 where unsupported. */
final class ThreadAllocation
{
    private static final com.sun.management.ThreadMXBean THREADS = threads();

    private ThreadAllocation()
    {
    }

    private static com.sun.management.ThreadMXBean threads()
    {
        final java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        if (bean instanceof com.sun.management.ThreadMXBean)
        {
            final com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean)bean;
            if (threads.isThreadAllocatedMemorySupported())
            {
                threads.setThreadAllocatedMemoryEnabled(true);
                return threads;
            }
        }
        return null;
    }

    /** CPU time (user + system) of the calling thread in ns, or -1 where unsupported. */
    static long currentThreadCpuNanos()
    {
        final java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        return bean.isCurrentThreadCpuTimeSupported() ? bean.getCurrentThreadCpuTime() : -1;
    }

    /** CPU time (user + system) of the live thread {@code threadId} in ns, or -1 (no such thread, unsupported, -1). */
    static long threadCpuNanos(final long threadId)
    {
        if (threadId < 0)
        {
            return -1;
        }
        final java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        return bean.isThreadCpuTimeSupported() ? bean.getThreadCpuTime(threadId) : -1;
    }

    static long currentThreadAllocatedBytes()
    {
        return THREADS == null ? -1 : THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
    }
}
