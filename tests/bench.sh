#!/usr/bin/env bash
#
# mupbem-bench, the benchmarks' own program: each subcommand runs on a
# tiny size and prints its figures, and the refusals moved from the
# mupbem tool stay exact.  It checks that they run, not how fast.
# Prints TAP-like lines; exits 1 if a check failed.
#
# make check sets MUPBEM_BENCH (the built binary) and TEST_DATA.

set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
B=${MUPBEM_BENCH:-$here/../mupbem-bench}
TEST_DATA=${TEST_DATA:-$here/data}
if [ ! -x "$B" ]; then
	echo "Bail out! no mupbem-bench binary at $B"
	exit 99
fi
command -v sqlite3 >/dev/null || { echo "Bail out! no sqlite3"; exit 99; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/mupbem-bench.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 99

rc=0

# run ARGS...: run mupbem-bench; leaves out, err and rc.
run() {
	"$B" "$@" </dev/null >out 2>err
	rc=$?
}

# ran XRC XERR: the exit status was XRC and stderr exactly XERR ("" for
# nothing), with nothing on stdout if it failed.
ran() {
	[ "$rc" -eq "$1" ] || why+=("exit status $rc, expected $1")
	if [ -z "$2" ]; then
		[ -s err ] && why+=("stderr: $(head -c 300 err | tr '\n' '|')")
	elif [ "$(cat err)" != "$2" ]; then
		why+=("stderr: $(head -c 300 err | tr '\n' '|')")
	fi
	[ "$1" -ne 0 ] && [ -s out ] && why+=("stdout: $(head -c 200 out)")
	return 0
}

# has RE: a line of stdout matches the extended regular expression RE.
has() {
	grep -Eq -- "$1" out || why+=("no line like '$1': $(head -1 out)")
}

# usage DESC [ERRLINE] ARGS...: exit 2 and the whole usage on stderr,
# after ERRLINE if not empty.
usage() {
	local desc=$1 first=$2

	shift 2
	begin
	run "$@"
	[ "$rc" -eq 2 ] || why+=("exit status $rc, expected 2")
	{ [ -n "$first" ] && printf '%s\n' "$first"; cat usage.txt; } >want
	cmp -s want err || why+=("stderr: $(head -c 300 err | tr '\n' '|')")
	end "$desc"
}

"$B" </dev/null >/dev/null 2>usage.txt
begin
for c in "engine [--game classic|levis|velox|mur] [--games N] [--seed S]" \
    "mail [--messages N] CORPUS-DIR" "clocks [--calls N] DATABASE" \
    "pairing [--players N] [--divisions-of K]" \
    "archive [--games N] [--seed S] [--assets DIR] DATABASE DIR"; do
	grep -Fqx -- "  mupbem-bench $c" usage.txt ||
	    why+=("no usage for '$c'")
done
end "no subcommand is a usage error listing the five benchmarks"

begin
run engine --games 2
ran 0 ""
has '^Mu velox, 2 players, 8 segments each: 2 games from seed 1$'
has '^ +[0-9]+ moves/s$'
has '^  replay a whole record +[0-9]+ times'
run engine --game mur --games 2
ran 0 ""
has '^Mur: 2 one-game matches from seed 1$'
has '^ +[0-9]+ turns/s$'
end "engine plays random games and prints moves and turns a second"
usage "engine with a stray argument is a usage error" "" engine extra
usage "engine with an unknown option is a usage error" \
    "mupbem-bench: engine: unknown option '--frob'" engine --frob
begin
run engine --games 0
ran 1 "mupbem-bench: games: '0' is not a number from 1 to 100000"
end "engine --games 0 is refused"
begin
run engine --seed -1
ran 1 "mupbem-bench: seed: '-1' is not a whole number from 0 to 2^64-1"
end "engine --seed -1 is refused"
begin
run engine --game chess
ran 1 "mupbem-bench: game: no game is called 'chess' (the games are classic, levis, velox and mur)"
end "engine --game chess is refused, the games named"

begin
run mail --messages 30 "$TEST_DATA/mail"
ran 0 ""
files=$(ls "$TEST_DATA"/mail/*.eml | wc -l)
has "^30 mails \\($files corpus files, [0-9]+ bytes\\) read from a Maildir"
has '^ +[0-9]+ mails/s$'
end "mail reads, parses and acknowledges 30 corpus mails"
begin
run mail "$TEST_DATA/records"
ran 1 "mupbem-bench: mail: $TEST_DATA/records: no .eml files"
end "mail on a directory without mail fails"
usage "mail without a corpus is a usage error" "" mail

begin
run clocks clocks.db
ran 1 "mupbem-bench: clocks: clocks.db: No such file or directory"
end "clocks on a missing store fails"
sqlite3 clocks.db "PRAGMA user_version" >/dev/null
begin
run clocks clocks.db
ran 1 "mupbem-bench: clocks: clocks.db: no timers"
end "clocks on a store without timers fails"
begin
sqlite3 clocks.db "INSERT INTO timers (at, kind) VALUES (1795000060, 'expire'),
    (1795000000, 'expire')"
run clocks --calls 50 clocks.db
ran 0 ""
has '^clocks.db: 2 timers$'
has '^store_timer_next\(\): 50 calls in '
has '^store_timer_due\(\) at 1795000000: 50 calls in '
# Both lookups descend the index; neither sorts the table.
[ "$(grep -c '^  plan: .*USING .*INDEX timers_at' out)" = 2 ] ||
    why+=("plans: $(grep plan: out | tr '\n' '|')")
grep -q 'TEMP B-TREE' out && why+=("a lookup sorts: $(grep plan: out)")
end "clocks times the timer lookups, which use the index timers_at"
usage "clocks without a store is a usage error" "" clocks

begin
run pairing --players 20 --divisions-of 4
ran 0 ""
has '^swiss: 20 players, 5 rounds paired'
has '^divisions: 1000 players by rating in divisions of 4$'
end "pairing pairs a Swiss round and a season of divisions"

begin
run archive --games 2 --seed 7 --assets "$here/../templates/archive" \
    arch.db site
ran 0 ""
has '^bench-archive: 2 games stored in '
has '^bench-archive: archive: 2 games, [0-9]+ players, [0-9]+ files'
has '^bench-archive: index.html [0-9.]+ KB; the index, 1 page, [0-9.]+ MB; the games. pages [0-9.]+ MB$'
[ -f site/index.html ] || why+=("no site/index.html")
run archive --games 2 arch.db site2
ran 1 "mupbem-bench: archive: arch.db exists; give a new file"
end "archive stores random finished games and writes their site"

tap_done
