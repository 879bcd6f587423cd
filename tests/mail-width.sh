#!/usr/bin/env bash
#
# Every mail fits a mail client: games of every variant and player count
# the service allows are played by mail (scripts/mail-players.sh, seeded
# random turns through mupbemd --once on a Maildir), and every line of
# every body the service sends is measured.  No line may be wider than
# 78 columns (as the terminal counts them: wc -L in a UTF-8 locale).
# Each game is played until it ends or for TURNS turns; players pass
# after PASS so that most end.  TAP-like output.
#
# make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/mail-width.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"

. "$here/service-lib.sh"

export LC_ALL=C.UTF-8

# widest FILE: the widest line of a mail's text, decoded (not its
# headers, nor the page beside it that shows the picture, nor an
# attachment).
widest() {
	text_width "$1"
}

# play VARIANT PLAYERS TURNS PASS [NEW-WORDS]: one game by mail in a
# fresh store; every answer is moved to got/ and measured.
play() {
	local variant=$1 players=$2 turns=$3 pass=$4 words=${5:-} i f w a
	local with="" n=0
	rm -rf w
	mkdir -p w/Maildir/new w/Maildir/cur w/Maildir/tmp w/got
	cd w || exit 99
	printf '[server]\naddress = games@localhost\nrate_burst = 0\ninvitations = any\n' >mupbem.conf
	MP_DB=$PWD/mupbem.db
	MP_PASS_AFTER=$pass
	for i in $(seq 2 "$players"); do
		with="$with with player$i@example.org"
	done
	mp_mail "player1@example.org" games@localhost "" \
	    "new $variant$with $words"
	for i in $(seq 0 "$turns"); do
		"$MUPBEMD" -c mupbem.conf --once 2>>log || why+=("mupbemd failed")
		a=0
		for f in outbox/new/*; do
			[ -e "$f" ] || continue
			n=$((n + 1))
			w=$(widest "$f")
			[ "$w" -le 78 ] || why+=("$variant, $players players: a mail $w columns wide: $(decoded "$f" | awk -v w="$w" 'length($0) > 78 { print; exit }')")
			answer=$(mp_answer "$f" "$((i * 7 + 1))")
			if [ -n "$answer" ]; then
				mp_reply "$f" "$(mp_header "$f" To)" "$answer"
				a=1
			fi
			mv "$f" got/
		done
		[ $a -eq 1 ] || break
	done
	[ "$n" -gt 0 ] || why+=("$variant, $players players: no mail at all")
	echo "# $variant, $players players: $n mails, the widest $(for f in got/*; do widest "$f"; done | sort -n | tail -1) columns"
	cd .. || exit 99
}

# Classic and levis with 2 segments each reach the movement phase after
# 3 turns a player, and end when everyone passes; the default boards
# and the largest (6 players, 8 segments) are drawn through the layout.
begin
play classic 2 45 35
for p in 3 4 5 6; do
	play classic "$p" $((4 * p + 8)) $((3 * p + 4)) "segments 2"
done
play classic 3 30 0
play classic 6 50 0 "segments 8"
end "classic for 2 to 6 players (and 6 with 8 segments each): every line of every mail fits 78 columns"

begin
play levis 2 45 35
for p in 3 4 5 6; do
	play levis "$p" $((4 * p + 8)) $((3 * p + 4)) "segments 2"
done
end "levis for 2 to 6 players: every line of every mail fits 78 columns"

begin
play velox 2 40 30
play velox 2 20 10 "segments 3"
end "velox: every line of every mail fits 78 columns"

begin
play mur 2 60 0 "match 1"
end "Mur: every line of every mail fits 78 columns"

# The mails whose lines carry names and facts, from players whose names
# and addresses are as long as mupbem takes them (a name of 40 bytes):
# every one of their lines fits 78 columns too.  A=B=C are the three
# players; "now" is MUPBEM_NOW.
a=alexandrina.bartholomew@example.org
b=max.hohenzollern@posteo.example.de
c=guinevere.ashworth@example.co.uk
A="Alexandrina Bartholomew-Featherstonehaug <$a>"
B="Maximilian Konstantin von Hohenzollern <$b>"
C="Guinevere Pendragon-Llewellyn-Ashworth <$c>"

# wide: every mail of the last run fits 78 columns, else a reason.
wide() {
	local f w
	for f in $(cat new); do
		w=$(text_width "$f")
		[ "$w" -le 78 ] ||
		    why+=("$1: $f is $w columns wide: $(decoded "$f" | awk 'length($0) > 78 { print; exit }')")
	done
}

begin
fresh
export MUPBEM_NOW=1795000000
mp_mail "$A" games@localhost "" "new velox with $b time 1d"
run
wide "an invitation to velox"
mp_mail "$A" games@localhost "" \
    "new classic with $b with $c segments 3 time 3d+1d/10d rated"
run
wide "an invitation with every fact"
mp_reply "$(last $b)" "$B" accept
run
mp_reply "$(last $a)" "$A" "press Shall we play quickly?"
run
wide "a press mail"
export MUPBEM_NOW=$((MUPBEM_NOW + 2 * 86400))
run
wide "a timeout of two players"
end "names and facts at their longest: press, invitations and a two-player timeout fit 78 columns"

begin
fresh
now=1795000000
export MUPBEM_NOW=$now
mp_mail "$A" games@localhost "" "new classic with $b with $c segments 2 time 1d"
run
mp_reply "$(last $b)" "$B" accept
mp_reply "$(last $c)" "$C" accept
run
wide "the start of a game of three"
# Nobody answers: each in turn runs out of time, and mupbem plays
# the turns that are the only choice.
for i in $(seq 1 6); do
	now=$((now + 2 * 86400))
	export MUPBEM_NOW=$now
	run
	wide "a timeout of three players"
done
end "names at their longest: three players' timeouts and forced turns fit 78 columns"

tap_done
