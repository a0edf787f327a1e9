#!/usr/bin/env bash
# Regenerates the replay fixtures in replay/src/test/resources/fixtures/: for each FIX version, a real fixtape
# acceptor (app exec, journal audit) and a QuickFIX/J 2.3.2 initiator (validation on) exchange fills, resting
# orders, cancels and a market-data snapshot over loopback; the acceptor's journal is the fixture.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/classpath.sh"
for begin in FIX.4.4 FIX.4.2; do
  name="$(echo "$begin" | tr -d '.' | tr 'A-Z' 'a-z')-exec"
  # shellcheck disable=SC2086
  "$java" $flags -cp "$cp" io.fixtape.replay.fixtures.FixtureRecorder "$root/replay/src/test/resources/fixtures/$name" "$begin"
done
du -sh "$root"/replay/src/test/resources/fixtures/*
# timer traffic: HeartBtInt=1 and two idle pauses, so Heartbeats from both sides sit between the orders
# shellcheck disable=SC2086
"$java" $flags -cp "$cp" io.fixtape.replay.fixtures.FixtureRecorder "$root/replay/src/test/resources/fixtures/fix44-heartbeats" FIX.4.4 0 1
du -sh "$root"/replay/src/test/resources/fixtures/fix44-heartbeats
