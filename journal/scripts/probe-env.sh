# Sourced by the journal's probe scripts: works from the repository root, with the JDK bin/fixtape chooses, the JVM
# flags of the parent pom (the one place they live) and the journal's test classes on the classpath.
# Needs the test classes: mvn -B -q -ntp -pl journal -am test-compile; and bin/fixtape built once (classpath).
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
java="$(bin/java-home)/bin/java"
flags=$(sed -n 's:.*<fixtape.jvm.flags>\(.*\)</fixtape.jvm.flags>.*:\1:p' pom.xml)
cp="journal/target/test-classes:journal/target/classes:engine/target/classes:engine/target/test-classes:$(cat cli/target/classpath.txt)"

# probe_dir NAME: sets $dir to a fresh directory under TMPDIR, removed when the script exits.
probe_dir() {
  dir=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")
  trap 'rm -rf "$dir"' EXIT
}

# run_probe HEAP CLASS [ARGS...]: runs io.fixtape.journal.CLASS with the project's JVM flags and a fixed heap.
run_probe() {
  local heap=$1 class=$2
  shift 2
  # shellcheck disable=SC2086
  "$java" $flags --sun-misc-unsafe-memory-access=allow "-Xms$heap" "-Xmx$heap" -cp "$cp" "io.fixtape.journal.$class" "$@"
}
