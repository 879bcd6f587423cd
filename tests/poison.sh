#!/usr/bin/env bash
#
# One mail never stops the rest (docs/mail.md, *Mail that cannot be
# handled*).  A mail carol sends either kills mupbemd each time it is
# handled (strace kills the process at its second getrandom(), which
# handling a mail from a new player makes: the first is libc's own), or
# is refused by the store each time (a trigger, as a constraint
# would).  After [server] max_tries (2 here) tries it is set aside in
# the Maildir's .Poison folder, logged once, and bob's mail after it is
# answered: with mupbemd --once, with the daemon, and with --deliver
# (which then exits 0, so that the mail server stops trying, and keeps
# a copy in .Poison).  Without the set-aside, carol's mail is taken
# again and again and bob's never.  TAP-like output.
#
# make check sets MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }
command -v sqlite3 >/dev/null || { echo "Bail out! no sqlite3"; exit 99; }
command -v strace >/dev/null ||
    { echo "Bail out! no strace (scripts/install-deps.sh)"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/poison.XXXXXX") || exit 99
daemon=
trap '[ -n "$daemon" ] && kill -KILL "$daemon" 2>/dev/null; '"${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"

export MUPBEM_NOW=1795000000
# LeakSanitizer cannot run under ptrace.
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0

want() {
	[ "$2" = "$3" ] || why+=("$1: got '$2', wanted '$3'")
}

# mail NAME FROM ID: a mail asking for help, into Maildir/new/NAME.
mail() {
	printf 'From: %s\nTo: games@localhost\nSubject: %s\nMessage-ID: <%s@example.org>\n\nhelp\n' \
	    "$2" "$1" "$3" >"Maildir/tmp/$1"
	mv "Maildir/tmp/$1" "Maildir/new/$1"
}

# fresh: a store that knows bob (his first mail answered), and no mail.
fresh() {
	cd "$tmp" && rm -rf w && mkdir -p w/Maildir/new w/Maildir/cur \
	    w/Maildir/tmp && cd w || exit 99
	printf '[server]\naddress = games@localhost\nrate_burst = 0\nmax_tries = 2\n' \
	    >mupbem.conf
	mail 000.bob bob@example.org bob0
	"$MUPBEMD" -c mupbem.conf --once 2>/dev/null ||
	    { echo "Bail out! mupbemd --once failed"; exit 99; }
	: >log
}

# refuse: the store refuses any mail to carol, as a constraint would.
refuse() {
	sqlite3 mupbem.db "CREATE TRIGGER refuse_carol BEFORE INSERT ON
	    outbox WHEN NEW.rcpt = 'carol@example.org' BEGIN
	    SELECT RAISE(ABORT, 'carol refused'); END;"
}

# replies ADDRESS: how many replies went to ADDRESS.
replies() {
	grep -l "^To: $1" outbox/new/* 2>/dev/null | wc -l
}

# set_aside: carol's mail is in .Poison/new and nowhere else, the log
# says so once, bob's mail is answered once, and no try is left.
set_aside() {
	[ -f Maildir/.Poison/new/001.carol ] ||
	    why+=("carol's mail is not in .Poison/new: $(find Maildir -type f | tr '\n' ' ')")
	want "carol's mail left to take" "$(ls Maildir/new Maildir/cur | grep -c carol)" 0
	want "set-aside lines" "$(grep -c 'new/001.carol: not handled after 2 tries' log)" 1
	want "replies to bob" "$(replies bob@example.org)" 2
	want "bob's mail taken" "$(ls Maildir/cur | grep -c '^002.bob:2,S$')" 1
	want "replies to carol" "$(replies carol@example.org)" 0
	want "tries left" "$(sqlite3 mupbem.db 'select count(*) from mail_tries')" 0
}

# --- a mail that kills mupbemd ------------------------------------------------

begin
fresh
mail 001.carol carol@example.org carol1
mail 002.bob bob@example.org bob2
# Carol's new secret is the first getrandom() with flags 0, made while
# her mail is handled; how many come before it (libc's, ASan's) depends
# on the build, so a dry run on a copy of this folder counts them.
rm -rf "$tmp/dry" && cp -a . "$tmp/dry" &&
    (cd "$tmp/dry" && strace -f -o getrandom.txt -e trace=getrandom \
    "$MUPBEMD" -c mupbem.conf --once 2>/dev/null)
nth=$(grep 'getrandom(' "$tmp/dry/getrandom.txt" | grep -n ', 0) = ' |
    head -n 1 | cut -d: -f1)
[ -n "$nth" ] || why+=("the dry run made no getrandom() with flags 0")
runs=0
while [ -n "$nth" ] && [ -e Maildir/new/001.carol ] && [ "$runs" -lt 6 ]; do
	runs=$((runs + 1))
	# (The group keeps the shell's "Killed" off the test's output.)
	{ strace -f -o /dev/null -e trace=getrandom \
	    -e inject=getrandom:signal=KILL:when=$nth+ \
	    "$MUPBEMD" -c mupbem.conf --once 2>>log; rc=$?; } 2>/dev/null
	[ -e Maildir/new/001.carol ] && [ "$rc" -ne 137 ] &&
	    why+=("run $runs: exit status $rc, wanted 137 (killed)")
done
# Two runs die on carol's mail; the third sets it aside (and may die
# on bob's: strace kills it at the nth getrandom() still, which bob's
# reply's Message-ID may be); a run without strace
# answers bob.
want "runs killed until carol's mail left new/" "$runs" 3
grep -q 'new/001.carol: 1 try, not handled: it and the 63 mails after it are taken one a transaction' log ||
    why+=("no line for the first death: $(cat log)")
"$MUPBEMD" -c mupbem.conf --once 2>>log
want "exit status of the run without strace" "$?" 0
grep -q '^mupbemd: mail new/001.carol: not handled after 2 tries (the daemon stopped while handling it); set aside in .Poison/new, and the mail after it is taken$' log ||
    why+=("no set-aside line: $(grep carol log)")
set_aside
end "--once: a mail that kills mupbemd each time is set aside after 2 tries, and the mail after it answered"

# --- a mail the store refuses -------------------------------------------------

begin
fresh
refuse
mail 001.carol carol@example.org carol1
mail 002.bob bob@example.org bob2
for i in 1 2; do
	"$MUPBEMD" -c mupbem.conf --once 2>>log
	want "exit status of run $i" "$?" 1
	want "replies to bob after run $i" "$(replies bob@example.org)" 1
done
want "held lines" "$(grep -c 'new/001.carol: .*carol refused; held, and no later mail is taken before it' log)" 2
"$MUPBEMD" -c mupbem.conf --once 2>>log
want "exit status of run 3" "$?" 0
grep -q 'new/001.carol: not handled after 2 tries (store mupbem.db: INSERT INTO outbox .*carol refused); set aside in .Poison/new' log ||
    why+=("no set-aside line: $(grep carol log)")
set_aside
end "--once: a mail the store refuses each time is set aside after 2 tries, and the mail after it answered"

begin
fresh
refuse
mail 001.carol carol@example.org carol1
mail 002.bob bob@example.org bob2
"$MUPBEMD" -c mupbem.conf 2>>log &
daemon=$!
# Held, it is tried again after 1 s, then 2 s.
for i in $(seq 1 "$(tap_scale 150)"); do
	[ "$(replies bob@example.org)" -eq 2 ] && break
	sleep 0.1
done
kill -TERM "$daemon"
wait "$daemon"
want "the daemon's exit status" "$?" 0
daemon=
set_aside
grep -q 'stopped: 1 mails handled, 0 seen before, 1 replies queued, 1 sent, 1 set aside' log ||
    why+=("the daemon's last line: $(tail -1 log)")
end "the daemon: a mail the store refuses is set aside after 2 tries, without a restart"

# --- mupbemd --deliver --------------------------------------------------------

begin
fresh
refuse
mail 001.carol carol@example.org carol1
mv Maildir/new/001.carol carol.eml
for i in 1 2; do
	"$MUPBEMD" -c mupbem.conf --deliver <carol.eml 2>>log
	want "exit status of delivery $i" "$?" 75
done
strace -o deliver.trace -e trace=openat,rename,renameat,renameat2,fsync \
    "$MUPBEMD" -c mupbem.conf --deliver <carol.eml 2>>log
want "exit status of delivery 3" "$?" 0
# Exit 0 ends the mail server's tries: the copy's name must last first.
awk '/^rename.*\.Poison\/new\// { moved = 1 }
	moved && /^openat\(.*\.Poison\/new", .*O_DIRECTORY.*\) += [0-9]+$/ {
		fd[$NF] = 1
	}
	moved && /^fsync\([0-9]+\) += 0$/ {
		f = $0; sub(/^fsync\(/, "", f); sub(/\).*/, "", f)
		if (f in fd) synced = 1
	}
	END { exit !synced }' deliver.trace ||
    why+=(".Poison/new not synced after the copy was moved into it")
grep -q "mail stdin: not handled after 2 tries (store mupbem.db: INSERT INTO outbox .*carol refused); set aside in Maildir/.Poison" log ||
    why+=("no set-aside line: $(grep -v started log)")
set -- Maildir/.Poison/new/*
if [ $# -eq 1 ] && [ -f "$1" ]; then
	cmp -s "$1" carol.eml || why+=("the copy in .Poison differs from the mail")
else
	why+=("no copy in .Poison/new: $(find Maildir -type f | tr '\n' ' ')")
fi
mail 002.bob bob@example.org bob2
mv Maildir/new/002.bob bob.eml
"$MUPBEMD" -c mupbem.conf --deliver <bob.eml 2>>log
want "exit status of bob's delivery" "$?" 0
want "replies to bob" "$(replies bob@example.org)" 2
want "replies to carol" "$(replies carol@example.org)" 0
want "tries left" "$(sqlite3 mupbem.db 'select count(*) from mail_tries')" 0
end "--deliver: a mail refused each time exits 0 after 2 tries, a copy in .Poison"

tap_done
