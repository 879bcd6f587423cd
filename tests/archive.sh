#!/usr/bin/env bash
#
# mupbem --db FILE archive DIR: the static web site of a store's games
# (docs/archive.md).  The store is made by mupbem-bench archive (eight
# finished games between 40 named players, played by seeded random
# robots); sqlite3 then gives players hostile names, a rating history
# and a round robin of three of the games.  Checks the files written,
# the DOM contract of each page (ids, data attributes, one SVG a game
# with a shape per data-i), that every name is escaped in text and in
# attributes, that the tournament's standings add up, that a refresh
# writes only the pages its game touches, that every game's JSON follows
# docs/schema/game.schema.json, and the exact errors.
# Prints TAP-like lines; exits 1 if a check failed.
#
# make check sets MUPBEM, MUPBEM_BENCH and SRCDIR.

set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
MUPBEM=${MUPBEM:-$here/../mupbem}
MUPBEM_BENCH=${MUPBEM_BENCH:-$(dirname "$MUPBEM")/mupbem-bench}
SRCDIR=${SRCDIR:-$here/..}
assets=$SRCDIR/templates/archive
for b in "$MUPBEM" "$MUPBEM_BENCH"; do
	if [ ! -x "$b" ]; then
		echo "Bail out! no binary at $b"
		exit 99
	fi
done
command -v sqlite3 >/dev/null || { echo "Bail out! no sqlite3"; exit 99; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/mupbem-archive.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

sql() {
	sqlite3 db "$1"
}

# has FILE TEXT: FILE holds TEXT, literally.
has() {
	grep -qF -- "$2" "$1" || why+=("$1 lacks: $2")
}

# two WHERE N: the first N games of two players that match WHERE.
two() {
	sql "SELECT g.id FROM games g WHERE $1 AND (SELECT count(*) FROM seats s WHERE s.game = g.id) = 2 ORDER BY g.id LIMIT $2" | tr '\n' ' '
}

# play T GAMES: the games are tournament T's, a round each; their
# players its entrants.
play() {
	local g players p round=0

	for g in $2; do
		round=$((round + 1))
		players=$(sql "SELECT group_concat(player, ' ') FROM (SELECT player FROM seats WHERE game = $g ORDER BY seat)")
		sql "UPDATE games SET tournament = $1 WHERE id = $g"
		sql "INSERT INTO pairings (tournament, round, board, game, players) VALUES ($1, $round, 1, $g, '$players')"
		for p in $players; do
			sql "INSERT OR IGNORE INTO entrants (tournament, player, number, rating, state, joined) VALUES ($1, $p, (SELECT count(*) + 1 FROM entrants WHERE tournament = $1), 1500, 'in', 1700000000)"
		done
	done
}

# lacks FILE TEXT: FILE does not hold TEXT.
lacks() {
	! grep -qF -- "$2" "$1" || why+=("$1 holds: $2")
}

begin
"$MUPBEM_BENCH" archive --games 8 --seed 7 --assets "$assets" db first \
    >out 2>err || why+=("mupbem-bench archive failed: $(cat err)")
[ "$(sql "SELECT count(*) FROM games WHERE status = 'over'")" = 8 ] ||
    why+=("$(sql "SELECT count(*) FROM games") games, not 8 over")
end "mupbem-bench archive makes a store of eight finished games"

# Hostile names for the players of G1, a plain one for G2's first.
p1=$(sql "SELECT player FROM seats WHERE game = 1 AND seat = 0")
p2=$(sql "SELECT player FROM seats WHERE game = 1 AND seat = 1")
p3=$(sql "SELECT player FROM seats WHERE game = 2 AND seat = 0")
sql "UPDATE players SET name = '<script>alert(1)</script>' WHERE id = $p1"
sql "UPDATE players SET name = '\"><img src=x onerror=alert(1)>' WHERE id = $p2"
sql "UPDATE players SET name = ''' onmouseover=''x &amp;' WHERE id = $p3"
# A rating history for the first player, and a round robin of the
# first three two-player games.
sql "INSERT INTO rating_history (player, kind, game, at, before, rating, rd, volatility, score) VALUES ($p1, 'velox', 1, 1700000100, 1500, 1516.5, 300, 0.06, 1)"
sql "INSERT INTO tournaments (name, variant, format, seats, state, round, created) VALUES ('Spring <b>&amp;</b> cup', 'velox', 'roundrobin', 2, 'over', 3, 1700000000)"
tgames=$(two 'TRUE' 3)
play 1 "$tgames"
nent=$(sql "SELECT count(*) FROM entrants WHERE tournament = 1")
# A league whose first season's division plays the next two games.
sql "INSERT INTO leagues (name, variant, seats, division, promote, relegate, season, state, created) VALUES ('The <i>league</i>', 'velox', 2, 4, 1, 1, 1, 'playing', 1700000000)"
sql "INSERT INTO tournaments (name, variant, format, seats, state, round, league, season, division, created) VALUES ('The league, season 1, division 1', 'velox', 'roundrobin', 2, 'playing', 1, 1, 1, 1, 1700000000)"
lgames=$(two 'g.tournament IS NULL' 2)
play 2 "$lgames"
nplayers=$(sql "SELECT count(DISTINCT player) FROM seats")
# Addresses where the service writes them: a result, a topic, a
# record's seats and comment lines.
a1=$(sql "SELECT address FROM players WHERE id = $p1")
a2=$(sql "SELECT address FROM players WHERE id = $p2")
a3=$(sql "SELECT address FROM players WHERE id = $p3")
sql "UPDATE games SET result = 'blue (Bob <$a2>) wins on time; $a1 and x@y.example looked on', topic = 'Mu: $a1 v Bob <$a2>' WHERE id = 1"
sql "UPDATE games SET record = replace(record, 'seat red p', 'seat red $a3-p') || '# the operator changed red''s address from old@y.example to $a3' || char(10) WHERE id = 2"

begin
"$MUPBEM" --db db archive --assets "$assets" site >out 2>err ||
    why+=("archive failed: $(cat err)")
files=$(find site -type f | wc -l)
expect="archive: 8 games, $nplayers players, 2 tournaments, $files files in site"
[ "$(cat out)" = "$expect" ] || why+=("said '$(cat out)', not '$expect'")
# A page a game kind with games, and a ratings page a kind of game.
nkinds=$(sql "SELECT count(DISTINCT variant) FROM games")
nfiles=$((8 * 3 + nplayers + 2 + 1 + 1 + 2 + nkinds + 4))
[ "$files" -eq $nfiles ] || why+=("$files files, not $nfiles")
for f in index.html assets/archive.css assets/archive.js games/G1.html \
    games/G1.json games/G1.rec players/P$p1.html tournaments/T1.html \
    tournaments/T2.html leagues/L1.html; do
	[ -s "site/$f" ] || why+=("no site/$f")
done
[ -z "$(find site -name '.*.tmp')" ] || why+=("temporary files left")
"$MUPBEM" --db db export G1 | grep -v '^#' |
    sed 's/^seat \([a-z]*\) p\([0-9]*\)$/seat \1 P\2/' >want
cmp -s site/games/G1.rec want || why+=("G1.rec is not the record")
# Each game's JSON is valid, with a move a turn and its last position.
for j in site/games/G*.json; do
	g=$(basename $j .json | tr -dc 0-9)
	got=$(sqlite3 :memory: "SELECT json_valid(readfile('$j')) || ' ' || json_extract(readfile('$j'), '\$.id') || ' ' || json_array_length(readfile('$j'), '\$.moves') || ' ' || json_extract(readfile('$j'), '\$.state')")
	want="1 $g $(sql "SELECT turns FROM games WHERE id = $g") over"
	[ "$got" = "$want" ] || why+=("$j: '$got', not '$want'")
done
last=$(sqlite3 :memory: "SELECT json_extract(readfile('site/games/G1.json'), '\$.moves[#-1].position')")
"$MUPBEM" --db db export G1 >g1.rec
[ "$last" = "$("$MUPBEM" replay g1.rec | awk '/^$/ { exit } { print }')" ] ||
    why+=("G1's last position is not mupbem replay's")
# How G3 ended, from its seats' ranks (the store keeps no words for a
# game played to its end).
r0=$(sql "SELECT rank FROM seats WHERE game = 3 AND seat = 0")
r1=$(sql "SELECT rank FROM seats WHERE game = 3 AND seat = 1")
n0=$(sql "SELECT coalesce(p.name, 'P' || p.id) FROM seats s JOIN players p ON p.id = s.player WHERE s.game = 3 AND s.seat = 0")
n1=$(sql "SELECT coalesce(p.name, 'P' || p.id) FROM seats s JOIN players p ON p.id = s.player WHERE s.game = 3 AND s.seat = 1")
case $r0$r1 in
12)	res="$n0 wins" ;;
21)	res="$n1 wins" ;;
11)	res="a draw between $n0 and $n1" ;;
*)	res="ranks $r0 $r1" ;;
esac
grep -qF "<p id=\"result\">over: $res" site/games/G3.html ||
    why+=("G3: $(grep -o '<p id="result">[^<]*' site/games/G3.html), wanted '$res'")
grep -qF "<td>$res</td>" site/index.html ||
    why+=("the index lacks G3's result '$res'")
end "archive writes every page, the JSON and record of each game, the assets"

begin
turns=$(sql "SELECT turns FROM games WHERE id = 1")
kind=$(sql "SELECT variant FROM games WHERE id = 1")
g=site/games/G1.html
has $g "<main id=\"game\" class=\"nojs\" data-game=\"1\" data-kind=\"$kind\" data-steps=\"$turns\" data-step=\"$turns\">"
has $g '<div id="board"><svg xmlns="http://www.w3.org/2000/svg"'
has $g 'role="img" aria-labelledby="board-title board-desc"><title id="board-title">'
for b in first prev next last; do
	has $g "<button id=\"$b\" type=\"button\" disabled>"
done
has $g "<p id=\"caption\" aria-live=\"polite\">Turn $turns of $turns: "
has $g '<pre id="report">'
has $g "<li data-step=\"$turns\" aria-current=\"step\"><a href=\"#$turns\">"
has $g '<a href="G1.rec">Record</a>, <a href="G1.json">JSON</a>'
has $g '<script type="application/json" id="steps">{"show":["0-'
has $g '<script src="../assets/archive.js"></script>'
[ "$(grep -o '<li data-step=' $g | wc -l)" -eq "$turns" ] ||
    why+=("not $turns moves listed")
items=$(grep -o ' data-i="[0-9]*"' $g | wc -l)
last=$(grep -o ' data-i="[0-9]*"' $g | tail -1 | tr -dc 0-9)
[ "$items" -gt 0 ] && [ "$last" -eq $((items - 1)) ] ||
    why+=("data-i is not 0 to $((items - 1))")
[ "$(grep -o '<svg' $g | wc -l)" -eq 1 ] || why+=("not one SVG")
if [ "$kind" = mur ]; then
	has $g 'class="point" data-point="n1"'
else
	grep -Eq '<polygon data-i="[0-9]+"( display="none")? class="(virgin|common|wall)" data-cell="[A-Z]+[0-6]" data-layer="[VCW]"' $g ||
	    why+=("no Mu cell with data-cell and data-layer")
	grep -Eq '<g data-i="[0-9]+"( display="none")? class="piece" data-cell="[A-Z]+[0-6]" data-seat="[a-z]+" data-height="[0-9]+">' $g ||
	    why+=("no Mu piece with data-cell, data-seat and data-height")
fi
"$MUPBEM" --db db archive --assets "$assets" --url 'https://games.example/a"b' \
    site-url >/dev/null 2>err || why+=("--url: $(cat err)")
has site-url/games/G1.html '<link rel="canonical" href="https://games.example/a&quot;b/games/G1.html">'
has site-url/index.html '<link rel="canonical" href="https://games.example/a&quot;b/index.html">'
lacks site/games/G1.html 'rel="canonical"'
end "a game page keeps the DOM contract: main, board, buttons, caption, moves"

begin
i=site/index.html
[ "$(grep -c '<tr class="game" data-game=' $i)" -eq 8 ] ||
    why+=("not 8 rows")
has $i "<tr class=\"game\" data-game=\"1\" data-kind=\"$kind\" data-players=\"$p1 $p2\" data-tournament=\"$(sql "SELECT coalesce(tournament, '') FROM games WHERE id = 1")\" data-state=\"over\"><td><a href=\"games/G1.html\">G1</a>"
for s in kind player tournament state; do
	has $i "<label for=\"filter-$s\">"
	has $i "<select id=\"filter-$s\"><option value=\"\">"
done
has $i "<option value=\"$p1\">&lt;script&gt;alert(1)&lt;/script&gt;</option>"
has $i '<option value="1">Spring &lt;b&gt;&amp;amp;&lt;/b&gt; cup</option>'
has $i '<span id="count" aria-live="polite">8 games</span>'
end "the index: a row a game with its data, four labelled filters, the count"

begin
for f in $(find site -name '*.html'); do
	lacks $f '<script>alert(1)'
	lacks $f '<img src=x'
	lacks $f "' onmouseover='"
	lacks $f '<b>&amp;'
done
has site/players/P$p1.html '<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>'
has site/players/P$p2.html '<h1>&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</h1>'
has site/players/P$p3.html '<h1>&#39; onmouseover=&#39;x &amp;amp;</h1>'
has site/games/G1.html '<title>G1: '
has site/games/G1.json '"name":"\u003cscript\u003ealert(1)\u003c/script\u003e"'
lacks site/games/G1.json '<'
end "hostile names are escaped in every page and in the JSON"

begin
addr='[A-Za-z0-9._+-]+@[A-Za-z0-9-]+\.[A-Za-z0-9.-]+'
shown=$(grep -rlE "$addr" site | tr '\n' ' ')
[ -z "$shown" ] || why+=("an address in: $shown")
has site/games/G1.html '<p id="result">over: blue (Bob) wins on time; &lt;script&gt;alert(1)&lt;/script&gt; and someone looked on.</p>'
has site/games/G1.html "<h1>G1: Mu: &lt;script&gt;alert(1)&lt;/script&gt; v Bob</h1>"
has site/games/G2.rec "seat red P$(sql "SELECT player FROM seats WHERE game = 2 AND seat = 0")"
lacks site/games/G2.rec '# '
end "no address is shown: results, topics and records name players as the site does"

begin
pp=site/players/P$p1.html
has $pp '<table id="stats">'
has $pp '<svg id="rating-plot" xmlns="http://www.w3.org/2000/svg"'
has $pp '<title id="rating-plot-title">Rating after each rated game: 1 games, from 1500 to 1516</title>'
has $pp 'Rated games</text>'
has $pp '<table id="rating-table">'
played=$(sql "SELECT count(*) FROM seats s JOIN games g ON g.id = s.game WHERE s.player = $p1 AND g.status = 'over'")
has $pp "<tr data-kind=\"all\"><th scope=\"row\">all</th><td class=\"played\">$played</td>"
[ "$(grep -c '<tr data-game=' $pp)" -eq "$played" ] ||
    why+=("not $played games listed")
has site/games/G1.json '"rating":{"kind":"velox","before":1500.0,"after":1516.5,"rd":300.0}'
has site/games/G1.html '<td>1500 &rarr; 1516</td>'
end "a player's page: statistics, the rating plot and its table, the games"

begin
t=site/tournaments/T1.html
has $t '<h1>Spring &lt;b&gt;&amp;amp;&lt;/b&gt; cup</h1>'
has $t '<table id="standings">'
has $t '<table id="crosstable">'
has $t '<abbr title="head-to-head">H2H</abbr></th><th scope="col">Tie-break</th>'
rows=$(sed -n '/<table id="standings">/,/<\/table>/p' $t | grep -c '<tr data-player=')
[ "$rows" -eq "$nent" ] || why+=("$rows standings rows, not $nent")
# Two-player games: every game gives out one point in all.
points=$(sed -n '/<table id="standings">/,/<\/table>/p' $t |
    grep -o '<td>[0-9½]*</td>\(<td>[0-9.]*</td>\)\{1,2\}<td>[0-9½]*</td><td>[a-zA-Z -]*</td></tr>' |
    sed -e 's/<td>\([0-9½]*\)<\/td>.*/\1/' -e 's/½/.5/' |
    awk '{ s += $1 } END { print s }')
[ "$points" = 3 ] || why+=("the points add up to $points, not 3")
for g in $tgames; do
	has $t "<a href=\"../games/G$g.html\">G$g</a>"
done
l=site/leagues/L1.html
has $l '<h1>The &lt;i&gt;league&lt;/i&gt;</h1>'
has $l '<h2><a href="../tournaments/T2.html">Season 1, division 1</a></h2>'
has $l '<table id="standings">'
has $l '<table id="crosstable">'
has site/tournaments/T2.html 'season 1, division 1 of <a href="../leagues/L1.html">league L1</a>'
has site/index.html '<li><a href="leagues/L1.html">The &lt;i&gt;league&lt;/i&gt;</a></li>'
end "tournament and league pages: standings that add up, crosstables, the games"

begin
touch -d '2001-01-01' $(find site -type f)
"$MUPBEM" --db db archive --assets "$assets" site G1 >out 2>err ||
    why+=("refresh failed: $(cat err)")
[ "$(cat out)" = "archive: 1 game refreshed in site" ] ||
    why+=("said '$(cat out)'")
got=$(find site -type f -newermt '2002-01-01' | sort | tr '\n' ' ')
want="site/games/G1.html site/games/G1.json site/games/G1.rec site/index.html"
want="$want $(printf 'site/players/P%s.html\n' $p1 $p2 | sort | tr '\n' ' ')"
# Its kind's page, and the ratings of its kind: G1 changed a rating.
want="$want site/kinds/$kind.html site/ratings/$kind.html"
if echo " $tgames " | grep -q ' 1 '; then
	want="$want site/tournaments/T1.html"
fi
want=$(echo $want | tr ' ' '\n' | sort | tr '\n' ' ')
[ "$got" = "$want" ] || why+=("refresh wrote: $got" "expected:      $want")
# A game of a league's division: its tournament's page and the league's.
lg=${lgames%% *}
touch -d '2001-01-01' $(find site -type f)
"$MUPBEM" --db db archive --assets "$assets" site G$lg >out 2>err ||
    why+=("refresh failed: $(cat err)")
got=$(find site -type f -newermt '2002-01-01' | sort | tr '\n' ' ')
want="site/games/G$lg.html site/games/G$lg.json site/games/G$lg.rec"
want="$want site/index.html site/leagues/L1.html site/tournaments/T2.html"
want="$want site/kinds/$(sql "SELECT variant FROM games WHERE id = $lg").html"
want="$want $(sql "SELECT 'site/players/P' || player || '.html' FROM seats WHERE game = $lg")"
want=$(echo $want | tr ' ' '\n' | sort | tr '\n' ' ')
[ "$got" = "$want" ] || why+=("refresh wrote: $got" "expected:      $want")
end "a refresh writes only its game's pages, its players', its tournament's and league's, the index"

# Every game's JSON, of the full builds and the refresh, against the
# schema (python3-jsonschema); and the check fails on a file that breaks
# it: a number as a string, a field the format does not have, a rating
# of a kind that is no game.
begin
schema=$SRCDIR/docs/schema/game.schema.json
if ! python3 -c 'import jsonschema' 2>/dev/null; then
	why+=("no python3-jsonschema (scripts/install-deps.sh)")
else
	python3 "$here/json-schema.py" "$schema" site/games/G*.json \
	    site-url/games/G*.json >schema.out 2>&1 ||
	    mapfile -t -O ${#why[@]} why < <(head -20 schema.out)
	sed 's/^{"id":\([0-9]*\),/{"id":"\1",/' site/games/G1.json >bad-id.json
	sed 's/^{/{"colour":"red",/' site/games/G1.json >bad-field.json
	sed 's/"kind":"velox","before"/"kind":"chess","before"/' \
	    site/games/G1.json >bad-rating.json
	for b in bad-id.json:/id bad-field.json:/ bad-rating.json:/players/0/rating; do
		python3 "$here/json-schema.py" "$schema" "${b%%:*}" >schema.out 2>&1
		rc=$?
		[ $rc -eq 1 ] && grep -q "^${b%%:*}: ${b#*:}: " schema.out ||
		    why+=("${b%%:*}: exit $rc, wanted 1 and an error at ${b#*:}: $(cat schema.out)")
	done
fi
end "every game's JSON follows docs/schema/game.schema.json, and a file that breaks it fails"

begin
# G3 ended by play: who won, and the score as the game counts it (the
# picture's title, "red wins 3-1"), at the top and at the end.
case $r0$r1 in
12)	win="Winner: $n0 (" ;;
21)	win="Winner: $n1 (" ;;
11)	win="Drawn: $n0 (" ;;
esac
g=site/games/G3.html
has $g "<p id=\"winner\">$win"
has $g "<p id=\"final\">The end: $res. $win"
grep -qE '<p id="winner">[^<]*\. Result: ([a-z]+ wins|a draw) [0-9]+-[0-9]+[^<]*\.</p>' "$g" ||
    why+=("$g: no result in #winner: $(grep -o '<p id="winner">[^<]*' "$g")")
# Without the script: a target a step, each shape's steps, a turn each.
t3=$(sql "SELECT turns FROM games WHERE id = 3")
has $g '<span id="0"></span><span id="1"></span>'
has $g "<span id=\"$t3\"></span>"$'\n''<div id="viewer">'
has $g ".nojs>[id=\"1\"]:target~#viewer :is([data-flip~=\"1\"],.t1){display:var(--flip)}"
has $g ".nojs>[id=\"$t3\"]:target~#viewer :is(.last,#final){display:block}"
has $g '<div class="turn t0"><p>The start, before turn 1 of '
has $g "</p><a href=\"#0\">Previous</a> <a href=\"#2\">Next</a></div>"
has $g "<div class=\"turn t$t3 last\"><p>Turn $t3 of $t3: "
has $g "<p id=\"ends\"><a href=\"#0\">First</a> <a href=\"#$t3\">Last</a></p>"
[ "$(grep -o '<div class="turn t[0-9]*' $g | wc -l)" -eq $((t3 + 1)) ] ||
    why+=("not $((t3 + 1)) turns for a reader without script")
grep -Eq ' data-flip="0( [0-9]+)*"' $g || why+=("no shape flips at step 0")
lacks site/games/G3.html '<button id="first" type="button">'
end "a finished game's page says who won and the score at the top and at the last step, and steps without the script"

begin
# Ratings: two velox players, one in classic3, and none in levis.
q1=$(sql "SELECT player FROM seats WHERE game = 4 AND seat = 0")
q2=$(sql "SELECT player FROM seats WHERE game = 4 AND seat = 1")
sql "INSERT INTO ratings (player, kind, rating, rd, volatility, games, updated) VALUES ($q1, 'velox', 1490.4, 200, 0.06, 3, 1700000000), ($q2, 'velox', 1612.6, 150, 0.06, 7, 1700000000), ($q2, 'classic3', 1550, 250, 0.06, 1, 1700000000)"
sql "UPDATE players SET name = 'Q1' WHERE id = $q1"
sql "UPDATE players SET name = 'Q2' WHERE id = $q2"
"$MUPBEM" --db db archive --assets "$assets" site >out 2>err ||
    why+=("archive failed: $(cat err)")
r=site/ratings/velox.html
has $r '<table id="ratings-velox" class="ratings">'
rows=$(grep -o '<tr data-player="[0-9]*"><td>[0-9]*</td><td><a href="../players/P[0-9]*.html">[^<]*</a></td><td class="rating">[0-9]*</td><td>[0-9]*</td><td class="games">[0-9]*</td>' $r |
    sed 's/<[^>]*>/ /g' | tr -s ' ' | sed 's/^ //;s/ $//' | tr '\n' ,)
[ "$rows" = "1 Q2 1613 150 7,2 Q1 1490 200 3," ] ||
    why+=("velox ratings: '$rows'")
has site/ratings/classic.html '<table id="ratings-classic3" class="ratings">'
has site/ratings/levis.html '<p id="unrated">No one has a rating in levis yet'
has site/players/P$q2.html '<li data-kind="velox">velox: 1613 (RD 150) after 7 rated games, <a href="../ratings/velox.html">place 1 of 2</a></li>'
has site/index.html '<li><a href="ratings/velox.html">velox</a></li>'
has site/index.html "<li><a href=\"kinds/$kind.html\">$kind</a>"
# P9's page of one with no rated game says so, with no plot.
unrated=$(sql "SELECT s.player FROM seats s WHERE s.player NOT IN (SELECT player FROM rating_history) LIMIT 1")
has site/players/P$unrated.html '<p id="unrated">No rating yet: no rated game of theirs has ended.</p>'
lacks site/players/P$unrated.html 'rating-plot'
end "ratings pages: each kind's players best first with their rated games, linked from the index and players' pages; an unrated player's page says so"

begin
# 200 games, the first player of each in every one: two pages of the
# index, newest first, and of that player's games.
"$MUPBEM_BENCH" archive --games 200 --seed 3 --assets "$assets" db2 first2 \
    >out 2>err || why+=("mupbem-bench archive failed: $(cat err)")
sql2() {
	sqlite3 db2 "$1"
}
pp=$(sql2 "SELECT player FROM seats WHERE game = 1 AND seat = 0")
sql2 "UPDATE seats SET player = $pp WHERE seat = 0"
# Another in the second seat of the first 150 games but G50.
rr=$(sql2 "SELECT id FROM players WHERE id != $pp ORDER BY id LIMIT 1")
sql2 "UPDATE seats SET player = $rr WHERE seat = 1 AND game <= 150 AND game != 50"
"$MUPBEM" --db db2 archive --assets "$assets" site2 >out 2>err ||
    why+=("archive failed: $(cat err)")
# rows FILE: the games of FILE's rows, in order.
rows() {
	grep -o '<tr class="game" data-game="[0-9]*"' "$1" | tr -dc '0-9\n' |
	    tr '\n' ' '
}
[ "$(rows site2/index.html)" = "$(seq 200 -1 101 | tr '\n' ' ')" ] ||
    why+=("index.html holds $(rows site2/index.html)")
[ "$(rows site2/index-1.html)" = "$(seq 100 -1 1 | tr '\n' ' ')" ] ||
    why+=("index-1.html holds $(rows site2/index-1.html)")
[ ! -e site2/index-2.html ] || why+=("an index-2.html")
has site2/index.html '<li><a href="index-1.html" rel="next">Older</a></li>'
has site2/index-1.html '<li><a href="index.html" rel="prev">Newer</a></li>'
has site2/index-1.html 'Page 1: games 1 to 100 from the oldest, newest first.'
lacks site2/index-1.html '<ul id="players">'
for k in $(sql2 "SELECT DISTINCT variant FROM games"); do
	want=$(sql2 "SELECT id FROM games WHERE variant = '$k' ORDER BY id DESC" | tr '\n' ' ')
	[ "$(rows site2/kinds/$k.html)" = "$want" ] ||
	    why+=("kinds/$k.html holds $(rows site2/kinds/$k.html)")
done
[ "$(grep -c '<tr data-game=' site2/players/P$pp.html)" -eq 100 ] &&
    [ "$(grep -c '<tr data-game=' site2/players/P$pp-1.html)" -eq 100 ] ||
    why+=("P$pp's games are not two pages of 100")
has site2/players/P$pp.html '<p>200 games in all.</p>'
has site2/players/P$pp.html '<table id="stats">'
lacks site2/players/P$pp-1.html '<table id="stats">'
# A new game starts a third page: the old last page becomes index-2,
# index-1 links to it, and nothing else of the lists changes.
sqlite3 db2 "CREATE TEMP TABLE g AS SELECT * FROM games WHERE id = 200; UPDATE g SET id = 201; INSERT INTO games SELECT * FROM g; CREATE TEMP TABLE s AS SELECT * FROM seats WHERE game = 200; UPDATE s SET game = 201; INSERT INTO seats SELECT * FROM s;"
touch -d '2001-01-01' $(find site2 -type f)
"$MUPBEM" --db db2 archive --assets "$assets" site2 G201 >out 2>err ||
    why+=("refresh failed: $(cat err)")
k=$(sql2 "SELECT variant FROM games WHERE id = 201")
got=$(find site2 -type f -newermt '2002-01-01' | sort | tr '\n' ' ')
want="site2/games/G201.html site2/games/G201.json site2/games/G201.rec"
want="$want site2/index.html site2/index-1.html site2/index-2.html"
want="$want site2/kinds/$k.html"
want="$want site2/players/P$pp.html site2/players/P$pp-1.html site2/players/P$pp-2.html"
want="$want $(sql2 "SELECT 'site2/players/P' || player || '.html' FROM seats WHERE game = 201 AND player != $pp")"
want=$(echo $want | tr ' ' '\n' | sort | tr '\n' ' ')
[ "$got" = "$want" ] || why+=("refresh wrote: $got" "expected:      $want")
[ "$(rows site2/index.html)" = "201 " ] ||
    why+=("index.html holds $(rows site2/index.html)")
[ "$(rows site2/index-2.html)" = "$(seq 200 -1 101 | tr '\n' ' ')" ] ||
    why+=("index-2.html holds $(rows site2/index-2.html)")
has site2/index-1.html '<li><a href="index-2.html" rel="prev">Newer</a></li>'
# A game on an old page: that page, not the others.
touch -d '2001-01-01' $(find site2 -type f)
"$MUPBEM" --db db2 archive --assets "$assets" site2 G50 >out 2>err ||
    why+=("refresh failed: $(cat err)")
k=$(sql2 "SELECT variant FROM games WHERE id = 50")
got=$(find site2 -type f -newermt '2002-01-01' | grep -v '/games/' | sort | tr '\n' ' ')
kp=$(sql2 "SELECT CASE WHEN count(*) > 100 THEN '-1' ELSE '' END FROM games WHERE variant = '$k'")
want="site2/index.html site2/index-1.html site2/kinds/$k$kp.html"
# A player's pages from the one that holds it: a seat taken late moves
# the games after it.
want="$want site2/players/P$pp.html site2/players/P$pp-1.html site2/players/P$pp-2.html"
want="$want $(sql2 "SELECT 'site2/players/P' || player || '.html' FROM seats WHERE game = 50 AND player != $pp")"
want=$(echo $want | tr ' ' '\n' | sort | tr '\n' ' ')
[ "$got" = "$want" ] || why+=("refresh wrote: $got" "expected:      $want")
# The other takes G50's second seat: their games from G50 on move by
# one, on both their pages.
sql2 "UPDATE seats SET player = $rr WHERE game = 50 AND seat = 1"
"$MUPBEM" --db db2 archive --assets "$assets" site2 G50 >out 2>err ||
    why+=("refresh failed: $(cat err)")
prows() {
	grep -o '<tr data-game="[0-9]*"' "$1" | tr -dc '0-9\n' | tr '\n' ' '
}
all=$(sql2 "SELECT DISTINCT game FROM seats WHERE player = $rr ORDER BY game")
[ "$(prows site2/players/P$rr-1.html)" = "$(echo "$all" | head -100 | sort -rn | tr '\n' ' ')" ] ||
    why+=("P$rr-1.html holds $(prows site2/players/P$rr-1.html)")
[ "$(prows site2/players/P$rr.html)" = "$(echo "$all" | tail -n +101 | sort -rn | tr '\n' ' ')" ] ||
    why+=("P$rr.html holds $(prows site2/players/P$rr.html)")
end "the index, a kind's and a player's games in pages of 100 newest first; a refresh writes only the pages that change"

begin
"$MUPBEM" --db nodb archive site >out 2>err
rc=$?
[ $rc -eq 1 ] || why+=("exit $rc, not 1")
[ "$(cat err)" = "mupbem: nodb: No such file or directory" ] ||
    why+=("said '$(cat err)'")
touch plain
"$MUPBEM" --db db archive --assets "$assets" plain/site >out 2>err
rc=$?
[ $rc -eq 1 ] || why+=("exit $rc, not 1")
[ "$(cat err)" = "mupbem: archive: plain/site: Not a directory" ] ||
    why+=("said '$(cat err)'")
"$MUPBEM" --db db archive --assets "$tmp/none" site2 >out 2>err
[ "$(cat err)" = "mupbem: archive: $tmp/none/archive.css: No such file or directory" ] ||
    why+=("said '$(cat err)'")
"$MUPBEM" --db db archive --assets "$assets" site G99 >out 2>err
[ "$(cat err)" = "mupbem: archive: there is no game G99" ] ||
    why+=("said '$(cat err)'")
"$MUPBEM" --db db archive site x12 >out 2>err
[ "$(cat err)" = "mupbem: 'x12' is not a game; write it like G12" ] ||
    why+=("said '$(cat err)'")
end "errors: no store, a folder that cannot be made, no assets, no such game"

tap_done
