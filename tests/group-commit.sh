#!/usr/bin/env bash
#
# Group commit: mupbemd handles the mail waiting in batches, one
# transaction a batch and a savepoint a mail (src/service/mailloop.c).
# One batch holds good mail, mail that cannot be read, illegal turns,
# a duplicate, and a mail the store fails on (a trigger refuses its
# reply): the mails before that one are kept and answered once, it and
# the mails after it are held, in order, with nothing of it kept; once
# the store takes it, every mail is applied and answered exactly once.
# Then runs killed with SIGKILL in the middle of a batch (the log shows
# mails handled that no commit kept): after a restart every mail is
# answered exactly once.  TAP-like output.
#
# make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/group-commit-test.XXXXXX") || exit 99
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"

. "$here/service-lib.sh"

A=alice@example.org B=bob@example.org C=carol@example.org

# want WHAT GOT WANTED
want() {
	[ "$2" = "$3" ] || why+=("$1: $2, wanted $3")
}

# count DIR: the files in DIR.
count() {
	ls "$1" | wc -l | tr -d ' '
}

# sql QUERY: its answer from the store.
sql() {
	sqlite3 mupbem.db "$1"
}

# stage FILE: the mail, delivered into new/ under the next name in
# order (they are taken in name order).
seq_no=0
stage() {
	seq_no=$((seq_no + 1))
	cp "$1" "Maildir/tmp/x"
	mv "Maildir/tmp/x" "Maildir/new/$(printf '%05d' "$seq_no").test"
}

# raw NAME: the text on stdin, delivered as it is.
raw() {
	seq_no=$((seq_no + 1))
	cat >"Maildir/tmp/x"
	mv "Maildir/tmp/x" "Maildir/new/$(printf '%05d' "$seq_no").test"
}

# answered ADDRESS: how many replies went to ADDRESS.
answered() {
	grep -l "^To: .*$1" outbox/new/* 2>/dev/null | wc -l | tr -d ' '
}

# --- one batch of good, bad and failing mail ---------------------------------

fresh 'policy = from\nbatch = 200\npictures = no\n'
mkdir -p outbox/new
mp_mail "$A" games@localhost "x" "new velox with $B"
run
mp_mail "$B" games@localhost "x" "accept G1"
run
rm -f got/*
record >rec
: >plan
for i in 1 2 3 4; do
	mv=$("$MUPBEM" robot --seed "$i" rec) &&
	    "$MUPBEM" play rec "$mv" >/dev/null || break
	line=$(tail -1 rec)
	colour=$(echo "$line" | cut -d' ' -f2)
	echo "$(sed -n "s/^seat $colour //p" rec)|#${line%% *} ${line#* * }" >>plan
done
want "turns planned" "$(wc -l <plan | tr -d ' ')" 4

# The batch, in order: 20 players asking for their games; a mail with
# no header at all; a From that is not an address; a command in error;
# the first two planned turns, then an illegal one; carol, whom the
# store refuses; a copy of an earlier mail; then the last two turns and
# 10 more players.
MP_SEND=stage
for i in $(seq 1 20); do
	mp_mail "p$i@example.org" games@localhost "x" "games"
done
raw < <(printf '\n\nno header\n')
raw < <(printf 'From: not an address\nTo: games@localhost\nSubject: x\n\ngames\n')
mp_mail "p1@example.org" games@localhost "" "rules chess"
while IFS='|' read -r to body; do
	mp_mail "$to" games@localhost "[mupbem G1] turn" "$body"
done < <(head -2 plan)
# The third turn's player, with a turn off the board.
illegal=$(sed -n '3s/ .*//p' plan)
mp_mail "${illegal%%|*}" games@localhost "[mupbem G1] turn" "${illegal#*|} @9,9"
mp_mail "$C" games@localhost "x" "games"
cp "Maildir/new/00001.test" dup
stage dup
while IFS='|' read -r to body; do
	mp_mail "$to" games@localhost "[mupbem G1] turn" "$body"
done < <(tail -2 plan)
for i in $(seq 21 30); do
	mp_mail "p$i@example.org" games@localhost "x" "games"
done
MP_SEND=mp_deliver
total=$(count Maildir/new)
carol=$(grep -l "^From: $C" Maildir/new/*)
carol=${carol#Maildir/}
sql "CREATE TRIGGER refuse_carol BEFORE INSERT ON outbox WHEN
    NEW.rcpt = '$C' BEGIN SELECT RAISE(ABORT, 'carol refused'); END;"

begin
: >log
"$MUPBEMD" -c mupbem.conf -v --once 2>log
want "exit status with a mail held" "$?" 1
grep -qF "mail $carol: store mupbem.db: INSERT INTO outbox" log &&
    grep -qF "carol refused; held, and no later mail is taken before it" log ||
    why+=("no held line for $carol: $(grep -F "$carol" log)")
grep -q "batch: 26 mails in one transaction" log ||
    why+=("not one batch of the 26 before carol: $(grep 'batch:' log)")
# Before carol: 20 players, the header-less mail (dropped), the bad
# From, the command in error, two turns and the illegal one.
want "mails left in new/" "$(count Maildir/new)" $((total - 26))
want "mails handled" "$(sql 'select count(*) from handled')" $((25 + 2))
want "carol registered" "$(sql "select count(*) from players where address = '$C'")" 0
want "mail queued to carol" "$(sql "select count(*) from outbox where rcpt = '$C'")" 0
want "turns in G1" "$(record | grep -cE '^[0-9]+ ')" 3
for i in $(seq 1 20); do
	want "replies to p$i" "$(answered "p$i@example.org")" $([ "$i" = 1 ] && echo 2 || echo 1)
done
want "replies to p21" "$(answered p21@example.org)" 0
grep -q "rules: no game is called 'chess'" outbox/new/* ||
    why+=("no answer to the command in error")
grep -q 'not a mail: it has no header; dropped' log ||
    why+=("no line for the mail without a header")
grep -q 'bad-from mail, not answered' log ||
    why+=("no line for the From that is not an address")
end "a batch: the 26 mails before the one the store fails on are kept, it and the rest held"

begin
grep -qx "    @9,9: the segment would not touch the board" outbox/new/* ||
    why+=("the illegal turn was not answered with its error")
want "illegal turn applied" "$(record | grep -c '@9,9')" 0
end "the illegal turn in the batch is answered with its error and not applied"

begin
sql "DROP TRIGGER refuse_carol"
"$MUPBEMD" -c mupbem.conf -v --once 2>log
want "exit status" "$?" 0
want "mails left in new/" "$(count Maildir/new)" 0
want "mail in cur/ with S" "$(ls Maildir/cur | grep -c ':2,S$')" $((total + 2))
want "mails handled" "$(sql 'select count(*) from handled')" $((total - 2 + 2))
want "carol's replies" "$(answered "$C")" 1
for i in $(seq 1 30); do
	want "replies to p$i" "$(answered "p$i@example.org")" $([ "$i" = 1 ] && echo 2 || echo 1)
done
record | grep -E '^[0-9]+ ' >got-turns
grep -E '^[0-9]+ ' rec >want-turns
cmp -s got-turns want-turns ||
    why+=("G1's turns: $(tr '\n' ';' <got-turns)")
grep -q 'handled before; dropped' log || why+=("the copy was not dropped")
irt=$(grep -h '^In-Reply-To: <mp\.' outbox/new/* | sort | uniq -d)
[ -z "$irt" ] || why+=("answered twice: $irt")
end "once the store takes it: every mail applied and answered exactly once, in order"

# --- SIGKILL in the middle of a batch -----------------------------------------

# registered: how many players the log of this run registered; each
# is registered inside its mail's transaction.
registered() {
	grep -c ': registered' log
}

fresh 'rate_burst = 0\nloop_burst = 0\nmax_mails = 0\nbatch = 100\n'
MP_SEND=stage
seq_no=0
for i in $(seq 1 400); do
	mp_mail "k$i@example.org" games@localhost "x" "games"
done
MP_SEND=mp_deliver
begin
kills=0 midway=0
for attempt in 1 2 3; do
	: >log
	"$MUPBEMD" -c mupbem.conf -v --once 2>log &
	pid=$!
	# Killed once it is 20 mails into a batch of 100.
	i=0
	while kill -0 "$pid" 2>/dev/null && [ "$(registered)" -lt 20 ] &&
	    [ "$i" -lt "$(tap_scale 3000)" ]; do
		i=$((i + 1))
		sleep 0.01
	done
	kill -KILL "$pid" 2>/dev/null && kills=$((kills + 1))
	wait "$pid" 2>/dev/null
	kept=$(sed -n 's/.*batch: \([0-9]*\) mails in one.*/\1/p' log |
	    awk '{ s += $1 } END { print s + 0 }')
	[ "$(registered)" -gt "$kept" ] && midway=$((midway + 1))
done
"$MUPBEMD" -c mupbem.conf --once 2>err
want "exit status of the last run" "$?" 0
want "mail left" "$(count Maildir/new)" 0
want "mails handled" "$(sql 'select count(*) from handled')" 400
want "players" "$(sql 'select count(*) from players')" 400
want "replies" "$(count outbox/new)" 400
want "different mails answered" \
    "$(grep -h '^In-Reply-To:' outbox/new/* | sort -u | wc -l | tr -d ' ')" 400
[ "$midway" -gt 0 ] || why+=("no run was killed in the middle of a batch")
end "killed $kills times, $midway in the middle of a batch: every mail answered exactly once"

tap_done
