package io.fixtape.nic;

import net.openhft.affinity.Affinity;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Verified CPU affinity. A pin is applied with {@code sched_setaffinity} (through OpenHFT affinity's JNA binding)
 * and then read back from the kernel's own view, {@code /proc/self/task/<tid>/status}: a pin that the OS does not
 * report exactly as requested throws {@link AffinityException}. A flag that is accepted is not a flag that is
 * applied.
 *
 * <p>Threading: {@link #pinCurrentThread(int)} acts on the calling thread only; the read-back methods may be called
 * from any thread and read a snapshot of the kernel's state.
 */
public final class CpuAffinity
{
    private static final String ALLOWED_LIST = "Cpus_allowed_list:";

    private CpuAffinity()
    {
    }

    /** Number of CPUs the OS has online (not the ones this process may use). */
    public static int onlineCpus()
    {
        final Path online = Paths.get("/sys/devices/system/cpu/online");
        if (Files.isReadable(online))
        {
            try
            {
                return CpuList.parse(Files.readString(online, StandardCharsets.US_ASCII)).cardinality();
            }
            catch (final IOException e)
            {
                throw new UncheckedIOException(e);
            }
        }
        return Runtime.getRuntime().availableProcessors();
    }

    /**
     * Pins the calling thread to exactly {@code cpu} and verifies it.
     *
     * @return what the OS reports for this thread after the pin.
     * @throws AffinityException when the CPU does not exist, the call fails, or the read-back differs.
     */
    public static ThreadPlacement pinCurrentThread(final int cpu)
    {
        final BitSet wanted = new BitSet();
        wanted.set(cpu);
        return pinCurrentThread(wanted);
    }

    /** Pins the calling thread to the set {@code cpus} and verifies it; see {@link #pinCurrentThread(int)}. */
    public static ThreadPlacement pinCurrentThread(final BitSet cpus)
    {
        if (cpus.isEmpty())
        {
            throw new AffinityException("cannot pin to an empty CPU set");
        }
        final int online = onlineCpus();
        if (cpus.length() > online)
        {
            throw new AffinityException("cannot pin to CPU(s) " + CpuList.format(cpus) + ": this machine has "
                + online + " online CPU(s) (0-" + (online - 1) + ")");
        }
        try
        {
            Affinity.setAffinity(cpus);
        }
        catch (final RuntimeException | LinkageError e)
        {
            throw new AffinityException("sched_setaffinity(" + CpuList.format(cpus) + ") failed: " + e, e);
        }
        final int tid = currentTid();
        final ThreadPlacement readBack = readThread(Paths.get("/proc/self/task/" + tid));
        if (!CpuList.parse(readBack.cpus()).equals(cpus))
        {
            throw new AffinityException("pin of thread " + tid + " to CPU(s) " + CpuList.format(cpus)
                + " was not applied: the OS reports Cpus_allowed_list=" + readBack.cpus());
        }
        return readBack;
    }

    /** The kernel thread id of the calling thread (gettid), read from {@code /proc/thread-self}. */
    public static int currentTid()
    {
        try
        {
            final Path self = Paths.get("/proc/thread-self").toRealPath();
            return Integer.parseInt(self.getFileName().toString());
        }
        catch (final IOException | NumberFormatException e)
        {
            return Affinity.getThreadId();
        }
    }

    /** What the OS reports for the calling thread. */
    public static ThreadPlacement currentThread()
    {
        return readThread(Paths.get("/proc/self/task/" + currentTid()));
    }

    /** Every thread of this process with its allowed CPUs, as the OS reports them. */
    public static List<ThreadPlacement> selfThreads()
    {
        return threadsOf(ProcessHandle.current().pid());
    }

    /**
     * Every thread of process {@code pid} with its allowed CPUs, as the OS reports them. Threads that exit while
     * being read are skipped.
     */
    public static List<ThreadPlacement> threadsOf(final long pid)
    {
        final List<ThreadPlacement> threads = new ArrayList<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Paths.get("/proc/" + pid + "/task")))
        {
            for (final Path task : tasks)
            {
                try
                {
                    threads.add(readThread(task));
                }
                catch (final UncheckedIOException e)
                {
                    if (!(e.getCause() instanceof NoSuchFileException))
                    {
                        throw e;
                    }
                }
            }
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot list threads of process " + pid, e);
        }
        threads.sort((a, b) -> Integer.compare(a.tid(), b.tid()));
        return threads;
    }

    /** The allowed CPUs of the process's main thread (what {@code taskset -p} shows). */
    public static BitSet processCpus(final long pid)
    {
        return CpuList.parse(readThread(Paths.get("/proc/" + pid + "/task/" + pid)).cpus());
    }

    private static ThreadPlacement readThread(final Path taskDir)
    {
        try
        {
            final int tid = Integer.parseInt(taskDir.getFileName().toString());
            final String name = Files.readString(taskDir.resolve("comm"), StandardCharsets.UTF_8).trim();
            for (final String line : Files.readAllLines(taskDir.resolve("status"), StandardCharsets.UTF_8))
            {
                if (line.startsWith(ALLOWED_LIST))
                {
                    return new ThreadPlacement(tid, name, line.substring(ALLOWED_LIST.length()).trim());
                }
            }
            throw new AffinityException("no " + ALLOWED_LIST + " in " + taskDir.resolve("status"));
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }
}
