#!/bin/bash
# Run the whole test suite: install the dependencies, build in the
# source tree with warnings as errors and ASan/UBSan, run "make check",
# print every test's log (Check writes its "Checks: N, Failures: F,
# Errors: E" summary only there) and every test's wall time, slowest
# first, then run "make distcheck", which skips the heavy tests that
# make check ran (Makefile.am: HEAVY_TESTS).  Exits non-zero if either
# fails.
#
# Every Check test case's timeout and every bounded wait of the script
# tests is multiplied by CK_TIMEOUT_MULTIPLIER (2 unless set): raise it
# on a slower machine.
set -uo pipefail

cd "$(dirname "$0")/.." || exit 1

step() {
	echo
	echo "==> $*"
}

step "dependencies"
bash scripts/install-deps.sh || exit 1

step "configure --enable-debug --enable-sanitizers"
./autogen.sh || exit 1
./configure --enable-debug --enable-sanitizers || exit 1

# A previous build (say from demo.sh) left objects built without the
# sanitizers, and old logs would be counted twice.
make -s clean || exit 1
find tests -path tests/data -prune -o \( -name '*.log' -o -name '*.trs' \) \
    -exec rm -f {} +
rm -f test-suite.log tests/check-times tests/distcheck-times

export CK_TIMEOUT_MULTIPLIER=${CK_TIMEOUT_MULTIPLIER:-2}
load() {
	echo "load average $(cut -d' ' -f1-3 /proc/loadavg)"
}
step "make -j2 check (CK_TIMEOUT_MULTIPLIER=$CK_TIMEOUT_MULTIPLIER; $(load))"
start=$SECONDS
MUPBEM_TEST_TIMES=$PWD/tests/check-times make -j2 check
check_rc=$?
check_time=$((SECONDS - start))

step "test logs"
checks=0
failures=0
errors=0
logs=0
tap_ok=0
tap_notok=0
tap_todo=0
while read -r log; do
	logs=$((logs + 1))
	echo "---- $log"
	cat "$log"
	while read -r n f e; do
		checks=$((checks + n))
		failures=$((failures + f))
		errors=$((errors + e))
	done < <(sed -n 's/.*Checks: \([0-9]*\), Failures: \([0-9]*\), Errors: \([0-9]*\).*/\1 \2 \3/p' "$log")
	# Script tests (tests/*.sh) print TAP lines instead.
	tap_ok=$((tap_ok + $(grep -c '^ok ' "$log")))
	tap_notok=$((tap_notok + $(grep -c '^not ok ' "$log")))
	tap_todo=$((tap_todo + $(grep -c '^not ok .*# TODO' "$log")))
done < <(find tests -path tests/data -prune -o -name '*.log' -print | sort)

# times FILE: the tests' wall times (tests/timed.sh), slowest first.
times() {
	[ -f "$1" ] || return 0
	sort -rn "$1" | awk '{ printf "%8.2f s  %s\n", $1, $2; s += $1 }
	    END { printf "%8.2f s  the sum, in %d tests\n", s, NR }'
}

step "make check: each test's wall time, slowest first"
times tests/check-times
echo "make check took $check_time s of wall time ($(load))"

echo
echo "TOTAL: $logs test logs, Checks: $checks, Failures: $failures, Errors: $errors"
echo "TOTAL script checks: $tap_ok ok, $tap_notok not ok ($tap_todo marked TODO)"
if [ "$check_rc" -ne 0 ]; then
	echo "test.sh: make check failed (exit $check_rc)" >&2
	exit 1
fi

step "make -j2 distcheck (skips the heavy tests, which ran above:" \
    "$(make -s heavy-tests))"
start=$SECONDS
MUPBEM_TEST_TIMES=$PWD/tests/distcheck-times make -j2 distcheck
distcheck_rc=$?
step "make distcheck: each test's wall time, slowest first"
times tests/distcheck-times
echo "make distcheck took $((SECONDS - start)) s of wall time ($(load))"
if [ "$distcheck_rc" -ne 0 ]; then
	echo "test.sh: make distcheck failed" >&2
	exit 1
fi

echo
echo "test.sh: all passed; Checks: $checks, Failures: $failures, Errors: $errors;" \
    "script checks: $tap_ok ok, $tap_notok not ok ($tap_todo TODO)"
