#!/usr/bin/env bash
# Replay benchmarks for docs/BENCHMARKS.md "Replay". Run on a quiet machine (check `uptime` first).
#   ORDERS          orders in the throughput recording (default 1,000,000: 2,000,004 messages with the fills)
#   LATENCY_ORDERS  orders in the latency recording (default 100,000)
#   RATE            offered inbound rate for the latency runs (default 20,000/s)
#   WARMUP          inbound messages replayed into a throw-away engine before each measured run (default 20,000)
#   OUT             where recordings and JSON results go (default /tmp/fixtape-replay-bench)
# Steps: generate a counterparty stream, replay it once with the engine's journal kept (that journal is a full
# recording: inbound + the engine's fills in causal order), then replay the recording: inproc at max pace with the
# journal in audit and none mode (with --diff on audit), inproc with the engine on its own thread, every transport
# at max pace, every transport at RATE.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
orders=${ORDERS:-1000000}
latency_orders=${LATENCY_ORDERS:-100000}
rate=${RATE:-20000}
warmup=${WARMUP:-20000}
out=${OUT:-/tmp/fixtape-replay-bench}
rm -rf "$out"
mkdir -p "$out"
echo "load before: $(uptime)" | tee "$out/load.txt"

record() { # ORDERS NAME
  bin/fixtape import synthetic --orders "$1" --out "$out/$2-stream" >/dev/null
  bin/fixtape replay "$out/$2-stream" --journal-mode audit --keep-journal "$out/$2" --no-progress >/dev/null
}
record "$orders" big
record "$latency_orders" small

run() { # NAME ARGS...
  local name=$1; shift
  echo "== $name: bin/fixtape replay $*" | tee -a "$out/runs.txt"
  bin/fixtape replay "$@" --warmup "$warmup" --json "$out/$name.json" --no-progress 2>&1 | grep -v '^WARNING' | tee -a "$out/runs.txt"
}
run inproc-audit-max-diff "$out/big" --transport inproc --journal-mode audit --diff
run inproc-none-max "$out/big" --transport inproc --journal-mode none
# the engine on its own thread (as with the other transports): counterparty framing and SHA-256 off its core
run inproc-engine-thread-audit-max "$out/big" --transport inproc --engine-thread --journal-mode audit
run inproc-engine-thread-none-max "$out/big" --transport inproc --engine-thread --journal-mode none
for t in inproc tcp aeron-ipc aeron-udp; do
  run "$t-audit-max" "$out/big" --transport "$t" --journal-mode audit
done
for t in inproc tcp aeron-ipc aeron-udp; do
  run "$t-audit-rate$rate" "$out/small" --transport "$t" --journal-mode audit --rate "$rate"
done
echo "load after: $(uptime)" | tee -a "$out/load.txt"
python3 "$root/replay/scripts/replay-table.py" "$out"/*.json
