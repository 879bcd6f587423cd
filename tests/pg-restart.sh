#!/usr/bin/env bash
#
# PostgreSQL goes away under a running mupbemd, and comes back: the
# daemon must find it again by itself, without a restart, and lose and
# double nothing.  A stream of mail (one game's turns, in order, and
# invitations to new games, each from a new player) arrives while the
# cluster (tests/pg-lib.sh) is restarted with "pg_ctl restart -m fast"
# mid-stream, and later while its postmaster is killed with SIGKILL and
# started again some seconds after, mail arriving meanwhile, and an
# invitation's expiry falling due.  Then every mail is handled once
# (the handled table), every turn is in G1's record in order, every
# invitation made one game, the expiry was handled after the SIGKILL,
# every reply is sent once (one file in the Maildir outbox for each
# outbox row, each sent, and each player the replies due to them), and
# the daemon logged losing the connection and having it again.  Then
# the cluster is stopped by a sendmail while it sends replies: they
# are recorded sent once it is back, and not sent again.  Waits are
# bounded polls.  Exits 77 (skipped) only where no server can be
# started.  TAP-like output; make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

. "$here/tap.sh"
. "$here/pg-lib.sh"

pg_need
pg_start mupbem_restart
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pg-restart.XXXXXX") || exit 99
daemon=
cleanup() {
	cd /
	[ -n "$daemon" ] && kill "$daemon" 2>/dev/null && wait "$daemon"
	pg_stop
	[ -n "${KEEP:-}" ] || rm -rf "$tmp"
}
trap cleanup EXIT
cd "$tmp" || exit 99

. "$here/service-lib.sh"
A=alice@example.org B=bob@example.org
db=$MUPBEM_TEST_PG
turns=24
invites=24

sql() {
	pg_psql "$(sed 's|.*/\([^/?]*\)?.*|\1|' <<<"$db")" -At -c "$1" \
	    2>/dev/null
}

# wait_for SECONDS COMMAND...: until the command succeeds, or a reason;
# SECONDS times MUPBEM_TEST_SLOW.
wait_for() {
	local i=0 s

	# After one wait failed, the rest would only wait out theirs.
	[ ${#why[@]} -eq 0 ] || return 1
	s=$(tap_scale "$1")
	until "${@:2}"; do
		i=$((i + 1))
		[ "$i" -gt $((s * 10)) ] &&
		    { why+=("waited $s s for ${*:2}"); return 1; }
		sleep 0.1
	done
}

# handled N: the store records N mails handled.
handled() {
	[ "$(sql 'SELECT count(*) FROM handled')" = "$1" ]
}

want() {
	[ "$2" = "$3" ] || why+=("$1: got '$2', wanted '$3'")
}

# logged N TEXT: the daemon's log says TEXT (a fixed string) N times
# or more.
logged() {
	[ "$(grep -cF -- "$2" log)" -ge "$1" ]
}

# unsent: no reply is left to send.
unsent() {
	[ "$(sql 'SELECT count(*) FROM outbox WHERE sent IS NULL')" = 0 ]
}

# G1 (velox, alice against bob) started, and its next $turns turns
# planned in "plan" as "ADDRESS|#N TURN", in rec the record they make.
fresh "policy = from\ndatabase = $db\n[mailbox]\npoll_interval = 600\n"
mp_mail "$A" games@localhost "x" "new velox with $B"
run
mp_mail "$B" games@localhost "x" "accept G1"
run
"$MUPBEM" --db "$db" export G1 >rec
: >plan
for i in $(seq 1 "$turns"); do
	mv=$("$MUPBEM" robot --seed "$i" rec) &&
	    "$MUPBEM" play rec "$mv" >/dev/null || break
	line=$(tail -1 rec)
	colour=$(echo "$line" | cut -d' ' -f2)
	echo "$(sed -n "s/^seat $colour //p" rec)|#${line%% *} ${line#* * }" \
	    >>plan
done
# send FROM TO: turns FROM..TO of the plan, each followed by an
# invitation from a new player, delivered one by one.
send() {
	local i to body
	for i in $(seq "$1" "$2"); do
		IFS='|' read -r to body <<<"$(sed -n "${i}p" plan)"
		mp_mail "$to" games@localhost "[mupbem G1] turn" "$body"
		mp_mail "p$i@example.org" games@localhost "x" \
		    "new velox with q$i@example.org"
	done
}

# pg_alive: the cluster runs.
pg_alive() {
	pg_as "$pg_bin/pg_ctl" -D "$pg_dir/data" status >/dev/null 2>&1
}

# pg_down: the cluster is stopped.
pg_down() {
	! pg_alive
}

# postmaster: the pid of the cluster's postmaster.
postmaster() {
	head -1 "$pg_dir/data/postmaster.pid"
}

# pg_up: start the cluster again after a SIGKILL, once the old
# server's processes are gone (a new postmaster refuses to start while
# they hold its shared memory).
pg_up() {
	pg_as "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/server.log" \
	    -w -t "$(tap_scale 30)" start >/dev/null 2>&1
}

begin
"$MUPBEMD" -c mupbem.conf -v 2>log &
daemon=$!
wait_for 10 logged 1 "started"
send 1 4
wait_for 120 handled 10
# Restarted while mail arrives: the daemon's connection is cut.
send 5 8 &
sender=$!
pg_as "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/server.log" \
    -w -t "$(tap_scale 30)" -m fast restart >/dev/null 2>&1 ||
    why+=("the cluster did not restart")
wait "$sender"
send 9 12
wait_for 120 handled 26
wait_for 120 unsent
# Due now, unknown to the daemon until its next round, after the kill:
# p1's invitation expires (a due event), once the store is back.
sql "UPDATE timers SET at = 0 WHERE kind = 'expire' AND game = (SELECT
    s.game FROM seats s JOIN players p ON p.id = s.player WHERE
    p.address = 'p1@example.org')" >/dev/null
# Killed, and started again a few seconds later, mail arriving while
# it is gone.
held=$(grep -cF "held, and no later mail is taken before it" log)
kill -KILL "$(postmaster)"
send 13 18
wait_for 60 logged 2 "the connection to PostgreSQL was lost"
wait_for 60 logged $((held + 1)) "held, and no later mail is taken before it"
wait_for 60 pg_up
send 19 "$turns"
wait_for 120 handled $((2 + 2 * turns))
wait_for 120 unsent
kill "$daemon"
wait "$daemon"
rc=$?
daemon=
[ "$rc" -eq 0 ] || why+=("mupbemd exited $rc")
lost=$(grep -cF "the connection to PostgreSQL was lost" log)
[ "$lost" -ge 2 ] || why+=("$lost losses logged")
back=$(grep -cF "store: connected again after" log)
[ "$back" -ge 2 ] || why+=("$back reconnections logged")
# The due event was handled after the SIGKILL, not before.
after=$(awk '/was lost/ { n++ } /invitation expired/ { print n }' log)
[ "$after" = 2 ] || why+=("the invitation expired after loss '$after'")
what="mupbemd connects again by itself after a restart and a SIGKILL"
end "$what of PostgreSQL ($lost losses, $back reconnections logged)"

begin
want "mails handled" "$(sql 'SELECT count(*) FROM handled')" \
    $((2 + 2 * turns))
want "mails left in new/" "$(ls Maildir/new | wc -l)" 0
"$MUPBEM" --db "$db" export G1 >got-rec
[ "$(grep -E '^[0-9]+ ' got-rec)" = "$(grep -E '^[0-9]+ ' rec)" ] ||
    why+=("G1's record: $(grep -E '^[0-9]+ ' got-rec | tr '\n' ';')")
want "games" "$(sql 'SELECT count(*) FROM games')" $((1 + invites))
want "p1's invitation" "$(sql "SELECT g.status, g.ending FROM games g JOIN
    seats s ON s.game = g.id JOIN players p ON p.id = s.player WHERE
    p.address = 'p1@example.org'")" "abandoned|expired"
what="every mail handled once: $turns turns in order, $invites new games"
end "$what, and a due event"

# count ADDRESS: the replies to ADDRESS in the Maildir outbox.
count() {
	grep -lx "To: $1" outbox/new/* 2>/dev/null | wc -l
}

begin
rows=$(sql 'SELECT count(*) FROM outbox')
want "replies sent" "$(sql "SELECT count(*) FROM outbox WHERE sent IS NOT
    NULL AND given_up = 0")" "$rows"
# The replies before the daemon started were moved to got/.
{
	ls outbox/new | sed 's/^mupbem\.//'
	for f in got/*; do
		mp_header "$f" Message-ID | sed 's/^<//; s/>$//'
	done
} | sort >sent.ids
sql 'SELECT message_id FROM outbox' | sed 's/^<//; s/>$//' | sort >queued.ids
cmp -s sent.ids queued.ids || why+=("reply files and outbox differ:
$(diff sent.ids queued.ids | head -5)")
want "replies to $A" "$(count "$A")" "$turns"
want "replies to $B" "$(count "$B")" "$turns"
want "replies to p1" "$(count "p1@example.org")" 2
for i in $(seq 2 "$invites"); do
	want "replies to p$i" "$(count "p$i@example.org")" 1
done
for i in $(seq 1 "$invites"); do
	want "replies to q$i" "$(count "q$i@example.org")" 1
done
what="every reply sent once: $rows replies, one file each"
end "$what, one to each player for each mail"

# --- a reply sent, and the database gone before it is recorded sent ---------

# The replies go through a sendmail that keeps each mail in sent/ and,
# the first time, stops the cluster before it returns: the daemon
# cannot record them sent until the cluster is started again.
pg_psql postgres -c "CREATE DATABASE mupbem_send" >/dev/null ||
    why+=("no database mupbem_send")
url="${db%%\?*}"
url="${url%/*}/mupbem_send?${db#*\?}"
mkdir -p "$tmp/sent"
cat >"$tmp/sendmail" <<EOF
#!/bin/bash
cat >"\$(mktemp "$tmp/sent/mail.XXXXXX")"
if [ -e "$tmp/cut" ]; then
	rm -f "$tmp/cut"
	cd /
	$(declare -f pg_as)
	pg_as "$pg_bin/pg_ctl" -D "$pg_dir/data" -m fast -w stop >/dev/null
fi
exit 0
EOF
chmod +x "$tmp/sendmail"

begin
pg_alive || wait_for 60 pg_up
conf="policy = from\ndatabase = $url\n[mailbox]\npoll_interval = 600\n"
fresh "$conf[send]\nurl = sendmail:$tmp/sendmail\n"
"$MUPBEMD" -c mupbem.conf -v 2>log &
daemon=$!
wait_for 10 logged 1 "started"
touch "$tmp/cut"
mp_mail "p1@example.org" games@localhost "x" "new velox with q1@example.org"
wait_for 60 pg_down
# Started again only once the daemon failed to record what it sent:
# started as soon as it is down, it could be back before the daemon
# records, and nothing would be recorded late.
wait_for 60 logged 1 "replies sent, not recorded sent; recorded before"
wait_for 60 pg_up
mp_mail "p2@example.org" games@localhost "x" "new velox with q2@example.org"
db=$url
wait_for 120 handled 2
wait_for 120 unsent
kill "$daemon"
wait "$daemon"
daemon=
rows=$(sql 'SELECT count(*) FROM outbox WHERE sent IS NOT NULL')
want "replies" "$rows" 4
want "mails to sendmail" "$(ls "$tmp/sent" | wc -l)" "$rows"
cat "$tmp"/sent/* | sed -n 's/^Message-ID: //Ip' | sort | uniq -d >doubled
[ ! -s doubled ] || why+=("sent twice: $(cat doubled)")
logged 1 "replies sent are recorded sent" ||
    why+=("no replies recorded late")
what="replies sent while the database went away are recorded sent"
end "$what once it is back, and not sent again"

tap_done
