#!/usr/bin/env bash
#
# Two daemons, one mailbox and one database, exactly once across
# SIGKILL.  2,000 mails wait in one Maildir, each a new game ("new
# velox with ..."), and two mupbemd daemons share them and one store,
# each sending into one Maildir outbox.  One of the two, chosen at
# random, is killed with SIGKILL at random moments and started again,
# until every mail is taken and every reply is sent; then both stop.
# Every mail was handled once: 2,000 games, one for each inviter, 2,000
# handled mails, every mail acknowledged; every reply was sent once:
# each outbox row sent, one reply file each, and no other.
#
# The store is a SQLite file, or, with TWO_DAEMONS_DB set to a
# postgresql:// URL (tests/two-daemons-pg.sh starts a cluster), a
# PostgreSQL database.  The mailbox is the Maildir, or, with
# TWO_DAEMONS_IMAP=yes (tests/two-daemons-imap.sh), one IMAP mailbox
# of a Dovecot started here (tests/mailhost.sh), which both daemons
# read over IMAP with STARTTLS: the mails are put in its Maildir, as
# a delivery would, and a mail is acknowledged when it is \Seen.
# TAP-like output.  make check sets MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
: "${TWO_DAEMONS_MAILS:=2000}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

imap=${TWO_DAEMONS_IMAP:-no}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/two-daemons.XXXXXX") || exit 99
pids=()
stop_all() {
	local p
	for p in "${pids[@]}"; do
		[ -n "$p" ] && kill -KILL "$p" 2>/dev/null
	done
	[ "$imap" = yes ] && bash "$here/mailhost.sh" stop "$tmp/mh" \
	    >/dev/null 2>&1
}
trap "stop_all; ${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"
. "$here/service-lib.sh"

db=${TWO_DAEMONS_DB:-$tmp/w/mupbem.db}
case $db in
postgres*)
	command -v psql >/dev/null || { echo "Bail out! no psql"; exit 99; }
	sql() { psql -qAt -v ON_ERROR_STOP=1 "$db" -c "$1"; } ;;
*)
	command -v sqlite3 >/dev/null || { echo "Bail out! no sqlite3"; exit 99; }
	sql() { sqlite3 "$db" "$1"; } ;;
esac

want() {
	[ "$2" = "$3" ] || why+=("$1: got '$2', wanted '$3'")
}

# waiting: the mails not yet acknowledged; acked: those that are.
if [ "$imap" = yes ]; then
	waiting() {
		$doveadm search -u games@localhost mailbox INBOX UNSEEN | wc -l
	}
	acked() {
		$doveadm search -u games@localhost mailbox INBOX SEEN | wc -l
	}
else
	waiting() { ls Maildir/new | wc -l; }
	acked() { ls Maildir/cur | grep -c ':2,.*S'; }
fi

# left: the mails waiting and the unsent replies.
left() {
	echo "$(waiting)" \
	    "$(sql "SELECT count(*) FROM outbox WHERE sent IS NULL" 2>/dev/null)"
}

# start I: start daemon I (0 or 1); before[I] counts the starts it
# logged before this one (one killed early logs none).
before=(0 0)
start() {
	before[$1]=$(cat "daemon$1.log" 2>/dev/null | grep -c 'started:')
	"$MUPBEMD" -c mupbem.conf 2>>"daemon$1.log" &
	pids[$1]=$!
}

# up I: wait (30 s at most, times MUPBEM_TEST_SLOW) until daemon I's last start has logged
# "started:", its signal handlers set, so that SIGTERM stops it cleanly
# rather than killing a process still loading.
up() {
	local j
	for j in $(seq 1 "$(tap_scale 300)"); do
		[ "$(grep -c 'started:' "daemon$1.log")" -gt "${before[$1]}" ] &&
		    return 0
		sleep 0.1
	done
	return 1
}

# --- the mail ----------------------------------------------------------------

fresh "database = $db\npictures = no\n"
sql "SELECT 1" >/dev/null 2>&1 || true
count=$TWO_DAEMONS_MAILS
for i in $(seq 1 "$count"); do
	mp_mail "p${i}a@localhost" games@localhost "" \
	    "Hello,

new velox with p${i}b@localhost

-- 
Sent from my phone"
done

if [ "$imap" = yes ]; then
	# One IMAP mailbox, games@localhost, on Dovecot (Postfix idle).
	export IMAP_PORT=${TD_IMAP_PORT:-13143} IMAPS_PORT=${TD_IMAPS_PORT:-13993}
	export SMTP_PORT=${TD_SMTP_PORT:-13025}
	export SUBMISSION_PORT=${TD_SUBMISSION_PORT:-13587}
	export MAILHOST_DOMAIN=localhost MAILHOST_USERS="games:gamespw"
	chmod 755 "$tmp"
	bash "$here/mailhost.sh" start "$tmp/mh" >mailhost.out 2>&1 ||
	    { echo "Bail out! the mail servers did not start: $(cat mailhost.out)"
	    exit 99; }
	. "$tmp/mh/mailhost.env"
	doveadm="doveadm -c $tmp/mh/dovecot/dovecot.conf"
	inbox=$tmp/mh/mail/games@localhost/Maildir
	mkdir -p "$inbox/new" "$inbox/cur" "$inbox/tmp"
	mv Maildir/new/* "$inbox/new/"
	chown -R "${MAILHOST_UID:-65534}:${MAILHOST_GID:-65534}" "$tmp/mh/mail"
	printf 'gamespw\n' >games.pass
	chmod 600 games.pass
	printf '[mailbox]\nurl = imap://games%%40localhost@localhost:%s/INBOX\npassword_file = %s\nca_file = %s\npoll_interval = 1\n' \
	    "$IMAP_PORT" "$PWD/games.pass" "$MAILHOST_CA" >>mupbem.conf
	where="one IMAP mailbox"
else
	where="one Maildir"
fi

begin
want "mails waiting" "$(waiting)" "$count"
end "$count mails wait in $where"

# --- two daemons, one killed at random moments --------------------------------

begin
kills=0
# Both start at once on a new store: one makes the schema, the other
# waits its turn and finds it made.
start 0
start 1
for attempt in $(seq 1 30); do
	[ "$(left)" = "0 0" ] && break
	ms=$((50 + RANDOM % 400))
	sleep "$(printf '0.%03d' "$ms")"
	i=$((RANDOM % 2))
	kill -KILL "${pids[$i]}" 2>/dev/null && kills=$((kills + 1))
	wait "${pids[$i]}" 2>/dev/null
	start "$i"
done
# Both are left to finish, then stopped.
for i in $(seq 1 "$(tap_scale 600)"); do
	[ "$(left)" = "0 0" ] && break
	sleep 0.2
done
for i in 0 1; do
	up "$i" || why+=("daemon $i never logged its start")
	kill -TERM "${pids[$i]}"
	wait "${pids[$i]}"
	want "daemon $i's exit status" "$?" 0
	pids[$i]=
done
want "mails and replies left" "$(left)" "0 0"
grep -h "store.*cannot" daemon0.log daemon1.log >store-errors
[ ! -s store-errors ] || why+=("$(head -3 store-errors)")
[ "$kills" -ge 5 ] || why+=("killed only $kills times")
end "two daemons, killed $kills times at random moments, took every mail and sent every reply"

# --- exactly once ------------------------------------------------------------

begin
want "mails handled" "$(sql "SELECT count(*) FROM handled")" "$count"
want "games" "$(sql "SELECT count(*) FROM games")" "$count"
want "players" "$(sql "SELECT count(*) FROM players")" $((2 * count))
want "players in other than one game" "$(sql "SELECT count(*) FROM
    (SELECT player FROM seats GROUP BY player HAVING count(*) <> 1) x")" 0
want "mails acknowledged" "$(acked)" "$count"
end "every mail handled once: $count games, each player in one"

begin
rows=$(sql "SELECT count(*) FROM outbox")
files=$(ls outbox/new | wc -l)
want "replies sent" "$(sql "SELECT count(*) FROM outbox WHERE sent IS NOT NULL
    AND given_up = 0")" "$rows"
want "reply files" "$files" "$rows"
ls outbox/new | sed 's/^mupbem\.//' | sort >sent.ids
sql "SELECT message_id FROM outbox" | sed 's/^<//; s/>$//' | sort >queued.ids
cmp -s sent.ids queued.ids || why+=("reply files and outbox differ:
$(diff sent.ids queued.ids | head -5)")
[ "$rows" -ge "$count" ] || why+=("only $rows replies for $count mails")
end "every reply sent once: $rows replies, one file each"

tap_done
