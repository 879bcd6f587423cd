#!/usr/bin/env bash
#
# Robot against robot by mail, through mupbemd --once on a real Maildir
# and a real SQLite store: in a round robin of each Mu variant (velox,
# levis, classic) and of Mur, the organiser enters the random, greedy
# and mcts robots (one player a level: robot:random, robot:greedy,
# robot:mcts; a level cannot be entered twice) beside alice, who
# resigns every game she is given.  Each round has one robot-against-
# robot game; it must end by the game's rules within the run that
# starts it (by play, or by a robot resigning a hopeless two-player Mu
# game as docs/robots.md says; no operator, not the run's cap of robot
# turns): the store has it over, and its record, exported with mupbem
# --db export, replays with mupbem replay to a finished game.  After
# alice's resignation the round moves on, and the tournament ends after
# its third round with every game over.  Time is MUPBEM_NOW; nothing
# sleeps.  TAP-like output.
#
# make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/robot-tournament.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"
. "$here/service-lib.sh"
. "$here/tournament-lib.sh"

export MUPBEM_NOW=1795000000
A=alice@example.org
O=org@example.org
# mcts's search is kept small, so that a game takes seconds.
conf='[games]\nrobot_time = 0\nrobot_budget = 200\n'

# robots G: game G's seats, robots only, as "random v greedy".
robots() {
	seats "$1" | sed -n 's/@robot\.mupbem\.invalid$//p' |
	    paste -sd ' ' | sed 's/ / v /'
}

# check_ended G: robot game G is over by the rules; its record replays
# to a finished game (a robot's resignation is an end by the rules:
# docs/robots.md, "Finishing").
check_ended() {
	local g=$1 status turns
	status=$(sql "select status from games where id = $g")
	turns=$(sql "select turns from games where id = $g")
	[ "$status" = over ] || {
		why+=("G$g ($(robots "$g")): $status after $turns turns")
		return
	}
	record "G$g" >"rec$g"
	"$MUPBEM" replay "rec$g" >"replay$g" 2>&1 ||
	    why+=("G$g's record does not replay: $(head -1 "replay$g")")
	grep -qx 'to-move -' "replay$g" ||
	    why+=("G$g's record replays to an unfinished game")
	grep -qE '^[0-9]+ [a-z]+ resign$' "rec$g" &&
	    echo "# G$g: a robot resigned"
	grep -q '^# ' "rec$g" &&
	    why+=("G$g has a note: $(grep '^# ' "rec$g" | head -1)")
	echo "# G$g $(robots "$g"): over after $turns turns"
}

# tournament GAME [OPTION...]: the round robin of GAME, played out.
tournament() {
	local game=$1 r g robotgame count t
	shift
	fresh "$conf"
	begin
	mp_mail $O games@localhost "x" "tournament new Bots $game roundrobin $*
tournament join Bots robot:random
tournament join Bots robot:greedy
tournament join Bots robot:mcts"
	mp_mail "$A" games@localhost "x" "tournament join Bots"
	run
	mp_mail $O games@localhost "x" "tournament start Bots"
	run
	for r in 1 2 3; do
		robotgame=
		count=0
		for g in $(games Bots "$r"); do
			count=$((count + 1))
			case $(seats "$g") in
			*"$A"*)	lose "$g" "$A" ;;
			*)	robotgame=$g ;;
			esac
		done
		[ "$count" = 2 ] || why+=("round $r has $count games")
		if [ -z "$robotgame" ]; then
			why+=("round $r has no robot-against-robot game")
		else
			check_ended "$robotgame"
		fi
		run
		t=$(sql "select state || ' ' || round from tournaments")
		if [ "$r" -lt 3 ]; then
			[ "$t" = "playing $((r + 1))" ] ||
			    why+=("after round $r's games: $t")
		fi
	done
	[ "$(sql "select state from tournaments")" = over ] ||
	    why+=("Bots: $(sql "select state, round from tournaments")")
	[ "$(sql "select count(*) from games where status = 'over'")" = 6 ] ||
	    why+=("games: $(sql "select id, status, turns from games")")
	[ "$(sql "select count(*) from robot_jobs")" = 0 ] ||
	    why+=("robot jobs left: $(sql "select * from robot_jobs")")
	end "$game: random, greedy and mcts robots finish their games against each other by the rules, and the rounds move on"
}

tournament velox
tournament levis
tournament classic
tournament mur

tap_done
