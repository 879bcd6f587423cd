#!/bin/sh
#
# make check's LOG_COMPILER: runs one test, the arguments, and adds its
# wall time to the test's log as the last line, "# time: 12.34 s", and,
# where MUPBEM_TEST_TIMES names a file, as a line "12.34 NAME" at its
# end (scripts/test.sh lists them, slowest first, for make check and
# for make distcheck, whose logs go with its build).  The test's exit
# status is passed on unchanged.
#
# The heavy tests, MUPBEM_HEAVY_TESTS (HEAVY_TESTS in Makefile.am), run
# once: where MUPBEM_HEAVY_TESTS_RUN is no (configure
# --disable-heavy-tests, which make distcheck passes, since make check
# ran them on the same source before), each is skipped with exit 77
# and a line saying why.
#
# The script tests' bounded waits grow with the Check timeouts: they
# are multiplied by MUPBEM_TEST_SLOW, which is CK_TIMEOUT_MULTIPLIER
# rounded up to a whole number (1 unless set).

test=$1
name=${test##*/}
where=${test#"${srcdir:-.}"/}
where=${where#./}

if [ "${MUPBEM_HEAVY_TESTS_RUN:-yes}" = no ]; then
	for heavy in ${MUPBEM_HEAVY_TESTS:-}; do
		[ "${heavy##*/}" = "$name" ] || continue
		echo "1..0 # SKIP $name is a heavy test, run once by make" \
		    "check and not again here (configure --disable-heavy-tests," \
		    "as make distcheck does)"
		exit 77
	done
fi

MUPBEM_TEST_SLOW=$(awk -v m="${CK_TIMEOUT_MULTIPLIER:-1}" 'BEGIN {
	m += 0
	if (m <= 0)
		m = 1
	print (m == int(m) ? m : int(m) + 1)
}')
export MUPBEM_TEST_SLOW

start=$(date +%s%N)
"$@"
rc=$?
end=$(date +%s%N)
ms=$(((end - start) / 1000000))
secs=$(printf '%d.%02d' $((ms / 1000)) $((ms % 1000 / 10)))
echo "# time: $secs s"
if [ -n "${MUPBEM_TEST_TIMES:-}" ]; then
	echo "$secs $where" >>"$MUPBEM_TEST_TIMES"
fi
exit $rc
