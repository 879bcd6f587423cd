#!/bin/bash
# Clocks at scale: N games on the clock (100,000 by default) in a real
# SQLite store, and three figures.
#
#   lookup   what finding the next due event costs at 1,000, 10,000
#            and N games: mupbem-bench clocks times store_timer_next()
#            and store_timer_due(), counts SQLite's steps a call and
#            prints its plan
#   memory   VmRSS and VmHWM of mupbemd idle on the N games, from
#            /proc/PID/status, after it has started and gone to sleep
#   timeouts 1,000 deadlines at the same second: one "mupbemd -v
#            --once" with MUPBEM_NOW a second later, timed from its
#            "once:" line (the due events, then sending the 2,000
#            game-over mails into the Maildir outbox) and by the wall
#            clock; three runs, each on a fresh copy of the store;
#            then mupbemd as a daemon does the same and its VmHWM is
#            read
#
# Setting up is not timed.  Four seed games are played by mail through
# mupbemd (scripts/clock-games.sh: a mur and a velox game, 2 days a
# turn, ten turns each, twice): the first two get their reminder, so
# each keeps one timer, its timeout; the other two start a day and a
# half later, with a reminder and a timeout each.  cg_clone copies the
# first pair into the 1,000 games that time out together and the
# second into the rest, spread over ten days.
#
# Usage, after a non-sanitizer build: bash scripts/bench-clocks.sh [N]
# (from the source folder, or with MUPBEM and MUPBEMD set; MUPBEM_BENCH
# is the mupbem-bench beside MUPBEM unless set).
set -euo pipefail

cd "$(dirname "$0")/.."
src=$PWD
total=${1:-100000}
: "${MUPBEM:=$src/mupbem}"
: "${MUPBEMD:=$src/mupbemd}"
: "${MUPBEM_BENCH:=$(dirname "$MUPBEM")/mupbem-bench}"
dir=$(mktemp -d "${TMPDIR:-/tmp}/mupbem-clocks.XXXXXX")
trap "${KEEP:+:} rm -rf $dir" EXIT
cd "$dir"
export MUPBEM MUPBEMD
. "$src/scripts/mail-players.sh"
. "$src/scripts/clock-games.sh"
cg_folder

sql() {
	sqlite3 mupbem.db "$1"
}

# lookup: the figures of mupbem-bench clocks at the store's size.
lookup() {
	echo "== $(sql "SELECT count(*) FROM games") games"
	"$MUPBEM_BENCH" clocks --calls 100000 mupbem.db
}

# status PID: its memory, from /proc.
status() {
	grep -E '^Vm(RSS|HWM)' "/proc/$1/status" | tr -s ' \t' ' ' |
	    tr '\n' ' '
	echo
}

# daemon: start mupbemd on the store in the background; $pid.
daemon() {
	"$MUPBEMD" -c d.conf -v 2>"$1" &
	pid=$!
	for i in $(seq 1 600); do
		grep -q "$2" "$1" && return
		sleep 0.1
	done
	echo "mupbemd did not log '$2'" >&2
	exit 1
}

stop() {
	kill -TERM "$pid"
	wait "$pid" || true
}

export MUPBEM_NOW=1795000000
cg_seed 10 "mur time 2d" "velox time 2d"
at=$(sql "SELECT max(at) FROM timers WHERE kind = 'remind'")
due=$(sql "SELECT max(deadline) FROM games")
export MUPBEM_NOW=$((at + 60))
cg_run
rm -f outbox/new/*
cg_clone 998 0 0 "${cg_seeds[@]}"
lookup

export MUPBEM_NOW=$((MUPBEM_NOW + 60))
cg_seed 10 "mur time 2d" "velox time 2d"
cg_clone 8998 9 0 "${cg_seeds[@]}"
lookup
if [ "$total" -gt 10000 ]; then
	cg_clone $((total - 10000)) 9 $((8998 * 9)) "${cg_seeds[@]}"
	lookup
fi
echo "== the store"
sql "SELECT status, count(*) FROM games GROUP BY status;
    SELECT kind, count(*), min(at), max(at) FROM timers GROUP BY kind;
    SELECT count(*) || ' players' FROM players;
    SELECT count(*) || ' due at $due' FROM timers WHERE at <= $due + 1;
    PRAGMA integrity_check; PRAGMA foreign_key_check"
sql "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
echo "$(stat -c %s mupbem.db) bytes"
cp mupbem.db saved.db

echo "== mupbemd at rest, $(sql "SELECT count(*) FROM games") games"
export MUPBEM_NOW=$((due - 60))
daemon idle.log started:
sleep 5
echo "idle: $(status $pid)"
stop
grep -q 'round:' idle.log && { echo "mupbemd was not idle" >&2; exit 1; }

echo "== 1000 timeouts at $due, mupbemd -v --once at $((due + 1))"
export MUPBEM_NOW=$((due + 1))
for run in 1 2 3; do
	rm -f mupbem.db-wal mupbem.db-shm outbox/new/*
	cp saved.db mupbem.db
	sync
	start=$(date +%s%N)
	"$MUPBEMD" -c d.conf -v --once 2>once.log
	end=$(date +%s%N)
	echo "run $run: $(grep -o 'once: .*' once.log)," \
	    "$(((end - start) / 1000000)) ms wall," \
	    "$(ls outbox/new | wc -l) mails in the outbox"
done
echo "after: $(sql "SELECT count(*) FROM games WHERE ending = 'time'")" \
    "games over on time," \
    "$(sql "SELECT count(*) FROM timers WHERE at <= $MUPBEM_NOW") timers due"

echo "== the same 1000 timeouts, mupbemd as a daemon"
rm -f mupbem.db-wal mupbem.db-shm outbox/new/*
cp saved.db mupbem.db
sync
daemon busy.log round:
grep -o "round: .*" busy.log
echo "after the round: $(status $pid)"
stop
