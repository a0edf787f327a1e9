#!/usr/bin/env python3
"""Markdown table of fixtape replay JSON results (one row per file): rate, completeness, latency of the
NewOrderSingle -> fill round trip. Cells are copied from the JSON as written, never recomputed."""
import json
import sys

print("| run | transport | store | pacing | in+out msgs | elapsed s | msg/s (in+out) | inbound/s | rate gate |"
      " D service p50/p99/p99.9 µs | D response p50/p99/p99.9 µs | alloc B | complete |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
for path in sys.argv[1:]:
    with open(path) as f:
        doc = json.load(f)
    profile, result = doc["bench_profile"], doc["result"]
    lat = result["latency_ns"].get("D", {})

    def cell(kind):
        h = lat.get(kind)
        if not h:
            return "-"
        return "%.1f / %.1f / %.1f" % (h["p50"] / 1e3, h["p99"] / 1e3, h["p99_9"] / 1e3)

    name = path.rsplit("/", 1)[-1][:-5]
    msgs = result["inbound_sent"] + result["outbound_replayed"]
    print("| %s | %s | %s | %s | %d | %.2f | %s | %s | %s | %s | %s | %s | %s |" % (
        name, profile["transport"], profile["store"], profile["pacing"], msgs, result["elapsed_ns"] / 1e9,
        "{:,}".format(result["messages_per_second"]), "{:,}".format(result["inbound_per_second"]),
        result["rate_gate"], cell("service"), cell("response"), result["replay_thread_allocated_bytes"],
        result["complete"]))
