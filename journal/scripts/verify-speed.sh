#!/usr/bin/env bash
# How fast does `fixtape journal verify` check a journal? Writes COUNT records (default 2,000,000) into a fresh
# journal and verifies it RUNS times (default 3; the first reads from disk, later ones from the page cache).
#   journal/scripts/verify-speed.sh [COUNT] [RUNS]
# Needs the test classes: mvn -B -q -ntp -pl journal -am test-compile; and bin/fixtape built once (classpath).
set -euo pipefail
source "$(dirname "$0")/probe-env.sh"
probe_dir verify-speed
run_probe 256m VerifySpeedProbe "${1:-2000000}" "${2:-3}" "$dir"
