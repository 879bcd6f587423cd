#!/usr/bin/env bash
#
# The test harness holds on a slow machine and keeps make distcheck
# lean: every Check test case sets its own timeout (multiplied by
# CK_TIMEOUT_MULTIPLIER); tests/timed.sh, make check's LOG_COMPILER,
# passes a test's exit status on, writes its wall time into its log and
# into MUPBEM_TEST_TIMES, hands the script tests MUPBEM_TEST_SLOW (the
# multiplier rounded up), and under configure --disable-heavy-tests, as
# make distcheck configures, skips the heavy tests (HEAVY_TESTS in
# Makefile.am) and runs the others.  TAP-like output.
#
# make check runs it with SRCDIR set.

set -u
# The stubs below are timed here, not in the run's own list of times.
unset MUPBEM_TEST_TIMES MUPBEM_HEAVY_TESTS MUPBEM_HEAVY_TESTS_RUN

here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
src=${SRCDIR:-$here/..}
timed=$src/tests/timed.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/mupbem-harness.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 99

# stub NAME STATUS: a test that leaves NAME.ran, prints MUPBEM_TEST_SLOW
# and exits STATUS.
stub() {
	printf '#!/bin/sh\ntouch %s.ran\necho "slow=$MUPBEM_TEST_SLOW"\nexit %d\n' \
	    "$1" "$2" >"$1"
	chmod +x "$1"
}

# --- Check timeouts ---------------------------------------------------

begin
for f in "$src"/tests/check_*.c; do
	made=$(grep -c 'tcase_create(' "$f")
	set=$(grep -cE 'tcase_set_timeout\([a-z_]+, [1-9][0-9]*\)' "$f")
	[ "$made" -eq "$set" ] ||
	    why+=("$(basename "$f"): $made test cases, $set with a timeout")
done
[ -n "$(ls "$src"/tests/check_*.c 2>/dev/null)" ] ||
    why+=("no tests/check_*.c in $src")
end "every Check test case sets a timeout of its own, none unbounded"

# --- tests/timed.sh ---------------------------------------------------

begin
for rc in 0 1 77 99; do
	stub "t$rc" "$rc"
	: >times
	MUPBEM_TEST_TIMES=$tmp/times sh "$timed" "./t$rc" >"t$rc.log" 2>&1
	got=$?
	[ "$got" -eq "$rc" ] || why+=("t$rc: exit $got, not $rc")
	tail -1 "t$rc.log" | grep -qE '^# time: [0-9]+\.[0-9]{2} s$' ||
	    why+=("t$rc: the log ends with '$(tail -1 "t$rc.log")'")
	grep -qE "^[0-9]+\.[0-9]{2} t$rc\$" times ||
	    why+=("t$rc: the times file holds '$(cat times)'")
done
end "timed.sh passes the exit status on and writes the wall time into the log and the times file"

begin
printf '#!/bin/sh\nsleep 0.2\n' >nap
chmod +x nap
t=$(sh "$timed" ./nap | sed -n 's/^# time: \([0-9.]*\) s$/\1/p')
awk -v t="${t:-0}" 'BEGIN { exit !(t >= 0.2) }' ||
    why+=("a 0.2 s test timed as '$t' s")
end "timed.sh measures the wall time: a test that sleeps 0.2 s takes at least 0.2 s"

begin
for m in unset:1 1:1 2:2 1.5:2 0:1 fast:1; do
	stub slow 0
	if [ "${m%:*}" = unset ]; then
		out=$(env -u CK_TIMEOUT_MULTIPLIER sh "$timed" ./slow)
	else
		out=$(CK_TIMEOUT_MULTIPLIER=${m%:*} sh "$timed" ./slow)
	fi
	grep -qx "slow=${m#*:}" <<<"$out" ||
	    why+=("CK_TIMEOUT_MULTIPLIER ${m%:*}: $(head -1 <<<"$out")")
done
end "the script tests' waits are scaled by CK_TIMEOUT_MULTIPLIER, rounded up (1 unless set)"

begin
stub big.sh 0
stub small.sh 0
rm -f ./*.ran
heavy="tests/big.sh tests/other.sh"
MUPBEM_HEAVY_TESTS_RUN=no MUPBEM_HEAVY_TESTS=$heavy \
    sh "$timed" ./big.sh >big.log 2>&1
rc=$?
[ "$rc" -eq 77 ] || why+=("a heavy test under no: exit $rc, not 77")
[ ! -f big.sh.ran ] || why+=("the heavy test ran under no")
grep -q '^1\.\.0 # SKIP big\.sh is a heavy test' big.log ||
    why+=("no reason given: $(cat big.log)")
MUPBEM_HEAVY_TESTS_RUN=no MUPBEM_HEAVY_TESTS=$heavy \
    sh "$timed" ./small.sh >/dev/null 2>&1
rc=$?
[ "$rc" -eq 0 ] && [ -f small.sh.ran ] ||
    why+=("a light test under no did not run (exit $rc)")
MUPBEM_HEAVY_TESTS_RUN=yes MUPBEM_HEAVY_TESTS=$heavy \
    sh "$timed" ./big.sh >/dev/null 2>&1
rc=$?
[ "$rc" -eq 0 ] && [ -f big.sh.ran ] ||
    why+=("a heavy test under yes did not run (exit $rc)")
end "--disable-heavy-tests skips the heavy tests, saying why, and runs the others"

# --- Makefile.am ------------------------------------------------------

# var NAME: the words of NAME = ... and NAME += ... in Makefile.am.
var() {
	awk -v v="$1" '
	    $1 == v && ($2 == "=" || $2 == "+=") { on = 1; $1 = $2 = "" }
	    on { more = /\\$/; sub(/\\$/, ""); print; on = more }' \
	    "$src/Makefile.am" | tr -s ' \t' '\n\n' | grep -v '^$'
}

begin
tests=$(var TESTS)
heavy=$(var HEAVY_TESTS)
[ -n "$heavy" ] || why+=("no HEAVY_TESTS in Makefile.am")
for t in $heavy; do
	grep -qx "$t" <<<"$tests" || why+=("$t is heavy but not in TESTS")
done
var AM_DISTCHECK_CONFIGURE_FLAGS | grep -qx -- --disable-heavy-tests ||
    why+=("make distcheck does not configure --disable-heavy-tests")
end "the heavy tests are tests of make check, and make distcheck skips them"

tap_done
