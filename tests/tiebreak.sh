#!/usr/bin/env bash
#
# Tie-breaks through mupbemd on a real Maildir and a real SQLite store:
# four leagues of two divisions of five play a season at once, and in
# each the promotion from division 2 is decided by another tie-break of
# a round robin, in turn Sonneborn-Berger, head-to-head, wins and the
# drawing of lots, and one relegation by Sonneborn-Berger.  The season-over mail says which one decided and by
# how much; the standings show the tie-break columns and what placed
# each row; a lot is logged and drawn the same when the standings are
# worked out again; and the past season's summary follows the final
# order, names the tie-breaks and quotes a name with a comma.  Results
# are made as players make them: the loser resigns by mail, and a draw
# is the operator's adjudication.  TAP-like output.
#
# make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tiebreak-test.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"
. "$here/service-lib.sh"
. "$here/tournament-lib.sh"

export MUPBEM_NOW=1795000000
O=org@example.org

# pl L K: player K of league L's address (a6@example.org).
pl() {
	echo "$1$2@example.org"
}

# all_games T: the games of tournament T.
all_games() {
	sql "select p.game from pairings p join tournaments t on
	    t.id = p.tournament where t.name = '$1' and p.game is not null
	    order by p.round, p.board"
}

# play T FIRST RESULTS: play every game of division T, whose players
# are K = FIRST..FIRST+4 of their league.  RESULTS gives the ten pairs
# (0,1) (0,2) (0,3) (0,4) (1,2) (1,3) (1,4) (2,3) (2,4) (3,4) of K -
# FIRST in that order: 1 the first wins, 2 the second, 0 a draw.
play() {
	local t=$1 first=$2 g a b i j x r
	local -a res=($3)
	for g in $(all_games "$t"); do
		set -- $(seats "$g")
		a=${1%%@*}; a=$((${a#?} - first)); b=${2%%@*}
		b=$((${b#?} - first))
		i=$a; j=$b
		[ "$a" -gt "$b" ] && { i=$b; j=$a; }
		x=$((i * (9 - i) / 2 + j - i - 1))
		r=${res[$x]}
		if [ "$r" = 0 ]; then
			"$MUPBEM" --db mupbem.db adjudicate -c mupbem.conf \
			    "G$g" draw >/dev/null 2>err ||
			    why+=("adjudicate G$g: $(cat err)")
		elif { [ "$r" = 1 ] && [ "$a" -lt "$b" ]; } ||
		    { [ "$r" = 2 ] && [ "$a" -gt "$b" ]; }; then
			lose "$g" "$2"
		else
			lose "$g" "$1"
		fi
	done
}

# season_over ADDRESS L: the mail to ADDRESS that says season 1 of
# league L is over (one thread, one subject: found by its text).
season_over() {
	local f
	for f in $(ls got/"$1".* 2>/dev/null | sort -t. -k3 -n); do
		decoded "$f" | tr '\n' ' ' | tr -s ' ' |
		    grep -qF "Season 1 of league $2 is over" && echo "$f"
	done | tail -1
}

# over L K: the season-over mail to player K of league L, decoded.
over() {
	local f
	f=$(season_over "$(pl "$1" "$2")" "${1^^}")
	[ -n "$f" ] ||
	    { why+=("no season-over mail to $(pl "$1" "$2")"); return; }
	decoded "$f" | tr '\n' ' ' | tr -s ' '
}

# said L K TEXT: the season-over mail to K of league L says TEXT.
said() {
	over "$1" "$2" | grep -qF -- "$3" ||
	    why+=("league ${1^^}: no '$3' in: $(over "$1" "$2")")
}

# division L K: the division player K of league L plays next season.
division() {
	sql "select m.division from members m join players p on
	    p.id = m.player join leagues l on l.id = m.league where
	    l.name = '${1^^}' and p.address = '$(pl "$1" "$2")'"
}

# The results of division 2 in each league (players 6 to 10), found so
# that the top two are level on points and each tie-break decides in
# turn: Sonneborn-Berger (K10 5.00 against K6 4.00, on 3 points),
# head-to-head (K10 beat K6; both 2½ points and SB 4.50), wins (K10
# and K9 2½ points, SB 4.75, drawn with each other, 2 wins against 1),
# and lot (K7 and K10 2½ points, SB 4.25, drawn, 2 wins each).
sb="1 1 1 2 1 1 2 1 1 2"
h2h="1 1 0 2 1 0 0 1 1 2"
wins="1 1 2 2 1 0 2 0 1 0"
lot="1 1 2 2 1 1 0 1 1 2"
# Division 1 of B, C and D: the lower number wins every game; of A,
# the wins results, which relegate A2 behind A3 on Sonneborn-Berger
# (1½ points, 2.75 against 3.75).
top="1 1 1 1 1 1 1 1 1 1"

fresh
begin
for l in a b c d; do
	mp_mail $O games@localhost "x" \
	    "league new ${l^^} velox division 5 time 3d"
done
run
for l in a b c d; do
	for k in $(seq 1 10); do
		name="${l^^}$k"
		[ "$l$k" = a6 ] && name='"Tanaka, Hiroshi"'
		mp_mail "$name <$(pl $l "$k")>" games@localhost "x" \
		    "league join ${l^^}"
	done
	run
done
for l in a b c d; do
	mp_mail $O games@localhost "x" "league start ${l^^}"
done
run
[ "$(sql "select count(*) from tournaments where season = 1")" = 8 ] ||
    why+=("season 1: $(sql "select name, division from tournaments")")
a6=$(sql "select name from players where address = '$(pl a 6)'")
[ "$a6" = "Tanaka, Hiroshi" ] || why+=("a6 is named '$a6'")
end "four leagues of two divisions of five, season 1 started"

begin
play A-S1-D1 1 "$wins"
for l in b c d; do
	play "${l^^}-S1-D1" 1 "$top"
done
play A-S1-D2 6 "$sb"
play B-S1-D2 6 "$h2h"
play C-S1-D2 6 "$wins"
play D-S1-D2 6 "$lot"
run
[ "$(sql "select count(*) from tournaments where season = 1 and
    state = 'over'")" = 8 ] ||
    why+=("season 1: $(sql "select name, state from tournaments")")
[ "$(sql "select group_concat(season, ' ') from leagues")" = "2 2 2 2" ] ||
    why+=("seasons: $(sql "select name, season from leagues")")
end "every game played: the season is over in all four leagues"

begin
said a 6 'A10 goes to division 1: level on 3 points with "Tanaka, Hiroshi", ahead on Sonneborn-Berger (5.00 against 4.00).'
[ "$(division a 10)" = 1 ] || why+=("A10 is in division $(division a 10)")
[ "$(division a 6)" = 2 ] || why+=("Tanaka is in division $(division a 6)")
# B's division 1 goes by points: nothing to explain.
said b 1 "B5 goes to division 2. The next season"
end "a promotion decided by Sonneborn-Berger says so, with both figures"

begin
said a 1 "A2 goes to division 2: level on 1½ points with A3, behind on Sonneborn-Berger (2.75 against 3.75)."
[ "$(division a 2)" = 2 ] || why+=("A2 is in division $(division a 2)")
[ "$(division a 3)" = 1 ] || why+=("A3 is in division $(division a 3)")
end "a relegation decided by Sonneborn-Berger says so"

begin
said b 10 "B10 goes to division 1: level on 2½ points with B6, ahead on head-to-head (1 against 0)."
[ "$(division b 10)" = 1 ] || why+=("B10 is in division $(division b 10)")
end "a promotion decided by head-to-head says so"

begin
said c 9 "C10 goes to division 1: level on 2½ points with C9, ahead on wins (2 against 1)."
[ "$(division c 10)" = 1 ] || why+=("C10 is in division $(division c 10)")
end "a promotion decided by wins says so"

begin
up=$(sql "select p.name from members m join players p on p.id = m.player
    join leagues l on l.id = m.league where l.name = 'D' and
    m.division = 1 and p.name in ('D7', 'D10')")
other=D7
[ "$up" = D7 ] && other=D10
case $up in
D7|D10)	;;
*)	why+=("promoted from D's division 2: '$up'") ;;
esac
said d 7 "$up goes to division 1: level on 2½ points with $other and on every tie-break, ahead by lot."
grep -q "league D-S1-D2: $up goes to division 1 by lot, level with $other" \
    log ||
    why+=("no lot logged: $(grep -i lot log)")
# The standings show the lot; worked out again, they draw the same.
over d 7 | grep -qE " 2 $other( +[0-9½.]+)+ lot " ||
    why+=("no lot mark for $other: $(over d 7)")
mp_mail "$(pl d 1)" games@localhost "x" "league D"
run
decoded "$(last "$(pl d 1)")" >d1
has d1 "Division 2: 1. $up, 2. $other (by lot), 3."
end "a promotion decided by lot says so, logs it, and the lot is the same when drawn again"

begin
mp_mail "$(pl a 1)" games@localhost "x" "league A"
run
decoded "$(last "$(pl a 1)")" >a1
has a1 "Season 1:"
has a1 'Division 2: 1. A10, 2. "Tanaka, Hiroshi" (by Sonneborn-Berger), 3. A8, ...'
has a1 "Division 1: 1. A5, 2. A4 (by wins), 3. A1, ..."
# The table's columns: a round robin's tie-breaks and what placed a row.
decoded "$(season_over "$(pl a 6)" A)" >a6
has_line a6 "  # Name                     G   W   D   L    Pts     SB  H2H Tie-break"
grep -qE '^  2 Tanaka, Hiroshi +4 +3 +0 +1 +3 +4\.00 +SB$' a6 ||
    why+=("no SB row for Tanaka: $(sed -n '/# Name/,/^$/p' a6)")
for f in got/*; do
	w=$(decoded "$f" | LC_ALL=C.UTF-8 wc -L)
	[ "$w" -le 78 ] || why+=("$f is $w columns wide")
done
end "the past season follows the final order and its tie-breaks, quotes a name with a comma, and the table shows its columns"

tap_done
