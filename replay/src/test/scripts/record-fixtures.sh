#!/usr/bin/env bash
# Regenerates the replay fixtures in replay/src/test/resources/fixtures/: for each FIX version, a real fixtape
# acceptor (app exec, journal audit) and a QuickFIX/J 2.3.2 initiator (validation on) exchange fills, resting
# orders, cancels and a market-data snapshot over loopback; the acceptor's journal is the fixture.
# Usage: record-fixtures.sh [NAME...]  (default: all of fix44-exec fix42-exec fix44-heartbeats fix44-exec-qfjlog)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(fix44-exec fix42-exec fix44-heartbeats fix44-exec-qfjlog)
source "$here/classpath.sh"
fixtures="$root/replay/src/test/resources/fixtures"
for name in "${names[@]}"; do
  case "$name" in
    fix44-exec) args=(FIX.4.4) ;;
    fix42-exec) args=(FIX.4.2) ;;
    # timer traffic: HeartBtInt=1 and two idle pauses, so Heartbeats from both sides sit between the orders
    fix44-heartbeats) args=(FIX.4.4 0 1) ;;
    # the same session with QuickFIX/J's own FileLog: the journal plus FIX.4.4-CLIENT-FIXTAPE.messages.log
    fix44-exec-qfjlog) args=(FIX.4.4 0 60 qfj-log) ;;
    *) echo "unknown fixture $name" >&2; exit 2 ;;
  esac
  # shellcheck disable=SC2086
  "$java" $flags -cp "$cp" io.fixtape.replay.fixtures.FixtureRecorder "$fixtures/$name" "${args[@]}"
  du -sh "$fixtures/$name"
done
