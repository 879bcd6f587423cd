#!/usr/bin/env bash
#
# Under a stream of mail the daemon sends as it takes: 64 mails wait
# in the Maildir when mupbemd goes on (it was stopped with SIGSTOP while
# they came), and the first reply must go out before the last mail is
# taken, not after all 64 (docs/mail.md, The path of a mail): with
# [server] batch = 16, a transaction takes 16 of them.  The
# latency figures themselves come from scripts/bench-latency.sh.
# TAP-like output.
#
# make check sets MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/batch-test.XXXXXX") || exit 99
daemon=
cleanup() {
	[ -n "$daemon" ] && kill "$daemon" 2>/dev/null &&
	    kill -CONT "$daemon" && wait "$daemon"
	rm -rf "$tmp"
}
trap cleanup EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"

mkdir -p Maildir/new Maildir/cur Maildir/tmp
printf '[server]\naddress = games@localhost\nbatch = 16\n' >mupbem.conf
: >log
"$MUPBEMD" -c mupbem.conf 2>>log &
daemon=$!
i=0
until grep -q started log; do
	i=$((i + 1))
	[ "$i" -gt "$(tap_scale 300)" ] && break
	sleep 0.1
done

begin
kill -STOP "$daemon"
for i in $(seq 1 64); do
	printf 'From: p%d@example.org\nTo: games@localhost\nSubject: x\nMessage-ID: <batch.%d@example.org>\n\ngames\n' \
	    "$i" "$i" >"Maildir/tmp/$i"
	mv "Maildir/tmp/$i" "Maildir/new/$(printf '%05d' "$i").test"
done
kill -CONT "$daemon"
i=0
until [ "$(ls outbox/new 2>/dev/null | wc -l)" -ge 64 ]; do
	i=$((i + 1))
	[ "$i" -gt "$(tap_scale 300)" ] &&
	    { why+=("not 64 replies in $(tap_scale 30) s"); break; }
	sleep 0.1
done
first_sent=$(grep -n ': sent to ' log | head -1 | cut -d: -f1)
last_taken=$(grep -n 'p64@example.org: registered' log | cut -d: -f1)
[ -n "$first_sent" ] && [ -n "$last_taken" ] &&
    [ "$first_sent" -lt "$last_taken" ] ||
    why+=("first reply at log line ${first_sent:-none}, last mail taken at ${last_taken:-none}")
end "64 mails waiting: the first reply goes out before the last mail is taken"

tap_done
