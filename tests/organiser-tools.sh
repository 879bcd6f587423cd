#!/usr/bin/env bash
#
# The organiser's tools by mail (docs/tournaments.md, "The organiser's
# tools"), through mupbemd on a real Maildir and a real SQLite store,
# with an organiser who does not play: a four-player round robin paused
# (its clocks stand still across thirty days, no timeout, a round that
# ends meanwhile is paired on resume), a player replaced (their seat in
# the game in play, their entrant row and the later pairings), games
# adjudicated (counted in the standings, the next round paired), and a
# league member moved to another division for the next season.  Each
# tool's confirmation, the players' mail, and every refusal.  Time is
# set with MUPBEM_NOW, never slept.  TAP-like output.
#
# make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/organiser-test.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"
. "$here/service-lib.sh"
. "$here/tournament-lib.sh"

T0=1795000000
export MUPBEM_NOW=$T0
O=org@example.org

pid() {
	sql "select id from players where address = '$1'"
}

# mails SUBJECT: the mails of the last run with that subject.
mails() {
	for f in $(cat new); do
		[ "$(mp_header "$f" Subject)" = "$1" ] && echo "$f"
	done
}

# org TEXT: the organiser writes TEXT; mupbemd runs.
org() {
	mp_mail $O games@localhost "x" "$1"
	run
}

# refused FROM TEXT ERROR: FROM writes TEXT and is answered with ERROR,
# and nothing else is sent.
refused() {
	mp_mail "$1" games@localhost "x" "$2"
	run
	has "$(last "$1")" "$3"
	[ "$(wc -l <new)" = 1 ] || why+=("'$2': $(cat new)")
}

narrow() {
	local f w
	for f in got/*; do
		w=$(decoded "$f" | LC_ALL=C.UTF-8 wc -L)
		[ "$w" -le 78 ] || why+=("$f is $w columns wide")
	done
}

# --- a round robin of four: pause and resume ---------------------------------

fresh
begin
mp_mail $O games@localhost "x" "tournament new Spring velox roundrobin time 3d"
for k in 1 2 3 4; do
	mp_mail "P$k <$(p "$k")>" games@localhost "x" "tournament join Spring"
done
run
org "tournament start Spring"
[ "$(games Spring 1 | wc -l)" = 2 ] || why+=("round 1: $(games Spring 1)")
set -- $(games Spring 1)
A=$1 B=$2
refused "$(p 1)" "tournament pause Spring" \
    "tournament pause Spring: only its organiser, org@example.org, may pause or resume it"
refused $O "tournament resume Spring" "tournament resume Spring: it is not paused"
refused $O "tournament pause Nope" \
    "tournament pause: there is no tournament called Nope ('tournaments' lists them)"
export MUPBEM_NOW=$((T0 + 3600))
org "tournament pause Spring"
has "$(last $O)" "Tournament Spring is paused: the clocks of its 2 games in play stand still and no round is paired until you write 'tournament resume Spring'. 4 players are told by mail."
[ "$(mails "[mupbem] Tournament Spring: paused" | wc -l)" = 4 ] ||
    why+=("paused: told $(cat new)")
for k in 1 2 3 4; do
	has "$(last "$(p "$k")")" "The organiser of tournament Spring, org@example.org, has paused it."
done
[ "$(sql "select count(*) from games where clock_since is null and deadline is null and status = 'playing'")" = 2 ] ||
    why+=("clocks: $(sql "select id, clock_since, deadline from games")")
[ "$(sql "select count(*) from timers")" = 0 ] ||
    why+=("timers: $(sql "select kind, at, game from timers")")
[ "$(sql "select state from tournaments")" = playing ] &&
    [ "$(sql "select round from tournaments")" = -1 ] ||
    why+=("stored: $(sql "select state, round from tournaments")")
refused $O "tournament pause Spring" "tournament pause Spring: it is paused already"
banks=$(sql "select group_concat(bank) from seats order by game, seat")
end "tournament pause: organiser only, its clocks stopped and timers gone, every player told once"

begin
export MUPBEM_NOW=$((T0 + 30 * 86400))
run
[ ! -s new ] || why+=("mail while paused: $(cat new)")
[ "$(sql "select count(*) from games where status = 'playing'")" = 2 ] ||
    why+=("games: $(sql "select id, status, ending from games")")
[ "$(sql "select group_concat(bank) from seats order by game, seat")" = "$banks" ] ||
    why+=("banks: $banks, now $(sql "select group_concat(bank) from seats")")
mp_mail $O games@localhost "x" "tournament Spring"
run
has "$(last $O)" "It is paused."
# The mover of A resigns: a turn is taken while paused.
set -- $(seats "$A")
lose "$A" "$1"
run
[ "$(sql "select status from games where id = $A")" = over ] ||
    why+=("G$A: $(sql "select status from games where id = $A")")
end "thirty days paused: no deadline, reminder or timeout, the banks as they stood; a resignation is taken"

begin
export MUPBEM_NOW=$((T0 + 31 * 86400))
org "tournament resume Spring"
has "$(last $O)" "Tournament Spring is resumed: the clocks of its 1 game in play run again with the time each had. 4 players are told by mail."
[ "$(mails "[mupbem] Tournament Spring: resumed" | wc -l)" = 4 ] ||
    why+=("resumed: told $(cat new)")
[ "$(sql "select deadline - clock_since from games where id = $B")" = $((3 * 86400 - 3600)) ] ||
    why+=("G$B: $(sql "select clock_since, deadline from games where id = $B")")
[ "$(sql "select clock_since from games where id = $B")" = "$MUPBEM_NOW" ] ||
    why+=("G$B runs since $(sql "select clock_since from games where id = $B")")
[ "$(sql "select count(*) from timers where kind = 'timeout' and game = $B")" = 1 ] ||
    why+=("timers: $(sql "select kind, at, game from timers")")
refused $O "tournament resume Spring" "tournament resume Spring: it is not paused"
end "tournament resume: every clock runs again with the time it had, its timers back"

begin
org "tournament pause Spring"
set -- $(seats "$B")
lose "$B" "$1"
run
[ "$(games Spring 2 | wc -l)" = 0 ] || why+=("paired while paused: $(games Spring 2)")
org "tournament resume Spring"
[ "$(games Spring 2 | wc -l)" = 2 ] || why+=("not paired on resume: $(games Spring 2)")
[ "$(sql "select round from tournaments")" = 2 ] ||
    why+=("round: $(sql "select state, round from tournaments")")
narrow
end "a round that ends while paused is paired on resume"

# --- replace ------------------------------------------------------------------

begin
set -- $(games Spring 2)
C=$1 D=$2
P4=$(pid "$(p 4)")
G4=$(sql "select game from seats where player = $P4 and game in ($C, $D)")
refused "$(p 1)" "tournament replace Spring P4 $(p 9)" \
    "tournament replace Spring: only its organiser, org@example.org, may replace its players"
refused $O "tournament replace Spring P7 $(p 9)" "tournament replace Spring: P7 is not in it"
refused $O "tournament replace Spring P4 P2" "tournament replace Spring: p2@example.org is in it already"
refused $O "tournament replace P7 $(p 9)" "tournament replace: P7 is in no tournament in play that you organise"
org "tournament replace P4 \"Nine <$(p 9)>\""
has "$(last $O)" "is not a player's address"
org "tournament replace P4 $(p 9)"
has "$(last $O)" "Tournament Spring: p9@example.org takes the place of p4@example.org, in the games in play G$G4 and in the pairings to come. Both are told by mail."
has "$(last "$(p 4)")" "The organiser of tournament Spring, org@example.org, has given your place in it to p9@example.org"
f=$(grep -l "^Subject: \[mupbem\] Tournament Spring: a new player" got/"$(p 9)".*)
has "$f" "has given you the place of p4@example.org in it, with their points so far and their seats in G$G4"
has "$(gm "$G4" "$(p 9)")" "The organiser, org@example.org, has given you the seat of"
has "$(gm "$G4" "$(p 4)")" "you no longer play in this game"
P9=$(pid "$(p 9)")
[ "$(sql "select player from seats where game = $G4 and player in ($P4, $P9)")" = "$P9" ] ||
    why+=("G$G4's seats: $(sql "select seat, player from seats where game = $G4")")
[ "$(sql "select count(*) from entrants where player = $P9")" = 1 ] &&
    [ "$(sql "select count(*) from entrants where player = $P4")" = 0 ] ||
    why+=("entrants: $(sql "select player, state from entrants")")
[ "$(sql "select count(*) from pairings where ' ' || players || ' ' like '% $P4 %'")" = 0 ] ||
    why+=("pairings: $(sql "select round, players from pairings")")
narrow
end "tournament replace: the new player takes the seat in play and the entrant's place, both told; refusals"

# --- adjudicate ---------------------------------------------------------------

begin
refused "$(p 1)" "tournament adjudicate G$C draw" \
    "tournament adjudicate G$C: only its organiser, org@example.org, may adjudicate the games of tournament Spring"
refused $O "tournament adjudicate G99 draw" "tournament adjudicate: there is no game G99"
refused $O "tournament adjudicate G$A draw" \
    "tournament adjudicate: G$A is not in play (it is over): there is nothing to adjudicate"
refused $O "tournament adjudicate G$C purple" "tournament adjudicate: 'purple' is not a result"
mp_mail "$(p 5)" games@localhost "x" "new velox with $(p 6)"
mp_mail "$(p 6)" games@localhost "x" "accept"
run
E=$(sql "select max(id) from games where tournament is null")
refused $O "tournament adjudicate G$E draw" "tournament adjudicate: G$E is not a game of a tournament"
org "tournament adjudicate G$C draw"
has "$(last $O)" "Game G$C of tournament Spring is over: a draw by adjudication;"
set -- $(seats "$D")
red=$(sql "select p.name from seats s join players p on p.id = s.player where s.game = $D and s.seat = 0")
org "tournament adjudicate g$D red"
has "$(gm "$D" "$1")" "The organiser, org@example.org, has decided the result of game G$D"
[ "$(sql "select group_concat(ending) from games where id in ($C, $D)")" = "adjudicated,adjudicated" ] ||
    why+=("endings: $(sql "select id, status, ending from games")")
[ "$(games Spring 3 | wc -l)" = 2 ] || why+=("round 3: $(games Spring 3)")
[ "$(sql "select count(*) from pairings where round = 3 and ' ' || players || ' ' like '% $P9 %'")" = 1 ] ||
    why+=("P9 not paired in round 3: $(sql "select round, players from pairings")")
mp_mail $O games@localhost "x" "tournament Spring"
run
decoded "$(last $O)" | sed -n '/^Standings:/,/^$/p' >standings
grep -qE " $red +[0-9]" standings || why+=("no $red in: $(cat standings)")
[ "$(grep -c '½' standings)" -ge 2 ] || why+=("no draw counted: $(cat standings)")
narrow
end "tournament adjudicate: the organiser's game only, counted in the standings, the next round paired"

# --- league move --------------------------------------------------------------

fresh
begin
mp_mail $O games@localhost "x" "league new Club velox division 4 promote 1 relegate 1 time 3d"
for k in $(seq 1 8); do
	mp_mail "P$k <$(p "$k")>" games@localhost "x" "league join Club"
done
run
refused $O "league move Club P1 2" \
    "league move Club: it has no divisions yet; its first season makes them, by rating"
org "league start Club"
refused "$(p 2)" "league move Club P1 2" \
    "league move Club: only its organiser, org@example.org, may move its members"
refused $O "league move Club P1 3" \
    "league move Club: division 3 is out of range; this season it has divisions 1 to 2"
refused $O "league move Club P9 2" "league move Club: P9 is not in it"
refused $O "league move Nope P1 2" "league move: there is no league called Nope"
refused $O "league move Club P1 1" "league move Club: P1 is in division 1 already"
org "league move P1 2"
has "$(last $O)" "League Club: p1@example.org plays in division 2 from season 2 on (division 1 this season); they are told by mail."
has "$(last "$(p 1)")" "The organiser of league Club, org@example.org, has moved you to division 2, from season 2 on."
[ "$(wc -l <new)" = 2 ] || why+=("move: $(cat new)")
# Season 1: the lower number wins every game.
for x in $(sql "select id from games where status = 'playing'"); do
	set -- $(seats "$x")
	a=${1%%@*}; a=${a#p}; b=${2%%@*}; b=${b#p}
	[ "$a" -gt "$b" ] && lose "$x" "$1" || lose "$x" "$2"
done
run
div() {
	sql "select group_concat(name, ' ') from (select p.name from entrants e join players p on p.id = e.player join tournaments t on t.id = e.tournament where t.season = $1 and t.division = $2 order by p.id)"
}
[ "$(sql "select season from leagues")" = 2 ] || why+=("season: $(sql "select season, state from leagues")")
# P1 goes down as moved, though first; P2 stays; P5 comes up, P4 goes
# down as the last of division 1 without P1.
[ "$(div 2 1)" = "P2 P3 P5" ] || why+=("season 2, division 1: $(div 2 1)")
[ "$(div 2 2)" = "P1 P4 P6 P7 P8" ] || why+=("season 2, division 2: $(div 2 2)")
narrow
end "league move: organiser only, the division for the next season, kept through its promotions and relegations"

begin
[ ! -s "$tmp/pointers" ] || why+=("mail points at the source: $(head -3 "$tmp/pointers")")
end "no mail points a player at the source"
tap_done
