package io.fixtape.journal;

import java.io.File;

/**
 * The free space of the journal's file system against the low-space watermark ({@code JournalLowSpaceMb}): appends
 * fail with DISK_FULL while it is below, before the file system itself runs out in the middle of a record. Measured
 * (a statfs) at open, then every {@link JournalContext#diskCheckIntervalNanos()} of engine time by the writer — or, once
 * {@link #watchElsewhere} is called, of wall time by another thread (the pretoucher), the writer then only reading the
 * published result: a statfs can take hundreds of microseconds now and then, which is too long for the append path.
 * While the space is low the writer measures before every append, so appends resume as soon as space is freed.
 *
 * <p>Threading: {@link #measure} from any thread; the schedule ({@code *Due}, {@link #measureNow}) on the writer thread.
 */
final class DiskSpaceMonitor
{
    private final File probe;
    private final long lowSpaceBytes;
    private final long checkIntervalNanos;
    /** Engine time of the writer's next scheduled measurement. */
    private long nextCheckNanos = Long.MIN_VALUE;
    /** Free space below the watermark, as last measured (by the writer or the thread that watches for it). */
    private volatile boolean low;
    /** Usable bytes on the journal's file system as last measured. */
    private volatile long usableBytes = Long.MAX_VALUE;
    /** Another thread measures on schedule: the writer measures only while the space is low or after a failure. */
    private volatile boolean watchedElsewhere;

    /** @param probe a directory on the journal's file system. */
    DiskSpaceMonitor(final File probe, final long lowSpaceBytes, final long checkIntervalNanos)
    {
        this.probe = probe;
        this.lowSpaceBytes = lowSpaceBytes;
        this.checkIntervalNanos = checkIntervalNanos;
    }

    /**
     * Measures the free space now (a statfs) and publishes it ({@link #isLow}, {@link #usableBytes}). Any thread.
     *
     * @return usable bytes.
     */
    long measure()
    {
        final long usable = probe.getUsableSpace();
        usableBytes = usable;
        low = usable < lowSpaceBytes;
        return usable;
    }

    /**
     * The writer's scheduled measurement (housekeeping), unless another thread watches the space.
     *
     * @return whether it measured.
     */
    boolean measureIfDue(final long nowNanos)
    {
        if (nowNanos >= nextCheckNanos && !watchedElsewhere)
        {
            measureNow(nowNanos);
            return true;
        }
        return false;
    }

    /**
     * Before an append (writer thread): measures when the scheduled time has come, or every time while the space is
     * low.
     *
     * @return whether the space is below the watermark.
     */
    boolean isLowBeforeAppend(final long nowNanos)
    {
        if (low || (nowNanos >= nextCheckNanos && !watchedElsewhere))
        {
            measureNow(nowNanos);
        }
        return low;
    }

    /** Measures now and starts the writer's schedule again from {@code nowNanos} (writer thread). */
    void measureNow(final long nowNanos)
    {
        nextCheckNanos = nowNanos + checkIntervalNanos;
        measure();
    }

    /** From now on another thread calls {@link #measure} on schedule; the writer stops doing so on its own. */
    void watchElsewhere()
    {
        watchedElsewhere = true;
    }

    /** Free space below the watermark, as last measured (no system call). */
    boolean isLow()
    {
        return low;
    }

    /** Usable bytes as last measured (no system call). */
    long usableBytes()
    {
        return usableBytes;
    }

    long lowSpaceBytes()
    {
        return lowSpaceBytes;
    }
}
