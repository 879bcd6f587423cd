#!/usr/bin/env bash
#
# The Maildir outbox is durable before the store records a mail sent:
# each reply is synced in tmp/ and linked into new/, and then new/
# itself is synced, once for the batch, before the store's transaction
# that marks them sent.  Otherwise a crash of the machine could lose
# the names in new/ after the store had recorded the mails sent, and
# nothing would ever write them again.  mupbemd -1 over a real Maildir
# and a real SQLite store, its system calls watched by strace.  Prints
# TAP-like lines; exits 1 if a check failed.
#
# make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }
command -v strace >/dev/null || { echo "Bail out! no strace"; exit 99; }
command -v sqlite3 >/dev/null || { echo "Bail out! no sqlite3"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/outbox-sync-test.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"
. "$here/service-lib.sh"

A=alice@example.org B=bob@example.org C=carol@example.org

sql() {
	sqlite3 mupbem.db "$1"
}

# traced: mupbemd -1 under strace, its calls on files in trace (the
# leak sanitizer of a sanitized build cannot work under ptrace).
traced() {
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
	    strace -f -qq -o trace \
	    -e trace=openat,link,linkat,fsync,fdatasync,pwrite64 \
	    "$MUPBEMD" -c mupbem.conf --once 2>>log ||
	    why+=("mupbemd or strace failed: $(tail -2 log | tr '\n' ' ')")
}

# order: from trace, what a check needs, as "LINKS LAST_LINK DIRSYNC
# WAL_AFTER WAL_BETWEEN": how many mails were linked into outbox/new,
# the line of the last, the first line after it that syncs outbox/new
# (0: none), how many writes and syncs of the store's WAL follow that
# sync, and how many come between the last link and it.
order() {
	awk '
	{ sub(/^[0-9]+ +/, "") }
	# A descriptor opened again is something else now.
	/^openat\(.*\) += [0-9]+$/ { delete newfd[$NF]; delete wal[$NF] }
	/^openat\(.*"[^"]*outbox\/new", .*O_DIRECTORY.*\) += [0-9]+$/ {
		newfd[$NF] = 1
	}
	/^openat\(.*mupbem\.db-wal".*\) += [0-9]+$/ { wal[$NF] = 1 }
	/^link\(".*", "[^"]*outbox\/new\/[^"]*"\) += 0$/ { links++; last = NR }
	/^fsync\([0-9]+\) += 0$/ {
		fd = $0; sub(/^fsync\(/, "", fd); sub(/\).*/, "", fd)
		if (fd in newfd && NR > last && !dirsync)
			dirsync = NR
	}
	/^(pwrite64|fsync|fdatasync)\([0-9]+[,)]/ {
		fd = $0; sub(/^[a-z0-9]+\(/, "", fd); sub(/[,)].*/, "", fd)
		if (fd in wal && dirsync && NR > dirsync)
			after++
		else if (fd in wal && last && NR > last && !dirsync)
			between++
	}
	END { printf "%d %d %d %d %d\n", links, last, dirsync, after, between }
	' trace
}

# synced LINKS: mupbemd -1, traced, links LINKS mails into outbox/new,
# syncs it after the last link and before the store records them sent,
# and leaves the three replies there, none unsent.
synced() {
	local links last dirsync after between
	traced
	read -r links last dirsync after between < <(order)
	[ "$links" -eq "$1" ] ||
	    why+=("$links mails linked into outbox/new, not $1")
	[ "$dirsync" -gt 0 ] ||
	    why+=("outbox/new was not synced after the last link")
	[ "$after" -gt 0 ] ||
	    why+=("the store wrote nothing after outbox/new was synced")
	[ "$between" -eq 0 ] ||
	    why+=("the store wrote before outbox/new was synced")
	[ "$(ls outbox/new | wc -l)" -eq 3 ] ||
	    why+=("$(ls outbox/new | wc -l) files in outbox/new")
	[ "$(sql "SELECT count(*) FROM outbox WHERE sent IS NULL")" = 0 ] ||
	    why+=("mail left unsent")
}

fresh
begin
for x in $A $B $C; do
	mp_mail "$x" games@localhost "" "help"
done
synced 3
end "three replies are linked into outbox/new, then it is synced, then the store records them sent"

begin
# As after a crash between the link and the store's record: the mails
# are unsent in the store and already in outbox/new.  They are not
# written again, and are recorded sent only after new/ is synced.
sql "UPDATE outbox SET sent = NULL"
synced 0
end "mails found delivered already are recorded sent after outbox/new is synced, not written twice"

tap_done
