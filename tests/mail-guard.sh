#!/usr/bin/env bash
#
# What a hostile mail cannot make mupbemd do, on a real Maildir and a
# real SQLite store (as tests/service.sh): put an address with CR LF
# into an envelope (an RFC 2047 Subject or a quoted-printable body
# holding "new velox with victim@x\r\nRSET"); get an answer or a
# player row from a From that is not an address (root, @, a@b@c,
# postmaster, "a b"@x); give a player a name with a line break or
# another control character through an encoded display name.
# TAP-like output.
#
# make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/mail-guard-test.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"

. "$here/service-lib.sh"

A=alice@example.org B=bob@example.org

# raw: deliver the mail on standard input, as written.
raw() {
	cat >"$tmp/raw.eml"
	mp_deliver "$tmp/raw.eml"
}

# envelopes: every recipient and sender in the store's outbox, one a
# line, with any control character shown as \NNN.
envelopes() {
	sqlite3 mupbem.db "select sender, rcpt from outbox" | od -An -c |
	    tr -d ' \n' | sed 's/\\n/\n/g'
}

# players: every registered address, one a line.
players() {
	sqlite3 mupbem.db "select address from players order by id"
}

# --- 2. SMTP command injection ---------------------------------------------

# attack N SUBJECT [BODY]: a mail from $A, its body quoted-printable.
attack() {
	raw <<EOF
From: $A
To: games@localhost
Subject: $2
Message-ID: <inject.$1@players.example>
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: quoted-printable

${3:-}
EOF
}

# Four refusals from one sender: the loop limit (loops.sh) is off here.
fresh 'loop_burst = 0\n'
begin
attack 1 "=?utf-8?q?new_velox_with_victim@x=0D=0ARSET?="
attack 2 "=?utf-8?b?$(printf 'new velox with victim@x\r\nRCPT TO:<other@y>' | base64 -w0)?="
attack 3 x "new velox with victim@x=0DRSET"
attack 4 "=?utf-8?q?link_victim@x=0D=0ADATA?="
run
[ "$(wc -l <new)" -eq 4 ] || why+=("$(wc -l <new) answers, not 4: $(cat new)")
for f in $(cat new); do
	decoded "$f" | tr "\n" " " | tr -s " " |
	    grep -q "is not an address; write it as bob@example.org" ||
	    why+=("$f: no refusal: $(decoded "$f" | head -3)")
done
[ -z "$(envelopes | grep -v "^games@localhost|$A\$")" ] ||
    why+=("envelopes: $(envelopes)")
[ "$(players)" = "$A" ] || why+=("players: $(players | tr '\n' ' ')")
[ -z "$(sqlite3 mupbem.db 'select id from games')" ] || why+=("a game was made")
grep -l "victim" got/* | while read -r f; do
	sed '/^$/q' "$f" | grep -q victim && echo "$f"
done | grep -q . && why+=("victim reached a header")
end "an address with CR or LF from an encoded Subject or body reaches no envelope, no header and no store"

# --- 3. From that is not an address -----------------------------------------

fresh
begin
for from in root @ a@b@c postmaster '"a b"@x' 'Root <root>' 'a(c)@b'; do
	mp_mail "$from" games@localhost "help" "help"
done
mp_mail "$A" games@localhost "help" "help"
run
[ "$(cat new)" = "got/$A.0" ] || why+=("answers: $(cat new | tr '\n' ' ')")
[ "$(players)" = "$A" ] || why+=("players: $(players | tr '\n' ' ')")
[ "$(ls Maildir/new | wc -l)" -eq 0 ] || why+=("mail left in new/: $(ls Maildir/new)")
[ "$(ls Maildir/cur | grep -c ':2,S$')" -eq 8 ] ||
    why+=("$(ls Maildir/cur | grep -c ':2,S$') mails acknowledged, not 8")
[ "$(grep -c 'bad-from mail, not answered' log)" -eq 7 ] ||
    why+=("log: $(grep -c 'bad-from mail' log) bad-from lines, not 7: $(tail -9 log)")
[ "$(sqlite3 mupbem.db 'select count(*) from handled')" -eq 8 ] ||
    why+=("handled: $(sqlite3 mupbem.db 'select count(*) from handled')")
run
[ ! -s new ] || why+=("a second run answered: $(cat new)")
end "a From that is not an address is logged and dropped: no answer, no player, the mail consumed"

# --- 4. control characters in a display name -----------------------------------

fresh 'policy = from\n'
begin
mp_mail "=?utf-8?q?A=0AB?= <a@example.org>" games@localhost "x" "games"
mp_mail "=?utf-8?q?Nel=C2=85Bcc:_v@x?= <b@example.org>" games@localhost "x" "games"
mp_mail "=?utf-8?q?Ls=E2=80=A8Bcc:_v@x?= <c@example.org>" games@localhost "x" "games"
mp_mail "=?utf-8?q?Evil=E2=80=AEmoc.elgoog?= <d@example.org>" games@localhost "x" "games"
mp_mail "=?utf-8?q?M=C3=BCller?= <e@example.org>" games@localhost "x" "games"
mp_mail "$A" games@localhost "x" "name $(printf 'Ann\xe2\x80\xa8Bcc: v@x')"
run
names=$(sqlite3 mupbem.db "select address || '=' || coalesce(name, '-') from players order by id" | tr '\n' ' ')
[ "$names" = "a@example.org=- b@example.org=- c@example.org=- d@example.org=- e@example.org=Müller $A=- " ] ||
    why+=("names: $(printf '%s' "$names" | od -c | head -5)")
has "$(last "$A")" "name: a name cannot hold control characters"
end "a name with a control character (C0, C1, line separator, bidi override) is not taken, from From or from name"

# --- 5. amplification -----------------------------------------------------------

V=victim@example.org
fresh
begin
mp_mail "$A" games@localhost "x" "$(for i in $(seq 1 25); do echo "board G1"; done)"
mp_mail "$B" games@localhost "x" "$(for i in $(seq 1 20); do echo "help"; done)"
run
[ "$(wc -l <new)" -eq 2 ] || why+=("$(wc -l <new) answers, not 2: $(cat new)")
has "got/$A.0" "your mail holds 25 commands, and mupbem does at most 20 from one mail, so it did none of them; send them in several mails"
grep -q "no game G1" "got/$A.0" && why+=("a command of the 25 was done")
has "got/$B.0" "Write commands on lines of their own"
end "a mail with more than max_commands (20) commands does none of them"

fresh 'max_reply = 2K\n'
begin
mp_mail "$A" games@localhost "x" "rules mur
rules velox
rules levis"
run
size=$(decoded "got/$A.0" | wc -c)
[ "$size" -le 2200 ] || why+=("a reply of $size bytes")
has "got/$A.0" "[The rest of this reply was cut: a reply holds at most 2048 bytes.]"
grep -q "reply of .* bytes to $A cut to" log || why+=("not logged")
end "a reply over max_reply is cut at a line's end, and says so"

fresh 'max_mails = 3\nloop_burst = 0\n'
begin
# Two processes: the count is kept in the store, not in memory.
for i in 1 2; do mp_mail "$V" games@localhost "x" "help"; done
run
for i in 3 4 5; do mp_mail "$V" games@localhost "x" "help"; done
run
[ "$(ls got | grep -c "^$V\.")" -eq 3 ] || why+=("$(ls got | grep -c "^$V\.") mails to $V, not 3")
[ "$(grep -c "mail to $V: over 3 mails a day; held until" log)" -eq 2 ] ||
    why+=("log: $(grep -c 'over 3 mails' log) lines")
[ "$(sqlite3 mupbem.db "select count(*) from recipients where address = '$V'")" = 1 ] ||
    why+=("no bucket in the store")
has "got/$V.2" "[You have had the most mail mupbem sends to one address in a day. Mail to you after this one is kept and sent from"
grep -q "You have had the most" "got/$V.0" "got/$V.1" && why+=("told twice")
# The bucket gains a mail every 8 hours: the held mails go one by one.
MUPBEM_NOW=$(( $(date +%s) + 8 * 3600 + 60 )) run
[ "$(ls got | grep -c "^$V\.")" -eq 4 ] || why+=("$(ls got | grep -c "^$V\.") mails to $V after 8 hours, not 4")
MUPBEM_NOW=$(( $(date +%s) + 16 * 3600 + 60 )) run
[ "$(ls got | grep -c "^$V\.")" -eq 5 ] || why+=("$(ls got | grep -c "^$V\.") mails to $V after 16 hours, not 5")
has "got/$V.4" "Write commands on lines"
end "past max_mails (3) a day, mail is held, not dropped: the last sent says so, and the rest goes as the bucket refills"

fresh '[games]\nmax_invitations = 2\nmax_games = 3\n'
begin
mp_mail "$A" games@localhost "x" "new velox with $V
new velox with $V"
mp_mail "$B" games@localhost "x" "new velox with $V"
mp_mail "$A" games@localhost "x" "new velox open 1"
mp_mail "$A" games@localhost "x" "new levis open 1"
run
[ "$(ls got | grep -c "^$V\.")" -eq 2 ] || why+=("$(ls got | grep -c "^$V\.") invitations to $V, not 2")
has "$(last "$B")" "new: $V has been invited 2 times in the last 24 hours, the most mupbem sends; invite them again later"
has "$(last "$A")" "new: you are in 3 games already, the most one player may be in at once; finish or leave one first"
[ "$(sqlite3 mupbem.db 'select count(*) from games')" -eq 3 ] ||
    why+=("$(sqlite3 mupbem.db 'select count(*) from games') games")
MUPBEM_NOW=$(( $(date +%s) + 86400 + 60 )) run
mp_mail "$B" games@localhost "x" "new velox with $V"
MUPBEM_NOW=$(( $(date +%s) + 86400 + 120 )) run
[ "$(ls got | grep -c "^$V\.")" -eq 3 ] || why+=("no invitation the next day")
end "an address gets at most max_invitations (2) invitations a day; a player is in at most max_games (3) games"

fresh
begin
mp_mail "$A" games@localhost "x" "new velox with $B"
run
mp_reply "$(last "$B")" "$B" "accept"
run
# A mail forged in the victim's name: one mail asks, nothing subscribes.
mp_mail "$V" games@localhost "x" "observe G1"
run
[ "$(ls got | grep -c "^$V\.")" -eq 1 ] || why+=("$(ls got | grep -c "^$V\.") mails to $V")
has "$(last "$V")" "To follow game G1 (velox), answer this mail with the line"
[ -z "$(sqlite3 mupbem.db 'select * from observers')" ] || why+=("$V observes")
mp_reply "$(last "$V")" "$V" "observe"
run
[ "$(sqlite3 mupbem.db "select p.address from observers o join players p on p.id = o.player")" = "$V" ] ||
    why+=("the answer did not subscribe")
end "observe subscribes only an address that answers a game mail (policy token)"

# --- 9. outbox tmp/, message ids, header lines ---------------------------------

fresh
begin
# Half a mail left in the outbox's tmp/ by a daemon killed while it
# wrote: the next start removes it; a file of a running process stays.
dead=$$
while kill -0 "$dead" 2>/dev/null; do dead=$((dead + 1)); done
mkdir -p outbox/tmp outbox/new outbox/cur
printf 'From: games@localhost\nTo: bo' >"outbox/tmp/mupbem.1.2.3@localhost.$dead"
: >"outbox/tmp/mupbem.4.5.6@localhost.$$"
mp_mail "$A" games@localhost "x" "help"
run
[ ! -e "outbox/tmp/mupbem.1.2.3@localhost.$dead" ] || why+=("the half mail is still there")
[ -e "outbox/tmp/mupbem.4.5.6@localhost.$$" ] || why+=("a running process's file was removed")
grep -q "half written by process $dead, which is gone; removed" log || why+=("log: $(cat log)")
[ "$(cat new)" = "got/$A.0" ] || why+=("answers: $(cat new)")
end "a half-written mail in outbox/tmp of a process that is gone is removed at start"

begin
long=$(head -c 2000 /dev/zero | tr '\0' x)
raw <<EOF
From: $A
To: games@localhost
Subject: $long
Message-ID: <$long@players.example>
References: <ok.1@players.example> <$long@players.example>
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8

help
EOF
run
f=$(cat new)
[ -n "$f" ] || why+=("no answer")
awk 'length($0) >= 998 { print FILENAME ": line " NR " of " length($0) }
    /^$/ { exit }' $f | grep . && why+=("a header line of 998 bytes or more")
grep -q '^In-Reply-To:' $f && why+=("In-Reply-To: $(grep -c '^In-Reply-To:' $f)")
grep -q '^References: <ok.1@players.example>$' $f || why+=("References: $(grep -A1 '^References:' $f | head -c 200)")
end "an id that is not one is dropped from In-Reply-To and References; no header line reaches 998 bytes"

tap_done
