#!/usr/bin/env python3
"""trace-preemption.py PERF_DATA [COMM=java] [WINDOW_S=5.3] [MIN_MS=0.2]: why a spinning thread was off its CPU.

Record first, system-wide, while the run is on:  perf record -a -e sched:sched_switch -o PERF_DATA -- sleep S
(e.g. beside `bin/fixtape replay R --transport inproc --rate 20000 ...`). The thread studied is the one named COMM
with the most involuntary (R-state) switch-outs — a busy-spinning thread such as the replay thread. For the last
WINDOW_S seconds of its activity (the measured window), every stretch off its CPU longer than MIN_MS is printed with
the state it left in (R: preempted, S: slept, D: waited in the kernel) and the tasks that ran on that CPU meanwhile;
then the off-CPU time summed by (state, first task that ran)."""
import collections
import re
import subprocess
import sys

data = sys.argv[1]
comm = sys.argv[2] if len(sys.argv) > 2 else "java"
window = float(sys.argv[3]) if len(sys.argv) > 3 else 5.3
min_s = (float(sys.argv[4]) if len(sys.argv) > 4 else 0.2) / 1e3
text = subprocess.run(["perf", "script", "-i", data, "-F", "cpu,time,trace"], capture_output=True, text=True).stdout
pattern = re.compile(r"\s*\[(\d+)\]\s+([\d.]+):\s+prev_comm=(.*?) prev_pid=(\d+) prev_prio=\d+ prev_state=(\S+) "
                     r"==> next_comm=(.*?) next_pid=(\d+)")
events = []
for line in text.splitlines():
    m = pattern.match(line)
    if m:
        events.append((int(m.group(1)), float(m.group(2)), m.group(3), int(m.group(4)), m.group(5), m.group(6),
                       int(m.group(7))))
preempted = collections.Counter(e[3] for e in events if e[2] == comm and e[4].startswith("R"))
if not preempted:
    sys.exit("no preempted thread named %s in %s" % (comm, data))
tid = preempted.most_common(1)[0][0]
end = max(e[1] for e in events if e[3] == tid or e[6] == tid)
start = end - window
stretches, out = [], None
for cpu, t, _, prev, state, _, nxt in events:
    if prev == tid:
        out = (t, cpu, state)
    if nxt == tid and out:
        if out[0] >= start:
            stretches.append((out[0], t - out[0], out[1], out[2]))
        out = None
print("thread %d (%s): %d switch-outs in its last %.1f s, %.1f ms off its CPU; by state %s" % (
    tid, comm, len(stretches), window, sum(s[1] for s in stretches) * 1e3,
    dict(collections.Counter(s[3] for s in stretches))))
totals = collections.Counter()
for t0, d, cpu, state in stretches:
    if d < min_s:
        continue
    ran = [e[5] for e in events if e[0] == cpu and t0 <= e[1] < t0 + d]
    totals["%s: %s" % (state, ran[0] if ran else "?")] += d * 1e3
    print("  +%.3f s  off %.2f ms (%s) cpu%d, ran meanwhile: %s" % (
        t0 - start, d * 1e3, state, cpu, ", ".join("%s x%d" % kv for kv in collections.Counter(ran).most_common(3))))
print("off-CPU ms by (state: first task that ran):", ", ".join("%s %.1f" % kv for kv in totals.most_common(10)))
