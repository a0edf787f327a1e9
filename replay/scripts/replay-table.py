#!/usr/bin/env python3
"""Markdown table of fixtape replay JSON results (one row per file): rate, completeness, latency of the
NewOrderSingle -> fill round trip. Cells are copied from the JSON as written, never recomputed."""
import json
import sys

print("| run | transport | engine thread | store | pacing | in+out msgs | elapsed s | msg/s (in+out) | inbound/s |"
      " rate gate | D service p50/p99/p99.9 µs | D response p50/p99/p99.9 µs | CPU ns/msg replay / engine thread |"
      " alloc B | JIT ms in window | warm-up rounds | complete |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
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
    # a result without engine_on_replay_thread: the engine ran on the replay thread for inproc only
    on_replay_thread = result.get("engine_on_replay_thread", profile["transport"] == "inproc")
    engine_cpu = result.get("engine_thread_cpu_ns_per_message", -1)
    cpu = "%s / %s" % (result.get("replay_thread_cpu_ns_per_message", "-"),
                       "(on replay thread)" if on_replay_thread else ("-" if engine_cpu in (-1, "-1.0") else engine_cpu))
    # a result without the JIT time in the window or the warm-up description shows '-'
    jit = result.get("jit_compile_ms_in_window", "-")
    warm = profile.get("warmup", "-")
    warm_rounds = warm.split(" ", 1)[0] + (" (JIT quiet)" if "JIT quiet" in warm else "") if warm not in ("-", "none") else warm
    print("| %s | %s | %s | %s | %s | %d | %.2f | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
        name, profile["transport"], "no" if on_replay_thread else "yes", profile["store"], profile["pacing"], msgs,
        result["elapsed_ns"] / 1e9, "{:,}".format(result["messages_per_second"]),
        "{:,}".format(result["inbound_per_second"]), result["rate_gate"], cell("service"), cell("response"), cpu,
        result["replay_thread_allocated_bytes"], jit, warm_rounds, result["complete"]))
