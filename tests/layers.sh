#!/usr/bin/env bash
#
# The layers hold: the pure library (libmupbem-pure.a: the games, the
# service's pure parts and util) calls nothing of libcurl, libetpan, cairo,
# SQLite, nettle or GnuTLS and does no I/O of its own; and the generic
# game interface (src/games/*) and the record (src/games/registry/*)
# name no game: only the registry in src/games/registry/game-registry.c
# knows the games, so a third game adds a folder and one line there;
# and the folders of src/ keep the order of tests/layers-lib.sh
# (docs/architecture.md): every include runs down, siblings do not
# include each other, every folder has a place, none holds more than
# 8,000 lines, and the folder graph has no circle.  Prints TAP-like
# lines; exits 1 if a check failed.
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

# The folder order: tests/layers-lib.sh holds the order and resolves
# the includes.  No include may break it: there is no allow-list.
. "$here/layers-lib.sh"
includes=$(layers_includes)
ranks=$(layers_ranks)

begin
declare -A seen=()
while IFS=$'\t' read -r f l h from to; do
	case $to in
	'?none')
		why+=("$f:$l includes $h, which is nowhere under src/") ;;
	'?twice'*)
		w="$f:$l includes $h, which is in more than one folder:"
		[ -n "${seen[$h]:-}" ] || why+=("$w${to#?twice:}")
		seen[$h]=1 ;;
	esac
done <<<"$includes"
[ -n "$includes" ] || why+=("found no include at all under $src/src")
end "every include names exactly one header under src/"

begin
twice=$(awk '{ print $1 }' <<<"$ranks" | sort | uniq -d)
[ -z "$twice" ] || why+=("the layer order names twice: $(echo $twice)")
while read -r d; do
	w="has no place in the layer order (tests/layers-lib.sh)"
	grep -q "^$d " <<<"$ranks" || why+=("$d holds C files but $w")
done < <(layers_folders)
end "every folder of src/ with C files has a place in the layer order"

# layers_bad KIND: the includes of kind "up" (to a higher rank) or
# "sibling" (to another folder of the same rank), one a line.
layers_bad() {
	awk -F'\t' -v kind="$1" '
	FNR == NR {
		split($0, a, " ")
		rank[a[1]] = a[2]
		next
	}
	{
		from = $4
		to = $5
		if (from == to || !(from in rank) || !(to in rank))
			next
		if (kind == "up" && rank[to] > rank[from])
			what = "a higher layer"
		else if (kind == "sibling" && rank[to] == rank[from])
			what = "a sibling on the same layer"
		else
			next
		print $1 ":" $2 " includes " $3 " of " to ", " what
	}' <(echo "$ranks") <(echo "$includes")
}

for kind in up sibling; do
	begin
	while read -r line; do
		case $line in
		'') ;;
		*) why+=("$line") ;;
		esac
	done < <(layers_bad $kind)
	case $kind in
	up) end "includes run down the layer order" ;;
	*) end "folders on the same layer do not include each other" ;;
	esac
done

begin
while read -r d; do
	lines=$(cd "$src" && find "$d" -maxdepth 1 -name '*.[ch]' \
	    ! -name '*-builtin.c' -exec cat {} + | wc -l)
	w="lines of .c and .h, more than 8,000: split it"
	[ "$lines" -le 8000 ] || why+=("$d holds $lines $w")
done < <(layers_folders)
end "no folder of src/ holds more than 8,000 lines"

# The circle check reads only the includes, not the order, so it holds
# even if the order is edited wrongly.
begin
loop=$(awk -F'\t' '
	$4 != $5 && $5 !~ /^\?/ { print $4, $5 }
    ' <<<"$includes" | sort -u | tsort 2>&1 >/dev/null | awk '
	function flush() {
		if (c != "")
			print "the folders include each other in a circle: " \
			    c " -> " first
		c = ""
	}
	/loop:$/ { flush(); next }
	{
		sub(/^tsort: /, "")
		if (c == "")
			first = c = $0
		else
			c = c " -> " $0
	}
	END { flush() }' | sort -u)
while read -r line; do
	[ -z "$line" ] || why+=("$line")
done <<<"$loop"
end "the folder graph has no circle"

tap_done
