#!/usr/bin/env bash
# How fast does `fixtape journal verify` check a journal? Writes COUNT records (default 2,000,000) into a fresh
# journal and verifies it RUNS times (default 3; the first reads from disk, later ones from the page cache).
#   journal/scripts/verify-speed.sh [COUNT] [RUNS]
# Needs the test classes: mvn -B -q -ntp -pl journal -am test-compile; and bin/fixtape built once (classpath).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
java="$(bin/java-home)/bin/java"
flags=$(sed -n 's:.*<fixtape.jvm.flags>\(.*\)</fixtape.jvm.flags>.*:\1:p' pom.xml)
cp="journal/target/test-classes:journal/target/classes:engine/target/classes:engine/target/test-classes:$(cat cli/target/classpath.txt)"
dir=$(mktemp -d "${TMPDIR:-/tmp}/verify-speed.XXXXXX")
trap 'rm -rf "$dir"' EXIT
# shellcheck disable=SC2086
"$java" $flags --sun-misc-unsafe-memory-access=allow -Xms256m -Xmx256m -cp "$cp" io.fixtape.journal.VerifySpeedProbe \
  "${1:-2000000}" "${2:-3}" "$dir"
