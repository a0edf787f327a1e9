#!/usr/bin/env bash
# Every benchmark figure of docs/BENCHMARKS.md, in order, into OUTDIR:
#   1. micro benchmarks (JMH, recipe full)
#   2. round trips (recipe full: 20,000 warm-up + 20,000 measured x 3 runs at roundtrip.rate) for nos_er, md,
#      md_nos_er and tick_to_trade with floor, fixtape, quickfixj, artio
#   3. fixtape store modes side by side in one run: floor + fixtape[none], fixtape[store], fixtape[audit] (nos_er),
#      recipe long (200,000 warm-up + 20,000 measured x 3 runs; ~5.5 min)
#      and the stability diagnostic: floor + fixtape nos_er with all 3 runs in ONE process pair per arm
#   4. a capacity sweep per scenario, ladder 10k..500k iterations/s, all arms (capacity.warmup.seconds + capacity.measured.seconds
#      per rate from bench/standards.properties, a fresh process pair per rate; each arm climbs past its first failing
#      rate until it saturates — achieved < capacity.saturation.stop x offered — then stops)
#   5. the report (tables + PNG plots) over everything above
#   6. the acceptor models (floor + fixtape nos_er, one invocation per model) and their report
#   7. journal append percentiles (JournalAppendBenchTest, journal.bench=full; cells copied to OUTDIR/journal-bench.txt)
#   8. replay (replay/scripts/bench-replay.sh with OUT=OUTDIR/replay: inproc/tcp/aeron-ipc/aeron-udp)
# It prints the 1-minute load average before every step (a step started on a busy machine is not a quiet figure)
# and the total time. Budget on the 2-vCPU machine: about 30-35 minutes (step 1 ~8.5 min).
#
# Usage: bench/scripts/quiet-suite.sh [--dry-run] [--smoke] [--only REGEX] OUTDIR
#   --only     run only the steps whose command matches the (extended) REGEX, e.g. --only 'micro|tick_to_trade'
#   --dry-run  list the commands only
#   --smoke    the same steps at smoke size (recipe smoke everywhere: round trips 200/200/1, micro --quick, capacity
#              --recipe smoke = capacity.smoke.* seconds per rate, ladder 10000,25000): checks the suite end to end;
#              every cell and record is labelled smoke, never compared
set -euo pipefail

DRY=0
SMOKE=0
ONLY=""
while [[ "${1:-}" == --* ]]; do
    case "$1" in
        --dry-run) DRY=1 ;;
        --smoke) SMOKE=1 ;;
        --only) ONLY="$2"; shift ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
OUT="${1:?usage: bench/scripts/quiet-suite.sh [--dry-run] [--smoke] OUTDIR}"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
FIXTAPE="$ROOT/bin/fixtape"
ARMS=floor,fixtape,quickfixj,artio
LADDER=10000,25000,50000,75000,100000,150000,200000,300000,500000
SCENARIOS=(nos_er md md_nos_er tick_to_trade)
RECIPE=full
# store modes: recipe long (200,000 warm-up): the journaled modes' differences are a few µs, below what a JIT still
# compiling on the server's core leaves resolvable (docs/BENCHMARKS.md, "Store modes")
STORE_RECIPE=long
MICRO=""
CAPACITY_RECIPE=full
if [[ $SMOKE == 1 ]]; then
    RECIPE=smoke
    STORE_RECIPE=smoke
    MICRO=" --quick"
    LADDER=10000,25000
    CAPACITY_RECIPE=smoke
fi

STEPS=()
STEPS+=("$FIXTAPE bench micro$MICRO --json $OUT/micro.json")
for s in "${SCENARIOS[@]}"; do
    STEPS+=("$FIXTAPE bench roundtrip --scenario $s --arms $ARMS --recipe $RECIPE --json $OUT/roundtrip-$s.json --log-dir $OUT/logs/roundtrip-$s")
done
STEPS+=("$FIXTAPE bench roundtrip --scenario nos_er --arms floor,fixtape --store none,store,audit --recipe $STORE_RECIPE --json $OUT/roundtrip-nos_er-stores.json --log-dir $OUT/logs/roundtrip-nos_er-stores")
# stability diagnostic: the same recipe with all 3 runs in ONE process pair per arm (compare its cv with step 2's)
STEPS+=("$FIXTAPE bench roundtrip --scenario nos_er --arms floor,fixtape --recipe $RECIPE --runs-on-one-connection --json $OUT/roundtrip-nos_er-one-connection.json --log-dir $OUT/logs/roundtrip-nos_er-one-connection")
for s in "${SCENARIOS[@]}"; do
    STEPS+=("$FIXTAPE bench capacity --scenario $s --arms $ARMS --rates $LADDER --full-ladder --recipe $CAPACITY_RECIPE --json $OUT/capacity-$s.json --log-dir $OUT/logs/capacity-$s")
done
REPORT_INPUTS=""
for s in "${SCENARIOS[@]}"; do REPORT_INPUTS+=" $OUT/roundtrip-$s.json"; done
REPORT_INPUTS+=" $OUT/roundtrip-nos_er-stores.json $OUT/roundtrip-nos_er-one-connection.json"
for s in "${SCENARIOS[@]}"; do REPORT_INPUTS+=" $OUT/capacity-$s.json"; done
STEPS+=("$FIXTAPE bench report$REPORT_INPUTS --out $OUT/report")
MODEL_INPUTS=""
for m in single mono pool shard; do
    STEPS+=("$FIXTAPE bench roundtrip --scenario nos_er --arms floor,fixtape --model $m --recipe $RECIPE --json $OUT/roundtrip-nos_er-model-$m.json --log-dir $OUT/logs/roundtrip-nos_er-model-$m")
    MODEL_INPUTS+=" $OUT/roundtrip-nos_er-model-$m.json"
done
STEPS+=("$FIXTAPE bench report$MODEL_INPUTS --out $OUT/report-models")
JOURNAL_RECIPE=full
[[ $SMOKE == 1 ]] && JOURNAL_RECIPE=smoke
STEPS+=("$ROOT/bench/scripts/journal-append.sh $JOURNAL_RECIPE $OUT/journal-bench.txt")
if [[ $SMOKE == 1 ]]; then
    STEPS+=("env OUT=$OUT/replay ORDERS=20000 LATENCY_ORDERS=2000 WARMUP=1000 $ROOT/replay/scripts/bench-replay.sh")
else
    STEPS+=("env OUT=$OUT/replay $ROOT/replay/scripts/bench-replay.sh")
fi
if [[ -n "$ONLY" ]]; then
    KEPT=()
    for step in "${STEPS[@]}"; do [[ "$step" =~ $ONLY ]] && KEPT+=("$step"); done
    STEPS=("${KEPT[@]}")
fi

if [[ $DRY == 1 ]]; then
    printf '%s\n' "${STEPS[@]}"
    exit 0
fi

mkdir -p "$OUT"
# Build once up front so that no step pays for (or is slowed by) a rebuild.
"$FIXTAPE" --version > /dev/null 2>&1 || "$FIXTAPE" --help > /dev/null
START=$(date +%s)
FAILED=0
n=0
for step in "${STEPS[@]}"; do
    n=$((n + 1))
    echo "=== step $n/${#STEPS[@]} $(date -u +%H:%M:%S) load average: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "    $step"
    t0=$(date +%s)
    if ! $step 2>&1 | tee -a "$OUT/suite.log"; then
        echo "!!! step $n failed (exit ${PIPESTATUS[0]}): $step" | tee -a "$OUT/suite.log"
        FAILED=$((FAILED + 1))
    fi
    echo "=== step $n took $(( $(date +%s) - t0 )) s"
done
echo "=== quiet suite: ${#STEPS[@]} steps, $FAILED failed, total $(( $(date +%s) - START )) s; load average now $(cut -d' ' -f1-3 /proc/loadavg)"
echo "=== results in $OUT (report: $OUT/report/report.md)"
exit $(( FAILED > 0 ? 1 : 0 ))
