#!/usr/bin/env python3
"""latency-periodicity.py CSV [SLOW_NS=4000] [MSG_TYPE=D]: the shape of a replay's tail from `fixtape replay
--latency-log CSV`: service-time percentiles, the share of messages slower than SLOW_NS, the median of those, and
how many messages apart consecutive slow ones are (a peak at one distance means a periodic cause, e.g. one slow
message per 4 KiB of journal written: ~9 orders with `audit`, ~16 with `store`)."""
import collections
import csv
import sys

path = sys.argv[1]
slow_ns = int(sys.argv[2]) if len(sys.argv) > 2 else 4000
msg_type = sys.argv[3] if len(sys.argv) > 3 else "D"
svc = [int(r["service_ns"]) for r in csv.DictReader(open(path)) if r["service_ns"] and r["msg_type"] == msg_type]
n = len(svc)
if n == 0:
    sys.exit("no answered %s messages in %s" % (msg_type, path))
s = sorted(svc)
slow = [i for i, v in enumerate(svc) if v > slow_ns]
slow_values = sorted(svc[i] for i in slow)
gaps = collections.Counter(b - a for a, b in zip(slow, slow[1:]))
print("%s: %d answered %s; service ns p50 %d p90 %d p99 %d p99.9 %d max %d" % (
    path, n, msg_type, s[n // 2], s[int(n * .9)], s[int(n * .99)], s[int(n * .999)], s[-1]))
print("slower than %d ns: %d (%.1f %%), their median %d ns" % (
    slow_ns, len(slow), 100.0 * len(slow) / n, slow_values[len(slow_values) // 2] if slow_values else 0))
print("messages between consecutive slow ones (distance: count), most common first:",
      ", ".join("%d: %d" % kv for kv in gaps.most_common(8)))
