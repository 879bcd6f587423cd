#!/usr/bin/env bash
#
# Pictures of the board in mail (docs/mail.md, docs/pictures.md), read
# back with Python's email package (tests/mime-shape.py) as a mail
# client reads them: a game of velox by mail on a real Maildir and
# store; each mail that shows the board is multipart/alternative, its
# text first and the same as the text-only mail, then a page whose
# <img> names the PNG by Content-ID; the PNG decodes, is 800 pixels
# wide and under 100 KB.  A preview shows the preview's board; "set
# pictures off" and [server] pictures = no give text only; the end of
# the game has the record and the picture, also in the mail held for
# its sender.  TAP-like output.
#
# make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }
command -v python3 >/dev/null || { echo "Bail out! no python3"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/picture-mail.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"

. "$here/service-lib.sh"

A=alice@example.org B=bob@example.org
export MUPBEM_NOW=1795680000
P= Q=

pictured="multipart/alternative(text/plain,multipart/related(text/html,image/png))"

# shape_is FILE SHAPE [PICTURE ALT [WIDTH]]: mail FILE is made of
# SHAPE, its picture (if any) is named PICTURE, WIDTH pixels wide (800
# if not given) and described by ALT, and nothing is wrong with it;
# its text goes to txt/NAME, its picture to png/NAME.
shape_is() {
	local want
	want="shape: $2"
	[ $# -gt 2 ] && want="$want
picture: $3, ${5:-800} pixels wide, under 100 KB
alt: $4"
	mkdir -p txt png
	python3 "$here/mime-shape.py" "$1" "txt/${1#got/}" "png/${1#got/}" \
	    >shape 2>>"$tmp/sizes"
	[ "$(cat shape)" = "$want" ] ||
	    why+=("$1: '$(cat shape)', wanted '$want'")
}

# start [CONFIG-LINES]: alice invites bob to velox, he accepts; red's
# first turn is forced.  P is the player whose turn 2 it is, blue, and
# Q the other.
start() {
	fresh "${1:-}"
	mp_mail "$A" games@localhost "x" "new velox with $B"
	run
	mp_reply "$(last "$B")" "$B" "accept"
	run
	P=$(mp_header "$(grep -l '^X-Mupbem-State: your turn 2$' got/*)" To)
	Q=$A
	[ "$P" = "$A" ] && Q=$B
}

begin
start
subject_is "$(last "$P")" "[mupbem G1] velox: your turn 2"
shape_is "$(last "$P")" "$pictured" G1-1.png \
    "The board of G1: Mu velox after 1 turn: blue to move"
# Bob's mail was held to answer his accept, and kept its picture.
shape_is "$(last "$Q")" "$pictured" G1-1.png \
    "The board of G1: Mu velox after 1 turn: blue to move"
has "txt/$B.1" "Game G1 (velox) has started."
end "the first boards of a game are pictured, the sender's held mail too"

begin
mp_reply "$(last "$P")" "$P" "#2 a"
run
subject_is "$(last "$P")" "[mupbem G1] velox: you played turn 2"
shape_is "$(last "$P")" "text/plain"
subject_is "$(last "$Q")" "[mupbem G1] velox: your turn 3"
shape_is "$(last "$Q")" "$pictured" G1-2.png \
    "The board of G1: Mu velox after 2 turns: red to move"
end "a turn: the mover's short confirmation has no board, the next player's mail has its picture"

begin
mp_reply "$(last "$Q")" "$Q" "preview b"
run
subject_is "$(last "$Q")" "[mupbem G1] velox: preview of turn 3"
shape_is "$(last "$Q")" "$pictured" G1-3.png \
    "The board of G1: Mu velox after 3 turns: blue to move"
end "a preview's picture is the preview's board"

begin
mp_reply "$(last "$Q")" "$Q" "board"
run
subject_is "$(last "$Q")" "[mupbem G1] velox: your turn 3"
shape_is "$(last "$Q")" "$pictured" G1-2.png \
    "The board of G1: Mu velox after 2 turns: red to move"
on=txt/${Q}.$(($(ls got | grep -c "^$Q\.") - 1))
mp_reply "$(last "$Q")" "$Q" "set pictures maybe"
run
has "$(last "$Q")" "set pictures: write set pictures on, off or small"
mp_reply "$(last "$Q")" "$Q" "set pictures off"
run
has "$(last "$Q")" "Your setting is kept: pictures off (a picture of each board mailed to you, besides the text)."
mp_reply "$(last "$Q")" "$Q" "board"
run
subject_is "$(last "$Q")" "[mupbem G1] velox: your turn 3"
shape_is "$(last "$Q")" "text/plain"
off=txt/${Q}.$(($(ls got | grep -c "^$Q\.") - 1))
cmp -s "$on" "$off" ||
    why+=("the text differs with a picture: $(diff "$on" "$off")")
cmp -s "$off" <(decoded "$(last "$Q")") ||
    why+=("mime-shape.py does not read the text as the tests do")
end "set pictures off: the same text, without the picture"

begin
mp_reply "$(last "$Q")" "$Q" "#3 b"
run
shape_is "$(last "$Q")" "text/plain"
subject_is "$(last "$P")" "[mupbem G1] velox: your turn 4"
shape_is "$(last "$P")" "$pictured" G1-3.png \
    "The board of G1: Mu velox after 3 turns: blue to move"
mp_reply "$(last "$P")" "$P" "#4 c"
run
subject_is "$(last "$Q")" "[mupbem G1] velox: your turn 5"
shape_is "$(last "$Q")" "text/plain"
has "$(last "$Q")" "Mu velox, 2 players, 8 segments each. Turn 5."
end "set pictures off: that player's boards come as text only, the others' still pictured"

begin
mp_reply "$(last "$P")" "$P" "resign"
run
subject_is "$(last "$P")" "[mupbem G1] velox: game over"
shape_is "$(last "$P")" "multipart/mixed($pictured,text/plain)" G1-5.png \
    "The board of G1: Mu velox after 5 turns: over, red wins 0-0 by resignation"
grep -q '^Content-Disposition: attachment; filename="G1.rec"$' "$(last "$P")" ||
    why+=("no record attached in the held mail")
subject_is "$(last "$Q")" "[mupbem G1] velox: game over"
shape_is "$(last "$Q")" "multipart/mixed(text/plain,text/plain)"
end "the end of the game: the record and the picture, in the sender's held mail too; text and record for the player without pictures"

# colours PNG: how many colours of the indexed PNG's palette are not
# greys.
colours() {
	python3 "$here/png-colours.py" "$1"
}

begin
fresh
mp_mail "$A" games@localhost "x" "set palette sepia"
run
has "$(last "$A")" "set palette: write set palette default, contrast or grey"
mp_mail "$A" games@localhost "x" "set palette grey"
run
has "$(last "$A")" "Your setting is kept: palette grey (the colours of the pictures mailed to you)."
mp_mail "$B" games@localhost "x" "set pictures small"
run
has "$(last "$B")" "Your setting is kept: pictures small (a picture of each board mailed to you, besides the text)."
mp_mail "$A" games@localhost "x" "new velox with $B"
run
mp_reply "$(last "$B")" "$B" "accept"
run
shape_is "$(last "$A")" "$pictured" G1-1.png \
    "The board of G1: Mu velox after 1 turn: blue to move"
shape_is "$(last "$B")" "$pictured" G1-1.png \
    "The board of G1: Mu velox after 1 turn: blue to move" 400
nc=$(colours "png/$(basename "$(last "$A")")")
[ "$nc" = 0 ] || why+=("$A's picture in grey has $nc colours")
nc=$(colours "png/$(basename "$(last "$B")")")
[ "$nc" -gt 0 ] || why+=("$B's picture in the default palette has no colours")
end "set palette grey and set pictures small: one turn drawn in each player's palette and size"

begin
start 'pictures = no\n'
shape_is "$(last "$P")" "text/plain"
shape_is "$(last "$Q")" "text/plain"
mp_reply "$(last "$P")" "$P" "#2 a"
run
subject_is "$(last "$Q")" "[mupbem G1] velox: your turn 3"
shape_is "$(last "$Q")" "text/plain"
end "[server] pictures = no: text only, for everyone"

begin
printf '[server]\naddress = games@localhost\npictures = maybe\n' >bad.conf
"$MUPBEMD" -n -c bad.conf >out 2>err
[ $? -eq 78 ] && [ "$(cat err)" = "mupbemd: bad.conf line 3: [server] pictures: expected yes or no, not 'maybe'" ] ||
    why+=("pictures = maybe: '$(cat err)'")
end "[server] pictures takes yes or no, and says so"

sed 's/^/# /' "$tmp/sizes"
tap_done
