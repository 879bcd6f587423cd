#!/usr/bin/env bash
#
# The store on PostgreSQL, on a real server started for the test
# (tests/pg-lib.sh):
#   - the store's Check tests (tests/check_store, each test on a fresh
#     database), which run on SQLite by themselves;
#   - mupbemd with "database = postgresql://...": scripted players
#     invite, accept and play games by mail, and "mupbem --db URL"
#     lists, shows, exports, resends and nudges, and a robot plays
#     and games are rated; the same games on a
#     SQLite store must give the same answers, word for word.
# Exits 77 (skipped) only where no server can be started (the
# postgresql package is missing).

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

. "$here/tap.sh"
. "$here/pg-lib.sh"

pg_need
pg_start mupbem_store
tmp=$(mktemp -d "${TMPDIR:-/tmp}/store-pg.XXXXXX") || exit 99
trap "pg_stop; ${KEEP:+:} rm -rf $tmp" EXIT

for t in check_store; do
	begin
	if ! out=$("${BUILDDIR:-$here/..}/tests/$t" 2>&1); then
		why+=("$out")
	fi
	# What it skipped there, and why.
	grep "skipped" <<<"$out" | sed 's/^/# /'
	end "$t on PostgreSQL"
done

cd "$tmp" || exit 99
. "$here/service-lib.sh"
A=alice@example.org B=bob@example.org C=carol@example.org
export MUPBEM_NOW=1700000000

# games DATABASE OUT: the same games, played on DATABASE; what the
# tool says of them goes to $tmp/OUT.  A game's seed, drawn anew each
# time, seats its players and draws Mur's board: so the players'
# addresses read P, seeds are left out, and so is Mur's record.
games() {
	local db=$1 out=$2
	MP_DB=$db
	fresh "database = $db\n"
	mp_mail "$A" games@localhost "x" "new velox with $B"
	mp_mail "$C" games@localhost "x" "new mur with $A"
	run
	play_out 10
	{
		echo "answers: $(ls got | wc -l)"
		"$MUPBEM" --db "$db" list
		"$MUPBEM" --db "$db" show G1
		"$MUPBEM" --db "$db" export G1
		"$MUPBEM" --db "$db" resend G2 | sed 's/<[^>]*>/<id>/g'
		"$MUPBEM" --db "$db" nudge G1 | sed 's/<[^>]*>/<id>/g'
		"$MUPBEM" --db "$db" stalled
	} 2>&1 | sed -E 's/[a-z]+@example\.org/P/g; /^seed /d' >"$tmp/$out"
	cp log "$tmp/$out.log"
}

begin
games "$tmp/sqlite.db" sqlite.out
url="${MUPBEM_TEST_PG%%\?*}"
url="${url%/*}/mupbem_e2e?${MUPBEM_TEST_PG#*\?}"
pg_psql postgres -c "CREATE DATABASE mupbem_e2e" || why+=("no database")
games "$url" pg.out
grep -q "^G1	velox	playing	turn 1[0-9]	P, P$" "$tmp/pg.out" ||
    why+=("G1 did not reach turn 10: $(cat "$tmp/pg.out")")
diff "$tmp/sqlite.out" "$tmp/pg.out" >"$tmp/diff" ||
    why+=("PostgreSQL answers otherwise than SQLite:" "$(cat "$tmp/diff")")
! grep -E "cannot|fail|error" "$tmp/pg.out.log" ||
    why+=("mupbemd complained")
end "mupbemd and mupbem --db on PostgreSQL play games as on SQLite"

# Who sits where is drawn, so the rest is checked on PostgreSQL alone.
begin
mp_mail "$B" games@localhost "x" "new velox with robot:greedy segments 2"
run
f=$(grep -l "^Subject: \[mupbem G3\]" got/$B.* | tail -1)
mp_reply "$f" "$B" "resign"
run
mp_mail "$C" games@localhost "x" "ratings velox"
run
"$MUPBEM" --db "$url" list | grep -q "^G3	velox	over	" ||
    why+=("G3 is not over: $("$MUPBEM" --db "$url" list)")
has "$(last "$C")" "1 [robot] greedy 1662? 290 1"
has "$(last "$C")" "2 $B 1338? 290 1"
! grep -E "cannot|fail|error" log || why+=("mupbemd complained")
end "on PostgreSQL, a robot's game ends, rated, and the ratings are shown"

begin
out=$("$MUPBEM" --db "postgresql:///nowhere?host=$pg_dir&port=$pg_port&user=postgres" list 2>&1)
[ $? -eq 1 ] || why+=("no error status")
case $out in
*"cannot connect: "*'database "nowhere" does not exist'*) ;;
*) why+=("said: $out") ;;
esac
end "a database that is not there is an error that says so"
tap_done
