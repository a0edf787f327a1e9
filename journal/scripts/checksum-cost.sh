#!/usr/bin/env bash
# What does the per-record CRC32C (journal format 2.0) cost on the append path? Runs
# io.fixtape.journal.ChecksumCostProbe (journal test classes): staging a record with and without the checksum,
# interleaved blocks in one JVM, median ns per record. For the whole append with the checksum in it, compare
# journal/scripts/journal-probe.sh journal 0 1000000 with the same run on a build of the previous format.
#   journal/scripts/checksum-cost.sh [BLOCKS] [RECORDS_PER_BLOCK]
# Needs the test classes: mvn -B -q -ntp -pl journal -am test-compile; and bin/fixtape built once (classpath).
set -euo pipefail
source "$(dirname "$0")/probe-env.sh"
run_probe 128m ChecksumCostProbe "$@"
