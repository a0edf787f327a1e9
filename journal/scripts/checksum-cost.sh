#!/usr/bin/env bash
# What does the per-record CRC32C (journal format 2.0) cost on the append path? Runs
# io.fixtape.journal.ChecksumCostProbe (journal test classes): staging a record with and without the checksum,
# interleaved blocks in one JVM, median ns per record. For the whole append with the checksum in it, compare
# journal/scripts/journal-probe.sh journal 0 1000000 with the same run on a build of the previous format.
#   journal/scripts/checksum-cost.sh [BLOCKS] [RECORDS_PER_BLOCK]
# Needs the test classes: mvn -B -q -ntp -pl journal -am test-compile; and bin/fixtape built once (classpath).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
java="$(bin/java-home)/bin/java"
flags=$(sed -n 's:.*<fixtape.jvm.flags>\(.*\)</fixtape.jvm.flags>.*:\1:p' pom.xml)
cp="journal/target/test-classes:journal/target/classes:engine/target/classes:engine/target/test-classes:$(cat cli/target/classpath.txt)"
# shellcheck disable=SC2086
"$java" $flags --sun-misc-unsafe-memory-access=allow -Xms128m -Xmx128m -cp "$cp" io.fixtape.journal.ChecksumCostProbe "$@"
