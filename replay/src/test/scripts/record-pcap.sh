#!/usr/bin/env bash
# Makes the pcap fixture: the FIX.4.4 fixture session (fixtape acceptor vs QuickFIX/J initiator) on a fixed
# loopback port, captured with tcpdump -i lo. Needs root (or CAP_NET_RAW) and tcpdump (apt-get install -y tcpdump).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/classpath.sh"
port=${PORT:-39876}
out="$root/replay/src/test/resources/fixtures/fix44-exec-lo.pcap"
tmp=$(mktemp -d)
tcpdump -i lo -w "$out" -U -s 0 "tcp port $port" 2>"$tmp/tcpdump.log" &
dump=$!
sleep 1 # tcpdump needs a moment to attach before the session starts
# shellcheck disable=SC2086
"$java" $flags -cp "$cp" io.fixtape.replay.fixtures.FixtureRecorder "$tmp/journal" FIX.4.4 "$port"
sleep 1
kill -INT "$dump"
wait "$dump" || true
cat "$tmp/tcpdump.log" >&2
rm -rf "$tmp"
ls -la "$out"
