#!/usr/bin/env bash
#
# The static web archive (mupbem archive) in a real browser: the store
# of a finished velox round robin of four, played by mail through
# mupbemd by the scripted robot players, with a classic game that plays
# tests/data/records/classic-walls.rec (explosions, Commonwealth and
# Walls), a Mur match, a league of two whose first season is over and
# whose second is in play, and a velox game left in play, is made into a
# site, each game's JSON is validated against docs/schema/game.schema.json,
# and headless Chromium opens its files.  tests/browser/archive-test.js
# drives it over the DevTools protocol (chrome-remote-interface): the
# index's filters against the store, every game stepped through with
# the keys and buttons and each position's board checked against the
# engine's (mupbem replay of the record cut there), the player and
# tournament pages, then on one page of each kind axe-core, the width
# of a 390 px phone and the contrast of the focus (tests/browser/
# audit.js), and no script error, console error or missing file on any
# page.  docs/archive.md, "Tested in a browser".  TAP-like output.
#
# make check sets MUPBEM, MUPBEMD, SRCDIR and TEST_DATA.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
: "${TEST_DATA:=$here/data}"
: "${SRCDIR:=$here/..}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

# CHROMIUM may name another build of Chromium.
chromium=${CHROMIUM:-$(command -v chromium)}
if [ -z "$chromium" ]; then
	echo "1..0 # SKIP chromium is not installed (scripts/install-deps.sh)"
	exit 77
fi
for p in node npm sqlite3; do
	command -v $p >/dev/null ||
	    { echo "Bail out! no $p (scripts/install-deps.sh)"; exit 99; }
done
python3 -c 'import jsonschema' 2>/dev/null || {
	echo "Bail out! no python3-jsonschema (scripts/install-deps.sh)"
	exit 99
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/browser-test.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"
. "$here/service-lib.sh"

export MUPBEM_NOW=1795000000
O=org@example.org
walls=$TEST_DATA/records/classic-walls.rec

sql() {
	sqlite3 mupbem.db "$1"
}

# p N: player N's address; name N: their name.
p() {
	echo "p$1@example.org"
}

name() {
	local names=(Ann Bob Cid Dot)
	echo "${names[$1 - 1]} <$(p "$1")>"
}

# answer FILE RUN: the scripted players' answer to mail FILE.  The
# classic game plays $walls turn by turn, the lone velox game and the
# game of the league's second season (which starts when the first ends)
# stop after their fourth turn, and in the others the random robot plays,
# drawing with a seed of the run and the game, until it resigns at turn
# 9 (even games) or 10 (odd ones).
answer() {
	local g turn later
	case $(mp_header "$1" X-Mupbem-State) in
	invitation|"your turn "*) ;;
	*)	return ;;
	esac
	g=$(mp_header "$1" Subject | sed -n 's/^\[mupbem G\([0-9]*\)\].*/\1/p')
	turn=$(mp_header "$1" X-Mupbem-State | sed -n 's/^your turn //p')
	later=$(sql "select count(*) from pairings p join tournaments t
	    on t.id = p.tournament where p.game = ${g:-0} and t.season > 1")
	if [ "$g" = "$classic" ] && [ -n "$turn" ]; then
		echo "#$turn $(sed -n "s/^$turn [a-z]* //p" "$walls")"
	elif { [ "$g" != "$open" ] && [ "$later" = 0 ]; } ||
	    [ "${turn:-0}" -le 4 ]; then
		MP_LEVEL=random MP_RESIGN_AFTER=$((9 + ${g:-0} % 2)) \
		    mp_answer "$1" "$(($2 * 100 + ${g:-0}))"
	fi
}

# --- the store --------------------------------------------------------------

fresh
begin
mp_mail $O games@localhost "x" \
    "tournament new Spring velox roundrobin segments 2 time 3d"
for k in 1 2 3 4; do
	mp_mail "$(name "$k")" games@localhost "x" "tournament join Spring"
done
mp_mail $O games@localhost "x" \
    "league new Club velox division 2 promote 0 relegate 0 segments 1"
for k in 1 2; do
	mp_mail "$(name "$k")" games@localhost "x" "league join Club"
done
run
mp_mail $O games@localhost "x" "tournament start Spring"
mp_mail $O games@localhost "x" "league start Club"
mp_mail "$(name 1)" games@localhost "x" "new classic with $(p 3) segments 1"
mp_mail "$(name 2)" games@localhost "x" "new mur with $(p 4) match 1"
mp_mail "$(name 3)" games@localhost "x" "new velox with $(p 4) segments 1"
run
classic=$(sql "select id from games where variant = 'classic'")
open=$(sql "select id from games where variant = 'velox' and id not in
    (select game from pairings where game is not null)")
[ -n "$classic" ] && [ -n "$open" ] ||
    why+=("games: $(sql "select id, variant, status from games")")
play_out 60 answer
[ "$(sql "select state from tournaments where name = 'Spring'")" = over ] ||
    why+=("Spring: $(sql "select state, round from tournaments")")
[ "$(sql "select count(*) from pairings where game is not null")" = 8 ] ||
    why+=("pairings: $(sql "select round, game, players from pairings")")
later=$(sql "select p.game from pairings p join tournaments t
    on t.id = p.tournament where t.season = 2")
[ "$(sql "select group_concat(t.season || ' ' || t.state || ' ' ||
    g.status || (case t.season when 1 then '' else ' ' || g.turns end),
    ', ') from tournaments t join pairings p on p.tournament = t.id
    join games g on g.id = p.game where t.league is not null")" = \
    "1 over over, 2 playing playing 4" ] ||
    why+=("Club: $(sql "select * from tournaments where league is not null")")
[ "$(sql "select group_concat(status, ' ') from (select status from games
    where id not in ($open, ${later:-0}) order by id)")" = \
    "over over over over over over over over over" ] ||
    why+=("games: $(sql "select id, variant, status, turns from games")")
[ "$(sql "select status, turns from games where id = $open")" = "playing|4" ] ||
    why+=("the open game: $(sql "select status, turns from games
    where id = $open")")
"$MUPBEM" --db mupbem.db export "G$classic" | grep -v '^#' |
    sed '1,/^$/d' >classic.turns
grep -v '^#' "$walls" | sed '1,/^$/d' | cmp -s - classic.turns ||
    why+=("the classic game: $(cat classic.turns)")
d="a velox round robin of four played to its end by mail, a classic game"
end "$d, a Mur match and a league's first season of one game over, a velox game and the league's second season in play"

# --- the site in the browser ------------------------------------------------

begin
"$MUPBEM" --db mupbem.db archive --assets "$SRCDIR/templates/archive" \
    "$tmp/site" >out 2>err || why+=("archive: $(cat err)")
for g in $(sql "select id from games"); do
	[ -f "$tmp/site/games/G$g.html" ] || why+=("no games/G$g.html")
done
[ -f "$tmp/site/index.html" ] || why+=("no index.html: $(ls -R "$tmp/site")")
python3 "$here/json-schema.py" "$SRCDIR/docs/schema/game.schema.json" \
    "$tmp"/site/games/G*.json >schema.out 2>&1 ||
    mapfile -t -O ${#why[@]} why < <(head -20 schema.out)
d="mupbem archive makes the site of the store; each game's JSON follows"
end "$d docs/schema/game.schema.json"

# The driver's modules (tests/browser/package-lock.json), installed by
# npm ci once for each lock file, in a cache outside the tree.
lock=$(cat "$here/browser/package.json" "$here/browser/package-lock.json" |
    sha256sum | cut -c1-16)
modules=${XDG_CACHE_HOME:-${HOME:-$tmp}/.cache}/mupbem/browser-$lock
if [ ! -d "$modules/node_modules" ]; then
	mkdir -p "$modules.$$"
	cp "$here/browser/package.json" "$here/browser/package-lock.json" \
	    "$modules.$$"
	if (cd "$modules.$$" && npm ci --no-audit --no-fund) >npm.log 2>&1; then
		mv -T "$modules.$$" "$modules" 2>/dev/null
	else
		begin
		why+=("npm ci failed: $(tail -5 npm.log)")
		end "the browser driver is installed"
	fi
	rm -rf "$modules.$$"
fi

# archive-test.js tells its checks as "why: REASON" and "end: CHECK".
begin
NODE_PATH=$modules/node_modules node "$here/browser/archive-test.js" \
    --site "$tmp/site" --db "$tmp/w/mupbem.db" --mupbem "$MUPBEM" \
    --chromium "$chromium" >browser.out 2>browser.err
rc=$?
while IFS= read -r line; do
	case $line in
	"why: "*)	why+=("${line#why: }") ;;
	"end: "*)	end "${line#end: }"; begin ;;
	*)		echo "# $line" ;;
	esac
done <browser.out
if [ $rc -ne 0 ] || [ ${#why[@]} -ne 0 ]; then
	why+=("node exited with $rc: $(tail -20 browser.err)")
	end "the browser test ran to its end"
fi

tap_done
