#!/usr/bin/env bash
# Where does the time of creating a session's resend index go, and what page cache does its first write take, with
# and without the random-access advice? Runs io.fixtape.journal.ResendIndexCreateProbe (journal test classes) on
# FILES fresh index files per round in a directory on the file system of TMPDIR (put it on the journal's).
#   journal/scripts/resend-index-create.sh [FILES] [ROUNDS]
# Needs the test classes: mvn -B -q -ntp -pl journal -am test-compile; and bin/fixtape built once (classpath).
set -euo pipefail
source "$(dirname "$0")/probe-env.sh"
probe_dir resend-index-create
run_probe 256m ResendIndexCreateProbe "${1:-500}" "${2:-3}" "$dir"
