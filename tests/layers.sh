#!/usr/bin/env bash
#
# The layers hold: the pure library (libmupbem-pure.a: the games, the
# service's pure parts and util) calls nothing of libcurl, libetpan, cairo,
# SQLite, nettle or GnuTLS and does no I/O of its own; and the generic
# game interface (src/games/*) and the record (src/games/registry/*)
# name no game: only the registry in src/games/registry/game-registry.c
# knows the games, so a third game adds a folder and one line there;
# the interface includes nothing of the folders above it (the games,
# the registry).  Prints TAP-like lines; exits 1 if a check failed.
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
for f in "$src"/src/games/*.[ch] "$src"/src/games/registry/*.[ch]; do
	case $f in
	*/registry/game-registry.c) continue ;;	# the registry
	esac
	if grep -nE '#include "mur?-|\bmur?_(game|action|ops)\b' "$f" \
	    >/dev/null; then
		why+=("$(basename "$f") names a game: $(grep -nE '#include "mur?-|\bmur?_(game|action|ops)\b' "$f" | head -1)")
	fi
done
end "the game interface and the record name no game; only the registry does"

begin
reg=$(grep -cE '#include "mur?-ops\.h"' \
    "$src/src/games/registry/game-registry.c")
[ "$reg" -eq 2 ] || why+=("game-registry.c includes $reg ops headers, not 2")
end "the registry includes each game's ops header"

begin
above=$(cd "$src/src/games" && ls mu/*.h mur/*.h registry/*.h |
    xargs -n1 basename)
for f in "$src"/src/games/*.[ch]; do
	for h in $above; do
		if grep -qF "#include \"$h\"" "$f"; then
			why+=("$(basename "$f") includes $h, from a folder above it")
		fi
	done
done
end "src/games includes nothing of mu/, mur/ or registry/ above it"

tap_done
