package io.fixtape.journal;

import net.openhft.chronicle.bytes.BytesStore;
import net.openhft.chronicle.wire.Wire;

/**
 * Pre-touching ahead of the writer in small steps from the writer's own duty cycle ({@code JournalPretouch=duty}; the
 * other way is a {@link JournalPretoucher} thread). A step maps up to {@code maxPages} 4 KiB pages between the write
 * position and {@code aheadBytes} beyond it for writing ({@link #CATCH_UP_PAGES} while the writer is in the first half
 * of that window), through Chronicle's own mapping of the cycle file, the mapping the next append writes through: that
 * append then finds the page mapped and allocated instead of taking the fault (and on a sparse file the block
 * allocation and zeroing) itself. The pages are populated in one {@code madvise} call ({@link PagePopulator}); where
 * that is not available each page's first long is written with a {@code compareAndSwapLong(0, 0)} (it faults the page
 * in for writing and can never change data). The same touch as Chronicle's {@code MicroToucher}, which
 * touches only the next page. Only inside the chunk Chronicle has mapped now (the writer maps the next one when it
 * gets there, and touching resumes in it); nothing while the free space is below the watermark (touching allocates
 * blocks); a page the file system cannot back (SIGBUS, full disk) stops touching for that chunk and the writer reports
 * DISK_FULL.
 *
 * <p>Also touches the next page of the resend index a store wrote last ({@link ResendIndex#touchAhead}), counted in the
 * same budget. Writer thread only.
 */
final class DutyCyclePretoucher
{
    private static final int PAGE = PagePopulator.PAGE;
    /** Pages per step once the writer is into the second half of the touched window, when pages can be populated. */
    static final int CATCH_UP_PAGES = 64;
    private final JournalAppender appender;
    private final DiskSpaceMonitor space;
    /** The mapped chunk last touched, in which cycle, and how far into it. */
    private BytesStore<?, ?> touchStore;
    private int touchCycle = Integer.MIN_VALUE;
    private long touchedUpTo;
    private long pagesTouched;
    private long faults;
    /** Resend index most recently written: its next page is touched too. */
    private ResendIndex lastIndexWritten;

    DutyCyclePretoucher(final JournalAppender appender, final DiskSpaceMonitor space)
    {
        this.appender = appender;
        this.space = space;
    }

    /**
     * One step.
     *
     * @return pages touched; 0 when the window is already touched or before the first append (cheap: a few reads).
     */
    int touchAhead(final long aheadBytes, final int maxPages)
    {
        if (space.isLow())
        {
            return 0; // touching allocates blocks: never below the low-space watermark
        }
        final ResendIndex index = lastIndexWritten;
        if (index != null && index.touchAhead() != 0)
        {
            pagesTouched++;
            return 1; // one page per call: the resend index's next page this time
        }
        final long position = appender.writePosition();
        final int writeCycle = appender.writeCycle();
        if (touchCycle == writeCycle && position + aheadBytes <= touchedUpTo)
        {
            return 0;
        }
        final Wire wire = appender.wire(); // null before the first append
        if (wire == null)
        {
            return 0;
        }
        final BytesStore<?, ?> store = wire.bytes().bytesStore();
        if (store != touchStore || touchCycle != writeCycle)
        {
            touchStore = store;
            touchCycle = writeCycle;
            touchedUpTo = 0;
        }
        final long first = Math.max(touchedUpTo, (position + PAGE - 1) & -PAGE);
        final long target = position + aheadBytes;
        // a writer that has eaten half the window (a burst: one read of 64 KiB of orders journals ~180 KiB) gets the
        // window filled again in one step, up to CATCH_UP_PAGES, when pages can be populated in one call (a populated
        // page costs a fraction of a faulted one, and the writer would otherwise fault on each itself)
        final int budget = PagePopulator.supported() && first - position < aheadBytes / 2 ? CATCH_UP_PAGES : maxPages;
        int pages = 0;
        while (pages < budget && first + (long)pages * PAGE < target && store.inside(first + (long)pages * PAGE, PAGE))
        {
            pages++;
        }
        if (pages == 0)
        {
            return 0;
        }
        long page = first;
        if (PagePopulator.populate(store.addressForWrite(first), (long)pages * PAGE))
        {
            page = first + (long)pages * PAGE;
        }
        else
        {
            final boolean tried = PagePopulator.supported();
            try
            {
                for (int i = 0; i < pages; i++)
                {
                    store.compareAndSwapLong(page, 0L, 0L);
                    page += PAGE;
                }
                if (tried)
                {
                    PagePopulator.refusedButTouchable();
                }
            }
            catch (final InternalError ex)
            {
                faults++; // SIGBUS: no block for this page (full file system); the writer's append reports it
                page = Long.MAX_VALUE;
            }
        }
        final int touched = page == Long.MAX_VALUE ? 0 : pages;
        touchedUpTo = page;
        pagesTouched += touched;
        return touched;
    }

    /** A store wrote this resend index: its next page is kept touched. */
    void indexWritten(final ResendIndex index)
    {
        lastIndexWritten = index;
    }

    /** Pages touched so far. */
    long pagesTouched()
    {
        return pagesTouched;
    }

    /** Pages that could not be touched (no space): touching stopped for that chunk. */
    long faults()
    {
        return faults;
    }
}
