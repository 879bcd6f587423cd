#!/usr/bin/env bash
#
# The web archive kept by the daemon ([archive] dir and url,
# docs/archive.md): mupbemd -1 over a real Maildir and a real SQLite
# store writes the whole site when its folder has no index, then after
# each round only the pages of the games that changed (a page written
# again is a new file, renamed over the old: a new inode), whatever
# changed them, the operator's tool included; a folder it cannot write
# holds up no move and is caught up later; "archive G1" by mail answers
# with the game's page; bad [archive] settings are refused by name.
# Prints TAP-like lines; exits 1 if a check failed.
#
# make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/archive-daemon-test.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"
. "$here/service-lib.sh"

A=alice@example.org B=bob@example.org C=carol@example.org
D=dave@example.org
export MUPBEM_NOW=1795000000
ARCHIVE='[archive]\ndir = site\nurl = https://example.org/mu/\n'

sql() {
	sqlite3 mupbem.db "$1"
}

# inode FILE: which file is there now (a page written again is new).
inode() {
	stat -c %i "$1" 2>/dev/null || echo none
}

# steps G: the number of positions after the start the page of G shows.
steps() {
	sed -n 's/.*<main id="game"[^>]* data-steps="\([0-9]*\)".*/\1/p' \
	    "site/games/$1.html" 2>/dev/null | head -1
}

# play ADDRESS: the player answers their newest mail (accept, or a turn).
play() {
	local f=$(last "$1") answer
	answer=$(mp_answer "$f" 7)
	[ -n "$answer" ] && mp_reply "$f" "$1" "$answer"
}

# turns G: the turns of game G, from the store.
turns() {
	sql "select turns from games where id = ${1#G}"
}

fresh "loop_burst = 0\n$ARCHIVE"
begin
mp_mail "$A" games@localhost "x" "new velox with $B"
run
[ -f site/index.html ] || why+=("no site/index.html after the first round")
[ -f site/games/G1.html ] || why+=("no page for G1")
[ -f site/assets/archive.js ] || why+=("no site/assets/archive.js")
[ "$(sql "select count(*) from touched")" = 0 ] ||
    why+=("touched: $(sql "select * from touched")")
play "$B"
run
for i in 1 2 3 4 5 6; do
	play "$A"
	play "$B"
	run
done
t=$(turns G1)
[ "$t" -ge 4 ] || why+=("G1 has $t turns; the players did not play")
[ "$(steps G1)" = "$t" ] ||
    why+=("G1's page shows $(steps G1) steps, the game has $t turns")
grep -q "G1.rec" site/games/G1.html || why+=("G1's page lacks its record")
# The published record: its turns, and players as P<id>, not addresses.
cmp -s <(sed '1,/^$/d' site/games/G1.rec) <(record G1 | sed '1,/^$/d') ||
    why+=("site/games/G1.rec does not have the game's turns")
grep -qx "seat red P$(sql "select player from seats where game = 1 and seat = 0")" \
    site/games/G1.rec || why+=("site/games/G1.rec: $(grep seat site/games/G1.rec)")
[ -z "$(grep -rl "@example.org" site)" ] ||
    why+=("addresses published in $(grep -rl "@example.org" site)")
end "the daemon writes the site, then each game's page after each move"

begin
mp_mail "$C" games@localhost "x" "new velox with $D"
run
play "$D"
run
g1=$(inode site/games/G1.html)
g1j=$(inode site/games/G1.json)
pa=$(inode "site/players/P$(sql "select id from players where address = '$A'").html")
ix=$(inode site/index.html)
play "$C"
play "$D"
run
[ "$(inode site/games/G1.html)" = "$g1" ] ||
    why+=("a move in G2 wrote G1's page again")
[ "$(inode site/games/G1.json)" = "$g1j" ] ||
    why+=("a move in G2 wrote G1.json again")
[ "$(inode "site/players/P$(sql "select id from players where address = '$A'").html")" = "$pa" ] ||
    why+=("a move in G2 wrote the page of alice, who is not in it")
[ "$(inode site/index.html)" != "$ix" ] ||
    why+=("a move in G2 left the index as it was")
[ "$(steps G2)" = "$(turns G2)" ] ||
    why+=("G2's page shows $(steps G2) steps, the game has $(turns G2) turns")
end "a move writes only the pages its game touches: its own, its players', the index"

begin
g1=$(inode site/games/G1.html)
"$MUPBEM" --db mupbem.db cancel G2 a test >/dev/null 2>&1 ||
    why+=("mupbem cancel G2 failed")
run
grep -q 'data-game="2"[^>]*data-state="abandoned"' site/index.html ||
    why+=("the index does not show G2 abandoned: $(grep -o '<tr class="game" data-game="2"[^>]*>' site/index.html)")
[ "$(inode site/games/G1.html)" = "$g1" ] ||
    why+=("the operator's change to G2 wrote G1's page again")
end "a change by the operator's tool reaches the site at the daemon's next round"

begin
# A folder that cannot be written (a file where games/ was) holds up
# no move; the pages are written once it can be.
mv site/games site/games.away
: >site/games
n1=$(turns G1)
play "$A"
play "$B"
run
[ "$(turns G1)" -gt "$n1" ] || why+=("the move was not played while the archive failed")
grep -q "archive: " log || why+=("no archive failure in the log")
[ "$(sql "select count(*) from touched where game = 1")" = 1 ] ||
    why+=("G1 is not due any more though its page was not written")
rm site/games
mv site/games.away site/games
run
[ "$(steps G1)" = "$(turns G1)" ] ||
    why+=("G1's page was not caught up: $(steps G1) steps, $(turns G1) turns")
[ "$(sql "select count(*) from touched")" = 0 ] ||
    why+=("still due: $(sql "select * from touched")")
end "a site that cannot be written holds up no move and catches up later"

begin
mp_mail "$C" games@localhost "x" "archive G1"
run
f=$(last "$C")
has "$f" "https://example.org/mu/games/G1.html"
has "$f" "https://example.org/mu/games/G1.rec"
has "$f" "$(record G1 | sed -n 2p)"
mp_mail "$A" games@localhost "x" "new velox with $C"
run
mp_mail "$A" games@localhost "x" "archive G3"
run
has "$(last "$A")" "archive: game G3 has no record yet; it begins when the game starts"
end "archive G1 by mail: the record and the page's address"

begin
fresh "loop_burst = 0\n[archive]\ndir = site\n"
mp_mail "$A" games@localhost "x" "new velox with $B"
run
play "$B"
run
mp_mail "$A" games@localhost "x" "archive G1"
run
has "$(last "$A")" "This server publishes no archive on the web; here is the record:"
[ -f site/games/G1.html ] || why+=("no page for G1 without a url")
end "without [archive] url, archive G1 sends the record alone"

# refused SETTINGS MESSAGE: mupbemd -n refuses the [archive] settings.
refused() {
	printf '[archive]\n%b' "$1" >bad.conf
	"$MUPBEMD" -n -c bad.conf >out 2>&1 && why+=("mupbemd -n took '$1'")
	grep -qF -- "$2" out || why+=("'$1': $(cat out), wanted '$2'")
}

begin
refused 'url = example.org/mu\n' \
    "bad.conf line 2: [archive] url: expected an http:// or https:// address, not 'example.org/mu'"
refused 'url = https://example.org/a b\n' \
    "[archive] url: 'https://example.org/a b': an address has no spaces, quotes or angle brackets"
refused 'url = https://\n' "[archive] url: 'https://' names no host"
refused "dir = $tmp/no/such\n" "[archive] dir $tmp/no/such: No such file or directory"
: >"$tmp/afile"
refused "dir = $tmp/afile\n" "[archive] dir $tmp/afile: Not a directory"
refused 'folder = x\n' "bad.conf line 2: [archive] folder: no such setting"
end "bad [archive] settings are refused, saying which and why"

tap_done
