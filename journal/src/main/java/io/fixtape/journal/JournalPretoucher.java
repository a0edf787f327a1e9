package io.fixtape.journal;

import org.agrona.IoUtil;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.UnsafeBuffer;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Touches the pages of the current cycle file ahead of the journal writer so that the writer does not take the page
 * fault (and, on a sparse file, the block allocation) on its hot path: the p99.9 tail of an append is mostly page
 * faults. Chronicle Queue's own pretoucher is an Enterprise feature (a no-op in the open-source build), hence this.
 *
 * <p>Each page is touched with an atomic {@code compareAndSet(0, 0)} on its first int: it faults the page in for
 * writing but can never change a value, so it is safe against the concurrent writer even if the writer overtakes it.
 * Runs as an Agrona {@link Agent} on its own thread (e.g. an {@code AgentRunner} with a sleeping idle strategy); reads
 * the writer's position published by {@link Journal} with ordered stores. Nothing here runs on the writer thread.
 */
public final class JournalPretoucher implements Agent
{
    private static final int PAGE = 4096;
    private final Journal journal;
    private final long aheadBytes;
    private final UnsafeBuffer view = new UnsafeBuffer(0, 0);
    private final File space;
    private MappedByteBuffer mapped;
    private File file;
    private long mappedLength;
    private long touchedUpTo;
    private long pagesTouched;
    private long faults;

    /** @param aheadBytes how far beyond the writer's position pages are kept touched (e.g. 4 MiB). */
    public JournalPretoucher(final Journal journal, final long aheadBytes)
    {
        this.journal = journal;
        this.aheadBytes = aheadBytes;
        this.space = journal.directory().toFile();
    }

    @Override
    public int doWork()
    {
        final File current = journal.currentCycleFile();
        if (current == null)
        {
            return 0;
        }
        if (!current.equals(file))
        {
            unmap();
            file = current;
            touchedUpTo = 0;
        }
        final long position = journal.writePosition();
        final long target = position + aheadBytes;
        if (touchedUpTo >= target)
        {
            return 0;
        }
        if (target > mappedLength && !map(target))
        {
            return 0;
        }
        long from = Math.max(touchedUpTo, (position + PAGE) & ~(PAGE - 1L));
        final long to = Math.min(target, mappedLength);
        if (to > from && space.getUsableSpace() < journal.context().lowSpaceBytes() + (to - from))
        {
            return 0; // touching allocates: never take the space the writer's low-space watermark keeps in reserve
        }
        int work = 0;
        try
        {
            for (; from + Integer.BYTES <= to; from += PAGE)
            {
                view.compareAndSetInt((int)from, 0, 0);
                work++;
            }
        }
        catch (final InternalError ex)
        {
            // SIGBUS: the file system has no room for this page (full disk). Stop touching this file; the writer
            // meets the same condition on its own and reports DISK_FULL (Journal.append).
            faults++;
            touchedUpTo = Long.MAX_VALUE;
            pagesTouched += work;
            return work;
        }
        touchedUpTo = from;
        pagesTouched += work;
        return work;
    }

    /** Maps as much of the file as exists (Chronicle grows it in blocks), at most up to {@code wanted}. */
    private boolean map(final long wanted)
    {
        try (RandomAccessFile raf = new RandomAccessFile(file, "rw"))
        {
            final long length = Math.min(raf.length(), Integer.MAX_VALUE & ~(PAGE - 1L));
            if (length <= mappedLength)
            {
                return mappedLength > 0;
            }
            unmap();
            mapped = raf.getChannel().map(FileChannel.MapMode.READ_WRITE, 0, length);
            view.wrap(mapped);
            mappedLength = length;
            return true;
        }
        catch (final IOException ex)
        {
            return false; // the file rolled away or is not there yet: try again next duty cycle
        }
    }

    private void unmap()
    {
        if (mapped != null)
        {
            IoUtil.unmap(mapped);
            mapped = null;
        }
        mappedLength = 0;
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
        unmap();
    }

    @Override
    public String roleName()
    {
        return "journal-pretoucher";
    }
}
