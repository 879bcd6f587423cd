#!/usr/bin/env bash
#
# Regress test for mupbem engine (docs/engine.md): the same games played
# through the engine and through the tool's subcommands (new, robot,
# play, legal, replay) give the same turns, records, positions and legal
# lists, in velox, levis, classic and Mur, with a turn taken back by
# undo on the way and a record loaded and undone; every error answer is
# exact, and the tool's where the tool has one; each answer is framed
# as GTP frames them (= or ?, the id, one empty line at the end) and
# reaches a driver over a pipe before the engine reads on.  Prints
# TAP-like lines; exits 1 if a check failed.
#
# make check sets MUPBEM; without it, ./mupbem in the current (build)
# directory is used, or the one beside this script's directory.

set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
. "$here/tool-lib.sh"
tool_setup engine

# engine IN: runs the engine on the commands in IN into out, and splits
# its answers into a.1, a.2, ... (an answer's lines of one space, which
# stand for empty lines, made empty again); sets rc.
engine() {
	rm -f a.*
	"$MUPBEM" engine <"$1" >out 2>err
	rc=$?
	awk 'BEGIN { n = 1 }
	    /^$/ { close(f); n++; next }
	    { f = "a." n; if ($0 == " ") $0 = ""; print > f }' out
}

# body K: answer K without its "= " or "? " (and id).
body() {
	sed '1s/^[=?][0-9]* //' "a.$1"
}

# want_answer K TEXT: answer K is "= TEXT" (TEXT may be several lines).
want_answer() {
	[ -f "a.$1" ] || { why+=("no answer $1"); return; }
	[ "$(cat "a.$1")" = "= $2" ] ||
	    why+=("answer $1: $(head -3 "a.$1" | tr '\n' '|')"
	    "wanted: = $(printf '%s' "$2" | head -3 | tr '\n' '|')")
}

# want_error K TEXT: answer K is "? TEXT".
want_error() {
	[ -f "a.$1" ] || { why+=("no answer $1"); return; }
	[ "$(cat "a.$1")" = "? $2" ] ||
	    why+=("answer $1: $(cat "a.$1")" "wanted: ? $2")
}

# cli_error ARGS...: the tool's error for ARGS, without "mupbem: ".
cli_error() {
	"$MUPBEM" "$@" 2>&1 >/dev/null | sed 's/^mupbem: //'
}

# want_framed N: out holds N answers, each a first line "=" or "?"
# (then digits, a space), lines that are not empty, then one empty line.
want_framed() {
	local bad

	bad=$(awk 'BEGIN { start = 1 }
	    start && !/^[=?][0-9]* / { print NR ": " $0; exit }
	    /^$/ { if (start) { print NR ": two empty lines"; exit }
	        start = 1; n++; next }
	    { start = 0 }
	    END { if (!start) print "the last answer has no empty line"
	        else if (n != want) print n " answers, not " want }' \
	    want="$1" out)
	[ -z "$bad" ] || why+=("framing: $bad")
}

# same_game NAME CLI-OPTIONS -- ENGINE-OPTIONS: 12 turns by the robots
# (random, greedy and mcts in turn, seeds 101 to 112), through mupbem
# robot and play on a record and through genmove; on the way the engine
# plays the first legal turn and takes it back, and plays turn 8 with
# play, as the tool's robot chose it.  The turns, the record, the
# position and the legal turns must be the same.
same_game() {
	local game=$1 cli=() eng=() i level budget t k=1 turns=() at=()

	shift
	while [ "$1" != "--" ]; do
		cli+=("$1")
		shift
	done
	shift
	eng=("$@")
	begin
	"$MUPBEM" new --game "$game" --seed 7 "${cli[@]}" >cli.rec
	echo "new $game seed 7 ${eng[*]}" >in
	for i in $(seq 1 12); do
		case $((i % 3)) in
		1) level=random budget= ;;
		2) level=greedy budget= ;;
		0) level=mcts budget=30 ;;
		esac
		if [ "$i" -eq 5 ]; then
			t=$("$MUPBEM" legal cli.rec | head -1)
			printf 'play %s\nundo\n' "$t" >>in
			k=$((k + 2))
		fi
		k=$((k + 1))
		at+=("$k")
		t=$("$MUPBEM" robot --level $level ${budget:+--budget $budget} \
		    --seed $((100 + i)) cli.rec)
		turns+=("$t")
		if [ "$i" -eq 8 ]; then
			echo "play $t" >>in
		else
			echo "genmove $level ${budget:+budget $budget} seed" \
			    "$((100 + i))" >>in
		fi
		"$MUPBEM" play cli.rec "$t" >/dev/null ||
		    why+=("mupbem play $t failed")
	done
	printf 'record\nposition\nlegal\nscore\n' >>in
	engine in
	[ "$rc" -eq 0 ] || why+=("exit status $rc")
	for i in $(seq 0 11); do
		[ "$(head -1 "a.${at[i]}")" = "= ${turns[i]}" ] ||
		    why+=("turn $((i + 1)): $(head -1 "a.${at[i]}")," \
		    "mupbem robot: ${turns[i]}")
	done
	k=$((k + 1))
	want_answer $k "$(cat cli.rec)"
	want_answer $((k + 1)) "$("$MUPBEM" replay cli.rec | sed '/^$/q' |
	    sed '$d')"
	want_answer $((k + 2)) "$("$MUPBEM" legal cli.rec)"
	head -1 "a.$((k + 3))" | grep -q '^= ' || why+=("score failed")
	want_framed $((k + 3))
	end "$game: the engine's game is the tool's (${eng[*]})"
}

same_game velox --segments 2 -- segments 2
same_game levis --segments 2 -- segments 2
same_game classic --players 3 --segments 2 -- players 3 segments 2
same_game mur --match 1 -- match 1

# --- load, undo of a loaded record, position, the end ------------------------

begin
"$MUPBEM" new --game velox --segments 2 --seed 3 >v.rec
for i in 1 2 3 4 5 6; do
	"$MUPBEM" play v.rec "$("$MUPBEM" robot --seed $i v.rec)" >/dev/null
done
head -n -1 v.rec >v5.rec
"$MUPBEM" replay v.rec | sed '/^$/q' | sed '$d' >v.pos
cat >in <<EOF
load v.rec
undo
record
load v.pos
position
record
undo
genmove random seed 4
undo
position
EOF
engine in
want_answer 1 ""
want_answer 2 ""
want_answer 3 "$(cat v5.rec)"
want_answer 5 "$(cat v.pos)"
want_error 6 "record: a position was loaded, and a position has no record"
want_error 7 "undo: there is no turn to take back"
head -1 a.8 | grep -q '^= ' || why+=("genmove on a position: $(cat a.8)")
want_answer 9 ""
want_answer 10 "$(cat v.pos)"
end "load: a record (its last turn undone) and a position"

begin
{
	echo "new velox segments 1 seed 5"
	for i in $(seq 1 400); do
		echo "genmove random seed $i"
	done
	printf 'over\nrecord\ngenmove\nplay @0,0\nlegal\n'
} >in
engine in
grep -c '^= ' out >n.ok
grep -qx '? genmove: the game is over' out ||
    why+=("the game did not end in 400 turns")
k=$(ls a.* | wc -l)
grep -Eq '^= yes (.* wins .*|.*draw.*)$' "a.$((k - 4))" ||
    why+=("over: $(cat "a.$((k - 4))")")
body $((k - 3)) >end.rec
"$MUPBEM" play end.rec @0,0 >/dev/null 2>play.err
want_error $((k - 2)) "genmove: the game is over"
want_error $((k - 1)) "$(sed 's/^mupbem: //' play.err)"
want_answer $k ""
[ -s play.err ] || why+=("mupbem play after the end did not fail")
end "a game played to its end: over, then genmove and play refused"

# --- errors ------------------------------------------------------------------

begin
"$MUPBEM" new --game mur --match 1 --seed 2 >m.rec
echo garbage >bad.rec
cat >in <<EOF
legal
frobnicate
new
new chess
new velox players 0
new velox seed x
new velox colour 3
new velox players
load
load nofile
load bad.rec
load -
load m.rec
play zz
play
undo
genmove clever
genmove budget 0
genmove mcts budget
genmove mcts depth 3
show bad
legal now
record
EOF
engine in
[ "$rc" -eq 0 ] || why+=("exit status $rc")
want_error 1 "legal: no game: begin with new GAME or load FILE"
want_error 2 "unknown command 'frobnicate' (help lists the commands)"
want_error 3 "new: which game? (new GAME [seed N] [players N] [segments N]\
 [match N])"
want_error 4 "$(cli_error new --game chess)"
want_error 5 "$(cli_error new --game velox --players 0)"
want_error 6 "$(cli_error new --game velox --seed x)"
want_error 7 "new: unknown option 'colour' (the options are seed, players,\
 segments and match)"
want_error 8 "new: players needs a value"
want_error 9 "load: which file? (load FILE)"
want_error 10 "$(cli_error show nofile)"
want_error 11 "$(cli_error show bad.rec)"
want_error 12 "load: the commands come from standard input; give a file"
want_answer 13 ""
cp m.rec m0.rec
want_error 14 "$(cli_error play m.rec zz)"
cmp -s m.rec m0.rec || why+=("mupbem play zz changed the record")
want_error 15 "play: which turn? (play TURN)"
want_error 16 "undo: there is no turn to take back"
want_error 17 "$(cli_error robot --level clever m.rec)"
want_error 18 "$(cli_error robot --budget 0 m.rec)"
want_error 19 "genmove: budget needs a value"
want_error 20 "genmove: unknown option 'depth' (the options are budget and\
 seed)"
want_error 21 "$(cli_error show --form bad m.rec)"
want_error 22 "too many arguments (legal)"
want_answer 23 "$(cat m.rec)"
want_framed 23
end "every error answer, and a failed play leaves the game as it was"

# --- framing -----------------------------------------------------------------

begin
printf '# a comment\n\n12 new velox seed 1\n  13   frob\n14\n' >in
printf '7 list_commands\nhelp\n15 quit\nlegal\n' >>in
engine in
[ "$rc" -eq 0 ] || why+=("exit status $rc")
[ "$(cat a.1)" = "=12 " ] || why+=("answer 1: $(cat a.1)")
[ "$(cat a.2)" = "?13 unknown command 'frob' (help lists the commands)" ] ||
    why+=("answer 2: $(cat a.2)")
[ "$(cat a.3)" = "?14 which command? (help lists them)" ] ||
    why+=("answer 3: $(cat a.3)")
[ "$(head -1 a.4)" = "=7 new" ] || why+=("answer 4: $(head -1 a.4)")
grep -qx 'genmove \[random|greedy|mcts|expert\] \[budget N\] \[seed N\]' \
    a.5 || why+=("help has no genmove")
[ "$(cat a.6)" = "=15 " ] || why+=("answer 6: $(cat a.6)")
[ -f a.7 ] && why+=("an answer after quit: $(cat a.7)")
want_framed 6
end "framing: ids echoed, comments and empty lines skipped, quit ends"

begin
engine /dev/null
[ "$rc" -eq 0 ] && [ ! -s out ] ||
    why+=("end of input: exit status $rc, output $(head -1 out)")
end "the end of input ends the engine as quit does"

# A driver over pipes: each answer must arrive before the next command
# is written, so the engine must flush after each.
begin
trap '' PIPE
coproc ENG { "$MUPBEM" engine 2>/dev/null; }
in=${ENG[1]} from=${ENG[0]} pid=$ENG_PID
got=
for cmd in "new levis seed 2" "genmove random seed 1" "over"; do
	echo "$cmd" >&"$in" 2>/dev/null
	while IFS= read -r -t "$(tap_scale 10)" line <&"$from"; do
		[ -z "$line" ] && break
		got+="$line|"
	done
done
echo quit >&"$in" 2>/dev/null
wait "$pid"
rc=$?
trap - PIPE
[ "$got" = "= |= @0,0|red places segment A at @0,0.|= no|" ] ||
    why+=("over a pipe: $got")
[ "$rc" -eq 0 ] || why+=("exit status $rc")
end "over pipes, each answer comes before the next command"

begin
"$MUPBEM" engine extra >/dev/null 2>err
rc=$?
[ "$rc" -eq 2 ] || why+=("exit status $rc")
grep -q 'mupbem engine' err || why+=("no usage: $(head -1 err)")
end "mupbem engine takes no arguments"

tap_done
