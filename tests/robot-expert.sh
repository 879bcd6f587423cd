#!/usr/bin/env bash
#
# Regress test for the expert robot (issue 37, docs/robots.md
# "expert"): in velox, levis, classic and Mur, at a position of the
# movement phase, `mupbem robot --level expert` at a small budget
# chooses a turn that `mupbem play` accepts, and the same seed gives the
# same turn; in the velox midgame of tests/robot-finish.sh, expert's
# whole-turn replies make it choose otherwise than mcts at the same
# budget and seed; the arena takes expert and expert:N as players; and
# a player who writes `new velox with robot:expert` by mail gets a game
# in which mupbemd plays the expert robot's seat.  Prints TAP-like
# lines; exits 1 if a check failed.
#
# make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEM" ] || { echo "Bail out! no mupbem at $MUPBEM"; exit 99; }
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/robot-expert.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"
. "$here/service-lib.sh"

export MUPBEM_NOW=1795000000
EXPERT_BUDGET=60	# playouts a turn: enough to read replies, and fast

# movement GAME: GAME.rec, a game of GAME after 40 turns of random
# robots, which is in its movement phase.
movement() {
	local i a

	"$MUPBEM" new --game "$1" --seed 3 >"$1.rec" ||
	    why+=("new --game $1 failed")
	for i in $(seq 1 40); do
		a=$("$MUPBEM" robot --seed "$i" "$1.rec") || break
		"$MUPBEM" play "$1.rec" "$a" >/dev/null 2>&1 || break
	done
}

for game in velox levis classic mur; do
	begin
	cd "$tmp" || exit 99
	movement "$game"
	for k in 1 2; do
		"$MUPBEM" robot --level expert --budget $EXPERT_BUDGET \
		    --seed 5 "$game.rec" >"$game.$k" 2>"$game.err" ||
		    why+=("robot --level expert: $(head -1 "$game.err")")
	done
	[ -s "$game.1" ] || why+=("no turn from expert in $game")
	cmp -s "$game.1" "$game.2" ||
	    why+=("two turns from one seed: $(cat "$game.1" "$game.2")")
	"$MUPBEM" play --dry-run "$game.rec" "$(cat "$game.1")" \
	    >/dev/null 2>"$game.err" ||
	    why+=("play refuses expert's '$(cat "$game.1")': $(head -1 "$game.err")")
	end "robot --level expert in $game: a legal turn, the same from the same seed"
done

# The velox midgame of tests/robot-finish.sh (seed 11, 50 turns of
# greedy against greedy): red has 7 single men, blue 5.  At 1000
# playouts and seed 1, mcts plays G6-G0 K0-K4 and expert I1-I2 K0-K6
# (at 250 to 500 both play I1-I2 K0-K6 G6-G0).
begin
cd "$tmp" || exit 99
cp "${TEST_DATA:-$here/data}/records/velox-midgame.rec" mid.rec ||
    why+=("no velox-midgame.rec")
for level in mcts expert; do
	"$MUPBEM" robot --level $level --budget 1000 --seed 1 mid.rec \
	    >"$level.out" 2>"$level.err" ||
	    why+=("robot --level $level: $(head -1 "$level.err")")
done
[ -s expert.out ] && ! cmp -s mcts.out expert.out ||
    why+=("expert and mcts chose alike: $(cat mcts.out expert.out)")
end "expert reads whole-turn replies: another turn than mcts's in a velox midgame"

begin
cd "$tmp" || exit 99
"$MUPBEM" arena --game mur --match 1 --players expert:40,mcts:40 \
    --games 2 --seed 1 --jobs 1 >arena.out 2>arena.err ||
    why+=("arena: $(head -1 arena.err)")
grep -Eq '^  A  expert:40$' arena.out || why+=("no expert:40 in the report")
grep -Eq '^  B  mcts:40$' arena.out || why+=("no mcts:40 in the report")
grep -Eq '^A v B: [0-9]+ wins?, [0-9]+ loss(es)?, [0-9]+ draws?$' arena.out ||
    why+=("no result line: $(head -5 arena.out)")
"$MUPBEM" arena --game mur --match 1 --players expert,random --budget 30 \
    --games 1 --seed 1 --jobs 1 >arena.out 2>arena.err ||
    why+=("arena --budget: $(head -1 arena.err)")
grep -Eq '^  A  expert:30$' arena.out ||
    why+=("--budget 30 is not expert's: $(head -5 arena.out)")
end "arena: expert:N is a player, and --budget sets expert's budget"

fresh '[games]\nrobot_budget = 40\n'
begin
A=alice@example.org
mp_mail "$A" games@localhost "x" "new velox with robot:expert segments 2"
run
[ "$(sqlite3 mupbem.db "select status from games")" = playing ] ||
    why+=("the game: $(sqlite3 mupbem.db "select id, status from games")")
[ "$(sqlite3 mupbem.db "select name from players where address = 'expert@robot.mupbem.invalid'")" = "Robot (expert)" ] ||
    why+=("players: $(sqlite3 mupbem.db "select address, name from players")")
for i in 1 2 3 4; do
	for f in $(cat new); do
		a=$(mp_answer "$f" "$i")
		[ -n "$a" ] && mp_reply "$f" "$(mp_header "$f" To)" "$a"
	done
	run
done
record G1 >rec
colour=$(sed -n 's/^seat \([a-z]*\) expert@robot.mupbem.invalid$/\1/p' rec)
[ -n "$colour" ] || why+=("the robot has no seat: $(head -8 rec)")
[ "$(grep -cE "^[0-9]+ $colour " rec)" -ge 3 ] ||
    why+=("the robot played $(grep -cE "^[0-9]+ $colour " rec) turns")
[ "$(sqlite3 mupbem.db "select count(*) from robot_jobs")" = 0 ] ||
    why+=("jobs left: $(sqlite3 mupbem.db "select * from robot_jobs")")
end "new velox with robot:expert: mupbemd plays the expert robot's seat"

tap_done
