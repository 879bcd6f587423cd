#!/bin/bash
# A league season at scale: N players (1,000 by default) in divisions of
# K (8), made and started by mail through mupbemd on a real Maildir and
# SQLite store.  Setting up is not timed: N players send "league join"
# in one mupbemd --once run.  Then the organiser's "league start" is
# the one mail of a "mupbemd -v --once" run, whose "once:" line times
# handling it (one transaction: the divisions by rating, a round-robin
# tournament each, every game of the season made and started with its
# first mail queued, a season mail a member) apart from sending the
# mail; three runs, each on a fresh copy of the store.  It also prints
# mupbem-bench pairing's figures for the pairing alone.
#
# Usage, after a non-sanitizer build: bash scripts/bench-league.sh [N [K]]
# (from the source folder, or with MUPBEM and MUPBEMD set; MUPBEM_BENCH
# is the mupbem-bench beside MUPBEM unless set).
set -euo pipefail

cd "$(dirname "$0")/.."
src=$PWD
n=${1:-1000}
k=${2:-8}
: "${MUPBEM:=$src/mupbem}"
: "${MUPBEMD:=$src/mupbemd}"
: "${MUPBEM_BENCH:=$(dirname "$MUPBEM")/mupbem-bench}"
dir=$(mktemp -d "${TMPDIR:-/tmp}/mupbem-league.XXXXXX")
trap "${KEEP:+:} rm -rf $dir" EXIT
cd "$dir"
mkdir -p Maildir/new Maildir/cur Maildir/tmp
printf '[server]\naddress = games@bench.example\nrate_burst = 0\n' >d.conf
MP_SEND=mp_deliver
MP_DB=$dir/mupbem.db
export MUPBEM MUPBEMD MUPBEM_NOW=1795000000
. "$src/scripts/mail-players.sh"

mp_mail org@bench.example games@bench.example x \
    "league new Bench velox division $k time 3d"
for i in $(seq 1 "$n"); do
	mp_mail "p$i@bench.example" games@bench.example x "league join Bench"
done
"$MUPBEMD" -c d.conf --once 2>/dev/null
rm -rf outbox
cp mupbem.db saved.db
echo "== league of $n players in divisions of $k, season 1 started by mail"
for run in 1 2 3; do
	rm -f mupbem.db-wal mupbem.db-shm
	cp saved.db mupbem.db
	sync
	mp_mail org@bench.example games@bench.example x "league start Bench"
	start=$(date +%s%N)
	"$MUPBEMD" -c d.conf -v --once 2>log
	end=$(date +%s%N)
	echo "run $run: $(grep -o 'once: .*' log)," \
	    "$(( (end - start) / 1000000 )) ms start to exit;" \
	    "$(sqlite3 mupbem.db "select count(*) from tournaments") divisions," \
	    "$(sqlite3 mupbem.db "select count(*) from games") games"
	rm -rf outbox
done
echo "== pairing alone (mupbem-bench pairing)"
"$MUPBEM_BENCH" pairing
