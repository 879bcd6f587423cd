#!/usr/bin/env bash
#
# Robot seats, through mupbemd on a real Maildir and a real SQLite
# store: a player takes on a robot by mail and plays a whole game
# against it; a tournament's organiser enters robots, which play their
# games (against people and each other) to the end; nothing is ever
# mailed to a robot; and mupbemd killed with SIGKILL while a robot
# thinks loses and doubles nothing: the job is found again and played
# once.  A seek may seat robots too.  TAP-like output.
#
# make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/robot-test.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"
. "$here/service-lib.sh"

export MUPBEM_NOW=1795000000
A=alice@example.org

sql() {
	sqlite3 mupbem.db "$1"
}

# answer: the scripted players answer every mail of the last run that
# asks them for a turn, until no mail asks (at most $1 rounds).
answer() {
	local i f a t
	for i in $(seq 1 "$1"); do
		[ -s new ] || break
		for f in $(cat new); do
			a=$(mp_answer "$f" "$i")
			# From turn $RESIGN_AT on, the player resigns.
			t=$(mp_header "$f" X-Mupbem-State)
			case $t in
			"your turn "*)
				[ "${t#your turn }" -ge "${RESIGN_AT:-99999}" ] &&
				    a=resign ;;
			esac
			[ -n "$a" ] && mp_reply "$f" "$(mp_header "$f" To)" "$a"
		done
		run
	done
}

# --- a game against a robot --------------------------------------------------

fresh
begin
mp_mail "$A" games@localhost "x" "new velox with robot:greedy segments 2"
mp_mail bob@example.org games@localhost "x" "new velox with robot:clever"
run
has "$(last bob@example.org)" "new: 'robot:clever' is no robot; the robots are robot:random, robot:greedy, robot:mcts and robot:expert (robot alone is robot:mcts)"
[ "$(sql "select status from games")" = playing ] ||
    why+=("the game: $(sql "select id, status from games")")
[ "$(sql "select name from players where address = 'greedy@robot.mupbem.invalid'")" = "Robot (greedy)" ] ||
    why+=("players: $(sql "select address, name from players")")
RESIGN_AT=30
answer 60
[ "$(sql "select status from games")" = over ] ||
    why+=("the game: $(sql "select id, status, turns from games")")
record G1 >rec
robot=$(grep -cE '^[0-9]+ [a-z]+ ' rec)
[ "$(grep -c "^seat .* greedy@robot.mupbem.invalid" rec)" = 1 ] ||
    why+=("the robot has no seat: $(head -8 rec)")
colour=$(sed -n 's/^seat \([a-z]*\) greedy@robot.mupbem.invalid$/\1/p' rec)
[ "$(grep -cE "^[0-9]+ $colour " rec)" -ge 3 ] ||
    why+=("the robot played $(grep -cE "^[0-9]+ $colour " rec) turns")
ls got | grep -q robot && why+=("mail went to a robot: $(ls got | grep robot)")
[ "$(sql "select count(*) from outbox where rcpt like '%robot.mupbem.invalid'")" = 0 ] ||
    why+=("the outbox holds mail to a robot")
[ "$(sql "select count(*) from robot_jobs")" = 0 ] || why+=("jobs left: $(sql "select * from robot_jobs")")
[ "$(sql "select count(*) from ratings r join players p on p.id = r.player where p.address = 'greedy@robot.mupbem.invalid'")" = 1 ] ||
    why+=("the robot has no rating")
mp_mail "$A" games@localhost "x" "ratings velox"
run
has "$(last "$A")" "[robot] greedy"
end "a whole game against a robot by mail: it plays its turns at once, is mailed nothing, and is rated as a robot"

# --- a seek with a robot ------------------------------------------------------

fresh
begin
mp_mail "$A" games@localhost "x" "seek classic players 3 with robot:greedy segments 2"
run
[ "$(sql "select status from games")" = inviting ] ||
    why+=("the seek: $(sql "select id, status from games")")
[ "$(sql "select count(*) from seats where state = 'open'")" = 1 ] ||
    why+=("seats: $(sql "select seat, player, state from seats")")
mp_mail bob@example.org games@localhost "x" "games open"
run
has "$(last bob@example.org)" "G1"
mp_mail bob@example.org games@localhost "x" "join G1"
run
[ "$(sql "select status from games")" = playing ] ||
    why+=("after the join: $(sql "select id, status from games")")
[ "$(sql "select count(*) from seats s join players p on p.id = s.player where p.address = 'greedy@robot.mupbem.invalid'")" = 1 ] ||
    why+=("no robot seat: $(sql "select seat, player, state from seats")")
[ "$(sql "select count(*) from robot_jobs")" = 0 ] ||
    why+=("a robot job is left after the run: $(sql "select * from robot_jobs")")
end "seek classic players 3 with robot:greedy: a robot seat and an open one; the join starts the game"

# --- robots in a tournament --------------------------------------------------

fresh
begin
O=org@example.org
mp_mail $O games@localhost "x" "tournament new Bots velox roundrobin segments 2
tournament join Bots robot:random
tournament join Bots robot:greedy"
mp_mail "$A" games@localhost "x" "tournament join Bots"
mp_mail bob@example.org games@localhost "x" "tournament join Bots robot:mcts"
run
has "$(last $O)" "Robot (random) in tournament Bots, entrant 1."
has "$(last bob@example.org)" "tournament join Bots: only its organiser can enter a robot"
mp_mail $O games@localhost "x" "tournament start Bots"
run
# alice resigns each game she is given; the robots play theirs out.
for r in 1 2 3; do
	for x in $(sql "select p.game from pairings p where p.round = $r and p.game is not null"); do
		f=$(grep -l "^Subject: \[mupbem G$x\]" got/$A.* 2>/dev/null | tail -1)
		[ -n "$f" ] && mp_reply "$f" "$A" "resign"
	done
	run
done
[ "$(sql "select state from tournaments")" = over ] ||
    why+=("Bots: $(sql "select state, round from tournaments") $(sql "select id, status, turns from games")")
[ "$(sql "select count(*) from games where status = 'over'")" = 3 ] ||
    why+=("games: $(sql "select id, status, turns from games")")
end "robots entered by the organiser play their tournament games, against people and each other"

# --- killed while a robot thinks ---------------------------------------------

fast='[server]\naddress = games@localhost\nrate_burst = 0\n[games]\nrobot_time = 1\nrobot_budget = 200\n'
slow='[server]\naddress = games@localhost\nrate_burst = 0\n[games]\nrobot_time = 5\nrobot_budget = 1000000000\n'
fresh
begin
printf "$fast" >mupbem.conf
mp_mail "$A" games@localhost "x" "new velox with robot:mcts segments 2"
run
# Whoever moved first, it is alice's turn now: she answers, and while
# mupbemd handles it the robot thinks, slowly, and is killed.
f=$(grep -l "^X-Mupbem-State: your turn" $(cat new) | head -1)
[ -n "$f" ] || why+=("no turn for alice: $(cat new)")
mp_reply "$f" "$A" "$(mp_answer "$f" 1)"
turns=$(sql "select turns from games")
printf "$slow" >mupbem.conf
"$MUPBEMD" -c mupbem.conf --once 2>>log &
pid=$!
for i in $(seq 1 "$(tap_scale 300)"); do
	[ "$(sql "select count(*) from robot_jobs where turn = $((turns + 1))")" = 1 ] && break
	sleep 0.1
done
sleep 1
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
[ "$(sql "select turns from games")" = $((turns + 1)) ] ||
    why+=("turns: $(sql "select turns from games"), alice's made it $((turns + 1))")
[ "$(sql "select count(*) from robot_jobs where turn = $((turns + 1))")" = 1 ] ||
    why+=("the job was lost: '$(sql "select * from robot_jobs")'")
printf "$fast" >mupbem.conf
run
[ "$(sql "select turns from games")" = $((turns + 2)) ] ||
    why+=("after the restart: turns $(sql "select turns from games"), wanted $((turns + 2))")
[ "$(sql "select count(*) from actions where number = $((turns + 2))")" = 1 ] ||
    why+=("the robot's turn: $(sql "select number, text from actions")")
[ "$(sql "select count(*) from robot_jobs")" = 0 ] ||
    why+=("a job is left: $(sql "select * from robot_jobs")")
end "mupbemd killed while a robot thinks: the job is kept, and played once after the restart"

tap_done
