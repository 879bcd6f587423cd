#!/usr/bin/env bash
#
# tests/two-daemons.sh on PostgreSQL: two daemons on one Maildir and one
# PostgreSQL database (a cluster started for the test, tests/pg-lib.sh),
# fed 2,000 mails while one of them is killed with SIGKILL at random
# moments: every mail handled once, every reply sent once.  Exits 77
# (skipped) only where no server can be started.

set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/pg-lib.sh"

pg_need
pg_start mupbem_two
TWO_DAEMONS_DB=$MUPBEM_TEST_PG bash "$here/two-daemons.sh"
rc=$?
pg_stop
exit $rc
