#!/bin/bash
# The robots' strength targets (issue 16), measured with mupbem arena:
#
#   greedy v random   velox, levis, classic (2 players) and Mur
#   mcts v greedy     the same four
#   3 players         classic with random, greedy and mcts
#   budget            velox: mcts at 4 times the default budget against
#                     mcts at the default (mcts:8000 v mcts:2000)
#   time              velox: mcts's CPU time a move at the default
#                     budget, from the runs above
#
# Each run prints the arena's whole report, and a summary of them all
# ends the output: A's score rate against B and the Elo difference with
# its 95% interval (docs/commands.md, arena).  A Mur game here is a
# one-game match unless MUR_MATCH says otherwise.  It prints figures
# and checks nothing; docs/performance.md records them.  The ladder of
# mcts's budgets in every game is scripts/ladder.sh's.
#
# Usage, after a non-sanitizer build: bash scripts/bench-arena.sh
# (from the source folder, or with MUPBEM set).  The environment may
# set GAMES (games a run without mcts, 200), MCTS_GAMES (games a run
# with mcts, 100), JOBS (2), SEED (1) and MUR_MATCH (1).
set -euo pipefail

cd "$(dirname "$0")/.."
: "${MUPBEM:=$PWD/mupbem}"
: "${GAMES:=200}"
: "${MCTS_GAMES:=100}"
: "${JOBS:=2}"
: "${SEED:=1}"
: "${MUR_MATCH:=1}"
out=$(mktemp -d "${TMPDIR:-/tmp}/mupbem-arena.XXXXXX")
trap 'rm -rf "$out"' EXIT
letters=ABCDEF
summary=()
velox=()
run=0

# arena TITLE GAME PLAYERS GAMES [OPTION...]: one run, reported in full
# and summed up in one line.
arena() {
	local title=$1 game=$2 players=$3 games=$4 f line elo names a b
	local score

	shift 4
	run=$((run + 1))
	f=$out/$run
	echo "== $title"
	"$MUPBEM" arena --game "$game" --players "$players" \
	    --games "$games" --seed "$SEED" --jobs "$JOBS" "$@" | tee "$f"
	echo
	[ "$game" = velox ] && velox+=("$f")
	if line=$(grep -E "^A's score: " "$f"); then
		elo=$(grep -E '^Elo difference: ' "$f" |
		    sed -E 's/^Elo difference: ([^,]*), 95% interval (.*)$/\1 (\2)/')
		summary+=("$(printf '%-40s %6s  %s' "$title" \
		    "$(awk '{ print $3 }' <<<"$line")" "$elo")")
	else
		# The players, "  A  random", then each pair's line, "  A v
		# B  2-3-1   41.7%  -58 (-486 to +216)".
		names=($(awk '/^  [A-F]  [^ ]+$/ { print $2 }' "$f"))
		while read -r a _ b _ score elo; do
			a=${letters%%$a*}
			b=${letters%%$b*}
			a="$game, ${#names[@]} players: ${names[${#a}]}"
			a+=" v ${names[${#b}]}"
			summary+=("$(printf '%-40s %6s  %s' "$a" "$score" \
			    "$elo")")
		done < <(grep -E '^  [A-F] v [A-F]  ' "$f")
	fi
}

# The match length for Mur's runs.
mur=(--match "$MUR_MATCH")

arena "velox: greedy v random" velox greedy,random "$GAMES"
arena "levis: greedy v random" levis greedy,random "$GAMES"
arena "classic: greedy v random" classic greedy,random "$GAMES"
arena "mur: greedy v random" mur greedy,random "$GAMES" "${mur[@]}"
arena "velox: mcts v greedy" velox mcts,greedy "$MCTS_GAMES"
arena "levis: mcts v greedy" levis mcts,greedy "$MCTS_GAMES"
arena "classic: mcts v greedy" classic mcts,greedy "$MCTS_GAMES"
arena "mur: mcts v greedy" mur mcts,greedy "$MCTS_GAMES" "${mur[@]}"
arena "classic: random, greedy and mcts" classic \
    random,greedy,mcts "$MCTS_GAMES"
arena "velox: mcts:8000 v mcts:2000" velox mcts:8000,mcts:2000 \
    "$MCTS_GAMES"

echo "== Summary: A's score against B, and A's Elo over B (95% interval)"
printf '%s\n' "${summary[@]}"
echo "== Time a velox move of mcts at the default budget (2000 playouts)"
grep -hE '^  [A-F]  mcts:2000 ' "${velox[@]}" |
    awk '{ moves += $3; cpu += $4 } END {
	printf "%d moves, %.3f s of CPU, %.3f ms a move\n", moves, cpu,
	    moves ? cpu * 1000 / moves : 0 }'
