#!/usr/bin/env bash
#
# The outbox keeps the text of sent mail for [send] keep_sent (30 days),
# then drops it, but for the last mail to each player about each game,
# which "mupbem --db resend" sends again (docs/mail.md).  mupbemd -1
# over a real Maildir and a real SQLite store, the clock set by
# MUPBEM_NOW.  Prints TAP-like lines; exits 1 if a check failed.
#
# make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/outbox-prune-test.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"
. "$here/service-lib.sh"

A=alice@example.org B=bob@example.org C=carol@example.org
T0=1795000000
DAY=86400

sql() {
	sqlite3 mupbem.db "$1"
}

# kept: the ids of the sent mails whose text is kept, in order.
kept() {
	sql "select id from outbox where sent is not null and length(data) > 0 order by id" | tr '\n' ' '
}

# lasts: the ids of the last mail to each player about each game.
lasts() {
	sql "select max(o.id) from outbox o join game_mail m on m.message_id = o.message_id group by m.game, o.rcpt order by 1" | tr '\n' ' '
}

fresh 'loop_burst = 0\n'
begin
export MUPBEM_NOW=$T0
mp_mail "$A" games@localhost "x" "new velox with $B"
run
mp_reply "$(last "$B")" "$B" accept
run
mp_mail "$C" games@localhost "x" "help"
mp_mail "$C" games@localhost "x" "games"
run
all=$(sql "select count(*) from outbox where sent is not null")
[ "$all" -ge 5 ] || why+=("only $all mails sent")
[ "$(sql "select count(*) from outbox where sent is not null and length(data) = 0")" = 0 ] ||
    why+=("text dropped at once")
# 29 days on: nothing is old enough.
export MUPBEM_NOW=$((T0 + 29 * DAY))
run
[ "$(sql "select count(*) from outbox where length(data) = 0")" = 0 ] ||
    why+=("text dropped after 29 days")
end "sent mail keeps its text for 30 days"

begin
# The last mails are kept in outbox_last as they are queued, every
# other mail with its text in outbox_old, and a store from before
# schema 14 has both made by the migration.
marked() {
	sqlite3 "$1" "select outbox from outbox_last order by 1" |
	    tr '\n' ' '
}
others() {
	sqlite3 "$1" "select count(*) from outbox_old x join outbox o on
	    o.id = x.outbox where length(o.data) > 0"
	sqlite3 "$1" "select count(*) from outbox where length(data) > 0 and
	    id not in (select outbox from outbox_last)"
}
[ "$(marked mupbem.db)" = "$(lasts)" ] ||
    why+=("marked '$(marked mupbem.db)', the last mails are '$(lasts)'")
o=$(others mupbem.db)
[ "$(echo $o | cut -d' ' -f1)" = "$(echo $o | cut -d' ' -f2)" ] ||
    why+=("outbox_old holds $(echo $o | cut -d' ' -f1) of $(echo $o | cut -d' ' -f2)")
cp mupbem.db old.db
# Schema 13: without 14's tables, 15's table, 16's column and 17's
# tables and index.
sqlite3 old.db "DROP TABLE event_threads; DROP TABLE organiser_notes;
    DROP TABLE stalls; DROP INDEX games_stall;
    DROP TABLE mail_tries; DROP TABLE outbox_last;
    DROP TABLE outbox_old; ALTER TABLE senders DROP COLUMN told;
    PRAGMA user_version = 13"
"$MUPBEM" --db old.db list >out 2>&1 || why+=("schema 13: $(cat out)")
[ "$(marked old.db)" = "$(lasts)" ] ||
    why+=("migrated: marked '$(marked old.db)', wanted '$(lasts)'")
[ "$(others old.db)" = "$(others mupbem.db)" ] ||
    why+=("migrated: outbox_old '$(others old.db | tr '\n' ' ')'")
end "the last mail to each player about each game is marked as it is queued, and by the migration"

begin
export MUPBEM_NOW=$((T0 + 31 * DAY))
run
[ "$(kept)" = "$(lasts)" ] ||
    why+=("kept '$(kept)', wanted the last mails '$(lasts)'")
[ "$(sql "select count(*) from outbox")" -ge "$all" ] ||
    why+=("rows deleted: $(sql "select count(*) from outbox") of $all")
grep -q "outbox: the text of [0-9]* mails sent before" log ||
    why+=("no log of the pruning")
"$MUPBEM" --db mupbem.db resend G1 >out 2>&1 || why+=("resend: $(cat out)")
run
grep -l "^To: $B" $(cat new) >/dev/null 2>&1 ||
    why+=("resend G1 sent nothing to $B after the pruning")
end "after 30 days only the last mail to each player about each game keeps its text; resend still works"

begin
# A player who answers an old mail is still known by its Message-ID.
first=$(ls got | grep "^$B\." | sort -t. -k3 -n | head -1)
mp_reply "got/$first" "$B" "board"
run
f=$(last "$B")
case $(mp_header "$f" Subject) in
"[mupbem G1] "*) ;;
*)	why+=("$f: answering a pruned mail got '$(mp_header "$f" Subject)'") ;;
esac
end "an answer to a mail whose text was dropped still finds its game"

begin
fresh 'loop_burst = 0\n[send]\nkeep_sent = 0\n'
export MUPBEM_NOW=$T0
mp_mail "$C" games@localhost "x" "help"
run
export MUPBEM_NOW=$((T0 + 400 * DAY))
run
[ "$(sql "select count(*) from outbox where length(data) = 0")" = 0 ] ||
    why+=("keep_sent = 0 dropped text")
printf '[send]\nkeep_sent = forever\n' >bad.conf
"$MUPBEMD" -n -c bad.conf >out 2>&1 && why+=("keep_sent = forever taken")
grep -q "bad.conf line 2: \[send\] keep_sent: " out || why+=("$(cat out)")
end "keep_sent = 0 keeps every text; a bad value is refused by name"

tap_done
