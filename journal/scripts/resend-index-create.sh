#!/usr/bin/env bash
# Where does the time of creating a session's resend index go, and what page cache does its first write take, with
# and without the random-access advice? Runs io.fixtape.journal.ResendIndexCreateProbe (journal test classes) on
# FILES fresh index files per round in a directory on the file system of TMPDIR (put it on the journal's).
#   journal/scripts/resend-index-create.sh [FILES] [ROUNDS]
# Needs the test classes: mvn -B -q -ntp -pl journal -am test-compile; and bin/fixtape built once (classpath).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
java="$(bin/java-home)/bin/java"
flags=$(sed -n 's:.*<fixtape.jvm.flags>\(.*\)</fixtape.jvm.flags>.*:\1:p' pom.xml)
cp="journal/target/test-classes:journal/target/classes:engine/target/classes:engine/target/test-classes:$(cat cli/target/classpath.txt)"
dir=$(mktemp -d "${TMPDIR:-/tmp}/resend-index-create.XXXXXX")
trap 'rm -rf "$dir"' EXIT
# shellcheck disable=SC2086
"$java" $flags --sun-misc-unsafe-memory-access=allow -Xms256m -Xmx256m -cp "$cp" io.fixtape.journal.ResendIndexCreateProbe \
  "${1:-500}" "${2:-3}" "$dir"
