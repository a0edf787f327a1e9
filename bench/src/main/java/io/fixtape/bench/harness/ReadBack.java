package io.fixtape.bench.harness;

import io.fixtape.nic.CpuAffinity;
import io.fixtape.nic.CpuList;
import io.fixtape.nic.ThreadPlacement;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * What a bench server process reports about itself, read from the running objects and from {@code /proc}, never
 * copied from its settings: the vocabulary both sides of {@code bench_profile.configured} / {@code read_back} use
 * (keys below), the hot threads with the CPUs the kernel allows them ({@code Cpus_allowed_list}) and the CPU each
 * last ran on ({@code /proc/self/task/TID/stat} field 39), and the JVM. Called at start-up, off the hot path.
 */
public final class ReadBack
{
    /** "off" | "on" | "n/a": dictionary validation of inbound messages. */
    public static final String VALIDATION = "validation";
    /** The store the session actually got: its class, and the mode derived from what it does. */
    public static final String STORE_CLASS = "store_class";
    public static final String STORE_MODE = "store_mode";
    /** {@code io.fixtape.engine.store.StoreSwitch.COMPILED_OUT} in the server JVM. */
    public static final String STORE_COMPILED_OUT = "store_compiled_out";
    public static final String JOURNAL_DURABILITY = "journal_durability";
    public static final String JOURNAL_PRETOUCH = "journal_pretouch";
    public static final String IDLE_STRATEGY = "idle_strategy";
    public static final String DIRECT_READ_CONNECTIONS = "direct_read_connections";
    public static final String ACCEPTOR_MODEL = "acceptor_model";
    public static final String ACCEPTOR_THREADS = "acceptor_threads";
    /** Union of the hot threads' {@code Cpus_allowed_list}, kernel syntax. */
    public static final String HOT_THREAD_CPUS = "hot_thread_cpus";
    /** The JVM's input arguments (configured side: the flags the harness put on the command line). */
    public static final String JVM_FLAGS = "jvm_flags";
    /** Floor only: bytes added to (or removed from) each request to make its reply, per request MsgType. */
    public static final String FLOOR_REPLY_DELTA = "floor_reply_delta_bytes";

    private static final long THREAD_WAIT_NS = 10_000_000_000L;

    private ReadBack()
    {
    }

    /**
     * This process's threads whose kernel name ({@code comm}, 15 characters at most) matches, each with its tid,
     * allowed CPUs and last CPU. Waits (bounded, 10 s) for at least one: a thread just started may not carry its
     * name yet.
     */
    public static List<Map<String, Object>> threads(final Predicate<String> name)
    {
        final long deadline = System.nanoTime() + THREAD_WAIT_NS;
        while (true)
        {
            final List<Map<String, Object>> out = new ArrayList<>();
            for (final ThreadPlacement thread : CpuAffinity.selfThreads())
            {
                if (name.test(thread.name()))
                {
                    final Map<String, Object> one = new LinkedHashMap<>();
                    one.put("thread", thread.name());
                    one.put("tid", thread.tid());
                    one.put("cpus_allowed", thread.cpus());
                    one.put("last_ran_on_cpu", lastCpu(thread.tid()));
                    out.add(one);
                }
            }
            if (!out.isEmpty() || System.nanoTime() - deadline > 0)
            {
                return out;
            }
            try
            {
                Thread.sleep(10); // start-up only: leave the one server CPU to the threads being started
            }
            catch (final InterruptedException e)
            {
                Thread.currentThread().interrupt();
                return out;
            }
        }
    }

    /** The union of the threads' {@code cpus_allowed}, or "(no hot thread found)". */
    public static String cpusOf(final List<Map<String, Object>> threads)
    {
        if (threads.isEmpty())
        {
            return "(no hot thread found)";
        }
        final TreeSet<String> distinct = new TreeSet<>();
        for (final Map<String, Object> thread : threads)
        {
            distinct.add(String.valueOf(thread.get("cpus_allowed")));
        }
        if (distinct.size() == 1)
        {
            return distinct.first();
        }
        final java.util.BitSet union = new java.util.BitSet();
        distinct.forEach(cpus -> union.or(CpuList.parse(cpus)));
        return CpuList.format(union);
    }

    /** Field 39 of {@code /proc/self/task/TID/stat}: the CPU the thread last ran on, -1 when unreadable. */
    public static int lastCpu(final int tid)
    {
        try
        {
            final String stat = Files.readString(Paths.get("/proc/self/task/" + tid + "/stat"), StandardCharsets.US_ASCII);
            // the name (field 2) is in parentheses and may contain spaces: count fields after its closing ')'
            final String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
            return Integer.parseInt(fields[39 - 3]);
        }
        catch (final IOException | RuntimeException e)
        {
            return -1;
        }
    }

    /** "off" / "on" for a boolean that says whether validation runs. */
    public static String onOff(final boolean on)
    {
        return on ? "on" : "off";
    }
}
