package io.fixtape.bench.harness.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the whole machine's CPUs did during one run, from two readings of {@code /proc/stat} (busy, idle and steal
 * ticks over all CPUs) and {@code /proc/pressure/cpu} (PSI "some": time at least one runnable task waited for a
 * CPU). Steal is time the hypervisor did not run a vCPU that wanted to run; PSI is contention inside the guest.
 * Both are evidence for (or against) "the machine moved the p50", recorded per run. Immutable.
 */
record CpuSample(long busyTicks, long idleTicks, long stealTicks, long pressureSomeUs, long nanoTime)
{
    static CpuSample now()
    {
        long busy = 0;
        long idle = 0;
        long steal = 0;
        long pressure = -1;
        try
        {
            final String[] cpu = Files.readAllLines(Paths.get("/proc/stat"), StandardCharsets.US_ASCII).get(0)
                .trim().split("\\s+");
            // cpu user nice system idle iowait irq softirq steal ...
            for (int i = 1; i < cpu.length && i <= 8; i++)
            {
                final long ticks = Long.parseLong(cpu[i]);
                if (i == 4 || i == 5)
                {
                    idle += ticks;
                }
                else if (i == 8)
                {
                    steal += ticks;
                }
                else
                {
                    busy += ticks;
                }
            }
        }
        catch (final IOException | RuntimeException ignored)
        {
            // not Linux: zeros
        }
        try
        {
            for (final String line : Files.readAllLines(Paths.get("/proc/pressure/cpu"), StandardCharsets.US_ASCII))
            {
                if (line.startsWith("some"))
                {
                    pressure = Long.parseLong(line.substring(line.indexOf("total=") + 6).trim());
                }
            }
        }
        catch (final IOException | RuntimeException ignored)
        {
            // no PSI in this kernel: reported as -1
        }
        return new CpuSample(busy, idle, steal, pressure, System.nanoTime());
    }

    /** The interval from {@code before} to this reading. */
    Map<String, Object> since(final CpuSample before)
    {
        final long busy = busyTicks - before.busyTicks;
        final long idle = idleTicks - before.idleTicks;
        final long steal = stealTicks - before.stealTicks;
        final long total = busy + idle + steal;
        final double seconds = (nanoTime - before.nanoTime) / 1e9;
        final Map<String, Object> out = new LinkedHashMap<>();
        out.put("seconds", Math.round(seconds * 1000) / 1000.0);
        out.put("busy_pct_all_cpus", total == 0 ? 0 : Math.round(1000.0 * busy / total) / 10.0);
        out.put("steal_pct_all_cpus", total == 0 ? 0 : Math.round(1000.0 * steal / total) / 10.0);
        out.put("cpu_pressure_some_pct", pressureSomeUs < 0 || seconds <= 0 ? null
            : Math.round((pressureSomeUs - before.pressureSomeUs) / (seconds * 1e6) * 1000) / 10.0);
        return out;
    }
}
