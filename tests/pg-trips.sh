#!/usr/bin/env bash
#
# What a turn mail costs in round trips to PostgreSQL (issue 39): on a
# real server started for the test (tests/pg-lib.sh), players make and
# accept games by mail, every turn is drawn in advance (mupbem robot on
# a copy of each record, as scripts/bench-service.sh does).  The
# backend counts its round trips and logs them when it closes ("store:
# N round trips to PostgreSQL", mupbemd -v).  One "mupbemd --once"
# takes the first turn of every game, and prepares on its connection
# the statements a turn mail needs; another takes the rest: what it
# costs beyond the first, a mail, is what a turn mail costs, its two
# replies sent.  It may be at most PG_TRIPS_MAX (12; issue 39 asks for
# 5, docs/performance.md says where the rest go).  PG_TRIPS_GAMES (4)
# and PG_TRIPS_TURNS (10) set the games and their turns; with
# PG_TRIPS_LOG=FILE the server's log of the second run's statements is
# kept there.  Exits 77 (skipped) only where no server can be started.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

. "$here/tap.sh"
. "$here/pg-lib.sh"

pg_need
pg_start mupbem_trips
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pg-trips.XXXXXX") || exit 99
trap "pg_stop; ${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

games=${PG_TRIPS_GAMES:-4}
per=${PG_TRIPS_TURNS:-10}
max=${PG_TRIPS_MAX:-12}
mkdir -p Maildir/new Maildir/cur Maildir/tmp rec
printf '[server]\naddress = games@localhost\nrate_burst = 0\n' >d.conf
printf 'invitations = any\npictures = no\ndatabase = %s\n' \
    "$MUPBEM_TEST_PG" >>d.conf
MP_SEND=mp_deliver
MP_DB=$MUPBEM_TEST_PG
. "$here/../scripts/mail-players.sh"

# trips: one "mupbemd -v --once" run; the round trips it logged.
trips() {
	"$MUPBEMD" -c d.conf -v --once 2>run.log ||
	    { echo "Bail out! mupbemd failed: $(tail -3 run.log)"; exit 99; }
	sed -n 's/.*store: \([0-9]*\) round trips to PostgreSQL.*/\1/p' \
	    run.log | tail -1
}

for g in $(seq 1 "$games"); do
	mp_mail "p${g}a@example.org" games@localhost "" \
	    "new velox with p${g}b@example.org"
done
trips >/dev/null
for f in outbox/new/*; do
	case "$(mp_header "$f" X-Mupbem-State)" in
	invitation) mp_reply "$f" "$(mp_header "$f" To)" accept ;;
	esac
done
rm -f outbox/new/*
trips >/dev/null
declare -A token
for f in outbox/new/*; do
	token[$(mp_header "$f" To)]=$(mp_header "$f" Reply-To)
done
rm -f outbox/new/*

# Every turn drawn in advance, then sent game by game in turn.
for g in $(seq 1 "$games"); do
	"$MUPBEM" --db "$MUPBEM_TEST_PG" export "G$g" >"rec/$g"
	: >"rec/$g.turns"
	for t in $(seq 1 "$per"); do
		move=$(($(grep -c '^[0-9]' "rec/$g" || true) + 1))
		"$MUPBEM" replay "rec/$g" >pos
		grep -q '^phase over' pos && break
		seat=$(sed -n 's/^to-move //p' pos)
		who=$(sed -n "s/^seat $seat //p" "rec/$g")
		turn=$("$MUPBEM" robot --seed "$((g * 1000 + t))" "rec/$g")
		"$MUPBEM" play "rec/$g" "$turn" >/dev/null
		printf '%s\t%s\t#%d %s\n' "$who" "${token[$who]}" "$move" \
		    "$turn" >>"rec/$g.turns"
	done
done
before=$(for g in $(seq 1 "$games"); do
	"$MUPBEM" --db "$MUPBEM_TEST_PG" export "G$g" | grep -c '^[0-9]'
done | awk '{ s += $1 } END { print s }')

# send FIRST LAST: the turns FIRST to LAST of every game, game by game
# in turn, into the Maildir; adds to $mails.
mails=0
send() {
	local t g line who to body
	for t in $(seq "$1" "$2"); do
		for g in $(seq 1 "$games"); do
			line=$(sed -n "${t}p" "rec/$g.turns")
			[ -n "$line" ] || continue
			IFS=$'\t' read -r who to body <<<"$line"
			mp_mail "$who" "$to" "Re: [mupbem G$g] velox" "$body"
			mails=$((mails + 1))
		done
	done
}

# The first turn of each game: a run that prepares what a turn mail's
# statements need, once a connection; what the rest costs beyond it is
# what the mails cost, each.
send 1 1
first=$mails
one=$(trips)
rm -f outbox/new/*
if [ -n "${PG_TRIPS_LOG:-}" ]; then
	pg_psql postgres -c \
	    "ALTER DATABASE mupbem_trips SET log_statement = 'all'"
fi
send 2 "$per"
total=$(trips)
[ -z "${PG_TRIPS_LOG:-}" ] || cp "$pg_dir/server.log" "$PG_TRIPS_LOG"

begin
played=$(for g in $(seq 1 "$games"); do
	"$MUPBEM" --db "$MUPBEM_TEST_PG" export "G$g" | grep -c '^[0-9]'
done | awk '{ s += $1 } END { print s }')
[ "$((played - before))" -eq "$mails" ] ||
    why+=("$mails turn mails sent, $((played - before)) turns played")
[ "$(ls outbox/new | wc -l)" -ge "$((mails - first))" ] ||
    why+=("$(ls outbox/new | wc -l) replies to $((mails - first)) mails")
end "the $mails turn mails are played and answered"

begin
[ -n "$one" ] && [ -n "$total" ] || why+=("no count of round trips logged")
each=$(awk -v t="${total:-0}" -v o="${one:-0}" -v n="$((mails - first))" \
    -v f="$first" 'BEGIN { printf "%.1f", (t - o) / (n - f) }')
echo "# $first turn mails: $one round trips; $((mails - first)):" \
    "$total; $each a mail more"
awk -v e="$each" -v m="$max" 'BEGIN { exit !(e <= m) }' ||
    why+=("a turn mail costs $each round trips, more than $max")
end "a turn mail costs at most $max round trips to PostgreSQL"

tap_done
