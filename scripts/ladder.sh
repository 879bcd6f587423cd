#!/bin/bash
# The robots' Elo ladder (issue 37), measured with mupbem arena: in
# each game, greedy at the foot, then mcts at budgets of 250, 1,000,
# 4,000 and 16,000 playouts a move, each rung played against the one
# below it:
#
#   mcts:250 v greedy, mcts:1000 v mcts:250, mcts:4000 v mcts:1000,
#   mcts:16000 v mcts:4000, mcts (its default budget) v greedy, and
#   expert (its default budget) v mcts, whose Elo over greedy adds
#   mcts's
#
# Each match is one arena run of GAMES games, the seats rotating
# (docs/commands.md, arena), and gives the higher rung's Elo over the
# lower with its 95% interval, as the arena prints it.  A rung's Elo
# over greedy is the sum of the steps below it; its interval adds the
# steps' variances (each step's standard error read from its own
# interval as (high - low) / 3.92, the matches being independent), so
# it is symmetric where the steps' are not; it is "interval open" when
# a step's interval has an infinite end, and the rung's Elo is infinite
# when a step's is (a match won or lost whole: play more games).  A game
# still going at CAP turns is stopped and counted as a draw; the table
# says how many were.
#
# Each run's report goes to standard error, and the table to standard
# output, in Markdown for docs/robots.md.  It checks nothing.
#
# Usage, after a build without sanitizers (./configure && make):
#     bash scripts/ladder.sh >ladder.md
# from the source folder, or with MUPBEM set.  The environment may set
# GAMES (games a match, 100), JOBS (2), SEED (1), CAP (turns, 1000),
# BUDGETS ("250 1000 4000 16000"), LADDER_GAMES ("velox levis classic
# mur"), MUR_MATCH (1: a Mur game is a one-game match) and RECORDS (a
# folder: each match's records go to a folder of it, RECORDS/velox-
# mcts1000-v-mcts250, with mupbem arena --records).
set -euo pipefail

cd "$(dirname "$0")/.."
: "${MUPBEM:=$PWD/mupbem}"
: "${GAMES:=100}"
: "${JOBS:=2}"
: "${SEED:=1}"
: "${CAP:=1000}"
: "${BUDGETS:=250 1000 4000 16000}"
: "${LADDER_GAMES:=velox levis classic mur}"
: "${MUR_MATCH:=1}"
: "${RECORDS:=}"
out=$(mktemp -d "${TMPDIR:-/tmp}/mupbem-ladder.XXXXXX")
trap 'rm -rf "$out"' EXIT
rows=()

# match GAME A B: A against B in GAME; prints "W-L-D capped score elo
# low high ms median seconds", A's figures, on one line, or "failed"
# and dashes if the arena failed (its report says why), so that one
# failed match costs its row and the rungs above it, not the table.
match() {
	local game=$1 a=$2 b=$3 f extra=() wld capped score elo low high
	local ms median start secs dir

	f=$out/$game-$a-$b
	[ "$game" = mur ] && extra+=(--match "$MUR_MATCH")
	if [ -n "$RECORDS" ]; then
		dir=$RECORDS/$game-${a//:/}-v-${b//:/}
		mkdir -p "$dir"
		extra+=(--records "$dir")
	fi
	echo "== $game: $a v $b" >&2
	start=$(date +%s)
	if ! "$MUPBEM" arena --game "$game" --players "$a,$b" \
	    --games "$GAMES" --seed "$SEED" --jobs "$JOBS" --cap "$CAP" \
	    "${extra[@]}" >"$f"; then
		cat "$f" >&2
		echo "== $game: $a v $b failed: the other matches go on" >&2
		echo "failed - - - - - - - $(($(date +%s) - start))"
		return
	fi
	secs=$(($(date +%s) - start))
	cat "$f" >&2
	echo >&2
	wld=$(sed -nE 's/^A v B: ([0-9]+) wins?, ([0-9]+) loss(es)?, ([0-9]+) draws?$/\1-\2-\4/p' "$f")
	capped=$(sed -nE 's/^Stopped at [0-9]+ turns and counted as draws: //p' "$f")
	score=$(sed -nE "s/^A's score: ([0-9.]+%).*/\\1/p" "$f")
	read -r elo low high < <(sed -nE \
	    's/^Elo difference: ([^,]*), 95% interval (.*) to (.*)$/\1 \2 \3/p' "$f")
	ms=$(awk '/^  A  / && NF == 5 { printf "%.1f", $5 }' "$f")
	median=$(sed -nE 's/^Game length: .*median ([0-9.]+),.*/\1/p' "$f")
	echo "$wld $capped $score $elo $low $high $ms $median $secs"
}

# sum STEPS: a rung's Elo over greedy from the steps "elo low high"
# below it, one a line: "elo (low to high)", +inf or -inf where
# infinite.
sum() {
	awk '
	function num(s) {
		if (s ~ /inf/)
			return (s ~ /^-/ ? "-inf" : "+inf")
		return (s + 0)
	}
	$1 == "failed" { failed = 1; next }
	{
		e = num($1); l = num($2); h = num($3)
		if (e == "+inf" || e == "-inf") {
			inf = (inf == "" || inf == e) ? e : "unbounded"
			next
		}
		d += e
		if (l == "-inf" || h == "+inf" || l == "+inf" || h == "-inf")
			open = 1
		else
			v += ((h - l) / 3.92) ^ 2
	}
	END {
		if (failed) { printf "none (a match failed)"; exit }
		if (inf != "") { printf "%s", inf; exit }
		if (open) { printf "%+.0f (interval open)", d; exit }
		printf "%+.0f (%+.0f to %+.0f)", d, d - 1.96 * sqrt(v),
		    d + 1.96 * sqrt(v)
	}'
}

# row GAME A B STEPS...: one line of the table.
row() {
	local game=$1 a=$2 b=$3 wld capped score elo low high ms median
	local secs ladder

	shift 3
	read -r wld capped score elo low high ms median secs \
	    < <(match "$game" "$a" "$b")
	if [ "$wld" = failed ]; then
		steps+=(failed)
	else
		steps+=("$elo $low $high")
	fi
	if [ "$b" = greedy ]; then
		ladder=$(printf '%s\n' "${steps[-1]}" | sum)
	else
		ladder=$(printf '%s\n' "${steps[@]}" | sum)
	fi
	rows+=("| $game | $a v $b | $GAMES | $wld | $capped | $score | $elo ($low to $high) | $ladder | $ms | $median | $secs |")
}

for game in $LADDER_GAMES; do
	steps=()
	below=greedy
	for budget in $BUDGETS; do
		row "$game" "mcts:$budget" "$below"
		below=mcts:$budget
	done
	steps=()
	row "$game" mcts greedy
	row "$game" expert mcts
done

echo "Measured with GAMES=$GAMES SEED=$SEED CAP=$CAP JOBS=$JOBS" \
    "MUR_MATCH=$MUR_MATCH bash scripts/ladder.sh; the arena's default" \
    "mcts budget is its own row."
echo
echo "| game | A v B | games | A: won-lost-drawn | capped | A's score | A's Elo over B (95%) | A's Elo over greedy (95%) | ms a move, A | median turns | seconds |"
echo "| --- | --- | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: | ---: |"
printf '%s\n' "${rows[@]}"
