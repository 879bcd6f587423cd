#!/usr/bin/env bash
#
# mupbem show --png and --svg: the real binary draws records and
# positions into files (docs/pictures.md).  Checks the files are PNG
# 800 pixels wide and well under 100 KB for the busiest boards of the
# test data, SVG that refers to nothing outside itself, the palettes
# (greys only in grey), a phone's picture at 400 pixels, and the exact
# errors for bad options and unwritable files.  Prints the sizes it
# measured as comments.  Prints TAP-like lines; exits 1 if a check
# failed.
#
# make check sets MUPBEM and TEST_DATA.

set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
MUPBEM=${MUPBEM:-./mupbem}
data=${TEST_DATA:-$here/data}
if [ ! -x "$MUPBEM" ]; then
	echo "Bail out! no mupbem binary at $MUPBEM"
	exit 99
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/mupbem-picture.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

# png_width FILE: the width in the PNG's IHDR chunk.
png_width() {
	od -An -tu1 -j16 -N4 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }'
}

# is_png FILE LIMIT: a PNG 800 pixels wide, under LIMIT bytes.
is_png() {
	local size

	if [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" != \
	    "89504e470d0a1a0a" ]; then
		why+=("$1 is not a PNG")
		return
	fi
	[ "$(png_width "$1")" -eq 800 ] ||
	    why+=("$1 is $(png_width "$1") pixels wide, not 800")
	size=$(stat -c %s "$1")
	[ "$size" -lt "$2" ] || why+=("$1 is $size bytes, not under $2")
	echo "# $(basename "$1"): $size bytes"
}

# is_svg FILE: an SVG with no reference outside itself.
is_svg() {
	head -c 200 "$1" | grep -q '<svg' || why+=("$1 is not an SVG")
	if grep -Eq 'href="(https?|file|data):|<image|@import|url\((https?|file)' \
	    "$1"; then
		why+=("$1 refers outside itself")
	fi
	echo "# $(basename "$1"): $(stat -c %s "$1") bytes"
}

begin
"$MUPBEM" show --png "$tmp/c6.png" --svg "$tmp/c6.svg" \
    "$data/records/classic-6p8-movement.rec" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || why+=("exit $rc: $(cat "$tmp/err")")
[ ! -s "$tmp/out" ] || why+=("printed: $(head -1 "$tmp/out")")
is_png "$tmp/c6.png" 100000
is_svg "$tmp/c6.svg"
end "show --png --svg: a classic board of six players, 200 turns, in both"

begin
"$MUPBEM" show --png "$tmp/busy.png" --svg "$tmp/busy.svg" \
    "$data/pictures/classic-6p-busy.rec" 2>"$tmp/err" ||
    why+=("exit $?: $(cat "$tmp/err")")
is_png "$tmp/busy.png" 100000
is_svg "$tmp/busy.svg"
"$MUPBEM" show --no-names --png "$tmp/busy-nonames.png" \
    "$data/pictures/classic-6p-busy.rec" 2>"$tmp/err" ||
    why+=("--no-names: exit $?: $(cat "$tmp/err")")
is_png "$tmp/busy-nonames.png" 100000
"$MUPBEM" show --names --png "$tmp/busy-names.png" \
    "$data/pictures/classic-6p-busy.rec" 2>"$tmp/err" ||
    why+=("--names: exit $?: $(cat "$tmp/err")")
cmp -s "$tmp/busy.png" "$tmp/busy-names.png" ||
    why+=("--names draws another picture than the default")
! cmp -s "$tmp/busy.png" "$tmp/busy-nonames.png" ||
    why+=("--no-names draws the names all the same")
"$MUPBEM" show --png "$tmp/velox-midgame.png" \
    "$data/records/velox-midgame.rec" 2>"$tmp/err" ||
    why+=("velox-midgame: exit $?: $(cat "$tmp/err")")
is_png "$tmp/velox-midgame.png" 100000
end "a busy classic board (6 players, 459 turns of random play, 20 Wall cells) stays under 100 KB with its names, drawn by default"

begin
for f in records/mur-game-two.rec positions/mur-double-trap.pos \
    positions/velox-walls.pos; do
	b=$(basename "$f")
	"$MUPBEM" show --names --png "$tmp/$b.png" "$data/$f" 2>"$tmp/err" ||
	    why+=("$f: $(cat "$tmp/err")")
	is_png "$tmp/$b.png" 100000
done
end "show --names --png: Mur and a position with walls, names drawn"

begin
"$MUPBEM" show --png - "$data/records/mur-opening.rec" >"$tmp/stdout.png" \
    2>"$tmp/err" || why+=("exit $?: $(cat "$tmp/err")")
is_png "$tmp/stdout.png" 100000
end "show --png -: the PNG on standard output"

begin
"$MUPBEM" show --form compact --svg "$tmp/v.svg" \
    "$data/positions/velox-walls.pos" >"$tmp/out" 2>"$tmp/err" ||
    why+=("exit $?: $(cat "$tmp/err")")
grep -q '^Mu velox' "$tmp/out" || why+=("no board printed with --form")
is_svg "$tmp/v.svg"
end "show --form with --svg prints the text board too"

begin
"$MUPBEM" show --names "$data/positions/velox-walls.pos" >"$tmp/out" \
    2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] || why+=("exit $rc, not 1")
[ "$(cat "$tmp/err")" = "mupbem: show: --names, --no-names, --palette and --width draw pictures: give --png FILE or --svg FILE too" ] ||
    why+=("stderr: $(cat "$tmp/err")")
"$MUPBEM" show --png "$tmp/w.png" --width 100 \
    "$data/positions/velox-walls.pos" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] || why+=("--width 100: exit $rc, not 1")
[ "$(cat "$tmp/err")" = "mupbem: width: '100' is not a number from 200 to 4000" ] ||
    why+=("--width 100: stderr: $(cat "$tmp/err")")
[ ! -e "$tmp/w.png" ] || why+=("--width 100 wrote a file")
end "--names without a picture, and a width out of range, are refused"

begin
"$MUPBEM" show --png "$tmp/nowhere/x.png" \
    "$data/positions/velox-walls.pos" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] || why+=("exit $rc, not 1")
[ "$(cat "$tmp/err")" = "mupbem: show: $tmp/nowhere/x.png: No such file or directory" ] ||
    why+=("stderr: $(cat "$tmp/err")")
echo old >"$tmp/keep.png"
chmod 555 "$tmp"
if [ "$(id -u)" -ne 0 ]; then
	"$MUPBEM" show --png "$tmp/keep.png" \
	    "$data/positions/velox-walls.pos" 2>/dev/null &&
	    why+=("wrote into a read-only directory")
	[ "$(cat "$tmp/keep.png")" = old ] ||
	    why+=("the old file was changed")
fi
chmod 755 "$tmp"
ls -a "$tmp" | grep -q '\.tmp' && why+=("a temporary file was left")
end "an unwritable picture is an error naming the file; nothing is left half-written"

begin
"$MUPBEM" show --png "$tmp/a.png" "$data/records/classic-3p-movement.rec" &&
"$MUPBEM" show --png "$tmp/b.png" "$data/records/classic-3p-movement.rec" ||
    why+=("show failed")
cmp -s "$tmp/a.png" "$tmp/b.png" || why+=("two drawings differ")
end "the same record draws the same bytes twice"

# png_height FILE: the height in the PNG's IHDR chunk.
png_height() {
	od -An -tu1 -j20 -N4 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }'
}

# png_colours FILE: the colours of the PNG's palette that are not grey.
png_colours() {
	python3 "$here/png-colours.py" "$1"
}

begin
"$MUPBEM" show --png "$tmp/x.png" --palette sepia \
    "$data/positions/velox-walls.pos" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] || why+=("exit $rc, not 1")
[ "$(cat "$tmp/err")" = "mupbem: show: there is no palette 'sepia'; there is default, contrast, grey" ] ||
    why+=("stderr: $(cat "$tmp/err")")
for p in default contrast grey; do
	"$MUPBEM" show --png "$tmp/$p.png" --svg "$tmp/$p.svg" --palette $p \
	    "$data/pictures/classic-6p-busy.rec" || why+=("--palette $p failed")
	is_png "$tmp/$p.png" 100000
	is_svg "$tmp/$p.svg"
done
[ "$(png_colours "$tmp/grey.png")" = 0 ] ||
    why+=("--palette grey has $(png_colours "$tmp/grey.png") colours")
[ "$(png_colours "$tmp/default.png")" -gt 0 ] ||
    why+=("--palette default has no colours")
cmp -s "$tmp/default.png" "$tmp/contrast.png" &&
    why+=("--palette contrast draws as the default")
end "show --palette: the default, contrast and grey palettes; greys only in grey"

begin
"$MUPBEM" show --png "$tmp/phone.png" --width 400 \
    "$data/records/classic-3p-movement.rec" &&
"$MUPBEM" show --png "$tmp/whole.png" --width 800 \
    "$data/records/classic-3p-movement.rec" || why+=("show failed")
[ "$(png_width "$tmp/phone.png")" -eq 400 ] ||
    why+=("the phone's picture is $(png_width "$tmp/phone.png") wide")
# The whole board at 800 is about square; a phone's is cut to the
# pieces, taller than wide, at more than half the scale.
h=$(png_height "$tmp/phone.png")
[ "$h" -gt 560 ] && [ "$h" -le 700 ] || why+=("the phone's picture is $h high")
echo "# phone.png: $(stat -c %s "$tmp/phone.png") bytes, 400x$h; whole.png: $(stat -c %s "$tmp/whole.png") bytes, 800x$(png_height "$tmp/whole.png")"
end "show --width 400: a phone's picture, cut to the board in play"

tap_done
