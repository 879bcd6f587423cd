#!/usr/bin/env bash
#
# Due events exactly once across SIGKILL.  A store holds a burst of
# them, in two rounds: first 100 two-player games on the clock whose
# deadlines have passed under MUPBEM_NOW and 200 others whose reminder
# is due, then, later, the deadlines of those 200 (scripts/
# clock-games.sh: a few seed games played by mail, copied with SQL).
# mupbemd, as a daemon on a Maildir with a Maildir outbox, works
# through them; it is killed with SIGKILL at random moments and
# started again until no timer is due and the outbox is sent.  Then
# every game has timed out once: one resign line and one "ran out of
# time" comment in its record, one resign in its turns, over on time;
# each player of each game has one game-over mail, each reminder went
# once to the player it was for, and nothing else was sent.  TAP-like
# output.
#
# make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }
command -v sqlite3 >/dev/null || { echo "Bail out! no sqlite3"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/clock-crash.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"
. "$here/service-lib.sh"
CG_CONF=mupbem.conf
CG_DOMAIN=localhost
. "$here/../scripts/clock-games.sh"

sql() {
	sqlite3 mupbem.db "$1"
}

want() {
	[ "$2" = "$3" ] || why+=("$1: got '$2', wanted '$3'")
}

# left: the due timers and the unsent mail, "DUE UNSENT".
left() {
	sqlite3 -cmd ".timeout $(tap_scale 5000)" -separator ' ' mupbem.db "SELECT
	    (SELECT count(*) FROM timers WHERE at <= $MUPBEM_NOW),
	    (SELECT count(*) FROM outbox WHERE sent IS NULL)"
}

# aim STATE PID DUE: watch the store while mupbemd (PID) runs and kill
# it as soon as it is in STATE: "ticking", some of the DUE events
# handled and some left, or "sending", every event handled and mail
# unsent (or once all is done, too late).  A kill at a random moment
# can miss a short phase; an aimed one lands in it unless the phase
# ends between two looks.
aim() {
	local due unsent i
	for i in $(seq 1 3000); do
		read -r due unsent < <(left) || continue
		case $1:${due:-x}:${unsent:-x} in
		*:x:*|*:*:x) ;;
		*:0:0) break ;;
		ticking:*) [ "$due" -gt 0 ] && [ "$due" -lt "$3" ] && break ;;
		sending:*) [ "$due" -eq 0 ] && [ "$unsent" -gt 0 ] && break ;;
		esac
		kill -0 "$2" 2>/dev/null || return
	done
	kill -KILL "$2" 2>/dev/null && kills=$((kills + 1))
}

# mails: "GAME STATE TO" for each mail in the outbox, sorted.
mails() {
	find outbox/new outbox/cur -type f -exec awk '
	FNR == 1 { game = state = to = "" }
	/^$/ { print game, state, to; nextfile }
	/^Subject: \[mupbem G[0-9]+\]/ { game = substr($3, 2); sub(/]$/, "", game) }
	/^X-Mupbem-State: / { state = $0; sub(/^X-Mupbem-State: /, "", state)
		gsub(/ /, "_", state) }
	/^To: / { to = $2 }' {} + | sort
}

# --- the burst ---------------------------------------------------------------

# Without pictures of the board: drawing one for each of the 300
# game-over mails would stretch the handling of the events past the
# kills' reach, and no run would be killed while sending.
fresh 'pictures = no\n'
T0=1795000000
export MUPBEM_NOW=$T0
# Two seed games get their reminder, and they and 98 copies keep their
# timeout; two more seeds, and 198 copies, keep a reminder and a timeout.
cg_seed 3 "mur time 2d" "velox time 2d" || { echo "Bail out! seed"; exit 99; }
at=$(sql "SELECT max(at) FROM timers WHERE kind = 'remind'")
export MUPBEM_NOW=$((at + 60))
cg_run
rm -f outbox/new/*
cg_clone 98 10 0 "${cg_seeds[@]}"
export MUPBEM_NOW=$((MUPBEM_NOW + 60))
cg_seed 3 "mur time 2d" "velox time 2d" || { echo "Bail out! seed"; exit 99; }
cg_clone 198 10 0 "${cg_seeds[@]}"
# The first round: just before the first deadline of a game that has
# its reminder to come (a reminder is not sent once its deadline has
# passed: the timeout says it all).
export MUPBEM_NOW=$(($(sql "SELECT min(g.deadline) FROM games g JOIN
    timers t ON t.game = g.id AND t.kind = 'remind'") - 60))
last_deadline=$(sql "SELECT max(deadline) FROM games")

begin
[ "$(sql "SELECT count(*) FROM games WHERE status = 'playing'")" = 300 ] ||
    why+=("games: $(sql "SELECT status, count(*) FROM games GROUP BY 1")")
[ "$(sql "SELECT kind, count(*) FROM timers WHERE at <= $MUPBEM_NOW
    GROUP BY kind ORDER BY kind")" = "$(printf 'remind|200\ntimeout|100')" ] ||
    why+=("timers: $(sql "SELECT kind, count(*) FROM timers GROUP BY 1")")
[ "$(sql "SELECT count(*) FROM timers WHERE at <= $last_deadline")" = 500 ] ||
    why+=("timers not due")
[ "$(sql "PRAGMA foreign_key_check")" = "" ] || why+=("foreign keys")
end "300 games: 100 past their deadline, 200 with their reminder due, and their deadlines later"

# What should go: a game-over mail to each player of each game, and a
# reminder to each player whose reminder is due.
sql "SELECT g.id, 'game_over', p.address FROM games g
    JOIN seats s ON s.game = g.id JOIN players p ON p.id = s.player
    UNION ALL
    SELECT g.id, 'reminder:_your_turn_' || (g.turns + 1), p.address
    FROM games g JOIN timers t ON t.game = g.id AND t.kind = 'remind'
    JOIN seats s ON s.game = g.id AND s.seat = g.clock_seat
    JOIN players p ON p.id = s.player" | tr '|' ' ' | sort >expected
rm -f outbox/new/* outbox/cur/*
queued=$(sql "SELECT count(*) FROM outbox")

# --- killed at random moments ------------------------------------------------

# burst: mupbemd works through what is due at MUPBEM_NOW, killed at
# random moments and started again, then left to finish.
burst() {
	local attempt before after ms pid i
	for attempt in $(seq 1 40); do
		before=$(left)
		[ "$before" = "0 0" ] && break
		"$MUPBEMD" -c mupbem.conf 2>>daemon.log &
		pid=$!
		if [ $((attempt % 2)) = 1 ]; then
			# At random, from 20 ms up to a growing limit: anywhere,
			# starting up or in the middle of a transaction.
			ms=$((20 + RANDOM % (attempt * 60)))
			sleep "$(printf '%d.%03d' $((ms / 1000)) \
			    $((ms % 1000)))"
			kill -KILL "$pid" 2>/dev/null && kills=$((kills + 1))
		elif [ $ticking -lt 4 ] && [ "${before% *}" -gt 1 ]; then
			aim ticking "$pid" "${before% *}"
		else
			aim sending "$pid"
		fi
		wait "$pid" 2>/dev/null
		after=$(left)
		# Killed with due events handled and more to go, or with mail
		# queued and not all of it sent.
		[ "${after% *}" -gt 0 ] && [ "${after% *}" -lt "${before% *}" ] &&
		    ticking=$((ticking + 1))
		[ "${after% *}" -eq 0 ] && [ "${after#* }" -gt 0 ] &&
		    sending=$((sending + 1))
		[ $ticking -ge 4 ] && [ $sending -ge 2 ] && break
	done
	# The last run is left to finish, and stopped once it has started.
	"$MUPBEMD" -c mupbem.conf 2>last.log &
	pid=$!
	for i in $(seq 1 "$(tap_scale 600)"); do
		grep -q 'started:' last.log && [ "$(left)" = "0 0" ] && break
		sleep 0.2
	done
	kill -TERM "$pid"
	wait "$pid"
	want "the last run's exit status" "$?" 0
	want "due events and unsent mail left" "$(left)" "0 0"
}

begin
kills=0 ticking=0 sending=0
burst
export MUPBEM_NOW=$((last_deadline + 60))
burst
[ $ticking -gt 0 ] || why+=("no run was killed while handling due events")
[ $sending -gt 0 ] || why+=("no run was killed while sending")
end "killed $kills times, $ticking while handling due events, $sending while sending; then all done"

# --- exactly once ------------------------------------------------------------

begin
want "timers" "$(sql "SELECT count(*) FROM timers")" 0
want "games left playing" "$(sql "SELECT count(*) FROM games
    WHERE status = 'playing'")" 0
want "games over on time" "$(sql "SELECT count(*) FROM games
    WHERE status = 'over' AND ending = 'time'")" 300
want "resignations" "$(sql "SELECT count(*) FROM actions
    WHERE text = 'resign'")" 300
want "games with one resignation" "$(sql "SELECT count(DISTINCT game)
    FROM actions WHERE text = 'resign'")" 300
# One game a line: its id and its record's lines, separated by '|'.
sql "SELECT id, replace(record, char(10), '|') FROM games" | awk -F'|' '
{
	r = t = 0
	for (i = 2; i <= NF; i++) {
		if ($i ~ /^[0-9]+ [a-z]+ resign$/)
			r++
		if ($i ~ /^# .* ran out of time$/)
			t++
	}
	if (r != 1 || t != 1)
		print "G" $1 ": " r " resign lines, " t " timeout notes"
}' >records
[ ! -s records ] || why+=("$(head -3 records | tr '\n' ' ')")
end "every game timed out once: over on time, one resign and one note in its record"

begin
mails >got-mails
want "mails queued" $(($(sql "SELECT count(*) FROM outbox") - queued)) 800
want "mails sent" "$(wc -l <got-mails)" 800
if ! cmp -s expected got-mails; then
	why+=("mails differ from what should go:")
	why+=("$(diff expected got-mails | head -5)")
fi
end "one game-over mail to each player of each game, each due reminder once, nothing else"

tap_done
