#!/usr/bin/env bash
#
# The limits never lose a player's work, and one mail gets one answer,
# on a real Maildir and a real SQLite store (as tests/service.sh):
# turns over the rate limit are read; other mail over it gets one
# notice for the whole flood; a repeated "new velox with robot" is a
# second game, not a loop; twenty "board G1" lines get one mail with
# the board once; mail from mupbem's own addresses is not answered; a
# 200 KB Subject is not echoed.  The mail over max_mails is in
# tests/mail-guard.sh, the loop limit in tests/loops.sh.  TAP-like
# output.
#
# make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/limits-test.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"

. "$here/service-lib.sh"

A=alice@example.org B=bob@example.org
export MUPBEM_NOW=1795000000

# conf LINES: an empty server whose [server] section is LINES alone.
conf() {
	fresh
	printf '[server]\naddress = games@localhost\ninvitations = any\n%b' \
	    "$1" >mupbem.conf
}

# mails ADDRESS: how many mails ADDRESS got.
mails() {
	ls got | grep -c "^$1\."
}

# --- the rate limit and play ----------------------------------------------------

conf 'rate_burst = 2\nrate_interval = 3600\n'
begin
mp_mail "$A" games@localhost "x" "new velox with $B"
run
mp_reply "$(last "$B")" "$B" "accept"
run
cp new started
# Alice's bucket is empty now: help is not read, and she is told once.
mp_mail "$A" games@localhost "x" "help"
mp_mail "$A" games@localhost "x" "games"
mp_mail "$A" games@localhost "x" "rules velox"
run
[ "$(grep -c "$A is over the rate limit; not answered" log)" -eq 2 ] ||
    why+=("log: $(grep -c "over the rate limit" log) refusals, not 2")
[ "$(grep -l "Your mail was not read" got/$A.* | wc -l)" -eq 1 ] ||
    why+=("$(grep -l "Your mail was not read" got/$A.* | wc -l) notices")
has "$(last "$A")" "send it again after 2026-11-18 12:06 UTC"
# Her turns and Bob's are read all the same.
cp started new
play_out 12
turns=$(record | grep -cE '^[0-9]+ ')
[ "$turns" -ge 12 ] || why+=("$turns turns played: $(record | tail -5)")
[ "$(grep -c "is over the rate limit; not answered" log)" -eq 2 ] ||
    why+=("a turn was refused: $(grep "over the rate limit" log | tail -1)")
[ "$(grep -l "Your mail was not read" got/$A.* | wc -l)" -eq 1 ] ||
    why+=("told again")
# When it is Bob's turn, a turn of Alice's is not play she may make.
f=$(grep -l "^X-Mupbem-State: your turn" $(cat new) | head -1)
if [ "$(mp_header "$f" To)" = "$A" ]; then
	mp_reply "$f" "$A" "$(mp_answer "$f" 99)"
	run
fi
mp_reply "$(last "$A")" "$A" "#99 resign please"
mp_reply "$(last "$A")" "$A" "#99 pass"
run
[ "$(grep -c "$A is over the rate limit; not answered" log)" -eq 4 ] ||
    why+=("a turn out of turn was read: $(tail -3 log)")
end "turns over the rate limit are read, not out of turn; other mail over it gets one notice that says when to send again"

begin
MUPBEM_NOW=$((MUPBEM_NOW + 3600)) mp_mail "$A" games@localhost "x" "help"
MUPBEM_NOW=$((MUPBEM_NOW + 3600)) run
has "$(last "$A")" "Write commands on lines"
end "once the bucket has room, the sender's mail is read again"

# --- max_mails and play -----------------------------------------------------------

conf 'rate_burst = 0\nmax_mails = 3\nloop_burst = 0\n'
begin
mp_mail "$A" games@localhost "x" "new velox with $B"
run
mp_reply "$(last "$B")" "$B" "accept"
run
play_out 10
turns=$(record | grep -cE '^[0-9]+ ')
[ "$turns" -ge 10 ] || why+=("$turns turns played")
grep -q "over 3 mails a day" log && why+=("log: $(grep "over 3 mails" log | head -1)")
[ "$(sqlite3 mupbem.db "select count(*) from outbox where sent is null")" -eq 0 ] ||
    why+=("mail held: $(sqlite3 mupbem.db "select rcpt from outbox where sent is null")")
for i in 1 2 3; do mp_mail "$A" games@localhost "x" "help"; done
run
grep -q "mail to $A: over 3 mails a day; held until" log || why+=("help not held")
end "mail about turns played counts against no max_mails: a game of $turns turns under max_mails = 3"

# --- the loop limit and a repeated command --------------------------------------

conf 'rate_burst = 0\n'
begin
for i in 1 2 3 4 5; do
	mp_mail "$A" games@localhost "a game?" "new velox with robot"
	run
done
[ "$(sqlite3 mupbem.db 'select count(*) from games')" -eq 5 ] ||
    why+=("$(sqlite3 mupbem.db 'select count(*) from games') games, not 5")
for g in 1 2 3 4 5; do
	grep -q "^Subject: \[mupbem G$g\]" got/$A.* || why+=("no mail about G$g")
done
grep -q "a loop?" log && why+=("log: $(grep "a loop" log | head -1)")
for i in 1 2 3 4 5; do
	mp_mail "$A" games@localhost "x" "board G1"
	run
done
# The first, and three more within loop_burst.
[ "$(grep -c "$A sent 4 mails without a new command in 0s; not answered (a loop?)" log)" -eq 1 ] ||
    why+=("log: $(grep "a loop" log)")
end "a repeated 'new velox with robot' is a new game each time; a repeated 'board G1' is junk"

# --- one mail, one answer ---------------------------------------------------------

conf 'rate_burst = 0\n'
begin
mp_mail "$A" games@localhost "x" "new velox with $B"
run
mp_reply "$(last "$B")" "$B" "accept"
run
before=$(mails "$A")
mp_mail "$B" games@localhost "x" "board G1"
run
decoded "$(last "$B")" >one
# As anyone could write in Bob's name: twenty boards in one mail.
mp_mail "$B" games@localhost "x" "$(for i in $(seq 1 20); do echo "board G1"; done)"
run
[ "$(grep -c "^got/$B\." new)" -eq 1 ] || why+=("$(grep -c "^got/$B\." new) mails to $B, not 1")
decoded "$(last "$B")" | cmp -s - one || why+=("not the one board: $(decoded "$(last "$B")" | diff one - | head -5)")
[ "$(mails "$A")" -eq "$before" ] || why+=("alice got mail")
end "twenty 'board G1' lines in one mail get one mail"

# --- mail from mupbem's own addresses ---------------------------------------------

begin
token=$(mp_header "$(last "$B")" Reply-To)
rm -f new
for from in games@localhost GAMES@localhost "$token" \
    greedy@robot.mupbem.invalid; do
	mp_mail "$from" games@localhost "x" "help"
done
run
[ ! -s new ] || why+=("answered: $(cat new)")
[ "$(sqlite3 mupbem.db "select count(*) from players where address not in ('$A', '$B')")" -eq 0 ] ||
    why+=("registered: $(sqlite3 mupbem.db 'select address from players')")
[ "$(grep -c "an address of mupbem's own; not answered" log)" -eq 4 ] ||
    why+=("log: $(grep -c "of mupbem's own" log) lines, not 4")
end "mail from mupbem's own address, a token address or a robot is not answered nor registered"

# --- a long subject ------------------------------------------------------------------

conf 'rate_burst = 0\nmax_reply = 16K\n'
begin
long=$(head -c 200000 /dev/zero | tr '\0' x)
long=$(printf 'caf\xc3\xa9 %s' "$long")
mp_mail "$A" games@localhost "$long" "help"
run
f=$(last "$A")
size=$(wc -c <"$f")
[ "$size" -lt 40000 ] || why+=("a mail of $size bytes")
subject=$(perl -MEncode -ne 'last if /^$/; $s .= $_; END {
	$s =~ s/\r?\n[ \t]+/ /g; $s =~ /^Subject: (.*)$/m;
	print encode("UTF-8", decode("MIME-Header", $1)) }' "$f")
[ "${#subject}" -le 210 ] || why+=("a subject of ${#subject} characters")
case $subject in "Re: café x"*"…") ;; *) why+=("subject '${subject:0:40}...'") ;; esac
end "a 200 KB Subject is not echoed: the reply's is cut to 200 bytes"

tap_done
