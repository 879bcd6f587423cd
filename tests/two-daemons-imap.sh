#!/usr/bin/env bash
#
# tests/two-daemons.sh on one IMAP mailbox and one PostgreSQL database,
# the way daemons on two hosts would share a site: Dovecot started for
# the test (tests/mailhost.sh), a PostgreSQL cluster (tests/pg-lib.sh),
# 2,000 mails, one of the two daemons killed with SIGKILL at random
# moments: every mail handled once and \Seen, every reply sent once.
# Exits 77 (skipped) only where the servers cannot be started.

set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/pg-lib.sh"

if [ "$(id -u)" -ne 0 ]; then
	echo "1..0 # SKIP needs root to start the mail servers"
	exit 77
fi
for p in dovecot doveadm postfix openssl; do
	if ! command -v "$p" >/dev/null; then
		echo "1..0 # SKIP $p is not installed (scripts/install-deps.sh)"
		exit 77
	fi
done
pg_need
pg_start mupbem_two_imap
TWO_DAEMONS_IMAP=yes TWO_DAEMONS_DB=$MUPBEM_TEST_PG bash "$here/two-daemons.sh"
rc=$?
pg_stop
exit $rc
