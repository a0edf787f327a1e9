#!/usr/bin/env bash
# Where does a journal append's time go? Runs io.fixtape.journal.JournalProbe (journal test classes) once.
#   journal/scripts/journal-probe.sh VARIANT GAP_NS COUNT [PRETOUCH] [extra JVM options]
#   VARIANT  chronicle (raw writingDocument + record) | journal (Journal.append) | store (ChronicleMessageStore.onOutbound)
#   GAP_NS   0 = closed loop; N = busy gap of N ns before each append (a poller at 1e9/N messages/s)
#   PRETOUCH true | false (default false)
#   journal/scripts/journal-probe.sh ab GAP_NS BLOCKS: Chronicle's writingDocument() against the journal's
#   writeBytes path, interleaved in one JVM (io.fixtape.journal.AppendPathAB)
# Prints p50/p90/p99/p99.9/max ns per append, the writer thread's CPU (and system) ns per append, minor faults.
# Needs the test classes: mvn -B -q -ntp -pl journal -am test-compile; and bin/fixtape built once (classpath).
set -euo pipefail
source "$(dirname "$0")/probe-env.sh"
variant=$1 gap=$2 count=$3 pretouch=${4:-false}
if [ "$variant" = ab ]; then
  probe_dir journal-probe
  run_probe 256m AppendPathAB "$gap" "$count" "$dir"
  exit $?
fi
shift 3; [ $# -gt 0 ] && shift
probe_dir journal-probe
# shellcheck disable=SC2086
"$java" $flags --sun-misc-unsafe-memory-access=allow -Xms256m -Xmx256m "$@" -cp "$cp" io.fixtape.journal.JournalProbe \
  "$variant" "$gap" "$count" "$dir" "$pretouch"
