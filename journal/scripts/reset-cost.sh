#!/usr/bin/env bash
# What does a Logon that resets the sequence numbers (ResetOnLogon, 141=Y, a schedule reset) cost the journal, against
# one that does not? Runs io.fixtape.journal.ResetCostProbe (journal test classes): the store's reset plus the
# Logon's append, against the Logon's append alone, after ORDERS messages each round.
#   journal/scripts/reset-cost.sh [ROUNDS] [ORDERS]
# Needs the test classes: mvn -B -q -ntp -pl journal -am test-compile; and bin/fixtape built once (classpath).
set -euo pipefail
source "$(dirname "$0")/probe-env.sh"
probe_dir reset-cost
run_probe 256m ResetCostProbe "${1:-200}" "${2:-100}" "$dir"
