#!/usr/bin/env bash
#
# Regress test for mupbem arena: small arenas of the random robot (the
# other levels' strength is scripts/bench-arena.sh's business, not a
# test's).  Checks the report's shape line by line, that its numbers
# add up (wins, losses and draws to the games, the games each seat
# apart to the whole, the score rate to the wins and draws, moves to
# turns), that --jobs 1 and --jobs 2 give the same games, that every
# line fits in 78 columns, and that bad arguments get their exact
# error and exit status.  Prints TAP-like lines; exits 1 if a check
# failed.
#
# make check sets MUPBEM; without it, ./mupbem in the current (build)
# directory is used, or the one beside this script's directory.

set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
. "$here/tool-lib.sh"
tool_setup arena

rc=0

want_rc() {
	[ "$rc" -eq "$1" ] || why+=("exit status $rc, expected $1")
}

# want_line FILE LINE: FILE has LINE as a whole line.
want_line() {
	grep -Fqx -- "$2" "$1" || why+=("no line '$2' in $1")
}

# want_width FILE: no line of FILE is longer than 78 columns.
want_width() {
	local long

	long=$(awk 'length($0) > 78 { print NR ": " length($0) }' "$1")
	[ -z "$long" ] || why+=("$1: lines over 78 columns: $long")
}

# field FILE REGEX: the first line of FILE matching the extended REGEX.
field() {
	grep -E -m1 -- "$2" "$1"
}

# want_err ARGS... -- STATUS LINE: the arena refuses ARGS with exactly
# LINE as the first line of standard error, and nothing on standard
# output.
want_err() {
	local args=() status line

	while [ "$1" != "--" ]; do
		args+=("$1")
		shift
	done
	status=$2
	line=$3
	begin
	arena bad.out "${args[@]}"
	want_rc "$status"
	[ "$(head -1 bad.out.err)" = "$line" ] ||
	    why+=("stderr: $(head -1 bad.out.err)" "wanted: $line")
	[ -s bad.out ] && why+=("stdout: $(head -1 bad.out)")
	end "refused: ${args[*]}"
}

# check_two FILE N: a two-player report of N games adds up.
check_two() {
	local f=$1 games=$2 w l d w1 l1 d1 w2 l2 d2 score want moves turns
	local mean

	read -r w l d < <(field "$f" '^A v B: ' |
	    sed -E 's/^A v B: ([0-9]+) wins?, ([0-9]+) loss(es)?, ([0-9]+) draws?$/\1 \2 \4/')
	if ! [[ "$w $l $d" =~ ^[0-9]+\ [0-9]+\ [0-9]+$ ]]; then
		why+=("no 'A v B: W wins, L losses, D draws' line")
		return
	fi
	[ $((w + l + d)) -eq "$games" ] ||
	    why+=("$w + $l + $d games, not $games")
	read -r w1 l1 d1 < <(field "$f" '^  A in the first seat: ' |
	    grep -oE '[0-9]+' | tr '\n' ' ')
	read -r w2 l2 d2 < <(field "$f" '^  A in the second seat: ' |
	    grep -oE '[0-9]+' | tr '\n' ' ')
	[ "$((w1 + w2)) $((l1 + l2)) $((d1 + d2))" = "$w $l $d" ] ||
	    why+=("the seats' games do not add up to the match")
	[ $((w1 + l1 + d1)) -eq $(((games + 1) / 2)) ] ||
	    why+=("A had the first seat in $((w1 + l1 + d1)) games")
	want=$(awk -v w="$w" -v d="$d" -v n="$games" \
	    'BEGIN { printf "%.1f%%", (w + d / 2) * 100 / n }')
	score=$(field "$f" "^A's score: " | awk '{ print $3 }')
	[ "$score" = "$want" ] || why+=("A's score $score, not $want")
	field "$f" '^Elo difference: [-+]([0-9]+|inf), 95% interval [-+]([0-9]+|inf) to [-+]([0-9]+|inf)$' \
	    >/dev/null || why+=("no Elo difference line")
	mean=$(field "$f" '^Game length: ' | sed -E 's/.*mean ([0-9.]+)$/\1/')
	moves=$(awk '/^  [AB]  / && NF == 5 { m += $3 } END { print m }' "$f")
	turns=$(awk -v m="$mean" -v n="$games" 'BEGIN { print m * n }')
	awk -v a="$moves" -v b="$turns" -v n="$games" \
	    'BEGIN { exit !(a - b <= n / 20 && b - a <= n / 20) }' ||
	    why+=("$moves moves, but $turns turns")
}

# same_games A B: two reports agree but for the jobs and the times.
same_games() {
	local x y

	x=$(sed -E -e '2s/ in [0-9]+ jobs?,/,/' \
	    -e 's/^(  [A-F]  [^ ]+ +[0-9]+) .*/\1/' "$1")
	y=$(sed -E -e '2s/ in [0-9]+ jobs?,/,/' \
	    -e 's/^(  [A-F]  [^ ]+ +[0-9]+) .*/\1/' "$2")
	[ "$x" = "$y" ] || why+=("$1 and $2 differ:" "$(diff <(echo "$x") \
	    <(echo "$y") | head -20 | tr '\n' '|')")
}

# --- Two players ---------------------------------------------------------

begin
arena v1.out --game velox --players random,random --games 8 --seed 5
want_rc 0
want_line v1.out "Arena: velox, 2 players, 8 segments each"
want_line v1.out "8 games from seed 5 in 1 job, the seats rotating"
want_line v1.out "  A  random"
want_line v1.out "  B  random"
want_line v1.out "Stopped at 10000 turns and counted as draws: 0"
field v1.out '^Game length: [0-9]+ to [0-9]+ turns, median [0-9.]+, mean [0-9.]+$' \
    >/dev/null || why+=("no game length line")
want_line v1.out \
    "Thinking (CPU)             moves      seconds   ms a move"
[ "$(wc -l <v1.out)" -eq 14 ] || why+=("$(wc -l <v1.out) lines, not 14")
check_two v1.out 8
want_width v1.out
end "velox, random v random: the report's shape, and it adds up"

begin
arena v2.out --game velox --players random,random --games 8 --seed 5 \
    --jobs 2
want_rc 0
want_line v2.out "8 games from seed 5 in 2 jobs, the seats rotating"
same_games v1.out v2.out
end "velox: --jobs 2 plays the same games as --jobs 1"

begin
arena v3.out --game velox --players random,random --games 8 --seed 5 \
    --jobs 3
want_rc 0
same_games v1.out v3.out
arena v9.out --game velox --players random,random --games 3 --seed 5 \
    --jobs 9
want_line v9.out "3 games from seed 5 in 3 jobs, the seats rotating"
check_two v9.out 3
end "--jobs 3 gives the same games too, and no more jobs than games"

begin
arena v4.out --game velox --players random,random --games 8 --seed 6
want_rc 0
x=$(grep -E '^(A v B|Game length)' v1.out)
y=$(grep -E '^(A v B|Game length)' v4.out)
[ "$x" != "$y" ] || why+=("seeds 5 and 6 played the same games")
arena v5.out --game velox --players random,random --games 8 --seed 5
same_games v1.out v5.out
end "the seed decides the games"

begin
arena l.out --game levis --players random,mcts:7 --games 4 --seed 2 \
    --jobs 2
want_rc 0
want_line l.out "Arena: levis, 2 players, 7 segments each"
want_line l.out "  B  mcts:7"
check_two l.out 4
want_width l.out
arena l2.out --game levis --players random,mcts --budget 9 --games 1
want_line l2.out "  B  mcts:9"
want_line l2.out "1 game from seed 1 in 1 job, the seats rotating"
want_line l2.out "  A in the second seat: 0 wins, 0 losses, 0 draws"
check_two l2.out 1
end "levis: a budget is the player's own, or --budget's"

begin
arena m.out --game mur --players random,random --games 4 --match 1
want_rc 0
want_line m.out "Arena: mur, 2 players, matches of 1 game"
check_two m.out 4
want_width m.out
end "mur: one-game matches"

# --- Three players -------------------------------------------------------

begin
arena c1.out --game classic --players random,random,random --games 6 \
    --seed 3 --segments 4
want_rc 0
want_line c1.out "Arena: classic, 3 players, 4 segments each"
want_line c1.out \
    "Player                average rank   wins (alone first)"
want_line c1.out "Pair     won-lost-drawn      score  Elo (95% interval)"
[ "$(wc -l <c1.out)" -eq 19 ] || why+=("$(wc -l <c1.out) lines, not 19")
bad=$(awk '/^  [ABC]  random +[0-9.]+ +[0-9]+$/ {
	rows++; wins += $4
	if ($3 < 1 || $3 > 3) print "average rank " $3
} END {
	if (rows != 3) print rows " rank rows"
	if (wins > 6) print wins " wins alone"
}' c1.out)
[ -z "$bad" ] || why+=("$bad")
pairs=$(grep -cE '^  [AB] v [BC]  [0-9]+-[0-9]+-[0-9]+ +[0-9.]+%  [-+]([0-9]+|inf) \([-+]([0-9]+|inf) to [-+]([0-9]+|inf)\)$' c1.out)
[ "$pairs" -eq 3 ] || why+=("$pairs pair lines, not 3")
bad=$(awk '/^  [AB] v [BC]  / {
	split($4, n, "-")
	if (n[1] + n[2] + n[3] != 6) print $2 $3 $4 " is not 6 games"
	want = sprintf("%.1f%%", (n[1] + n[3] / 2) * 100 / 6)
	if ($5 != want) print $2 $3 $4 ": " $5 ", not " want
}' c1.out)
[ -z "$bad" ] || why+=("$bad")
want_width c1.out
end "classic, 3 players: ranks, wins and pairs add up"

begin
arena c2.out --game classic --players random,random,random --games 6 \
    --seed 3 --segments 4 --jobs 2
want_rc 0
same_games c1.out c2.out
end "classic, 3 players: --jobs 2 plays the same games"

# --- Refusals ------------------------------------------------------------

want_err --game chess --players random,random --games 2 -- 1 \
    "mupbem: game: no game is called 'chess' (the games are classic, levis, velox and mur)"
want_err --game velox --players random,wise --games 2 -- 1 \
    "mupbem: players: no robot level is called 'wise' (the levels are random, greedy, mcts and expert)"
want_err --game mur --players random,random,random --games 2 -- 1 \
    "mupbem: Mur is a game for two players, not 3"
want_err --game velox --players random --games 2 -- 1 \
    "mupbem: players: velox is for exactly 2 players, not 1"
want_err --game classic --players random,random,random,random,random,random,random --games 2 -- 1 \
    "mupbem: players: classic is for 2 to 6 players, not 7"
want_err --game mur --players random,random --games 2 --segments 3 -- 1 \
    "mupbem: Mur has no segments: its board is fixed"
want_err --game velox --players random,random --games 0 -- 1 \
    "mupbem: games: '0' is not a number from 1 to 1000000"
want_err --game velox --players greedy:5,random --games 2 -- 1 \
    "mupbem: players: 'greedy:5': only mcts and expert take a budget"
want_err --game velox --players mcts:0,random --games 2 -- 1 \
    "mupbem: players: budget: '0' is not a number from 1 to 1000000000"
want_err --game velox --players random,,random --games 2 -- 1 \
    "mupbem: players: 'random,,random' names an empty player"
want_err --game velox --players random, --games 2 -- 1 \
    "mupbem: players: 'random,' names an empty player"
want_err --game velox --players random,random --games 2 --jobs 0 -- 1 \
    "mupbem: jobs: '0' is not a number from 1 to 64"
want_err --game velox --players random,random -- 2 \
    "mupbem: arena: --games is required"
want_err --game velox --players random,random --games 2 more -- 2 \
    "mupbem: arena: stray argument 'more'"
want_err --game velox --players random,random --games 2 --fast -- 2 \
    "mupbem: arena: unknown option '--fast'"

tap_done
