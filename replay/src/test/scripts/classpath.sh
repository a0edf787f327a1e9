#!/usr/bin/env bash
# Sourced by the fixture scripts: builds the replay module's test classes and sets $java, $flags and $cp
# (replay test classpath, sibling modules from the reactor) so that test-scope main classes can run.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../.." && pwd)
JAVA_HOME=$("$root/bin/java-home"); export JAVA_HOME
java="$JAVA_HOME/bin/java"
"$java" -version 2>&1 | grep -q '"2[4-9]\|"[3-9][0-9]' && export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
(cd "$root" && mvn -B -q -ntp -pl replay -am test-compile dependency:build-classpath \
  -Dmdep.includeScope=test -Dmdep.outputFile=target/test-classpath.txt >&2)
cp="$root/replay/target/test-classes:$root/replay/target/classes:$(cat "$root/replay/target/test-classpath.txt")"
flags=$(sed -n 's:.*<fixtape.jvm.flags>\(.*\)</fixtape.jvm.flags>.*:\1:p' "$root/pom.xml")
major=$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/.*java.specification.version = \([0-9]*\).*/\1/p')
if [ "${major:-17}" -ge 24 ]; then flags="$flags --sun-misc-unsafe-memory-access=allow"; fi
