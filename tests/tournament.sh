#!/usr/bin/env bash
#
# Tournaments and leagues, played by mail through mupbemd on a real
# Maildir and a real SQLite store: a six-player velox round robin to its
# end with the standings checked against hand-computed ones, a Swiss of
# nine players over three rounds with no pairing repeated, an
# eight-player knockout with a tie-break game, a three-player classic
# tournament played by the scripted robot players, a withdrawal, and a
# league of twelve in divisions of four over two seasons with promotion
# and relegation checked.  Results are made as players make them: the
# loser resigns by mail, or the robot plays and passes; one draw is the
# operator's adjudication.  Time is set with MUPBEM_NOW.  TAP-like
# output.
#
# make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tournament-test.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"
. "$here/service-lib.sh"
. "$here/tournament-lib.sh"

export MUPBEM_NOW=1795000000
O=org@example.org

# lower_wins G: in two-player game G, the higher number (P5 > P3)
# resigns.
lower_wins() {
	local g=$1 a b
	set -- $(seats "$g")
	a=${1%%@*}; a=${a#p}; b=${2%%@*}; b=${b#p}
	[ "$a" -gt "$b" ] && lose "$g" "$1" || lose "$g" "$2"
}

# narrow: every mail so far fits 78 columns, decoded.
narrow() {
	local f w
	for f in got/*; do
		w=$(decoded "$f" | LC_ALL=C.UTF-8 wc -L)
		[ "$w" -gt 0 ] || why+=("$f: no text")
		[ "$w" -le 78 ] || why+=("$f is $w columns wide")
	done
}

# tell: the newest mail to ADDRESS about tournament T.
tmail() {
	grep -l "^Subject: \[mupbem\] Tournament $1" got/"$2".* 2>/dev/null |
	    sort -t. -k3 -n | tail -1
}

# --- refusals and looking -------------------------------------------------

fresh
begin
mp_mail $O games@localhost "x" "tournament new Spring chess swiss"
mp_mail $O games@localhost "x" "tournament new Cup velox knockout seats 3"
mp_mail $O games@localhost "x" "tournament new X velox roundrobin rounds 3"
mp_mail $O games@localhost "x" "league new Club velox division 4 promote 2 relegate 2"
mp_mail $O games@localhost "x" "tournament new Spring velox roundrobin max 2"
run
for t in "tournament new Spring: which game? Write velox, levis, classic or mur after the name" \
    "tournament new Cup: a knockout is for two players a game" \
    "tournament new X: a round robin's rounds follow from its players; leave out rounds" \
    "league new Club: a division of 4 cannot send 2 up and 2 down"; do
	cat got/$O.* >all
	has all "$t"
done
join Spring 1 2 3
mp_mail "$(p 4)" games@localhost "x" "Hello,
I joined the league last year and liked it.
tournament Spring"
mp_mail "$(p 1)" games@localhost "x" "tournament join Spring"
run
has "$(last "$(p 3)")" "tournament join Spring: it is full (2 players)"
has "$(last "$(p 1)")" "tournament join Spring: you are in it already"
f=$(last "$(p 4)")
has "$f" "Tournament Spring: velox, roundrobin, 3d+1d/10d, rated."
has "$f" "It is open: 2 entrants so far."
mp_mail "$(p 4)" games@localhost "x" "tournaments
leagues"
run
has "$(last "$(p 4)")" "Spring velox roundrobin open -"
has "$(last "$(p 4)")" "There are no leagues yet."
narrow
end "tournament and league commands refuse what they cannot do, and show what there is"

# --- a tournament that starts by itself --------------------------------------

fresh
begin
mp_mail $O games@localhost "x" "tournament new Dawn mur roundrobin starts 2026-11-20"
mp_mail $O games@localhost "x" "tournament new Dusk mur roundrobin starts 2026-11-20"
mp_mail $O games@localhost "x" "tournament new Past mur roundrobin starts 2026-11-01"
join Dawn 1 2
join Dusk 3
run
has "$(last $O)" "tournament new Past: starts takes a date to come"
[ "$(sql "select count(*) from timers where kind = 'start'")" = 2 ] ||
    why+=("timers: $(sql "select kind, at, seat from timers")")
export MUPBEM_NOW=1795132799		# 19 Nov 2026 23:59:59 UTC
run
[ "$(sql "select state from tournaments where name = 'Dawn'")" = open ] ||
    why+=("Dawn started early")
export MUPBEM_NOW=1795132800		# 20 Nov 2026 00:00 UTC
run
[ "$(sql "select group_concat(state, ' ') from (select state from tournaments order by id)")" = "playing cancelled" ] ||
    why+=("at the date: $(sql "select name, state from tournaments")")
[ "$(games Dawn 1 | wc -l)" = 1 ] || why+=("Dawn's games: $(games Dawn 1)")
has "$(last $O)" "Your tournament had too few players when it was due to start"
[ "$(sql "select count(*) from timers where kind = 'start'")" = 0 ] ||
    why+=("start timers left: $(sql "select kind, at, seat from timers")")
export MUPBEM_NOW=1795000000
narrow
end "a tournament with a date starts by itself then, or is cancelled with too few players, its organiser told"

# --- a six-player round robin ------------------------------------------------

# In the round robin, the lower number wins, but P1-P2 is drawn (by the
# operator) and P3 beats P2.  By hand: P1 4½, P3 4, P2 3½, P4 2, P5 1,
# P6 0.
rr_result() {	# rr_result G: make game G's result
	local a b lo hi
	set -- $1 $(seats "$1")
	a=${2%%@*}; a=${a#p}; b=${3%%@*}; b=${b#p}
	lo=$a; hi=$b
	[ "$a" -gt "$b" ] && { lo=$b; hi=$a; }
	if [ "$lo" = 1 ] && [ "$hi" = 2 ]; then
		"$MUPBEM" --db mupbem.db adjudicate -c mupbem.conf "G$1" draw \
		    >/dev/null 2>err || why+=("adjudicate G$1: $(cat err)")
	elif [ "$lo" = 2 ] && [ "$hi" = 3 ]; then
		lose "$1" "$(p 2)"
	else
		lose "$1" "$(p "$hi")"
	fi
}

fresh
begin
mp_mail $O games@localhost "x" "tournament new Spring velox roundrobin time 3d"
join Spring 1 2 3 4 5 6
run
has "$(last $O)" "Tournament Spring is open"
has "$(last "$(p 6)")" "You are in tournament Spring, entrant 6."
mp_mail "$(p 1)" games@localhost "x" "tournament start Spring"
mp_mail $O games@localhost "x" "tournament start Spring"
run
grep -q "only its organiser can start it" got/"$(p 1)".* ||
    why+=("P1 started the tournament")
[ "$(games Spring 1 | wc -l)" = 3 ] || why+=("round 1: $(games Spring 1)")
[ "$(sql "select count(*) from games where status = 'playing' and clock = '3d'")" = 3 ] ||
    why+=("games: $(sql "select id, status, clock from games")")
for k in 1 2 3 4 5 6; do
	f=$(tmail Spring "$(p "$k")")
	[ -n "$f" ] || { why+=("P$k was not told of round 1"); continue; }
	has "$f" "Tournament Spring has started: round 1 of 5."
done
end "a round robin of six: made, joined, started by its organiser, round 1 of 5 paired"

begin
for r in 1 2 3 4 5; do
	g=$(games Spring $r)
	[ "$(echo "$g" | wc -l)" = 3 ] || why+=("round $r: games $g")
	for x in $g; do
		rr_result "$x"
	done
	run
done
[ "$(sql "select state from tournaments where name = 'Spring'")" = over ] ||
    why+=("Spring is $(sql "select state, round from tournaments")")
# Every pair met once.
[ "$(sql "select count(distinct players) from pairings")" = 15 ] ||
    why+=("pairs: $(sql "select players from pairings")")
f=$(tmail Spring "$(p 4)")
has "$f" "Tournament Spring is over."
decoded "$f" | sed -n '/^Standings:/,/^$/p' >standings
for row in "1 P1 4½ 8.75" "2 P3 4 6.50" "3 P2 3½ 5.25" "4 P4 2 1.00" \
    "5 P5 1 0.00" "6 P6 0 0.00"; do
	set -- $row
	grep -qE "^ *$1 +$2 .* $3 +$4\$" standings ||
	    why+=("no standing '$row' in: $(cat standings)")
done
narrow
end "the round robin to its end: standings as computed by hand, every pair met once"

# --- a Swiss of nine ---------------------------------------------------------

fresh
begin
mp_mail $O games@localhost "x" "tournament new Nine mur swiss rounds 3 time 2d"
join Nine 1 2 3 4 5 6 7 8 9
run
mp_mail $O games@localhost "x" "tournament start Nine"
run
for r in 1 2 3; do
	g=$(games Nine $r)
	[ "$(echo "$g" | wc -l)" = 4 ] || why+=("round $r: games $g")
	[ "$(sql "select count(*) from pairings p join tournaments t on t.id = p.tournament where t.name = 'Nine' and p.round = $r and p.game is null")" = 1 ] ||
	    why+=("round $r: no bye")
	for x in $g; do
		set -- $(seats "$x")
		lose "$x" "$2"		# the second seat loses
	done
	run
done
[ "$(sql "select state from tournaments where name = 'Nine'")" = over ] ||
    why+=("Nine is $(sql "select state, round from tournaments")")
[ "$(sql "select count(*) from pairings where game is not null")" = \
    "$(sql "select count(distinct players) from pairings where game is not null")" ] ||
    why+=("a pairing repeated: $(sql "select round, players from pairings")")
# No one met twice, whatever the seat order.
sql "select players from pairings where game is not null" |
    awk '{ k = $1 < $2 ? $1 " " $2 : $2 " " $1; if (seen[k]++) print k }' >repeats
[ ! -s repeats ] || why+=("repeated: $(cat repeats)")
[ "$(sql "select count(distinct players) from pairings where game is null")" = 3 ] ||
    why+=("byes: $(sql "select round, players from pairings where game is null")")
narrow
end "a Swiss of nine over three rounds: four games and a bye a round, no pairing repeated, no second bye"

# --- an eight-player knockout -----------------------------------------------

fresh
begin
mp_mail $O games@localhost "x" "tournament new Cup velox knockout time 2d"
join Cup 1 2 3 4 5 6 7 8
run
mp_mail $O games@localhost "x" "tournament start Cup"
run
# Seeds by rating, then joining: 1v8, 4v5, 2v7, 3v6; two games a match.
[ "$(games Cup 1 | wc -l)" = 8 ] || why+=("round 1: $(games Cup 1)")
[ "$(sql "select group_concat(players, ',') from (select players from pairings where round = 1 and leg = 1 order by board)")" = \
    "$(sql "select group_concat(a, ',') from (select (select id from players where address = 'p1@example.org') || ' ' || (select id from players where address = 'p8@example.org') a union all select (select id from players where address = 'p4@example.org') || ' ' || (select id from players where address = 'p5@example.org') union all select (select id from players where address = 'p2@example.org') || ' ' || (select id from players where address = 'p7@example.org') union all select (select id from players where address = 'p3@example.org') || ' ' || (select id from players where address = 'p6@example.org'))")" ] ||
    why+=("round 1 seeding: $(sql "select board, leg, players from pairings")")
# The lower number wins both games, except 4v5: one each, then 5 wins
# the tie-break.
for x in $(games Cup 1); do
	set -- $(seats "$x")
	a=${1%%@*}; a=${a#p}; b=${2%%@*}; b=${b#p}
	lo=$a; hi=$b; [ "$a" -gt "$b" ] && { lo=$b; hi=$a; }
	if [ "$lo" = 4 ] && [ "$(sql "select leg from pairings where game = $x")" = 2 ]; then
		lose "$x" "$(p 4)"
	else
		lose "$x" "$(p "$hi")"
	fi
done
run
[ "$(sql "select count(*) from pairings where round = 1 and leg = 3")" = 1 ] ||
    why+=("no tie-break: $(sql "select round, board, leg, players from pairings")")
tb=$(sql "select game from pairings where round = 1 and leg = 3")
lose "$tb" "$(p 4)"
run
[ "$(games Cup 2 | wc -l)" = 4 ] || why+=("round 2: $(games Cup 2)")
for r in 2 3; do
	for x in $(games Cup $r); do
		lower_wins "$x"
	done
	run
done
[ "$(sql "select state from tournaments")" = over ] ||
    why+=("Cup is $(sql "select state, round from tournaments")")
[ "$(sql "select p.address from entrants e join players p on p.id = e.player where e.state = 'in'")" = "$(p 1)" ] ||
    why+=("left in: $(sql "select p.address, e.state from entrants e join players p on p.id = e.player")")
[ "$(sql "select count(*) from entrants where state = 'lost'")" = 7 ] ||
    why+=("knocked out: $(sql "select player, state from entrants")")
# P5 went through to meet P1 in round 2.
[ "$(sql "select count(*) from pairings where round = 2 and players like '%' || (select id from players where address = 'p5@example.org') || '%'")" -ge 1 ] ||
    why+=("P5 did not go through: $(sql "select round, players from pairings")")
narrow
end "a knockout of eight: seeded, two games a match with colours swapped, a tie-break game, three rounds to one winner"

# --- three-player classic, by robots; a withdrawal ---------------------------

fresh
begin
mp_mail $O games@localhost "x" "tournament new Tri classic roundrobin seats 3 segments 2"
join Tri 1 2 3
run
mp_mail $O games@localhost "x" "tournament start Tri"
run
g=$(games Tri 1)
[ "$(echo "$g" | wc -l)" = 1 ] || why+=("Tri: games $g")
export MP_PASS_AFTER=12
play_out 60
unset MP_PASS_AFTER
[ "$(sql "select status from games")" = over ] ||
    why+=("the classic game: $(sql "select status, turns from games")")
[ "$(sql "select state from tournaments")" = over ] ||
    why+=("Tri: $(sql "select state from tournaments")")
[ "$(sql "select count(*) from seats where rank is not null")" = 3 ] ||
    why+=("ranks: $(sql "select seat, rank from seats")")
f=$(tmail Tri "$(p 1)")
has "$f" "Tournament Tri is over."
narrow
end "a three-player classic tournament, played by robots to its end, with the places counted"

fresh
begin
mp_mail $O games@localhost "x" "tournament new Four levis roundrobin time 2d"
join Four 1 2 3 4
run
mp_mail $O games@localhost "x" "tournament start Four"
run
mp_mail "$(p 4)" games@localhost "x" "tournament leave Four"
run
has "$(last "$(p 4)")" "You have left tournament Four."
[ "$(sql "select state from entrants e join players p on p.id = e.player where p.address = '$(p 4)'")" = out ] ||
    why+=("P4: $(sql "select player, state from entrants")")
for r in 1 2 3; do
	for x in $(games Four $r); do
		[ "$(sql "select status from games where id = $x")" = playing ] || continue
		set -- $(seats "$x")
		lose "$x" "$2"
	done
	run
done
[ "$(sql "select state from tournaments")" = over ] ||
    why+=("Four: $(sql "select state, round from tournaments")")
# P4's later tables are forfeits, not games.
[ "$(sql "select count(*) from pairings where game is null and players like '%' || (select id from players where address = '$(p 4)') || '%'")" = 2 ] ||
    why+=("P4's forfeits: $(sql "select round, game, players, ranks from pairings")")
end "a player who withdraws forfeits their game in play and every later table"

fresh
begin
mp_mail $O games@localhost "x" "tournament new Cup4 mur knockout time 2d"
join Cup4 1 2 3 4
run
mp_mail $O games@localhost "x" "tournament start Cup4"
run
mp_mail "$(p 2)" games@localhost "x" "tournament leave Cup4"
for x in $(games Cup4 1); do
	[ "$(sql "select players from pairings where game = $x")" = \
	    "$(sql "select id from players where address = '$(p 1)'") $(sql "select id from players where address = '$(p 4)'")" ] ||
	    [ "$(sql "select leg from pairings where game = $x")" = 2 ] || continue
	lower_wins "$x"
done
run
[ "$(games Cup4 2 | wc -l)" = 2 ] || why+=("round 2: $(sql "select round, board, leg, game, players from pairings")")
[ "$(sql "select count(*) from games where status = 'playing'")" = 2 ] ||
    why+=("playing: $(sql "select id, status from games")")
for x in $(games Cup4 2); do
	lower_wins "$x"
done
run
[ "$(sql "select state from tournaments")" = over ] ||
    why+=("Cup4: $(sql "select state, round from tournaments")")
[ "$(sql "select group_concat(e.state, ' ') from (select e.state from entrants e join players p on p.id = e.player order by p.address) e")" = "in out lost lost" ] ||
    why+=("entrants: $(sql "select player, state from entrants")")
end "a knockout player who withdraws loses the match in play; the other goes through"

# --- a league of twelve in divisions of four, two seasons --------------------

fresh
begin
mp_mail $O games@localhost "x" "league new Club velox division 4 time 3d"
for k in $(seq 1 12); do
	mp_mail "P$k <$(p "$k")>" games@localhost "x" "league join Club"
done
run
mp_mail $O games@localhost "x" "league start Club"
run
[ "$(sql "select count(*) from tournaments where league is not null and season = 1")" = 3 ] ||
    why+=("season 1: $(sql "select name, division from tournaments")")
[ "$(sql "select count(*) from games where status = 'playing'")" = 18 ] ||
    why+=("season 1 games: $(sql "select count(*) from games")")
# Division d holds P(4d-3)..P(4d): all 1500, so by joining.
for d in 1 2 3; do
	[ "$(sql "select group_concat(p.name, ' ') from (select p.name from entrants e join players p on p.id = e.player join tournaments t on t.id = e.tournament where t.season = 1 and t.division = $d order by p.id) p")" = \
	    "P$((4 * d - 3)) P$((4 * d - 2)) P$((4 * d - 1)) P$((4 * d))" ] ||
	    why+=("division $d: $(sql "select t.division, e.player from entrants e join tournaments t on t.id = e.tournament")")
done
# In every game the lower number wins.
for x in $(sql "select id from games where status = 'playing'"); do
	lower_wins "$x"
done
run
[ "$(sql "select count(*) from tournaments where season = 1 and state = 'over'")" = 3 ] ||
    why+=("season 1: $(sql "select name, state from tournaments")")
[ "$(sql "select season from leagues")" = 2 ] || why+=("season: $(sql "select season, state from leagues")")
# Up: P5 (top of 2), P9 (top of 3); down: P4 (bottom of 1), P8.
div() {
	sql "select group_concat(name, ' ') from (select p.name from entrants e join players p on p.id = e.player join tournaments t on t.id = e.tournament where t.season = $1 and t.division = $2 order by p.id)"
}
[ "$(div 2 1)" = "P1 P2 P3 P5" ] || why+=("season 2, division 1: $(div 2 1)")
[ "$(div 2 2)" = "P4 P6 P7 P9" ] || why+=("season 2, division 2: $(div 2 2)")
[ "$(div 2 3)" = "P8 P10 P11 P12" ] || why+=("season 2, division 3: $(div 2 3)")
f=$(grep -l "^Subject: \[mupbem\] League Club\$" got/"$(p 5)".* |
    xargs grep -l "Season 1 of league Club is over" | tail -1)
[ -n "$f" ] || why+=("P5 was not told season 1 is over")
end "a league season: three divisions of four, all games at once, then the top go up and the bottom down"

begin
mp_mail "P13 <$(p 13)>" games@localhost "x" "league join Club"
run
has "$(last "$(p 13)")" "You start in its lowest division next season."
for x in $(sql "select id from games where status = 'playing'"); do
	lower_wins "$x"
done
run
[ "$(sql "select season from leagues")" = 3 ] || why+=("season: $(sql "select season, state from leagues")")
[ "$(div 3 1)" = "P1 P2 P3 P4" ] || why+=("season 3, division 1: $(div 3 1)")
[ "$(div 3 2)" = "P5 P6 P7 P8" ] || why+=("season 3, division 2: $(div 3 2)")
[ "$(div 3 3)" = "P9 P10 P11 P12 P13" ] || why+=("season 3, division 3: $(div 3 3)")
mp_mail "$(p 1)" games@localhost "x" "league Club"
run
f=$(last "$(p 1)")
has "$f" "League Club: velox"
has "$f" "Season 3, division 1"
has "$f" "Season 2:"
has "$f" "Division 1: 1. P1"
narrow
end "the second season: promotion and relegation again, a new member in the lowest division, the league's history"

begin
[ ! -s "$tmp/pointers" ] || why+=("mail points at the source: $(head -3 "$tmp/pointers")")
end "no mail points a player at the source"

tap_done
