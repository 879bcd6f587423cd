# TAP-like reporting for the shell tests (sourced): begin a check, add
# reasons to why, end it with its description.  tap_done prints the
# plan and exits 1 if a check failed.

n=0
failed=0
why=()

begin() {
	why=()
}

end() {
	n=$((n + 1))
	if [ ${#why[@]} -eq 0 ]; then
		echo "ok $n - $1"
		return
	fi
	echo "not ok $n - $1"
	printf '#   %s\n' "${why[@]}"
	failed=$((failed + 1))
}

# tap_scale N: N, a bound on a wait in seconds or in polls, times
# MUPBEM_TEST_SLOW (tests/timed.sh: the Check timeouts' multiplier,
# rounded up; 1 alone), so that a slow or loaded machine fails no test.
# A wait that ends sooner ends as soon.
tap_scale() {
	echo $(($1 * ${MUPBEM_TEST_SLOW:-1}))
}

tap_done() {
	echo "1..$n"
	[ "$failed" -eq 0 ] || exit 1
	exit 0
}
