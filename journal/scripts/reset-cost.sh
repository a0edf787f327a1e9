#!/usr/bin/env bash
# What does a Logon that resets the sequence numbers (ResetOnLogon, 141=Y, a schedule reset) cost the journal, against
# one that does not? Runs io.fixtape.journal.ResetCostProbe (journal test classes): the store's reset plus the
# Logon's append, against the Logon's append alone, after ORDERS messages each round.
#   journal/scripts/reset-cost.sh [ROUNDS] [ORDERS]
# Needs the test classes: mvn -B -q -ntp -pl journal -am test-compile; and bin/fixtape built once (classpath).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
java="$(bin/java-home)/bin/java"
flags=$(sed -n 's:.*<fixtape.jvm.flags>\(.*\)</fixtape.jvm.flags>.*:\1:p' pom.xml)
cp="journal/target/test-classes:journal/target/classes:engine/target/classes:engine/target/test-classes:$(cat cli/target/classpath.txt)"
dir=$(mktemp -d "${TMPDIR:-/tmp}/reset-cost.XXXXXX")
trap 'rm -rf "$dir"' EXIT
# shellcheck disable=SC2086
"$java" $flags --sun-misc-unsafe-memory-access=allow -Xms256m -Xmx256m -cp "$cp" io.fixtape.journal.ResetCostProbe \
  "${1:-200}" "${2:-100}" "$dir"
