#!/usr/bin/env bash
#
# The layers hold: the pure library (libmupbem-pure.a: the games, the
# service's pure parts and util) calls nothing of libcurl, libetpan, cairo,
# SQLite, nettle or GnuTLS and does no I/O of its own; and the generic
# game interface (src/games/*) names no game: only the registry in
# src/games/game.c knows the games, so a third game adds a folder and
# one line there.  Prints TAP-like lines; exits 1 if a check failed.
#
# make check runs it in the build directory with LIBPURE and SRCDIR
# set.

set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
lib=${LIBPURE:-./libmupbem-pure.a}
src=${SRCDIR:-$here/..}
if [ ! -f "$lib" ]; then
	echo "Bail out! no $lib"
	exit 99
fi

begin
undef=$(nm -u "$lib" | awk '$1 == "U" { print $2 }' | sort -u)
bad=$(grep -E '^(curl_|mail|imap|smtp|sqlite3_|nettle_|gnutls_|etpan|cairo_)' \
    <<<"$undef")
[ -z "$bad" ] || why+=("the pure library calls: $(echo $bad)")
io=$(grep -xE '(fopen|open|openat|read|write|fwrite|fread|socket|connect|getrandom|time|clock_gettime|gettimeofday|printf|puts)' \
    <<<"$undef")
[ -z "$io" ] || why+=("the pure library does I/O or reads the clock: $(echo $io)")
# The check must be able to fail: the archive calls something.
[ -n "$undef" ] || why+=("nm found no undefined symbol at all")
end "the pure library links none of curl, etpan, cairo, sqlite, nettle, gnutls and does no I/O"

begin
for f in "$src"/src/games/*.[ch]; do
	case $f in
	*/game.c) continue ;;	# the registry
	esac
	if grep -nE '#include "mur?-|\bmur?_(game|action|ops)\b' "$f" \
	    >/dev/null; then
		why+=("$(basename "$f") names a game: $(grep -nE '#include "mur?-|\bmur?_(game|action|ops)\b' "$f" | head -1)")
	fi
done
end "the game interface and the record name no game; only the registry does"

begin
reg=$(grep -cE '#include "mur?-ops\.h"' "$src/src/games/game.c")
[ "$reg" -eq 2 ] || why+=("game.c includes $reg ops headers, not 2")
end "the registry includes each game's ops header"

tap_done
