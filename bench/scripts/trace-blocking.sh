#!/bin/bash
# trace-blocking.sh COMM OUT: record, system-wide until SIGINT, every blocking (D-state, uninterruptible) sleep of
# threads named COMM (e.g. fixtape-poller) with its kernel stack, plus their switch-ins, so that
# trace-blocking.py OUT [MIN_MS] can print how long each sleep lasted and where it blocked. Needs perf and root.
# Records until interrupted (SIGINT).
COMM=$1; OUT=$2
exec perf record -a -g -o "$OUT" -e sched:sched_switch \
  --filter "(prev_comm == \"$COMM\" && prev_state == 2) || next_comm == \"$COMM\"" 2>/dev/null
