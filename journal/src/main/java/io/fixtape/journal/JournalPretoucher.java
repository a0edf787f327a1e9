package io.fixtape.journal;

import net.openhft.chronicle.bytes.MappedBytesStore;
import net.openhft.chronicle.bytes.MappedFile;
import net.openhft.chronicle.core.io.ReferenceOwner;
import org.agrona.concurrent.Agent;

/**
 * Touches the pages of the current cycle file ahead of the journal writer so that the writer does not take the page
 * fault (and, on a sparse file, the block allocation) on its hot path: the p99.9 tail of an append is mostly page
 * faults. Chronicle Queue's own pretoucher is an Enterprise feature (a no-op in the open-source build), hence this.
 *
 * <p>It touches through the writer's own mapping of the file (Chronicle's {@link MappedFile}, acquired and released
 * chunk by chunk with an owner, as a Chronicle tailer on another thread does), not through a mapping of its own: a
 * page faulted through another mapping is in the page cache but not in the writer's page tables, and the writer's
 * first store into it still faults: a page-crossing append costs ~5 µs at the median with a pretoucher that has its
 * own mapping, the same as with no pretouch, and ~0.1 µs when the page was touched through the writer's mapping.
 *
 * <p>The pages up to the target are mapped for writing in one {@code madvise} call per chunk ({@link PagePopulator});
 * where that is not available each page is touched with an atomic {@code compareAndSwapLong(0, 0)} on its first long:
 * it faults the page in for writing but can never change a value. Either is safe against the concurrent writer even
 * if the writer overtakes it. Also measures the journal's free space every {@link JournalContext#diskCheckIntervalNanos()} for
 * the writer ({@link Journal#watchSpaceElsewhere}). Runs as an Agrona {@link Agent} on its own thread (e.g. an
 * {@code AgentRunner} with a sleeping idle strategy); reads the writer's position published by {@link Journal} with
 * ordered stores. Nothing here runs on the writer thread.
 */
public final class JournalPretoucher implements Agent
{
    private static final int PAGE = PagePopulator.PAGE;
    private final Journal journal;
    private final long aheadBytes;
    private final ReferenceOwner owner = ReferenceOwner.temporary("journal-pretoucher");
    private MappedFile file;
    /** The chunk currently reserved by this pretoucher (released when it moves on, the file changes or on close). */
    private MappedBytesStore store;
    private long touchedUpTo;
    private long pagesTouched;
    private long faults;
    private long nextSpaceCheckNanos;

    /** @param aheadBytes how far beyond the writer's position pages are kept touched (JournalPretouchAheadKb, default 1 MiB). */
    public JournalPretoucher(final Journal journal, final long aheadBytes)
    {
        this.journal = journal;
        this.aheadBytes = aheadBytes;
    }

    @Override
    public int doWork()
    {
        final long now = System.nanoTime();
        if (now - nextSpaceCheckNanos >= 0)
        {
            // the free-space check, for the writer too (Journal.watchSpaceElsewhere): its statfs stays off the writer
            nextSpaceCheckNanos = now + journal.context().diskCheckIntervalNanos();
            journal.measureSpace();
        }
        final MappedFile current = journal.currentMappedFile();
        if (current == null)
        {
            return 0;
        }
        if (current != file)
        {
            releaseStore();
            file = current;
            touchedUpTo = 0;
        }
        final long position = journal.writePosition();
        final long target = position + aheadBytes;
        if (touchedUpTo >= target)
        {
            return 0;
        }
        long page = Math.max(touchedUpTo, (position + PAGE) & ~(PAGE - 1L));
        if (journal.usableBytes() < journal.context().lowSpaceBytes() + (target - page))
        {
            return 0; // touching allocates: never take the space the writer's low-space watermark keeps in reserve
        }
        int work = 0;
        try
        {
            while (page < target)
            {
                if (store == null || !store.inside(page, Long.BYTES))
                {
                    releaseStore();
                    // maps (and if needed grows the file to) the chunk the writer will use for this page: Chronicle
                    // keeps one mapping per chunk, so the writer gets this same one when it gets there
                    store = file.acquireByteStore(owner, page);
                }
                // the rest of this chunk up to the target in one call where the kernel can populate pages
                long end = page + PAGE;
                while (end < target && store.inside(end, PAGE))
                {
                    end += PAGE;
                }
                if (PagePopulator.populate(store.addressForWrite(page), end - page))
                {
                    work += (int)((end - page) / PAGE);
                    page = end;
                    continue;
                }
                final boolean tried = PagePopulator.supported();
                store.compareAndSwapLong(page, 0L, 0L);
                if (tried)
                {
                    PagePopulator.refusedButTouchable();
                }
                page += PAGE;
                work++;
            }
        }
        catch (final InternalError ex)
        {
            // SIGBUS: the file system has no room for this page (full disk). Stop touching this file; the writer
            // meets the same condition on its own and reports DISK_FULL (Journal.append).
            faults++;
            page = Long.MAX_VALUE;
        }
        catch (final Exception ex)
        {
            // the cycle rolled and Chronicle closed this file's mapping, or it cannot be mapped now: try again next
            // duty cycle (a new cycle's file comes with a new MappedFile)
            releaseStore();
            file = null;
            pagesTouched += work;
            return work;
        }
        touchedUpTo = page;
        pagesTouched += work;
        return work;
    }

    private void releaseStore()
    {
        if (store != null)
        {
            final MappedBytesStore reserved = store;
            store = null;
            try
            {
                reserved.release(owner);
            }
            catch (final RuntimeException ignore)
            {
                // already released by its file's close: nothing of ours is left to release
            }
        }
    }

    /** Times a page could not be touched (no space for it): touching stopped for that cycle file. */
    public long faults()
    {
        return faults;
    }

    /** Pages touched so far (observability, tests). */
    public long pagesTouched()
    {
        return pagesTouched;
    }

    @Override
    public void onClose()
    {
        releaseStore();
    }

    @Override
    public String roleName()
    {
        return "journal-pretoucher";
    }
}
