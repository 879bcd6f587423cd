#!/usr/bin/env bash
#
# The database interface on PostgreSQL: tests/check_db, which runs on
# SQLite by itself, run again on a real PostgreSQL server started for
# the test (tests/pg-lib.sh).  Exits 77 (skipped) only where no
# server can be started (the postgresql package is missing).

set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
. "$here/pg-lib.sh"

pg_need
pg_start mupbem_db
begin
if ! out=$("${BUILDDIR:-$here/..}/tests/check_db" 2>&1); then
	why+=("$out")
fi
end "check_db on PostgreSQL"
tap_done
