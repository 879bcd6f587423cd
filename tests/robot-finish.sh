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
. "$here/tool-lib.sh"
tool_setup finish

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
cp "${TEST_DATA:-$here/data}/records/velox-midgame.rec" mid.rec ||
    why+=("no velox-midgame.rec")
for b in 250 1000 4000; do
	"$MUPBEM" robot --level mcts --budget "$b" mid.rec >"b$b.out" \
	    2>"b$b.err" || why+=("robot --budget $b: $(head -1 "b$b.err")")
done
[ "$(sort -u b250.out b1000.out b4000.out | wc -l)" -eq 3 ] ||
    why+=("the same turn at two budgets:" "$(cat b250.out b1000.out \
    b4000.out)")
end "mcts's budget changes its turn in a velox midgame"

tap_done
