package io.fixtape.journal;

import net.openhft.posix.PosixAPI;
import net.openhft.posix.internal.noop.NoOpPosixAPI;

/**
 * Maps a run of pages of a mapped journal file for writing in one system call, {@code madvise(MADV_POPULATE_WRITE)}
 * (Linux 5.14 and later), instead of one page fault per page. The kernel does the same work (allocate, zero, map)
 * without an exception per page: where a page fault is expensive (a virtual machine whose guest page faults trap to
 * the hypervisor) a populated page costs a fraction of a faulted one. Where the call is not available (another OS,
 * an older kernel, Chronicle's no-op POSIX layer) {@link #populate} answers false and the caller touches the pages one
 * by one; a range the file system cannot back (full disk) also answers false, and the caller's own touch then meets
 * the SIGBUS it already handles.
 *
 * <p>Also gives a mapping of a sparse file the random-access advice ({@link #adviseRandom}), so that a fault in a hole
 * maps one page instead of reading around it. Any thread; no allocation.
 */
final class PagePopulator
{
    static final int PAGE = 4096;
    /** {@code MADV_POPULATE_WRITE} from linux/mman.h. */
    private static final int MADV_POPULATE_WRITE = 23;
    /** {@code MADV_RANDOM} from linux/mman.h. */
    private static final int MADV_RANDOM = 1;
    private static final PosixAPI POSIX = posixOrNull();
    /** Cleared after the first refusal on a range that could then be touched: the kernel does not know the advice. */
    private static volatile boolean supported = POSIX != null;

    private PagePopulator()
    {
    }

    /**
     * Populates {@code [address, address + length)} for writing; {@code address} page-aligned.
     *
     * @return true when every page is now mapped writable; false when the call is not available or refused.
     */
    static boolean populate(final long address, final long length)
    {
        return supported && POSIX.madvise(address, length, MADV_POPULATE_WRITE) == 0;
    }

    /**
     * {@code madvise(MADV_RANDOM)} on {@code [address, address + length)}, {@code address} page-aligned: a page fault
     * there reads or zero-fills that one page. Without it the kernel reads around the faulting page, up to the block
     * device's {@code read_ahead_kb} (8 MiB on some virtual disks) clipped to the file: on a fresh sparse file that is
     * the whole file zero-filled into the page cache by the first write to it. Where the call is not available the
     * kernel's default applies: the pages still read and write the same, the first fault only costs more.
     *
     * @return true when the advice was taken.
     */
    static boolean adviseRandom(final long address, final long length)
    {
        return POSIX != null && POSIX.madvise(address, length, MADV_RANDOM) == 0;
    }

    /** Whether {@link #adviseRandom} reaches the kernel (Linux with a working POSIX layer). */
    static boolean advises()
    {
        return POSIX != null;
    }

    /** After {@link #populate} refused a range that a plain touch then mapped: the advice is unknown here. */
    static void refusedButTouchable()
    {
        supported = false;
    }

    /** Whether {@link #populate} is tried at all (Linux with a working POSIX layer, not yet found unsupported). */
    static boolean supported()
    {
        return supported;
    }

    private static PosixAPI posixOrNull()
    {
        if (!System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).contains("linux"))
        {
            return null;
        }
        try
        {
            final PosixAPI posix = PosixAPI.posix();
            return posix instanceof NoOpPosixAPI ? null : posix;
        }
        catch (final RuntimeException | LinkageError ex)
        {
            return null; // no native POSIX layer in this JVM: pages are touched one by one
        }
    }
}
