#!/bin/bash
# The game service's speed: N valid turn mails, in G games at once,
# go through a Maildir into one "mupbemd -1" run with the Maildir
# sender (or sendmail, with BENCH_SENDER=sendmail and a working
# /usr/sbin/sendmail).  For each mail, in a savepoint of a transaction
# of up to [server] batch mails: the turn checked and applied, the
# record saved, the action logged, and a mail queued for each player.
# Prints mails per second and the time per mail, for taking them (the
# transactions) and for sending the replies, for BENCH_RUNS (3) runs from the same start and the best and median of
# the whole run; then the same mails again through "mupbemd --deliver",
# one process a mail, as a mail server's pipe would run it.
#
# Setting up is not timed: the players create and accept the games by
# mail, then every turn is drawn in advance (mupbem robot, mupbem play
# on a copy of each record) and written as the mail a player would
# send: to their token reply address, with "#N".
#
# Random velox games end after about 35 actions, so by default there
# is a game for every 30 mails.
#
# Usage, after a build: bash scripts/bench-service.sh [N] [G]
# BENCH_PICTURES=no sends the boards without their pictures;
# BENCH_BATCH=N sets [server] batch; BENCH_DELIVER=no skips --deliver.
# BENCH_SETTLE=S waits S seconds after clearing the last run's files
# and before the next run: an ext4 without a journal scans the inodes
# freed in the last 30 seconds each time it makes a file, so a run
# right after one pays for its deletions (docs/performance.md).
# BENCH_TOOL runs each "mupbemd -1" under a tool, to count rather than
# time: BENCH_TOOL="valgrind --tool=callgrind --callgrind-out-file=/tmp/cg"
# BENCH_RUNS=1 BENCH_DELIVER=no (the run is in a directory removed at
# the end, so name the tool's file outside it).
set -euo pipefail

cd "$(dirname "$0")/.."
src=$PWD
count=${1:-2000}
games=${2:-$(((count + 29) / 30))}
dir=$(mktemp -d "${TMPDIR:-/tmp}/mupbem-bench.XXXXXX")
trap "${KEEP:+:} rm -rf $dir" EXIT
cd "$dir"
mkdir -p Maildir/new Maildir/cur Maildir/tmp rec
printf '[server]\naddress = games@bench.example\nrate_burst = 0\ninvitations = any\n' >d.conf
printf 'pictures = %s\n' "${BENCH_PICTURES:-yes}" >>d.conf
if [ -n "${BENCH_BATCH:-}" ]; then
	printf 'batch = %s\n' "$BENCH_BATCH" >>d.conf
fi
if [ "${BENCH_SENDER:-maildir}" = sendmail ]; then
	printf '[send]\nurl = sendmail:/usr/sbin/sendmail\n' >>d.conf
fi

deliver() {
	local name
	name=$(printf '%012d' "$seq").bench
	seq=$((seq + 1))
	cp "$1" "Maildir/new/$name"
}
seq=0
MUPBEM=$src/mupbem
MP_SEND=deliver
MP_DB=$dir/mupbem.db
. "$src/scripts/mail-players.sh"

# The games, made and accepted by mail.
for g in $(seq 1 "$games"); do
	mp_mail "p${g}a@bench.example" games@bench.example "" \
	    "new velox with p${g}b@bench.example"
done
"$src/mupbemd" -c d.conf --once 2>/dev/null
for f in outbox/new/*; do
	case "$(mp_header "$f" Subject): $(mp_header "$f" X-Mupbem-State)" in
	*": invitation") mp_reply "$f" "$(mp_header "$f" To)" accept ;;
	esac
done
rm -f outbox/new/*
"$src/mupbemd" -c d.conf --once 2>/dev/null
declare -A token
for f in outbox/new/*; do
	token[$(mp_header "$f" To)]=$(mp_header "$f" Reply-To)
done
rm -f outbox/new/*

# Every turn drawn in advance, game by game, round-robin into mail.
per=$(((count + games - 1) / games))
for g in $(seq 1 "$games"); do
	"$MUPBEM" --db mupbem.db export "G$g" >"rec/$g"
	: >"rec/$g.turns"
	for t in $(seq 1 "$per"); do
		move=$(($(grep -c '^[0-9]' "rec/$g" || true) + 1))
		"$MUPBEM" replay "rec/$g" >pos
		grep -q '^phase over' pos && break
		seat=$(sed -n 's/^to-move //p' pos)
		who=$(sed -n "s/^seat $seat //p" "rec/$g")
		turn=$("$MUPBEM" robot --seed "$((g * 100000 + t))" "rec/$g")
		"$MUPBEM" play "rec/$g" "$turn" >/dev/null
		printf '%s\t%s\t#%d %s\n' "$who" "${token[$who]}" "$move" "$turn" \
		    >>"rec/$g.turns"
	done
done
n=0
for t in $(seq 1 "$per"); do
	for g in $(seq 1 "$games"); do
		line=$(sed -n "${t}p" "rec/$g.turns")
		[ -n "$line" ] || continue
		IFS=$'\t' read -r who to body <<<"$line"
		[ $n -lt "$count" ] || break 2
		mp_mail "$who" "$to" "Re: [mupbem G$g] velox" "$body"
		n=$((n + 1))
	done
done

# The run starts from this state each time.
sqlite3 mupbem.db 'PRAGMA wal_checkpoint(TRUNCATE)' >/dev/null
mkdir snap
cp -a Maildir mupbem.db snap/
restore() {
	rm -rf Maildir outbox mupbem.db mupbem.db-wal mupbem.db-shm
	cp -a snap/Maildir snap/mupbem.db .
	mkdir -p outbox/new outbox/cur outbox/tmp
	sleep "${BENCH_SETTLE:-0}"
}

# once RUN: one "mupbemd -1" run; its figures in once.RUN.
once() {
	local start end line take send replies
	restore
	start=$(date +%s%N)
	# shellcheck disable=SC2086 # BENCH_TOOL is a command and its words
	{ time ${BENCH_TOOL:-} "$src/mupbemd" -c d.conf -v --once \
	    2>run.log; } 2>"cpu.$1"
	end=$(date +%s%N)
	grep -q "once: $n mails taken" run.log || { tail -3 run.log; exit 1; }
	line=$(grep 'once: ' run.log)
	take=$(echo "$line" | sed 's/.* taken in \([0-9.]*\) ms.*/\1/')
	send=$(echo "$line" | sed 's/.* sent in \([0-9.]*\) ms.*/\1/')
	replies=$(echo "$line" | sed 's/.*, \([0-9]*\) replies.*/\1/')
	[ "$(ls outbox/new | wc -l)" -eq "$replies" ] ||
	    { echo "run $1: $replies replies sent, $(ls outbox/new | wc -l) written"; exit 1; }
	echo "$take $send $replies $(((end - start) / 1000))" >"once.$1"
}

TIMEFORMAT='%U %S'
runs=${BENCH_RUNS:-3}
for r in $(seq 1 "$runs"); do
	once "$r"
done
played=$(for g in $(seq 1 "$games"); do "$MUPBEM" --db mupbem.db export "G$g" |
    grep -c '^[0-9]'; done | awk '{s += $1} END {print s}')
refused=$(grep -rl 'not played\|could not do' outbox/new | wc -l || true)
replies=$(cut -d' ' -f3 once.1)

# The same mail, one "mupbemd --deliver" process a mail, as a mail
# server's pipe would run it; each sends its own replies.
deliver_runs() {
	restore
	ls Maildir/new >order
	start=$(date +%s%N)
	{ time while read -r f; do
		"$src/mupbemd" -c d.conf --deliver <"Maildir/new/$f" 2>>deliver.log ||
		    { echo "--deliver failed on $f"; tail -3 deliver.log; exit 1; }
	done <order; } 2>deliver.cpu
	end=$(date +%s%N)
	delivered=$(ls outbox/new | wc -l)
	[ "$delivered" -eq "$replies" ] ||
	    { echo "--deliver wrote $delivered replies, not $replies"; exit 1; }
}
[ "${BENCH_DELIVER:-yes}" = no ] || deliver_runs

echo "turn mails:        $n in $games games ($played turns in the records, $refused refused)"
echo "replies:           $replies"
echo "batch:             ${BENCH_BATCH:-the default}"
for r in $(seq 1 "$runs"); do
	read -r take send replies wall <"once.$r"
	read -r user sys <"cpu.$r"
	awk -v r="$r" -v n="$n" -v take="$take" -v send="$send" -v rp="$replies" \
	    -v wall="$wall" -v cpu="$user" -v sys="$sys" 'BEGIN {
	printf "mupbemd --once, run %d: taking %.0f mails/s, sending %.0f replies/s, whole run %.0f mails/s (%.3f ms a mail; CPU %.3f ms a mail: user %.3f, system %.3f)\n", r, n / (take / 1000), rp / (send / 1000), n / (wall / 1e6), wall / 1000 / n, (cpu + sys) * 1000 / n, cpu * 1000 / n, sys * 1000 / n
}'
done
cat once.* | awk -v n="$n" '{ print n / ($4 / 1e6) }' | sort -n | awk '
	{ v[NR] = $1 } END {
	printf "mupbemd --once, whole run: best %.0f mails/s, median %.0f mails/s, of %d runs\n", v[NR], v[int((NR + 1) / 2)], NR
}'
[ "${BENCH_DELIVER:-yes}" = no ] && exit 0
read -r user sys <deliver.cpu
awk -v n="$n" -v wall="$(((end - start) / 1000))" -v cpu="$user" -v sys="$sys" 'BEGIN {
	printf "mupbemd --deliver, a process a mail: %.0f mails/s, %.3f ms a mail (CPU %.3f ms a mail: user %.3f, system %.3f)\n", n / (wall / 1e6), wall / 1000 / n, (cpu + sys) * 1000 / n, cpu * 1000 / n, sys * 1000 / n
}'
