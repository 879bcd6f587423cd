#!/usr/bin/env bash
#
# Regress test for the mupbem tool: runs the real binary on records in
# a temporary directory and compares exact output, exact errors, exact
# exit statuses and exact record bytes.  Prints one TAP-like line per
# check and exits 1 if any check failed.  A check marked "# TODO" pins
# behaviour that is known to be wrong; it is reported but does not fail
# the run.
#
# make check sets MUPBEM (the built binary) and TEST_DATA; without
# MUPBEM, ./mupbem in the current (build) directory is used, or the one
# beside this script's directory.

set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/tool-lib.sh"
tool_setup tool
umask 022

# --- Reporting ----------------------------------------------------------

n=0
failed=0
why=()

begin() {
	why=()
}

# end DESC [todo reason]: report the check begun with begin.
end() {
	local todo=""

	n=$((n + 1))
	[ $# -gt 1 ] && todo=" # TODO $2"
	if [ ${#why[@]} -eq 0 ]; then
		echo "ok $n - $1$todo"
		return
	fi
	echo "not ok $n - $1$todo"
	printf '#   %s\n' "${why[@]}"
	[ -z "$todo" ] && failed=$((failed + 1))
}

# --- Running ------------------------------------------------------------

rc=0

# run ARGS...: run mupbem with no input; leaves out, err and rc.
run() {
	"$MUPBEM" "$@" </dev/null >out 2>err
	rc=$?
}

# run_in FILE ARGS...: the same with FILE on standard input.
run_in() {
	local in=$1

	shift
	"$MUPBEM" "$@" <"$in" >out 2>err
	rc=$?
}

want_rc() {
	[ "$rc" -eq "$1" ] || why+=("exit status $rc, expected $1")
}

# want_err LINE: standard error is exactly LINE and a newline ("" for
# nothing at all).
want_err() {
	if [ -z "$1" ]; then
		: >want.err
	else
		printf '%s\n' "$1" >want.err
	fi
	if ! cmp -s want.err err; then
		why+=("stderr: $(head -c 400 err | tr '\n' '|')")
		why+=("wanted: $(tr '\n' '|' <want.err)")
	fi
}

# want_out FILE: standard output is exactly the bytes of FILE.
want_out() {
	if ! cmp -s "$1" out; then
		why+=("stdout differs from what was expected:")
		while IFS= read -r line; do
			why+=("$line")
		done < <(diff -u "$1" out | head -40)
	fi
}

want_out_empty() {
	[ -s out ] && why+=("stdout not empty: $(head -c 200 out | tr '\n' '|')")
	return 0
}

# want_line LINE: standard output has LINE as a whole line.
want_line() {
	grep -Fqx -- "$1" out || why+=("no line '$1' in stdout")
}

# want_letters N: the board part of a diagram on stdout (the lines
# before "Layout:") shows the letters of N placements, each once, in
# reading order: (a), (b), ...
want_letters() {
	local got want="" i

	for ((i = 0; i < $1; i++)); do
		want+="($(alias_of "$i"))"
	done
	got=$(sed '/^Layout:/,$d' out | grep -o '([a-z]*)' | tr -d '\n')
	[ "$got" = "$want" ] ||
	    why+=("the board shows letters $got, expected $want")
}

# want_same A B: files A and B have the same bytes.
want_same() {
	if ! cmp -s "$1" "$2"; then
		why+=("$1 and $2 differ:")
		while IFS= read -r line; do
			why+=("$line")
		done < <(diff -u "$2" "$1" | head -40)
	fi
}

# expect DESC RC ERRLINE ARGS...: run; check status and stderr exactly,
# and that a failure prints nothing on stdout.
expect() {
	local desc=$1 xrc=$2 xerr=$3

	shift 3
	begin
	run "$@"
	want_rc "$xrc"
	want_err "$xerr"
	[ "$xrc" -ne 0 ] && want_out_empty
	end "$desc"
}

# refuse DESC RECORD ERRLINE ACTION...: play must fail with status 1,
# exactly ERRLINE on stderr, nothing on stdout, RECORD byte-identical.
refuse() {
	local desc=$1 rec=$2 xerr=$3

	shift 3
	cp "$rec" refuse.before
	begin
	run play "$rec" "$@"
	want_rc 1
	want_err "$xerr"
	want_out_empty
	want_same "$rec" refuse.before
	end "$desc"
}

# accept_play RECORD ACTION... -- LINE...: play the ACTIONs on RECORD;
# accept.want is what RECORD must then hold: as before, and the LINEs.
accept_play() {
	local rec=$1 acts=() line

	shift
	while [ $# -gt 0 ] && [ "$1" != "--" ]; do
		acts+=("$1")
		shift
	done
	shift
	cp "$rec" accept.want
	for line in "$@"; do
		printf '%s\n' "$line" >>accept.want
	done
	run play "$rec" "${acts[@]}"
	want_rc 0
	want_err ""
}

# accept_out DESC RECORD WANT ACTION... -- LINE...: play must succeed,
# print exactly the bytes of file WANT and append exactly the LINEs.
accept_out() {
	local desc=$1 rec=$2 xout=$3

	shift 3
	begin
	accept_play "$rec" "$@"
	want_out "$xout"
	want_same "$rec" accept.want
	end "$desc"
}

# accept_like DESC RECORD GLOB ACTION... -- LINE...: as accept_out, but
# standard output need only match the shell pattern GLOB.
accept_like() {
	local desc=$1 rec=$2 glob=$3

	shift 3
	begin
	accept_play "$rec" "$@"
	slurp out
	[[ $slurped == $glob ]] ||
	    why+=("stdout: $(head -c 200 out | tr '\n' '|')")
	want_same "$rec" accept.want
	end "$desc"
}

colour() {
	if [ $(($1 % 2)) -eq 1 ]; then echo red; else echo blue; fi
}

# alias_of I: the diagram's letter for the I-th (from 0) placement.
alias_of() {
	local letters=abcdefghijklmnopqrstuvwxyz i=$(($1 + 1)) s=""

	while [ "$i" -gt 0 ]; do
		i=$((i - 1))
		s=${letters:i%26:1}$s
		i=$((i / 26))
	done
	printf '%s' "$s"
}

header() {
	printf 'mupbem record 1\ngame %s\nplayers %s\nsegments %s\nseed %s\n\n' \
	    "$@"
}

# The usage text, as mupbem prints it with no arguments; its form is
# checked below, and every usage error must print exactly it.
"$MUPBEM" </dev/null >/dev/null 2>usage.txt

# expect_usage DESC [ERRLINE] ARGS...: exit 2, the usage on stderr
# (after ERRLINE if not empty), nothing on stdout.
expect_usage() {
	local desc=$1 first=$2

	shift 2
	if [ -n "$first" ]; then
		{ printf '%s\n' "$first"; cat usage.txt; } >want.usage
	else
		cp usage.txt want.usage
	fi
	begin
	run "$@"
	want_rc 2
	want_out_empty
	if ! cmp -s want.usage err; then
		why+=("stderr: $(head -c 300 err | tr '\n' '|')")
	fi
	end "$desc"
}

# --- new ------------------------------------------------------------------

for v in "classic 2 7" "levis 2 7" "velox 2 8"; do
	read -r g p sg <<<"$v"
	header "$g" "$p" "$sg" 7 >want
	begin
	run new --game "$g" --seed 7
	want_rc 0
	want_err ""
	want_out want
	end "new --game $g --seed 7 writes the exact header"
done

header classic 3 5 7 >want
begin
run new --game classic --players 3 --segments 5 --seed 7
want_rc 0
want_err ""
want_out want
end "new --game classic --players 3 --segments 5 --seed 7"

header velox 2 8 7 >want
begin
run new --game VELOX --players 2 --seed 7
want_rc 0
want_err ""
want_out want
end "new: the game name ignores case, --players 2 is fine for velox"

header velox 2 8 18446744073709551615 >want
begin
run new --game velox --seed 18446744073709551615
want_rc 0
want_err ""
want_out want
end "new --seed 2^64-1 is accepted"

begin
run new --game levis
want_rc 0
want_err ""
head -n 4 out >got.head
header levis 2 7 0 | head -n 4 >want
want_same got.head want
sed -n '5p' out | grep -Eq '^seed [0-9]+$' ||
    why+=("line 5 is not a seed: $(sed -n 5p out)")
[ "$(sed -n '6p' out)" = "" ] && [ "$(wc -l <out)" -eq 6 ] ||
    why+=("the header does not end with one blank line")
end "new without --seed picks a seed"

expect "new --game chess is refused" 1 \
    "mupbem: game: no game is called 'chess' (the games are classic, levis, velox and mur)" \
    new --game chess --seed 7
expect "new --players 3 is refused for velox" 1 \
    "mupbem: players: velox is for exactly 2 players, not 3" \
    new --game velox --players 3 --seed 7
expect "new --players 1 is refused for velox" 1 \
    "mupbem: players: velox is for exactly 2 players, not 1" \
    new --game velox --players 1
expect "new --players 7 is refused for classic" 1 \
    "mupbem: players: classic is for 2 to 6 players, not 7" \
    new --game classic --players 7 --seed 7
expect "new --segments 0 is refused" 1 \
    "mupbem: segments: '0' is not a number from 1 to 99" \
    new --game classic --segments 0 --seed 7
expect "new --segments 9 is refused" 1 \
    "mupbem: segments: each player places 1 to 8 segments, not 9" \
    new --game classic --segments 9 --seed 7
expect "new --segments 9 is refused for velox too" 1 \
    "mupbem: segments: each player places 1 to 8 segments, not 9" \
    new --game velox --segments 9
expect "new --players two is refused" 1 \
    "mupbem: players: 'two' is not a number from 1 to 99" \
    new --game classic --players two
expect "new --seed -1 is refused" 1 \
    "mupbem: seed: '-1' is not a whole number from 0 to 2^64-1" \
    new --game classic --seed -1
expect "new --seed 2^64 is refused" 1 \
    "mupbem: seed: '18446744073709551616' is not a whole number from 0 to 2^64-1" \
    new --game velox --seed 18446744073709551616
expect "new --seed 7x is refused" 1 \
    "mupbem: seed: '7x' is not a whole number from 0 to 2^64-1" \
    new --game velox --seed 7x
expect_usage "new without --game is a usage error" \
    "mupbem: new: --game is required" \
    new --seed 7
expect_usage "new with no options at all is a usage error" \
    "mupbem: new: --game is required" \
    new
expect_usage "new with a stray argument is a usage error" "" \
    new --game velox extra

begin
run new --game velox --frobnicate
want_rc 2
want_out_empty
head -n 1 err | grep -q '^mupbem: ' ||
    why+=("first stderr line: $(head -n 1 err)")
end "new with an unknown option is a usage error (exit 2, 'mupbem:')"

# --- usage ----------------------------------------------------------------

begin
run
want_rc 2
want_out_empty
[ "$(head -n 1 err)" = "usage:" ] || why+=("the first line is not 'usage:'")
[ "$(tail -n 1 err)" = "RECORD may be - for standard input." ] ||
    why+=("the last line is not 'RECORD may be - for standard input.'")
[ "$(sed '1d;$d' err | grep -cv '^  mupbem [A-Za-z-]')" -eq 0 ] ||
    why+=("a usage line does not start with '  mupbem '")
for c in "new --game classic|levis|velox|mur [--players N] [--segments N] [--match N] [--seed S]" \
    "play [--dry-run] [--as COLOUR] RECORD TURN..." \
    "show [--form FORM] [--png FILE] [--svg FILE] [--names | --no-names] [--palette NAME] [--width N] RECORD" \
    "legal RECORD" "replay RECORD" \
    "demo [--game velox] [--seed S]" "--help" "COMMAND --help" \
    "--db FILE list" "--db FILE show G" "--db FILE export G" \
    "--db FILE resend G" "--db FILE nudge [-c CONFIG] G" \
    "--db FILE address [-c CONFIG] OLD NEW" \
    "--db FILE stalled [N]" "--db FILE archive [--assets DIR] [--url URL] DIR [G...]" \
    "--db FILE cancel [-c CONFIG] G [REASON...]" \
    "--db FILE adjudicate [-c CONFIG] G RESULT [rated]" \
    "--db FILE replace [-c CONFIG] G SEAT ADDRESS" \
    "--db FILE forfeit [-c CONFIG] G SEAT"; do
	grep -Fq -- "  mupbem $c" err || why+=("no usage for '$c'")
done
end "no command is a usage error: exit 2 and the usage"

for h in --help -h; do
	begin
	run $h
	want_rc 0
	want_err ""
	want_out usage.txt
	end "mupbem $h prints the whole usage on standard output and exits 0"
done

printf 'usage:\n  mupbem play [--dry-run] [--as COLOUR] RECORD TURN...\nRECORD may be - for standard input.\n' >want
begin
run play --help
want_rc 0
want_err ""
want_out want
run play rec.txt --help
want_rc 0
want_out want
end "mupbem play --help prints play's usage on standard output and exits 0"

printf 'usage:\n  mupbem new --game classic|levis|velox|mur [--players N] [--segments N] [--match N] [--seed S] [--player NAME]... [--ordered]\n' >want
begin
run new --help
want_rc 0
want_err ""
want_out want
end "mupbem new --help prints new's usage"

printf 'usage:\n  mupbem --db FILE list\n  mupbem --db FILE show G\n  mupbem --db FILE export G\n  mupbem --db FILE resend G\n  mupbem --db FILE nudge [-c CONFIG] G\n  mupbem --db FILE address [-c CONFIG] OLD NEW\n' >want
printf '  mupbem --db FILE %s\n' "stalled [N]" \
    "archive [--assets DIR] [--url URL] DIR [G...]" \
    "cancel [-c CONFIG] G [REASON...]" "adjudicate [-c CONFIG] G RESULT [rated]" \
    "replace [-c CONFIG] G SEAT ADDRESS" "forfeit [-c CONFIG] G SEAT" >>want
begin
run --db --help
want_rc 0
want_err ""
want_out want
run --db nowhere.db --help
want_rc 0
want_out want
end "mupbem --db --help lists the store's subcommands, list, show, export, resend, nudge, address and the operator's"

begin
for c in list show export resend nudge address stalled cancel adjudicate \
    replace forfeit; do
	run --db nowhere.db $c --help
	want_rc 0
	want_err ""
	[ "$(cat out)" = "$(printf 'usage:\n%s' "$(grep -- " $c" want)")" ] ||
	    why+=("$c --help: $(tr '\n' '|' <out)")
done
run --db nowhere.db frob
want_rc 2
want_out_empty
[ "$(head -1 err)" = "mupbem: unknown command 'frob'" ] || why+=("$(head -1 err)")
sed 1d err | cmp -s - want || why+=("the usage of --db: $(tr '\n' '|' <err)")
run --db nowhere.db nudge -c
want_rc 2
[ "$(cat err)" = "$(printf 'usage:\n  mupbem --db FILE nudge [-c CONFIG] G')" ] ||
    why+=("nudge -c: $(tr '\n' '|' <err)")
run --db nowhere.db address bob@example.org
want_rc 2
[ "$(cat err)" = "$(printf 'usage:\n  mupbem --db FILE address [-c CONFIG] OLD NEW')" ] ||
    why+=("address with one address: $(tr '\n' '|' <err)")
end "mupbem --db FILE CMD --help prints that command's usage; an unknown one is a usage error"
expect_usage "an unknown command is a usage error" \
    "mupbem: unknown command 'frob'" frob
expect_usage "play without actions is a usage error" "" play rec
expect_usage "show with two records is a usage error" "" show a b
expect_usage "legal without a record is a usage error" "" legal
expect_usage "replay without a record is a usage error" "" replay
expect_usage "demo with a stray argument is a usage error" "" demo extra
cat >want <<'EOF'
mupbem record 1
game classic
players 3
segments 7
seed 7
seat red bob
seat blue carol
seat green alice

EOF
begin
run new --game classic --seed 7 --player alice --player bob --player carol
want_rc 0
want_err ""
want_out want
end "new --player: the seed draws the seats"

sed -e 's/red bob/red alice/' -e 's/blue carol/blue bob/' \
    -e 's/green alice/green carol/' want >want.ordered
begin
run new --game classic --seed 7 --player alice --player bob --player carol \
    --ordered
want_rc 0
want_err ""
want_out want.ordered
end "new --player --ordered keeps the creator's order"

cp want.ordered seated.rec
begin
run show seated.rec
want_rc 0
want_err ""
want_line "Seats: red alice, blue bob, green carol."
end "show names who sits where"

expect "new --players 2 with three named players is refused" 1 \
    "mupbem: players: --players 2, but 3 players are named" \
    new --game classic --players 2 --player a --player b --player c
expect "new --player with a space is refused" 1 \
    "mupbem: player: 'a b' must be one word, without spaces or control characters" \
    new --game velox --player 'a b' --player c
expect_usage "new --ordered without players is a usage error" \
    "mupbem: new: --ordered needs the players named with --player" \
    new --game velox --ordered
# The benchmarks are mupbem-bench's (tests/bench.sh), not the tool's.
for c in bench bench-mail bench-clocks bench-pairing bench-archive; do
	expect_usage "$c is not a command of mupbem" \
	    "mupbem: unknown command '$c'" "$c"
done

# --- legal and show on a new velox game -------------------------------------

header velox 2 8 7 >v0
printf '@0,0\n' >want
begin
run legal v0
want_rc 0
want_err ""
want_out want
end "legal on a new velox game lists exactly @0,0"

begin
run show v0
want_rc 0
want_err ""
want_line "Mu velox, 2 players, 8 segments each. Turn 1."
want_line "Layout: red to place segment A (red's 1 of 8)."
want_line "Write a (the one place shown) or @q,r."
want_letters 1
end "show on a new velox game: title, status and the one letter a"

# --- first placements, aliases, illegal placements ---------------------------

cp v0 v
refuse "the first segment must be at @0,0" v \
    "mupbem: @1,0: the first segment is A and its centre A0 is the origin, so it is placed with @0,0" \
    @1,0
refuse "a letter beyond the one shown is refused" v \
    "mupbem: 'b': no placement has that letter (the diagram shows only a)" b
cat >want <<'EOF'
red places segment A at @0,0.
EOF
accept_out "play rec a records @0,0 and reports segment A" v want a -- \
    "1 red @0,0"

begin
# The record is replaced by a rename, and its folder synced after it,
# so that the new record is the one a crash of the machine leaves.
cp v0 vs
ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
    strace -f -qq -o play.trace -e trace=openat,rename,fsync \
    "$MUPBEM" play vs a >/dev/null 2>play.err || why+=("$(cat play.err)")
awk -v dir="$(pwd -P)" '
{ sub(/^[0-9]+ +/, "") }
/^openat\(.*\) += [0-9]+$/ { delete folder[$NF] }
index($0, "rename(\"" dir "/.vs.") == 1 && / += 0$/ { renamed = NR }
renamed && index($0, "openat(AT_FDCWD, \"" dir "\", ") == 1 &&
    /O_DIRECTORY/ && / += [0-9]+$/ { folder[$NF] = 1 }
/^fsync\([0-9]+\) += 0$/ {
	fd = $0; sub(/^fsync\(/, "", fd); sub(/\).*/, "", fd)
	if (fd in folder)
		synced = 1
}
END { exit !(renamed && synced) }' play.trace ||
    why+=("no sync of $(pwd -P) after the rename: $(grep -c . play.trace) calls")
[ "$(tail -1 vs)" = "1 red @0,0" ] || why+=("vs: $(tail -1 vs)")
end "play replaces the record by a rename and then syncs its folder"

cat >want <<'EOF'
@1,-3
@2,-3
@-1,-2
@3,-2
@-2,-1
@3,-1
@-3,1
@2,1
@-3,2
@1,2
@-2,3
@-1,3
EOF
begin
run legal v
want_rc 0
want_err ""
want_out want
end "legal after @0,0 lists the twelve places in reading order"

begin
run show v
want_rc 0
want_err ""
want_line "Mu velox, 2 players, 8 segments each. Turn 2."
want_line "Layout: blue to place segment B (blue's 1 of 8)."
want_line "Write one of the letters a to l shown on the board, or @q,r."
want_letters 12
end "show after @0,0: the board shows letters a to l in reading order"

refuse "an out-of-range letter is refused" v \
    "mupbem: 'm': no placement has that letter (the diagram shows a to l)" m
refuse "a two-letter alias past the end is refused" v \
    "mupbem: 'aa': no placement has that letter (the diagram shows a to l)" aa
refuse "overlapping the board is refused" v \
    "mupbem: @1,0: the segment would overlap A2" @1,0
refuse "overlapping A0 itself is refused" v \
    "mupbem: @0,0: the segment would overlap A0" @0,0
refuse "a placement touching with only one cell is refused" v \
    "mupbem: @3,0: only 1 cell of the segment would touch the board, and at least 2 must" \
    @3,0
refuse "a placement not touching the board is refused" v \
    "mupbem: @5,5: the segment would not touch the board" @5,5
refuse "a malformed placement @1 is refused" v \
    "mupbem: '@1': not a placement (write @q,r, such as @3,-1, or a letter from the diagram)" \
    @1
refuse "a placement @a,b is refused" v \
    "mupbem: '@a,b': a placement needs two whole numbers from -999 to 999, as in @3,-1" \
    @a,b
refuse "a placement out of the number range is refused" v \
    "mupbem: '@1000,0': a placement needs two whole numbers from -999 to 999, as in @3,-1" \
    @1000,0
refuse "a placement with three numbers is refused" v \
    "mupbem: '@1,-3,0': a placement needs two whole numbers from -999 to 999, as in @3,-1" \
    @1,-3,0
refuse "garbage text is refused" v \
    "mupbem: '%&!': not a turn here; in the layout phase, place a segment with @q,r or a letter from the diagram" \
    '%&!'
refuse "a cell name is not a placement" v \
    "mupbem: 'A0': not a turn here; in the layout phase, place a segment with @q,r or a letter from the diagram" \
    A0
refuse "an empty turn is refused" v "mupbem: empty turn" ""
refuse "a blank action is refused" v "mupbem: empty turn" "   "
refuse "clear in the layout phase is refused" v \
    "mupbem: segments are cleared only in the selection phase, and this game is in the layout phase" \
    "clear A"
refuse "several actions, the last illegal: nothing is appended" v \
    "mupbem: 'zz': no placement has that letter (the diagram shows a to t)" \
    a a zz
refuse "several actions, one in the middle illegal: nothing is appended" v \
    "mupbem: @1,-3: the segment would overlap B0" @1,-3 @1,-3 a
expect "play on a missing file is refused" 1 \
    "mupbem: nofile.rec: No such file or directory" play nofile.rec a
cat >want <<'EOF'
blue places segment B at @1,-3, touching A.
EOF
accept_out "spaces around and inside ' @1 , -3 ' are ignored" \
    v want ' @1 , -3 ' -- "2 blue @1,-3"
cat >want <<'EOF'
red places segment C at @3,-6, touching B.
blue places segment D at @-2,3, touching A.
red places segment E at @4,-9, touching C.
EOF
accept_out "several actions in one call are appended in order, each reported" \
    v want b '@-2, 3' A -- "3 red @3,-6" "4 blue @-2,3" "5 red @4,-9"

cp v0 w
cat >want <<'EOF'
red places segment A at @0,0.
EOF
accept_out "' @0 , 0 ' with spaces records @0,0" w want ' @0 , 0 ' -- \
    "1 red @0,0"

# --- full velox layouts -------------------------------------------------------

# Placements next to the listed ones but not listed must be refused.
refused_ok='^mupbem: @-?[0-9]+,-?[0-9]+: (the segment would overlap [A-Z]+[0-6]|only 1 cell of the segment would touch the board, and at least 2 must|the segment would not touch the board|the first segment is A and its centre A0 is the origin, so it is placed with @0,0)$'

# slurp FILE: the exact text of FILE in $slurped, without a fork.
slurped=""
slurp() {
	slurped=""
	IFS= read -r -d '' slurped <"$1" || :
}

# The letters of the first 100 placements, a to cv.
aliases=()
for ((i = 0; i < 100; i++)); do
	aliases[i]=$(alias_of "$i")
done

# check_all REC K LIST...: every listed placement is accepted (and
# appended exactly), its letter plays the same placement, the diagram
# shows those letters, and every neighbour of a listed placement that
# is not listed is refused.
check_all() {
	local rec=$1 k=$2 i a c q r d nq nr base want e o line lab
	local -A listed=() near=()
	local dq=(1 1 0 -1 -1 0) dr=(0 -1 -1 0 1 1)

	shift 2
	c=$(colour "$k")
	lab=ABCDEFGHIJKLMNOP
	lab=${lab:k-1:1}
	slurp "$rec"
	base=$slurped
	begin
	i=0
	for a in "$@"; do
		listed[$a]=1
		want="$base$k $c $a"$'\n'
		printf '%s' "$base" >all.1
		printf '%s' "$base" >all.2
		run play all.1 "$a"
		slurp err
		e=$slurped
		slurp out
		o=$slurped
		slurp all.1
		[ "$rc" -eq 0 ] && [ -z "$e" ] ||
		    why+=("$a: status $rc: $e")
		[[ $o == "$c places segment $lab at $a"[,.]* ]] ||
		    why+=("$a: report: $o")
		[ "$slurped" = "$want" ] ||
		    why+=("$a: the record is not as expected")
		run play all.2 "${aliases[i]}"
		slurp all.2
		[ "$rc" -eq 0 ] || why+=("${aliases[i]}: status $rc")
		[ "$slurped" = "$want" ] ||
		    why+=("${aliases[i]} does not play $a")
		i=$((i + 1))
	done
	run show "$rec"
	want_rc 0
	want_letters "$#"
	end "velox step $k: all $# listed placements are accepted, letters a to ${aliases[i - 1]} on the board play the same"

	for a in "$@"; do
		q=${a#@}
		q=${q%,*}
		r=${a#*,}
		for d in 0 1 2 3 4 5; do
			nq=$((q + dq[d]))
			nr=$((r + dr[d]))
			[ -z "${listed[@$nq,$nr]:-}" ] && near[@$nq,$nr]=1
		done
	done
	begin
	for a in "${!near[@]}"; do
		run play "$rec" "$a"
		slurp err
		e=$slurped
		slurp out
		o=$slurped
		line=${e%$'\n'}
		[ "$rc" -eq 1 ] || why+=("$a: status $rc")
		[[ $e == "$line"$'\n' && $line != *$'\n'* &&
		    $line =~ $refused_ok && $line == "mupbem: $a: "* ]] ||
		    why+=("$a: stderr: $e")
		[ -z "$o" ] || why+=("$a: stdout not empty")
		slurp "$rec"
		[ "$slurped" = "$base" ] || {
			why+=("$a: the record changed")
			printf '%s' "$base" >"$rec"
		}
	done
	end "velox step $k: the ${#near[@]} unlisted neighbours of listed placements are refused, record unchanged"
}

# layout NAME PICK [all]: play a velox layout on NAME.rec choosing the
# first, last or a random middle placement that legal lists.
layout() {
	local name=$1 pick=$2 thorough=${3:-} k i list labels=ABCDEFGHIJKLMNOP

	cp v0 "$name.rec"
	for k in $(seq 16); do
		begin
		run legal "$name.rec"
		want_rc 0
		want_err ""
		mapfile -t list <out
		if [ ${#list[@]} -eq 0 ]; then
			why+=("legal lists nothing")
			end "$name: legal lists placements before placement $k"
			return
		fi
		case $pick in
		first)	i=0 ;;
		last)	i=$((${#list[@]} - 1)) ;;
		random)	if [ ${#list[@]} -gt 2 ]; then
				i=$((1 + RANDOM % (${#list[@]} - 2)))
			else
				i=0
			fi ;;
		esac
		end "$name: legal before placement $k lists ${#list[@]} placements"
		[ -n "$thorough" ] && check_all "$name.rec" "$k" "${list[@]}"
		accept_like "$name: placement $k (${list[i]}, number $((i + 1)) of ${#list[@]}) is accepted" \
		    "$name.rec" \
		    "$(colour "$k") places segment ${labels:k-1:1} at ${list[i]}[,.]*" \
		    "${list[i]}" -- "$k $(colour "$k") ${list[i]}"
	done

	# Red's eight single men stand on the centres of A C E ... O, and
	# each may move to any of its six neighbours.
	for k in A C E G I K M O; do
		for d in 1 2 3 4 5 6; do
			echo "${k}0-$k$d"
		done
	done >want
	echo pass >>want
	begin
	run legal "$name.rec"
	want_rc 0
	want_err ""
	want_out want
	end "$name: after 16 placements legal lists red's 48 moves, then pass"

	begin
	run show "$name.rec"
	want_rc 0
	want_err ""
	grep -Fqx "Mu velox, 2 players, 8 segments each. Turn 17." out ||
	    why+=("show has no 'Turn 17.' title")
	grep -Fqx "Movement: red to move, occupying 8 segments." out ||
	    why+=("show has no 'Movement: red to move' line")
	grep -Fqx "and up to 1 move this turn; or pass." out ||
	    why+=("show has no 'up to 1 move this turn' line")
	end "$name: after 16 placements show says Turn 17, Movement, up to 1 move"

	refuse "$name: a 17th placement is refused" "$name.rec" \
	    "mupbem: 'a': not a turn here; in the movement phase, write moves such as C4-D2, 'pass' or 'resign'" \
	    a
	refuse "$name: a placement in the movement phase is refused" \
	    "$name.rec" \
	    "mupbem: segments are placed only in the layout phase, and this game is in the movement phase" \
	    @99,99
}

layout first first all
{
	header velox 2 8 7
	for k in $(seq 16); do
		printf '%d %s @%d,%d\n' "$k" "$(colour "$k")" $((k - 1)) \
		    $((-3 * (k - 1)))
	done
} >want
begin
want_same first.rec want
end "first: the whole record is exact"

layout last last
{
	header velox 2 8 7
	for k in $(seq 16); do
		printf '%d %s @%d,%d\n' "$k" "$(colour "$k")" $((1 - k)) \
		    $((3 * (k - 1)))
	done
} >want
begin
want_same last.rec want
end "last: the whole record is exact"

RANDOM=2024
layout random random

# --- classic: layout, then selection -----------------------------------------

header classic 2 2 7 >c
cat >want <<'EOF'
red places segment A at @0,0.
blue places segment B at @1,-3, touching A.
red places segment C at @2,-6, touching B.
blue places segment D at @3,-9, touching C.
EOF
accept_out "classic 2x2: the layout by letters, each placement reported" c \
    want a a a a -- "1 red @0,0" "2 blue @1,-3" "3 red @2,-6" "4 blue @3,-9"

printf 'clear A\nclear C\n' >want
begin
run legal c
want_rc 0
want_err ""
want_out want
end "classic 2x2: legal in the selection phase lists red's segments"

begin
run show c
want_rc 0
want_err ""
grep -Fqx "Selection: red to clear one of red's segments: A C." out ||
    why+=("no 'Selection: red to clear' line")
end "classic 2x2: show says it is red's selection"

refuse "clearing the opponent's segment is refused" c \
    "mupbem: clear B: segment B is blue's, not red's" "clear B"
refuse "clearing the opponent's other segment is refused" c \
    "mupbem: clear D: segment D is blue's, not red's" "clear d"
refuse "clearing a nonexistent segment is refused" c \
    "mupbem: 'E': there is no such segment (the board has A to D)" "clear E"
refuse "clearing a nonexistent two-letter segment is refused" c \
    "mupbem: 'AA': there is no such segment (the board has A to D)" "clear AA"
refuse "clear with a number is refused" c \
    "mupbem: '1': not a segment label (segments are labelled A, B, C, ...)" \
    "clear 1"
refuse "clear with two labels is refused" c \
    "mupbem: 'A B': not a segment label (segments are labelled A, B, C, ...)" \
    "clear A B"
refuse "clear without a label is refused" c \
    "mupbem: 'CLEAR': not a turn here; in the selection phase, clear one of your segments with 'clear' and its letter, such as 'clear C'" \
    "CLEAR"
refuse "a placement in the selection phase is refused" c \
    "mupbem: segments are placed only in the layout phase, and this game is in the selection phase" \
    @5,5
refuse "a letter in the selection phase is refused" c \
    "mupbem: 'a': not a turn here; in the selection phase, clear one of your segments with 'clear' and its letter, such as 'clear C'" \
    a
cat >want <<'EOF'
red clears segment A (the man on A0 is removed); red still holds C.
EOF
accept_out "'  CLEAR a ' is read as clear A, and reported" c want '  CLEAR a ' -- \
    "5 red clear A"
refuse "blue may not clear red's segment" c \
    "mupbem: clear A: segment A is red's, not blue's" "clear A"
cat >want <<'EOF'
blue clears segment B (the man on B0 is removed); blue still holds D.
The men are placed, 7 on each segment kept: red starts on C, blue on D.
EOF
accept_out "blue clears B: the report says where the men start" c want \
    "clear B" -- "6 blue clear B"

cat >want <<'EOF'
mupbem position 2
game classic
players 2
segments 2
phase movement
to-move red
turns 6
allowance 1
passes 0
resigned -
A @0,0 red V V V V V V V
B @1,-3 blue V V V V V V V
C @2,-6 red Vr1 Vr1 Vr1 Vr1 Vr1 Vr1 Vr1
D @3,-9 blue Vb1 Vb1 Vb1 Vb1 Vb1 Vb1 Vb1

EOF
run show c
cat want out >want.replay
begin
run replay c
want_rc 0
want_err ""
want_out want.replay
end "classic 2x2: replay after selection: kept segments hold 7 men, then the diagram"

# C @2,-6 is red's, full of single men; the cleared B lies south-west
# of C and D north-east.  Each man may go to any neighbouring cell.
cat >want <<'EOF'
C0-C1
C0-C2
C0-C3
C0-C4
C0-C5
C0-C6
C1-C0
C1-C2
C1-C6
C1-D3
C2-C0
C2-C1
C2-C3
C3-B1
C3-B6
C3-C0
C3-C2
C3-C4
C4-B6
C4-C0
C4-C3
C4-C5
C5-C0
C5-C4
C5-C6
C6-C0
C6-C1
C6-C5
C6-D3
C6-D4
pass
EOF
begin
run legal c
want_rc 0
want_err ""
want_out want
end "classic 2x2: legal in the movement phase lists red's moves from C, then pass"
refuse "clearing in the movement phase is refused" c \
    "mupbem: segments are cleared only in the selection phase, and this game is in the movement phase" \
    "clear D"

header classic 2 3 7 >c3
cat >want <<'EOF'
red places segment A at @0,0.
blue places segment B at @1,-3, touching A.
red places segment C at @2,-6, touching B.
blue places segment D at @3,-9, touching C.
red places segment E at @4,-12, touching D.
blue places segment F at @5,-15, touching E.
red clears segment A (the man on A0 is removed); red still holds C and E.
blue clears segment B (the man on B0 is removed); blue still holds D and F.
EOF
accept_out "classic 2x3: layout and two clears" c3 want \
    a a a a a a "clear a" "clear b" -- \
    "1 red @0,0" "2 blue @1,-3" "3 red @2,-6" "4 blue @3,-9" \
    "5 red @4,-12" "6 blue @5,-15" "7 red clear A" "8 blue clear B"
refuse "clearing an already cleared segment is refused" c3 \
    "mupbem: clear A: segment A has already been cleared" "clear A"
printf 'clear C\nclear E\n' >want
begin
run legal c3
want_rc 0
want_err ""
want_out want
end "classic 2x3: legal lists only the segments still held"

header levis 2 2 7 >l
cat >want <<'EOF'
red places segment A at @0,0.
blue places segment B at @1,-3, touching A.
red places segment C at @2,-6, touching B.
blue places segment D at @3,-9, touching C.
red clears segment C (the man on C0 is removed); red still holds A.
blue clears segment D (the man on D0 is removed); blue still holds B.
The men are placed, 7 on each segment kept: red starts on A, blue on B.
EOF
accept_out "levis 2x2: layout and selection" l want \
    a a a a "clear c" "clear D" -- \
    "1 red @0,0" "2 blue @1,-3" "3 red @2,-6" "4 blue @3,-9" \
    "5 red clear C" "6 blue clear D"
begin
run replay l
want_rc 0
want_err ""
grep -Fqx "A @0,0 red Vr1 Vr1 Vr1 Vr1 Vr1 Vr1 Vr1" out &&
    grep -Fqx "B @1,-3 blue Vb1 Vb1 Vb1 Vb1 Vb1 Vb1 Vb1" out &&
    grep -Fqx "C @2,-6 red V V V V V V V" out &&
    grep -Fqx "phase movement" out || why+=("unexpected position")
end "levis 2x2: after selection A and B hold 7 men"

# --- positions ---------------------------------------------------------------

# replay's first part is the position; show and legal read it too.
"$MUPBEM" replay c3 2>/dev/null | awk '/^$/ { exit } { print }' >c3.pos
for cmd in show legal; do
	"$MUPBEM" $cmd c3 >want 2>/dev/null
	begin
	run $cmd c3.pos
	want_rc 0
	want_err ""
	want_out want
	[ -s want ] || why+=("$cmd c3 printed nothing")
	end "$cmd of the position from replay equals $cmd of the record"
done
"$MUPBEM" replay c3 >want 2>/dev/null
begin
run replay c3.pos
want_rc 0
want_err ""
want_out want
end "replay of the position from replay gives the same output"
refuse "play refuses a position" c3.pos \
    "mupbem: c3.pos: play needs a record, not a position" "clear C"
printf 'mupbem position 2\ngame velox\n' >short.pos
expect "show refuses a position cut short" 1 \
    "mupbem: short.pos: position ends before its 'players' line" show short.pos
printf 'mupbem position 1\ngame velox\nplayers 2\nsegments 8\nphase layout\nto-move red\nturns 0\n' >mixed.pos
expect "show refuses a version 1 position with version 2's 'turns'" 1 \
    "mupbem: mixed.pos: position line 7: 'turns' belongs to version 2, but the first line says version 1; expected 'ply' and its value" \
    show mixed.pos

# The golden diagrams of tests/data: show of each record and position.
: "${TEST_DATA:=$here/data}"
for f in "$TEST_DATA"/records/*.rec "$TEST_DATA"/positions/*.pos; do
	[ -e "$f" ] || continue
	g=$TEST_DATA/diagrams/$(basename "${f%.*}").txt
	[ -e "$g" ] || continue
	begin
	run show "$f"
	want_rc 0
	want_err ""
	want_out "$g"
	end "show ${f#"$TEST_DATA"/} matches diagrams/${g##*/}"
done

# Version 1 positions (Mu's ply and turn, Mur's per-game turn) still
# read: replay writes them as version 2, as v1-as-v2/ has them where
# version 1 lacked what version 2 says (Mur's count over the match),
# else as the version 2 position of the same name.
for f in "$TEST_DATA"/positions/v1/*.pos; do
	[ -e "$f" ] || continue
	v2=$TEST_DATA/positions/v1-as-v2/${f##*/}
	[ -e "$v2" ] || v2=$TEST_DATA/positions/${f##*/}
	"$MUPBEM" replay "$v2" >want 2>/dev/null
	[ -s want ] || echo "no version 2 position for ${f##*/}" >want
	begin
	run replay "$f"
	want_rc 0
	want_err ""
	want_out want
	end "replay ${f#"$TEST_DATA"/} writes ${v2#"$TEST_DATA"/} and its board"
done

# --- standard input -----------------------------------------------------------

cp v0 s
"$MUPBEM" play s a b c </dev/null >/dev/null 2>&1
cp s s.orig
for cmd in show legal replay; do
	"$MUPBEM" $cmd s >want 2>/dev/null
	begin
	run_in s $cmd -
	want_rc 0
	want_err ""
	want_out want
	end "$cmd - reads the record from standard input"
done

cp s want
printf '4 blue @4,-7\n' >>want
begin
run_in s play - d
want_rc 0
want_err ""
want_out want
want_same s s.orig
end "play - ACTION writes the new record to stdout, the file untouched"

begin
run_in s play - d zz
want_rc 1
want_err "mupbem: 'zz': no placement has that letter (the diagram shows a to w)"
want_out_empty
end "play - with an illegal action writes nothing"

head -c -1 s >s.cut
begin
run_in s.cut show -
want_rc 1
want_err "mupbem: -: record line 9: the record is truncated: its last line has no newline"
want_out_empty
end "show - names standard input in a record error"

# --- broken records --------------------------------------------------------------

cp v0 b
"$MUPBEM" play b a a a a </dev/null >/dev/null 2>&1
cat >want <<'EOF'
mupbem record 1
game velox
players 2
segments 8
seed 7

1 red @0,0
2 blue @1,-3
3 red @2,-6
4 blue @3,-9
EOF
begin
want_same b want
end "the base record for the broken ones is as expected"

# broken NAME ERR: replay, show and legal refuse NAME with ERR (after
# "mupbem: NAME: "); play refuses it and leaves it untouched.
broken() {
	local name=$1 err="mupbem: $1: $2" cmd

	for cmd in replay show legal; do
		begin
		run $cmd "$name"
		want_rc 1
		want_err "$err"
		want_out_empty
		end "$cmd refuses $name: $2"
	done
	refuse "play refuses $name and leaves it alone" "$name" "$err" @9,9
}

head -c -1 b >truncated
broken truncated "record line 10: the record is truncated: its last line has no newline"
tail -n +2 b >no-first-line
broken no-first-line "not a mupbem record: the first line must be 'mupbem record 1'"
: >empty
broken empty "not a mupbem record: the first line must be 'mupbem record 1'"
printf 'mupbem record 1' >first-line-only
broken first-line-only "not a mupbem record: the first line must be 'mupbem record 1'"
sed 's/^seed 7$/seed 7\nkomi 5/' b >unknown-field
broken unknown-field "record line 6: unknown header field 'komi' (a record has game, players, segments, match, seed and seat)"
sed '/^seed/d' b >no-seed
broken no-seed "record line 5: the header must give game, players and seed"
sed '/^game/d' b >no-game
broken no-game "record line 5: the header must give game, players and seed"
sed 's/^seed 7$/seed 7\nseed 8/' b >seed-twice
broken seed-twice "record line 6: 'seed' is given twice"
sed 's/^seed 7$/seed -7/' b >bad-seed
broken bad-seed "record line 5: seed: expected a whole number from 0 to 2^64-1"
sed 's/^seed 7$/seed7/' b >bad-field
broken bad-field "record line 5: expected a header field such as 'players 2', or a blank line"
sed 's/^game velox$/game chess/' b >bad-game
broken bad-game "record line 2: game: no such game (the games are classic, levis, velox and mur)"
sed 's/^players 2$/players 3/' b >bad-players
broken bad-players "record header: players: velox is for exactly 2 players, not 3"
header velox 2 8 7 | head -n 5 >no-blank-line
broken no-blank-line "the record is truncated: its header has no blank line after it"
header velox 2 8 7 | head -n 5 >header-then-action
printf '1 red @0,0\n' >>header-then-action
broken header-then-action "record line 6: a blank line must end the header before the turns"
sed 's/^3 red/4 red/' b >skipped
broken skipped "record line 9: expected turn 3, found turn 4"
sed 's/^3 red/3 blue/' b >wrong-colour
broken wrong-colour "turn 3 (line 9, '@2,-6'): it is red's turn, not blue's"
sed 's/^3 red @2,-6$/3 red @0,0/' b >illegal-middle
broken illegal-middle "turn 3 (line 9, '@0,0'): @0,0: the segment would overlap A0"
sed 's/^3 red @2,-6$/3 red @a,b/' b >malformed-middle
broken malformed-middle "turn 3 (line 9, '@a,b'): '@a,b': a placement needs two whole numbers from -999 to 999, as in @3,-1"
sed 's/^3 red/x red/' b >not-numbered
broken not-numbered "record line 9: expected a turn line: its number, the mover's colour and the turn"
sed 's/^3 red @2,-6$/3 red/' b >no-action
broken no-action "record line 9: turn 3: the mover's colour or the turn is missing"
printf 'mupbem record 1\n\0\n' >binary
broken binary "not a text file"

sed 's/^3 red/# a comment\n\n3 red/' b >annotated
"$MUPBEM" replay b >want 2>/dev/null
begin
run replay annotated
want_rc 0
want_err ""
want_out want
end "comments and blank lines between actions do not matter"

next=$("$MUPBEM" legal annotated | head -n 1)
num=$(($(grep -c '^[0-9]' annotated) + 1))
cp annotated annotated.want
printf '%s %s %s\n' "$num" "$(colour "$num")" "$next" >>annotated.want
begin
run play annotated "$next"
want_rc 0
want_err ""
want_same annotated annotated.want
end "play appends to the record and keeps its comments"

sed 's/^3 red/3 RED/' b >shouting
broken shouting "turn 3 (line 9, '@2,-6'): write the colour as 'red'"
sed 's/^1 red @0,0$/1 red a/' b >lettered
broken lettered "turn 1 (line 7, 'a'): a record holds turns in canonical notation: write '@0,0'"

# --- determinism and demo ----------------------------------------------------------

for cmd in replay show legal; do
	"$MUPBEM" $cmd first.rec >once 2>&1
	"$MUPBEM" $cmd first.rec >twice 2>&1
	begin
	want_same once twice
	[ -s once ] || [ $cmd = legal ] || why+=("no output")
	end "$cmd twice gives identical output"
done

"$MUPBEM" demo >demo1 2>&1
"$MUPBEM" demo >demo2 2>&1
begin
want_same demo1 demo2
end "demo twice gives identical output"

header velox 2 8 20261121 >want
begin
head -n 6 demo1 >got.head
want_same got.head want
end "demo is a velox game with seed 20261121"

"$MUPBEM" demo --seed 5 >demo5 2>&1
"$MUPBEM" demo --seed 5 >demo5b 2>&1
begin
cmp -s demo1 demo5 && why+=("demo --seed 5 is the same as demo")
want_same demo5 demo5b
grep -Fqx "seed 5" demo5 || why+=("no 'seed 5' line")
end "demo --seed 5 differs from the default and is repeatable"

# The demo prints its record, a blank line and the board: the record
# must replay to the same board.
for d in demo1 demo5; do
	awk 'blank == 2 { exit } /^$/ { blank++ } blank < 2 { print }' \
	    "$d" >"$d.rec"
	tail -n +$(($(wc -l <"$d.rec") + 2)) "$d" >"$d.board"
	begin
	run show "$d.rec"
	want_rc 0
	want_err ""
	want_out "$d.board"
	[ "$(grep -c '^[0-9]* \(red\|blue\) @' "$d.rec")" -eq 16 ] ||
	    why+=("the demo record does not have 16 placements")
	end "$d: the printed record replays to the printed board"
done

expect "demo --seed -1 is refused" 1 \
    "mupbem: seed: '-1' is not a whole number from 0 to 2^64-1" demo --seed -1

# --- the movement phase -------------------------------------------------------

# m0: velox with 2 segments each, A (red) @0,0, B (blue) @3,-1, C (red)
# @-3,1 and D (blue) @6,-2, one man on each centre.  Rows of cells,
# west to east (E is the next in a row):
#   r=-3: D6 D1                   r=-2: B6 B1 D5 D0 D2
#   r=-1: A6 A1 B5 B0 B2 D4 D3    r=0:  C6 C1 A5 A0 A2 B4 B3
#   r=1:  C5 C0 C2 A4 A3          r=2:  C4 C3
header velox 2 2 7 >m0
cat >want <<'EOF'
red places segment A at @0,0.
blue places segment B at @3,-1, touching A.
red places segment C at @-3,1, touching A.
blue places segment D at @6,-2, touching B.
The layout is done, a man on each centre: red starts on A and C; blue on B and
D.
EOF
accept_out "velox 2x2: the layout, each placement reported" m0 want \
    @0,0 @3,-1 @-3,1 @6,-2 -- \
    "1 red @0,0" "2 blue @3,-1" "3 red @-3,1" "4 blue @6,-2"

# legal_dry DESC RECORD COLOUR: every action legal lists is accepted by
# play --dry-run, whose report starts with that move (or the pass), and
# the record stays as it was.
legal_dry() {
	local rec=$2 who=$3 a first list

	mapfile -t list < <("$MUPBEM" legal "$rec" 2>/dev/null)
	cp "$rec" dry.before
	begin
	[ ${#list[@]} -gt 1 ] || why+=("legal lists ${#list[@]} actions")
	[ "${list[${#list[@]} - 1]}" = pass ] ||
	    why+=("legal does not end with pass")
	for a in "${list[@]}"; do
		run play --dry-run "$rec" "$a"
		first=$(head -n 1 out)
		[ "$rc" -eq 0 ] && [ ! -s err ] ||
		    why+=("$a: status $rc: $(head -n 1 err)")
		if [ "$a" = pass ]; then
			[ "$first" = "$who passes." ] ||
			    why+=("pass: first line '$first'")
		else
			[[ $first == "$who moves $a ("* ]] ||
			    why+=("$a: first line '$first'")
		fi
	done
	want_same "$rec" dry.before
	end "$1"
}

{
	for a in A0-A1 A0-A2 A0-A3 A0-A4 A0-A5 A0-A6 \
	    C0-C1 C0-C2 C0-C3 C0-C4 C0-C5 C0-C6 pass; do
		echo "$a"
	done
} >want
begin
run legal m0
want_rc 0
want_err ""
want_out want
end "movement: legal lists red's single moves by cell name, then pass"
legal_dry "movement: every action legal lists on turn 5 passes play --dry-run" \
    m0 red
legal_dry "classic 2x2: every action legal lists passes play --dry-run" c red

# Refusals on turn 5: one line on stderr, status 1, the record alone.
cp m0 m
refuse "a move from the opponent's segment is refused" m \
    "mupbem: B0-B1: B0 holds a blue piece, not a red one" \
    B0-B1
refuse "velox allows one move on the first movement turn" m \
    "mupbem: C0-C1: Mu velox allows up to 1 move this turn" "A0-A1 C0-C1"
refuse "a move off a straight line is refused" m \
    "mupbem: A0-B0: the two cells are not on one straight line" A0-B0
refuse "a move of 2 cells with 1 man is refused" m \
    "mupbem: A0-B4: going 2 cells takes the top 2 men, and A0 holds only 1" \
    A0-B4
refuse "a move from an empty cell is refused" m \
    "mupbem: A1-A2: A1 is empty" A1-A2
refuse "a move to the same cell is refused" m \
    "mupbem: A0-A0: a move must leave its cell" A0-A0
refuse "a move to a segment that does not exist is refused" m \
    "mupbem: 'Z1': there is no such segment (the board has A to D)" A0-Z1
refuse "moves and pass in one turn are refused" m \
    "mupbem: 'pass': a turn with moves cannot also pass" "A0-A1 pass"
refuse "a list without its ')' is refused" m \
    "mupbem: 'A0-A1(A2': a list is missing its ')'" "A0-A1(A2"
refuse "a second action that is illegal: nothing is appended" m \
    "mupbem: A0-A2: A0 is empty" \
    A0-A1 A0-A2
refuse "several actions, the first illegal: nothing is appended" m \
    "mupbem: C0-C1: Mu velox allows up to 1 move this turn" "A0-A1 C0-C1" pass

cp m m.before
begin
run play --as blue m pass
want_rc 1
want_err "mupbem: it is red's turn, not blue's"
want_out_empty
want_same m m.before
end "play --as blue pass on red's turn is refused"
begin
run play --as green m resign
want_rc 1
want_err "mupbem: --as: this game has no seat called 'green' (the seats are red and blue)"
want_out_empty
want_same m m.before
end "play --as green in a two-player game is refused"
begin
run play --dry-run m B0-B1
want_rc 1
want_err "mupbem: B0-B1: B0 holds a blue piece, not a red one"
want_out_empty
want_same m m.before
end "play --dry-run of an illegal move: one error line, nothing on stdout"

# A whole turn, canonical in the record, the report on stdout.
printf 'red moves A0-A2 (1 man).\n' >want
accept_out "play: a lower-case move is recorded as A0-A2, the report printed" \
    m want 'a0-a2' -- "5 red A0-A2"
printf 'blue moves B0-B1 (1 man).\nblue moves D0-D3 (1 man).\n' >want
accept_out "play: turn 6 allows two moves, written with a comma" \
    m want ' b0-b1 ,d0-D3 ' -- "6 blue B0-B1 D0-D3"
cp m m3
cat >want <<'EOF'
red moves A2-A3 (1 man).
  not needed: C0 in the explosion list.
  not needed: C1 in the explosion list.
  not needed: C2 in the removal list.
red moves C0-C1 (1 man).
EOF
accept_out "play: lists are recorded as (C0,C1;C2), unused entries reported" \
    m want 'a2-a3( c0 , c1 ; c2 )   c0-c1' -- "7 red A2-A3(C0,C1;C2) C0-C1"
refuse "turn 8, blue's: a third move with two segments is refused" m \
    "mupbem: B1-B6: blue has no segment left to move from this turn" \
    "B1-B2 D3-D2 B1-B6"
printf 'blue moves B1-B2 (1 man).\n' >want
accept_out "play: a move from one of two segments is a turn" m want B1-B2 -- \
    "8 blue B1-B2"
legal_dry "movement: every action legal lists on turn 9 passes play --dry-run" \
    m red

# --dry-run: the report, a blank line and the board after the action.
cp m m.before
cp m m.real
"$MUPBEM" play m.real 'A3-A4 C1-C6' >/dev/null 2>&1
{
	printf 'red moves A3-A4 (1 man).\nred moves C1-C6 (1 man).\n\n'
	"$MUPBEM" show m.real
} >want
begin
run play --dry-run m 'a3-a4 c1-c6'
want_rc 0
want_err ""
want_out want
want_same m m.before
grep -Fqx "Movement: blue to move, occupying 2 segments." out ||
    why+=("no 'Movement: blue to move' line")
end "play --dry-run prints the report and the board, the record untouched"

# --as: blue resigns while it is red's turn; red wins.
cp m3 r.rec
cat >want <<'EOF'
blue resigns.
The game is over.
Score: red 0, blue 0 (resigned), neutral 28. Red wins by resignation.
Regions, named by their lowest cell:
  red 0: no region.
  blue 0: no region.
  neutral 28: A0 28 cells (red and blue pieces).
EOF
begin
cp r.rec accept.want
printf '7 blue resign\n' >>accept.want
run play --as blue r.rec resign
want_rc 0
want_err ""
want_out want
want_same r.rec accept.want
end "play --as blue resign on red's turn records '7 blue resign'"
begin
run replay r.rec
want_rc 0
want_err ""
want_line "phase over"
want_line "resigned blue"
want_line "The game is over."
want_line "Score: red 0, blue 0 (resigned), neutral 28. Red wins by resignation."
end "replay after blue resigned: the game is over, red wins by resignation"
refuse "nothing can be played after the game is over" r.rec \
    "mupbem: pass: the game is over" pass
begin
run legal r.rec
want_rc 0
want_err ""
want_out_empty
end "legal after the end of the game prints nothing"

# Both players pass: the game is over, a draw on 28 neutral cells.
cp m0 p.rec
cat >want <<'EOF'
red passes.
blue passes.
The game is over.
Score: red 0, blue 0, neutral 28. A draw between red and blue.
Regions, named by their lowest cell:
  red 0: no region.
  blue 0: no region.
  neutral 28: A0 28 cells (red and blue pieces).
EOF
accept_out "play pass pass ends the game and prints the score" p.rec want \
    PASS pass -- "5 red pass" "6 blue pass"
begin
run replay p.rec
want_rc 0
want_err ""
want_line "phase over"
want_line "passes 2"
want_line "The game is over."
grep -A1 -Fx "The game is over." out | tail -n 1 |
    grep -Fqx "Score: red 0, blue 0, neutral 28. A draw between red and blue." ||
    why+=("no score line under 'The game is over.'")
end "replay of a game both players passed: the score follows 'The game is over.'"

# Red takes both blue men; blue then passes automatically (no record
# line), and red's pass ends the game: all 28 cells are red's.
cp m0 w.rec
cat >want <<'EOF'
red moves A0-A2 (1 man).
blue passes.
red moves A2-B5 (1 man).
blue passes.
red moves B5-B0 (1 man).
  red captures blue 1 on B0.
blue passes.
red moves B0-B2 (1 man).
blue passes.
red moves B2-D4 (1 man).
blue passes.
red moves D4-D0 (1 man).
  red captures blue 1 on D0.
blue passes automatically.
red passes.
The game is over.
Score: red 28, blue 0, neutral 0. Red wins.
Regions, named by their lowest cell:
  red 28: A0 28 cells.
  blue 0: no region.
EOF
accept_out "a game won by capture: the automatic pass is not recorded" \
    w.rec want A0-A2 pass A2-B5 pass B5-B0 pass B0-B2 pass B2-D4 pass \
    D4-D0 pass -- "5 red A0-A2" "6 blue pass" "7 red A2-B5" "8 blue pass" \
    "9 red B5-B0" "10 blue pass" "11 red B0-B2" "12 blue pass" \
    "13 red B2-D4" "14 blue pass" "15 red D4-D0" "16 red pass"
begin
run replay w.rec
want_rc 0
want_err ""
want_line "phase over"
want_line "turns 16"
want_line "allowance 14"
want_line "Mu velox, 2 players, 2 segments each. Game over after 16 turns."
grep -A1 -Fx "The game is over." out | tail -n 1 |
    grep -Fqx "Score: red 28, blue 0, neutral 0. Red wins." ||
    why+=("no 'Red wins' score line under 'The game is over.'")
end "replay of the won game says 'Red wins'"

# Two men move together: C0 and A5's men meet on C1, then go 2 east.
cp m0 two.rec
"$MUPBEM" play two.rec A0-A5 pass 'A5-C1 C0-C1' pass >/dev/null 2>&1
printf 'red moves C1-A0 (2 men).\n' >want
begin
run play two.rec C1-A0
want_rc 0
want_err ""
want_out want
end "a move of two men is reported as '(2 men)'"

# --- the record file --------------------------------------------------------------

mkdir clean
cp v0 clean/rec
"$MUPBEM" play clean/rec a b >/dev/null 2>&1
"$MUPBEM" play clean/rec zz >/dev/null 2>&1
"$MUPBEM" play clean/rec c >/dev/null 2>&1
begin
# shellcheck disable=SC2012
[ "$(ls -A clean)" = rec ] || why+=("clean/ holds: $(ls -A clean | tr '\n' ' ')")
[ "$(grep -c '^[0-9]' clean/rec)" -eq 3 ] || why+=("not 3 actions")
end "play leaves no temporary files beside the record"

cp v0 mode.rec
chmod 644 mode.rec
"$MUPBEM" play mode.rec a >/dev/null 2>&1
begin
m=$(stat -c %a mode.rec)
[ "$m" = 644 ] || why+=("mode is $m after play, was 644")
end "play keeps the record's file mode"

cp v0 target.rec
ln -s target.rec link.rec
"$MUPBEM" play link.rec a >/dev/null 2>&1
cp v0 want
printf '1 red @0,0\n' >>want
begin
[ -L link.rec ] || why+=("link.rec is no longer a symbolic link")
cmp -s target.rec want || why+=("target.rec was not updated")
end "play through a symbolic link updates the target"

if [ -w /dev/full ]; then
	begin
	"$MUPBEM" play - a <v0 >/dev/full 2>err
	rc=$?
	want_rc 1
	end "play - reports a failed write of the new record"
fi

# --------------------------------------------------------------------------------

# --- Mur ----------------------------------------------------------------------

# The whole tool on a Mur match: new with its options and refusals, play
# and its refusals, legal, show, replay and robot.
printf 'mupbem record 1\ngame mur\nplayers 2\nmatch 2\nseed 9\n\n' >want
begin
run new --game mur --match 2 --seed 9
want_rc 0
want_err ""
want_out want
end "new --game mur --match 2 writes the exact header"
cp out mur.rec
printf 'mupbem record 1\ngame mur\nplayers 2\nmatch 6\nseed 9\n\n' >want
begin
run new --game mur --seed 9
want_rc 0
want_out want
end "a Mur match is six games unless --match says otherwise"
expect "new --game mur --segments 3 is refused" 1 \
    "mupbem: Mur has no segments: its board is fixed" \
    new --game mur --segments 3 --seed 9
expect "new --game mur --players 3 is refused" 1 \
    "mupbem: Mur is a game for two players, not 3" \
    new --game mur --players 3 --seed 9
expect "new --game velox --match 2 is refused" 1 \
    "mupbem: velox is played one game at a time: only Mur has matches" \
    new --game velox --match 2 --seed 9
expect "new --game mur --match 100 is refused" 1 \
    "mupbem: match: '100' is not a number from 1 to 99" \
    new --game mur --match 100 --seed 9
printf 'Black placed a stone on ne3.\nWhite placed a stone on e3.\nBlack placed a stone on se3.\n' >want
accept_out "play places stones, in canonical form" mur.rec want \
    "place NE3" e3 se3 -- "1 black ne3" "2 white e3" "3 black se3"
refuse "play refuses a place on a taken point" mur.rec \
    "mupbem: e3: e3 is taken (by your stone)" e3
refuse "play refuses a pass" mur.rec \
    "mupbem: 'pass': Mur has no passing: a turn must place, move or withdraw a stone" pass
printf 'White placed a stone on n1.\nBlack placed a stone on e2.\nWhite'"'"'s stone on e3 is trapped: White must withdraw it.\n' >want
accept_out "a trap forces a withdrawal" mur.rec want n1 e2 -- "4 white n1" \
    "5 black e2"
refuse "play refuses anything but the withdrawal owed" mur.rec \
    "mupbem: s1: your stone on e3 is trapped, and you must withdraw it this turn: write x e3" s1
printf 'x e3\n' >want
begin
run legal mur.rec
want_rc 0
want_err ""
want_out want
end "legal lists only the withdrawal owed"
printf 'White withdrew the stone on e3: Black has made 1 of 3 traps.\n' >want
accept_out "a bare x withdraws what is owed, in canonical form" mur.rec want \
    x -- "6 white x e3"
begin
run show mur.rec
want_rc 0
want_line "  3 .-----------------.-----------------X"
want_line "Mur, game 1 of 2, turn 7: Black to move."
want_line "Black (X): 3 on the board, 4 off; 1 trap made this game."
want_line "White (O): 1 on the board, 6 off; 0 traps made this game."
end "show draws the round board and the match"
begin
run replay mur.rec
want_rc 0
want_line "traps 1 0"
want_line "black e2 ne3 se3"
want_line "white n1"
end "replay prints the position"
begin
run robot --seed 3 mur.rec
want_rc 0
a=$(cat out)
run play mur.rec "$a"
want_rc 0
end "robot's action is accepted by play"
begin
run robot --level mcts --time 0.2 mur.rec
want_rc 0
a=$(cat out)
run play --dry-run mur.rec "$a"
want_rc 0
run robot --level mcts --time 0 mur.rec
want_rc 1
want_err "mupbem: time: '0' is not a number of seconds from 0.001 to 3600, such as 2 or 0.5"
end "robot --time: mcts thinks for a time of CPU; a time out of range is refused"

echo "1..$n"
[ "$failed" -eq 0 ] || {
	echo "# $failed of $n checks failed"
	exit 1
}
exit 0
