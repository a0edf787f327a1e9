#!/usr/bin/env bash
# Replay benchmarks for docs/BENCHMARKS.md ("Replay throughput", "Store modes"). Run on a quiet machine (check `uptime`).
#   ORDERS          orders in the throughput recording (default 1,000,000: 2,000,004 messages with the fills)
#   LATENCY_ORDERS  orders in the latency recording (default 100,000)
#   RATE            offered inbound rate for the latency runs (default 20,000/s)
#   WARMUP          inbound messages per warm-up round at max pace, replayed into a throw-away engine (default 100,000)
#   LATENCY_WARMUP  the same for the paced runs (default 20,000: one round takes a second at 20,000/s)
#   WARMUP_ROUNDS   warm-up rounds at most: they stop at the first round with <= 2% of its time in JIT compilation
#                   (default 20; one round can leave C2 compiling the engine inside the measured window — each
#                   result reports its JIT ms in the window)
#   RUNS            runs of each inproc max-pace cell, none and audit interleaved (default 3)
#   OUT             where recordings and JSON results go (default /tmp/fixtape-replay-bench)
# Steps: generate a counterparty stream, replay it once with the engine's journal kept (that journal is a full
# recording: inbound + the engine's fills in causal order), then replay the recording: inproc at max pace with the
# journal in audit (once with --diff) and none mode, RUNS times each, inproc with the engine on its own thread, every
# other transport at max pace, inproc none and every transport with audit at RATE.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
orders=${ORDERS:-1000000}
latency_orders=${LATENCY_ORDERS:-100000}
rate=${RATE:-20000}
warmup=${WARMUP:-100000}
latency_warmup=${LATENCY_WARMUP:-20000}
warmup_rounds=${WARMUP_ROUNDS:-20}
runs=${RUNS:-3}
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

run() { # NAME WARMUP ARGS...
  local name=$1 warm=$2; shift 2
  echo "== $name: bin/fixtape replay $* --warmup $warm --warmup-rounds $warmup_rounds" | tee -a "$out/runs.txt"
  bin/fixtape replay "$@" --warmup "$warm" --warmup-rounds "$warmup_rounds" --json "$out/$name.json" --no-progress \
    2>&1 | grep -v '^WARNING' | tee -a "$out/runs.txt"
}
run inproc-audit-max-diff "$warmup" "$out/big" --transport inproc --journal-mode audit --diff
for i in $(seq 1 "$runs"); do
  run "inproc-none-max-$i" "$warmup" "$out/big" --transport inproc --journal-mode none
  run "inproc-audit-max-$i" "$warmup" "$out/big" --transport inproc --journal-mode audit
done
# the engine on its own thread (as with the other transports): counterparty framing and SHA-256 off its core
run inproc-engine-thread-audit-max "$warmup" "$out/big" --transport inproc --engine-thread --journal-mode audit
run inproc-engine-thread-none-max "$warmup" "$out/big" --transport inproc --engine-thread --journal-mode none
for t in tcp aeron-ipc aeron-udp; do
  run "$t-audit-max" "$warmup" "$out/big" --transport "$t" --journal-mode audit
done
run "inproc-none-rate$rate" "$latency_warmup" "$out/small" --transport inproc --journal-mode none --rate "$rate"
for t in inproc tcp aeron-ipc aeron-udp; do
  run "$t-audit-rate$rate" "$latency_warmup" "$out/small" --transport "$t" --journal-mode audit --rate "$rate"
done
echo "load after: $(uptime)" | tee -a "$out/load.txt"
python3 "$root/replay/scripts/replay-table.py" "$out"/*.json
