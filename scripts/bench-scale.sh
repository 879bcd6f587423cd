#!/bin/bash
# mupbemd on a store of N games (scripts/gen-store.sh; 100,000 by
# default), three figures:
#
#   start    the time from starting mupbemd as the daemon to its
#            "started:" line, and VmRSS and VmHWM from /proc/PID/status
#            after 5 s at rest; three times
#   idle     one "mupbemd --once" with no mail: start, a round (with
#            the hourly pruning of the outbox, due at the first round),
#            exit, by the wall clock
#   mail     200 turn mails (MAILS), one at a time, to mupbemd as the
#            daemon: each a turn of a game in play picked at random,
#            drawn by the robot (mupbem robot) and sent by the player to
#            move to their token address; each is one transaction (the
#            game loaded and replayed, the turn checked and applied,
#            the record, the action, the clock and its timers saved,
#            a reply queued for each player who is told: two, or one
#            when the service plays the next player's only choice) and
#            its replies are written to outbox/new.  Timed from the
#            daemon's "round:" lines (taking the mail, sending the
#            replies) and by the wall clock, from the mail's rename into
#            Maildir/new to its round's line, logged once its replies
#            are sent; then VmRSS and VmHWM, and the daemon's
#            processor time over the mails (from /proc/PID/stat), which
#            the other work on the machine changes less than the times.
#            With 400 games in play or more, each mail is for another
#            game; with GAMES=K, all are for K games in play drawn at
#            the start.
#
# Usage, after a non-sanitizer build: bash scripts/bench-scale.sh [N]
# (with MUPBEM and MUPBEMD set, or from the source folder).  STORE=DIR
# uses the store gen-store.sh made in DIR (which the mails change)
# instead of making one in a temporary folder.  BENCH_PICTURES=no
# sends the boards without their pictures (drawing one is most of a
# turn mail's time: docs/performance.md).
set -euo pipefail

cd "$(dirname "$0")/.."
src=$PWD
total=${1:-100000}
: "${MUPBEM:=$src/mupbem}"
: "${MUPBEMD:=$src/mupbemd}"
export MUPBEM MUPBEMD
mails=${MAILS:-200}
if [ -n "${STORE:-}" ]; then
	dir=$STORE
else
	dir=$(mktemp -d "${TMPDIR:-/tmp}/mupbem-scale.XXXXXX")
	trap "${KEEP:+:} rm -rf $dir" EXIT
	echo "== making $total games (not timed)"
	bash "$src/scripts/gen-store.sh" "$total" "$dir"
fi
cd "$dir"
# The configuration; BENCH_PICTURES=no sends the boards without pictures.
cp d.conf b.conf
[ "${BENCH_PICTURES:-yes}" = yes ] || printf 'pictures = no\n' >>b.conf
export MUPBEM_NOW=$((${MUPBEM_NOW:-1795000000} + 60))

sql() {
	sqlite3 mupbem.db "$1"
}

# start: mupbemd as the daemon until "started:", then 5 s at rest.
start() {
	python3 - "$MUPBEMD" <<'PY'
import os, signal, subprocess, sys, time
log = open("start.log", "w")
t0 = time.monotonic()
p = subprocess.Popen([sys.argv[1], "-c", "b.conf", "-v"], stderr=log)
while "started:" not in open("start.log").read():
	if p.poll() is not None or time.monotonic() - t0 > 60:
		sys.exit("mupbemd did not start")
	time.sleep(0.001)
ready = time.monotonic() - t0
time.sleep(5)
vm = {}
for line in open("/proc/%d/status" % p.pid):
	k, v = line.split(":", 1)
	vm[k] = v.strip()
p.send_signal(signal.SIGTERM)
p.wait()
print("ready in %.0f ms; at rest VmRSS %s, VmHWM %s" % (ready * 1000,
    vm["VmRSS"], vm["VmHWM"]))
PY
}

# token ID SECRET: the player's token for game ID (identity.c).
token() {
	python3 -c 'import hmac, hashlib, sys
print(hmac.new(sys.argv[2].encode(), ("g" + sys.argv[1]).encode(),
    hashlib.sha256).hexdigest()[:12])' "$1" "$2"
}

# status PID: its memory, from /proc.
status() {
	grep -E '^Vm(RSS|HWM)' "/proc/$1/status" | tr -s ' \t' ' ' |
	    tr '\n' ' '
}

# cpu PID: its user and system time, in ticks of 10 ms.
cpu() {
	awk '{ print $14 + $15 }' "/proc/$1/stat"
}

# turn ID: the mail of the player to move in game ID, with a turn the
# robot draws, into Maildir/tmp.
turn() {
	local id=$1 row who secret n move
	row=$(sql "SELECT p.address, p.secret, g.turns + 1 FROM games g
	    JOIN seats s ON s.game = g.id AND s.seat = g.clock_seat
	    JOIN players p ON p.id = s.player WHERE g.id = $id")
	IFS='|' read -r who secret n <<<"$row"
	"$MUPBEM" --db mupbem.db export "G$id" >rec
	move=$("$MUPBEM" robot --seed "$id" rec)
	mp_mail "$who" "games+g$id-$(token "$id" "$secret")@bench.example" \
	    "Re: [mupbem G$id]" "#$n $move"
}

deliver() {
	cp "$1" "Maildir/tmp/$(date +%s%N).bench"
}
MP_SEND=deliver
MP_DB=$dir/mupbem.db
. "$src/scripts/mail-players.sh"

echo "== $(sql "SELECT count(*) FROM games") games," \
    "$(sql "SELECT count(*) FROM games WHERE status = 'playing'") in play," \
    "$(stat -c %s mupbem.db) bytes"
# Each mail for another game, when there are enough; with GAMES=K, for
# K games in play drawn once, as at 10 games.
fresh=
if [ -n "${GAMES:-}" ]; then
	fresh="AND id IN ($(sql "SELECT group_concat(id) FROM (SELECT id
	    FROM games WHERE status = 'playing' ORDER BY random()
	    LIMIT $GAMES)"))"
elif [ "$(sql "SELECT count(*) FROM games WHERE status = 'playing'")" \
    -ge $((mails * 2)) ]; then
	fresh="AND id NOT IN (SELECT game FROM actions WHERE at >= $MUPBEM_NOW)"
fi

echo "== start"
for i in 1 2 3; do
	echo "start $i: $(start)"
done

echo "== a round with no mail"
rm -f outbox/new/*
s=$(date +%s%N)
"$MUPBEMD" -c b.conf -v --once 2>idle.log
e=$(date +%s%N)
echo "start, round, exit: $(((e - s) / 1000000)) ms wall;" \
    "$(grep -o 'outbox: .*' idle.log || echo 'outbox: nothing pruned')"

echo "== $mails turn mails to mupbemd as the daemon, one at a time"
rm -f outbox/new/*
"$MUPBEMD" -c b.conf -v 2>daemon.log &
pid=$!
trap "kill $pid 2>/dev/null || true; ${KEEP:+:} ${STORE:+:} rm -rf $dir" EXIT
until grep -q started: daemon.log; do sleep 0.01; done
before=$(sql "SELECT count(*) FROM actions")
cpu0=$(cpu "$pid")
sleep 2
: >latency
for i in $(seq 1 "$mails"); do
	id=$(sql "SELECT id FROM games WHERE status = 'playing' $fresh
	    ORDER BY random() LIMIT 1")
	turn "$id"
	rounds=$(grep -c 'round: ' daemon.log || true)
	s=$(date +%s%N)
	mv Maildir/tmp/* Maildir/new/
	# The round's line comes once its replies are sent.
	until [ "$(grep -c 'round: ' daemon.log)" -gt "$rounds" ]; do
		sleep 0.001
	done
	e=$(date +%s%N)
	echo $(((e - s) / 1000)) >>latency
done
echo "after the mails: $(status $pid)"
cpu1=$(cpu "$pid")
echo "processor time of mupbemd (user and system) during the mails:" \
    "$(((cpu1 - cpu0) * 10)) ms, $(((cpu1 - cpu0) * 10000 / mails)) us a mail"
kill -TERM $pid
wait $pid || true
echo "turns recorded: $(($(sql "SELECT count(*) FROM actions") - before))" \
    "for $mails mails (the service plays an only choice itself)"
# "round: 1 mails taken in 3.4 ms, 0 due events in 0.0 ms, 2 replies
# sent in 7.3 ms, ..."
grep -o 'round: .*' daemon.log | tr -d ',' |
    awk '{ m += $2; t += $6; r += $14; s += $18 } END {
	printf "rounds: %d mails taken in %.1f ms, %d replies sent in %.1f ms\n",
	    m, t, r, s
	printf "taking a turn mail (one transaction): %.2f ms\n", t / m
	printf "sending a reply (Maildir):            %.2f ms\n", s / r
}'
sort -n latency | awk '{ v[NR] = $1; s += $1 } END {
	printf "a mail delivered to answered: mean %.2f ms, median %.2f ms, ",
	    s / NR / 1000, v[int(NR / 2) + 1] / 1000
	printf "p90 %.2f ms, max %.2f ms\n", v[int(NR * 0.9)] / 1000,
	    v[NR] / 1000
}'
