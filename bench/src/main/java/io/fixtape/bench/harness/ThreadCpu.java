package io.fixtape.bench.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Per-thread CPU accounting of one process from {@code /proc/PID/task/TID/schedstat} (time on CPU, time runnable
 * but waiting for a CPU — the kernel's run_delay —, and time slices): two snapshots around a run say which
 * threads of a pinned JVM used its one core during the run (JIT, GC, the hot thread ...) and how long the hot
 * thread waited for it. Stability evidence, read outside the measured path. Immutable snapshots.
 */
public final class ThreadCpu
{
    private final Map<Long, long[]> stats;
    private final Map<Long, String> names;

    private ThreadCpu(final Map<Long, long[]> stats, final Map<Long, String> names)
    {
        this.stats = stats;
        this.names = names;
    }

    public static ThreadCpu snapshot(final long pid)
    {
        final Map<Long, long[]> stats = new HashMap<>();
        final Map<Long, String> names = new HashMap<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Paths.get("/proc/" + pid + "/task")))
        {
            for (final Path task : tasks)
            {
                try
                {
                    final String[] fields = Files.readString(task.resolve("schedstat"), StandardCharsets.US_ASCII)
                        .trim().split("\\s+");
                    final long tid = Long.parseLong(task.getFileName().toString());
                    stats.put(tid, new long[] {Long.parseLong(fields[0]), Long.parseLong(fields[1]),
                        Long.parseLong(fields[2])});
                    names.put(tid, Files.readString(task.resolve("comm"), StandardCharsets.US_ASCII).trim());
                }
                catch (final IOException | RuntimeException ignored)
                {
                    // the thread ended between the listing and the read
                }
            }
        }
        catch (final IOException ignored)
        {
            // not Linux or the process is gone: an empty snapshot
        }
        return new ThreadCpu(stats, names);
    }

    /**
     * The threads that ran between {@code before} and this snapshot, most CPU first (at most {@code top}), each
     * with {@code cpu_ms}, {@code wait_ms} (runnable, not running) and {@code slices}; threads born in between
     * count from zero.
     */
    public List<Map<String, Object>> since(final ThreadCpu before, final int top)
    {
        final List<Map<String, Object>> out = new ArrayList<>();
        for (final Map.Entry<Long, long[]> entry : stats.entrySet())
        {
            final long[] now = entry.getValue();
            final long[] then = before.stats.getOrDefault(entry.getKey(), new long[3]);
            final long cpuNs = now[0] - then[0];
            if (cpuNs <= 0 && now[1] - then[1] <= 0)
            {
                continue;
            }
            final Map<String, Object> thread = new LinkedHashMap<>();
            thread.put("thread", names.get(entry.getKey()));
            thread.put("tid", entry.getKey());
            thread.put("cpu_ms", Math.round(cpuNs / 1e4) / 100.0);
            thread.put("wait_ms", Math.round((now[1] - then[1]) / 1e4) / 100.0);
            thread.put("slices", now[2] - then[2]);
            out.add(thread);
        }
        out.sort((a, b) -> Double.compare((Double)b.get("cpu_ms"), (Double)a.get("cpu_ms")));
        return out.size() > top ? new ArrayList<>(out.subList(0, top)) : out;
    }

    /**
     * CPU time (ms) each thread name used between {@code before} and this snapshot, for the threads that used at
     * least 0.1 ms (threads of one name, e.g. several GC workers, are summed): one point of a timeline.
     */
    public Map<String, Object> cpuMsByThread(final ThreadCpu before)
    {
        final Map<String, Double> byName = new LinkedHashMap<>();
        for (final Map.Entry<Long, long[]> entry : stats.entrySet())
        {
            final long cpuNs = entry.getValue()[0] - before.stats.getOrDefault(entry.getKey(), new long[3])[0];
            if (cpuNs > 0)
            {
                byName.merge(names.get(entry.getKey()), cpuNs / 1e6, Double::sum);
            }
        }
        final Map<String, Object> out = new LinkedHashMap<>();
        byName.entrySet().stream().filter(e -> e.getValue() >= 0.1)
            .sorted((a, b) -> Double.compare(b.getValue(), a.getValue()))
            .forEach(e -> out.put(e.getKey(), Math.round(e.getValue() * 10) / 10.0));
        return out;
    }
}
