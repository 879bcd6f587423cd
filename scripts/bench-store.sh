#!/bin/bash
# The store's two backends side by side: N mails, each a new game
# ("new velox with ..."), taken by one "mupbemd -1" run, on a SQLite
# file and on a PostgreSQL database (a cluster started for the run in
# a temporary folder, tests/pg-lib.sh, fsync on); then the same mails
# shared by two daemons on one Maildir and one database of each kind,
# until every mail is taken and every reply sent.  Prints mails per
# second for each.  Without pictures: a new game's mail has no board.
#
# Usage, after a build: bash scripts/bench-store.sh [N]
set -euo pipefail

cd "$(dirname "$0")/.."
src=$PWD
count=${1:-2000}
dir=$(mktemp -d "${TMPDIR:-/tmp}/mupbem-bench-store.XXXXXX")
. "$src/tests/pg-lib.sh"
pg_need
pg_start mupbem_bench
trap "pg_stop; ${KEEP:+:} rm -rf $dir" EXIT
cd "$dir"

deliver() {
	cp "$1" "mail/$(printf '%012d' "$mp_seq").bench"
}
mkdir mail
MUPBEM=$src/mupbem
MP_SEND=deliver
. "$src/scripts/mail-players.sh"
for i in $(seq 1 "$count"); do
	mp_mail "p${i}a@bench.example" games@bench.example "" \
	    "new velox with p${i}b@bench.example"
done

ms() {
	echo $(($(date +%s%N) / 1000000))
}

# setup DATABASE: an empty Maildir, outbox and store of that kind.
setup() {
	rm -rf Maildir outbox mupbem.db*
	mkdir -p Maildir/new Maildir/cur Maildir/tmp
	printf '[server]\naddress = games@bench.example\nrate_burst = 0\n' >d.conf
	printf 'invitations = any\npictures = no\ndatabase = %s\n' "$1" >>d.conf
	if [ "${1#postgres}" != "$1" ]; then
		psql -qAt "$1" -c "DROP SCHEMA public CASCADE; CREATE SCHEMA public" \
		    >/dev/null 2>&1
	fi
	# The schema made before the timing, on either backend: a run on
	# an empty Maildir.
	"$src/mupbemd" -c d.conf --once 2>/dev/null
	cp mail/* Maildir/new/
}

# unsent DATABASE: the replies not yet sent, or -1.
unsent() {
	if [ "${1#postgres}" != "$1" ]; then
		psql -qAt "$1" -c "SELECT count(*) FROM outbox WHERE sent IS NULL"
	else
		sqlite3 "$1" "SELECT count(*) FROM outbox WHERE sent IS NULL"
	fi 2>/dev/null || echo -1
}

for db in "$dir/mupbem.db" "$MUPBEM_TEST_PG"; do
	kind=SQLite
	[ "${db#postgres}" != "$db" ] && kind=PostgreSQL
	setup "$db"
	t0=$(ms)
	"$src/mupbemd" -c d.conf --once 2>/dev/null
	t1=$(ms)
	awk -v n="$count" -v t=$((t1 - t0)) -v k="$kind" 'BEGIN {
		printf "%-10s one daemon, --once:  %5.0f mails/s (%d ms)\n", k, n / (t / 1000), t }'
	setup "$db"
	t0=$(ms)
	"$src/mupbemd" -c d.conf 2>>daemon-a.log & a=$!
	"$src/mupbemd" -c d.conf 2>>daemon-b.log & b=$!
	while [ -n "$(ls Maildir/new)" ] || [ "$(unsent "$db")" != 0 ]; do
		sleep 0.05
	done
	t1=$(ms)
	kill -TERM "$a" "$b"
	wait "$a" "$b" || true
	awk -v n="$count" -v t=$((t1 - t0)) -v k="$kind" 'BEGIN {
		printf "%-10s two daemons:          %5.0f mails/s (%d ms)\n", k, n / (t / 1000), t }'
done
