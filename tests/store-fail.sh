#!/usr/bin/env bash
#
# The store fails under a running mupbemd: the disk fills up (a small
# tmpfs), another process holds the write lock past the busy timeout,
# the file system turns read-only.  Each time a burst of one game's
# turns waits in the Maildir; once the failure ends, every turn must be
# applied, in order, none refused, lost or applied twice, without a
# restart.  And a store that cannot be written is refused at start.
# The tmpfs parts need root (mount); they are skipped without it.
# TAP-like output.
#
# make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/store-fail-test.XXXXXX") || exit 99
mnt=$tmp/mnt
mkdir "$mnt"
daemon=
cleanup() {
	cd /
	[ -n "$daemon" ] && kill "$daemon" 2>/dev/null && kill -CONT "$daemon" &&
	    wait "$daemon"
	mountpoint -q "$mnt" && umount "$mnt"
	[ -n "${KEEP:-}" ] || rm -rf "$tmp"
}
trap cleanup EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"

. "$here/service-lib.sh"

A=alice@example.org B=bob@example.org

# setup STORE: a fresh server on the store at STORE, with G1 (velox,
# alice against bob) started, and the next $1 turns planned in "plan"
# as "ADDRESS|#N TURN", in rec the record they make.
setup() {
	local i mv line colour
	rm -f "$1" "$1-wal" "$1-shm"
	fresh "policy = from\ndatabase = $1\n[mailbox]\npoll_interval = 600\n"
	mp_mail "$A" games@localhost "x" "new velox with $B"
	run
	mp_mail "$B" games@localhost "x" "accept G1"
	run
	"$MUPBEM" --db "$1" export G1 >rec
	: >plan
	for i in $(seq 1 "$2"); do
		mv=$("$MUPBEM" robot --seed "$i" rec) &&
		    "$MUPBEM" play rec "$mv" >/dev/null || break
		line=$(tail -1 rec)
		colour=$(echo "$line" | cut -d' ' -f2)
		echo "$(sed -n "s/^seat $colour //p" rec)|#${line%% *} ${line#* * }" \
		    >>plan
	done
	[ "$(wc -l <plan)" -eq "$2" ] || why+=("planned $(wc -l <plan) turns")
}

# start: mupbemd runs, logging to log, from now on.
start() {
	: >log
	"$MUPBEMD" -c mupbem.conf -v 2>>log &
	daemon=$!
}

# stop: mupbemd ends.
stop() {
	kill "$daemon" 2>/dev/null
	wait "$daemon"
	daemon=
}

# stage FILE: a delivery held back in Maildir/tmp until play ends.
stage() {
	cp "$1" "Maildir/tmp/$(date +%s%N).$$.$RANDOM.test"
}

# play: the planned turns arrive, in order, while mupbemd is stopped
# (SIGSTOP), so that it finds them all in one scan when it goes on
# (fail).
play() {
	local to body
	kill -STOP "$daemon"
	while IFS='|' read -r to body; do
		MP_SEND=stage mp_mail "$to" games@localhost "[mupbem G1] turn" \
		    "$body"
	done <plan
	mv Maildir/tmp/* Maildir/new/
}

# fail: the store fails (the commands given), then mupbemd goes on.
fail() {
	"$@"
	kill -CONT "$daemon"
}

# wait_for SECONDS COMMAND...: until the command succeeds, or a reason;
# SECONDS times MUPBEM_TEST_SLOW.
wait_for() {
	local i=0 s

	s=$(tap_scale "$1")
	until "${@:2}"; do
		i=$((i + 1))
		[ "$i" -gt $((s * 10)) ] && { why+=("waited $s s for ${*:2}"); return 1; }
		sleep 0.1
	done
}

# handled STORE N: the store records N mails handled.
handled() {
	[ "$(sqlite3 "$1" 'select count(*) from handled' 2>/dev/null)" = "$2" ]
}

# applied STORE: G1's record in the store holds every planned turn, in
# order, once (no turn refused), and no mail is left to take.
applied() {
	"$MUPBEM" --db "$1" export G1 >got-rec
	[ "$(grep -E '^[0-9]+ ' got-rec)" = "$(grep -E '^[0-9]+ ' rec)" ] ||
	    why+=("G1's record: $(grep -E '^[0-9]+ ' got-rec | tr '\n' ';')")
	[ -z "$(ls Maildir/new)" ] || why+=("mail left in new/")
}

# --- a write lock held past the busy timeout --------------------------------

begin
setup "$tmp/lock.db" 8
start
wait_for 5 grep -q "started" log
play
{
	echo 'BEGIN IMMEDIATE;'
	echo '.print held'
	sleep 13
	echo 'COMMIT;'
} | sqlite3 "$tmp/lock.db" >holder &
holder=$!
fail wait_for 5 grep -q held holder
wait_for 60 handled "$tmp/lock.db" 10
wait "$holder"
stop
applied "$tmp/lock.db"
grep -q "held, and no later mail is taken before it" log ||
    why+=("no held mail in the log")
end "a held write lock: every turn applied in order once it is released"

# --- a store that cannot be written -------------------------------------------

# refused WHAT: mupbemd refuses to start (69; 75 under --deliver, so
# that the MTA tries again) on the store in mupbem.conf, saying WHAT.
refused() {
	local rc
	"$MUPBEMD" -c mupbem.conf --once 2>err
	rc=$?
	[ "$rc" -eq 69 ] || why+=("--once exited $rc, wanted 69")
	grep -qF "mupbemd: $1" err || why+=("--once said: $(cat err)")
	"$MUPBEMD" -c mupbem.conf --deliver <"$here/data/mail/apple-mail-qp.eml" 2>err
	rc=$?
	[ "$rc" -eq 75 ] || why+=("--deliver exited $rc, wanted 75")
	grep -qF "mupbemd: $1" err || why+=("--deliver said: $(cat err)")
}

# Root may write any file but an immutable one (chattr +i).
if [ "$(id -u)" -eq 0 ]; then
	protect() { chattr +i "$@"; }
	unprotect() { chattr -i "$@"; }
else
	protect() { chmod a-w "$@"; }
	unprotect() { chmod u+w "$@"; }
fi

begin
setup "$tmp/ro.db" 0
protect "$tmp/ro.db"
refused "store $tmp/ro.db: cannot be written: "
unprotect "$tmp/ro.db"
mkdir "$tmp/ro"
mv "$tmp/ro.db"* "$tmp/ro/"
sed -i "s|^database = .*|database = $tmp/ro/ro.db|" mupbem.conf
protect "$tmp/ro"
refused "store $tmp/ro/ro.db: cannot be written: its folder $tmp/ro: "
unprotect "$tmp/ro"
end "a store file or folder that cannot be written is refused at start"

begin
setup "$tmp/rt.db" 10
start
wait_for 5 grep -q "started" log
play
fail protect "$tmp/rt.db" "$tmp/rt.db-wal"
wait_for 20 grep -q "held, and no later mail is taken before it" log
sleep 2
unprotect "$tmp/rt.db" "$tmp/rt.db-wal"
wait_for 60 handled "$tmp/rt.db" 12
stop
applied "$tmp/rt.db"
end "a store that turns unwritable: every turn applied in order once writable"

# --- a full disk, a read-only file system -----------------------------------

# 8 MB: the outbox keeps each mail whole, and a board mail with its
# picture is some 45 KB (docs/mail.md, Pictures of the board).
if [ "$(id -u)" -ne 0 ] || ! mount -t tmpfs -o size=8m tmpfs "$mnt" \
    2>/dev/null; then
	for d in "a full disk" "a read-only file system at start"; do
		n=$((n + 1))
		echo "ok $n # skip $d: cannot mount a tmpfs"
	done
	tap_done
fi

begin
setup "$mnt/m.db" 12
start
wait_for 5 grep -q "started" log
play
sqlite3 "$mnt/m.db" 'PRAGMA wal_checkpoint(TRUNCATE)' >/dev/null
fail dd if=/dev/zero of="$mnt/fill" bs=4k status=none 2>/dev/null
wait_for 20 grep -q "held, and no later mail is taken before it" log
sleep 2
rm -f "$mnt/fill"
wait_for 60 handled "$mnt/m.db" 14
stop
applied "$mnt/m.db"
end "a full disk: every turn applied in order once there is room"

begin
setup "$mnt/m.db" 0
mount -o remount,ro "$mnt"
refused "store $mnt/m.db: cannot be written: Read-only file system"
mount -o remount,rw "$mnt"
end "a read-only file system is refused at start"

tap_done
