#!/usr/bin/env bash
#
# The store on PostgreSQL: the store's Check tests (tests/check_store,
# each test on a fresh database), which run on SQLite by themselves,
# run again on a real PostgreSQL server started for the test
# (tests/pg-lib.sh).  Exits 77 (skipped) only where no server can be
# started (the postgresql package is missing).

set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
. "$here/pg-lib.sh"

pg_need
pg_start mupbem_store
for t in check_store; do
	begin
	if ! out=$("$here/$t" 2>&1); then
		why+=("$out")
	fi
	# What it skipped there, and why.
	grep "skipped" <<<"$out" | sed 's/^/# /'
	end "$t on PostgreSQL"
done
tap_done
