#!/usr/bin/env bash
#
# Regress test for robots that finish their games (issue 37,
# docs/robots.md "Finishing"): a few mcts-against-mcts arena games with
# a small budget in velox, levis, classic and a one-game Mur match all
# end by the rules (a pass in turn, a resignation, a win), none at the
# arena's turn cap; a robot remembering a velox game gone quiet passes
# to end it; and the budget changes
# the search in velox: at a midgame of single men, where the search
# once stopped after 64 playouts whatever the budget, budgets of 250,
# 1000 and 4000 playouts choose three different turns.  Prints
# TAP-like lines; exits 1 if a check failed.
#
# The arena stops a game at its cap (--cap FINISH_TURNS) and counts it
# as a draw, so a game that does not end is caught by the report's
# count of games stopped, with no clock in the test.
#
# make check sets MUPBEM; without it, ./mupbem in the current (build)
# directory is used, or the one beside this script's directory.

set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
if [ -z "${MUPBEM:-}" ]; then
	MUPBEM=./mupbem
	[ -x "$MUPBEM" ] || MUPBEM=$here/../mupbem
fi
case $MUPBEM in
/*)	;;
*)	MUPBEM=$PWD/$MUPBEM ;;
esac
if [ ! -x "$MUPBEM" ]; then
	echo "Bail out! no mupbem binary at $MUPBEM"
	exit 99
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/mupbem-finish.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
cd "$tmp" || exit 99

FINISH_BUDGET=50	# mcts playouts a move
FINISH_GAMES=4		# games a game
FINISH_TURNS=5000	# the arena's cap: the longest game allowed

# finish GAME [OPTION...]: mcts against mcts in GAME ends every game.
finish() {
	local game=$1 rc longest

	shift
	begin
	"$MUPBEM" arena --game "$game" \
	    --players "mcts:$FINISH_BUDGET,mcts:$FINISH_BUDGET" \
	    --games "$FINISH_GAMES" --seed 1 --jobs 2 --cap "$FINISH_TURNS" \
	    "$@" </dev/null >"$game.out" 2>"$game.err"
	rc=$?
	if [ "$rc" -ne 0 ]; then
		why+=("exit status $rc: $(head -1 "$game.err")")
	else
		grep -Eq '^Stopped at [0-9]+ turns and counted as draws: 0$' \
		    "$game.out" || why+=("$(grep '^Stopped' "$game.out")")
		longest=$(sed -nE \
		    's/^Game length: [0-9]+ to ([0-9]+) turns.*/\1/p' \
		    "$game.out")
		if [ -z "$longest" ]; then
			why+=("no 'Game length' line")
		elif [ "$longest" -ge "$FINISH_TURNS" ]; then
			why+=("a game lasted $longest turns")
		fi
	fi
	end "mcts v mcts ends every game: $game $*"
}

finish velox
finish levis
finish classic
finish mur --match 1

# A velox game gone quiet (tests/data/records/velox-quiet.rec): five
# single men a side, the evaluation unchanged for 150 turns.  mcts,
# remembering the game, passes to offer an end by the score; given the
# same position without the game that led to it, it plays on, so the
# pass comes from its memory (docs/robots.md, Finishing).
begin
quiet=${TEST_DATA:-$here/data}/records/velox-quiet.rec
for s in 1 3; do
	"$MUPBEM" robot --level mcts --budget "$FINISH_BUDGET" --seed "$s" \
	    "$quiet" >"quiet$s.out" 2>&1 || why+=("robot: $(head -1 "quiet$s.out")")
	[ "$(cat "quiet$s.out")" = pass ] ||
	    why+=("seed $s: '$(cat "quiet$s.out")', not a pass")
done
"$MUPBEM" replay "$quiet" 2>&1 | sed '/^$/Q' >quiet.pos
"$MUPBEM" robot --level mcts --budget "$FINISH_BUDGET" --seed 1 quiet.pos \
    >quiet.pos.out 2>&1 || why+=("robot on the position: $(head -1 quiet.pos.out)")
[ "$(cat quiet.pos.out)" != pass ] ||
    why+=("it passes without the game's history too")
end "mcts remembers a game gone quiet and passes to end it"

# A velox midgame (seed 11, 50 turns of greedy against greedy): red has
# 7 single men, blue 5, and no turn changes what the evaluation sees.
begin
"$MUPBEM" new --game velox --seed 11 >mid.rec
IFS='|' read -r -a turns <<'TURNS'
@0,0|@2,-3|@1,2|@-1,5|@5,-4|@-4,6|@4,1|@-3,3|@1,-5|@-6,4|@-2,8|@8,-5|@9,-3|@-7,7|@-10,9|@-11,7|G0-G1|H0-H3 P0-P5|E0-E3|J0-J2|M0-M4 O0-O3|F0-F3 L0-L6 B0-B3 J2-J1 H3-H4 D0-D5|K0-K2 E3-E2|N0-N2 B3-B2 J1-J2|K2-K0 M4-M0 A0-A5 E2-L5 I0-I3 C0-C3|L6-L5 B2-B1|I3-I4 C3-C0 A5-A4 G1-G2 M0-M5 K0-K1 O3-O2|L5-L0 J2-J0 D5-D6|A4-A0 K1-D3|B1-B6 L0-L2|C0-C1|N2-N3 L2-L1 D6-C4 B6-B5|O2-N4 G2-G1 A0-A5|N3-N4 P5-P6 J0-J5 B5-I3 L1-L6 H4-H3|I4-I3 G1-G0|H3-H4 L6-L5 J5-J6|I3-I2 M5-M6 G0-G6 C1-C6 D3-K1|N4-O1 P6-P1 H4-H3 L5-L4 C4-C5|C6-C5 A5-A4 I2-I1|L4-L3|M6-L3 K1-K0 A4-H1 C5-C6|F3-F2 J6-J5|H1-A4 K0-K5 C6-C0|O1-N5 J5-J0|G6-G1 A4-A3 L3-M6|N5-O1 J0-J3|K5-K6 M6-L2 A3-A0 G1-G6|J3-J0 F2-F0 P1-P6|K6-K0|J0-J3 H3-H4
TURNS
"$MUPBEM" play mid.rec "${turns[@]}" >/dev/null 2>mid.err ||
    why+=("play: $(head -1 mid.err)")
for b in 250 1000 4000; do
	"$MUPBEM" robot --level mcts --budget "$b" mid.rec >"b$b.out" \
	    2>"b$b.err" || why+=("robot --budget $b: $(head -1 "b$b.err")")
done
[ "$(sort -u b250.out b1000.out b4000.out | wc -l)" -eq 3 ] ||
    why+=("the same turn at two budgets:" "$(cat b250.out b1000.out \
    b4000.out)")
end "mcts's budget changes its turn in a velox midgame"

tap_done
