#!/usr/bin/env bash
# Journal append percentiles (docs/BENCHMARKS.md "Journal append"): JournalAppendBenchTest on the JDK bin/java-home
# picks, recipe full (3 runs x 1M appends per durability policy, with and without pre-touch) or smoke.
# Usage: bench/scripts/journal-append.sh [full|smoke] [OUT]   (OUT: where to copy the cells; one JSON object per line)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
recipe=${1:-full}
out=${2:-}
JAVA_HOME=$("$root/bin/java-home"); export JAVA_HOME
if "$JAVA_HOME/bin/java" -version 2>&1 | grep -q '"2[4-9]\|"[3-9][0-9]'; then
  export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
fi
cd "$root"
mvn -B -q -ntp -pl journal -am verify -Dtest=JournalAppendBenchTest -Dsurefire.failIfNoSpecifiedTests=false \
  -Djournal.bench="$recipe"
cat journal/target/journal-bench.txt
[[ -n "$out" ]] && cp journal/target/journal-bench.txt "$out"
exit 0
