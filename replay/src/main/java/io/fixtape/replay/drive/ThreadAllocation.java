package io.fixtape.replay.drive;

import java.lang.management.ManagementFactory;

/** Bytes allocated by the calling thread (HotSpot's ThreadMXBean extension), or -1 where unsupported. */
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

    static long currentThreadAllocatedBytes()
    {
        return THREADS == null ? -1 : THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
    }
}
