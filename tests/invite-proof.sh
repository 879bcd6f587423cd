#!/usr/bin/env bash
#
# Invitations wait for a proven sender ([server] invitations): a first
# mail from an unknown address, whose From anyone could have written,
# makes its game but mails no invitation until its sender answers our
# mail; a forged one (never answered) mails the invitee nothing, even
# when the game expires; a proven sender invites at once; "invitations
# = any" invites at once; what is held and who is proven outlive a
# restart; "link ADDRESS" waits for the proof too.  On a real Maildir
# and SQLite store, time set by MUPBEM_NOW.  TAP-like output.
#
# make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/invite-proof-test.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"
. "$here/service-lib.sh"

A=alice@example.org B=bob@example.org C=carol@example.org
T0=1795000000
DAY=86400
export MUPBEM_NOW=$T0

# The default, "proven", as a server without the tests' "any" has it.
proven='invitations = proven\n[games]\ninvitation = 3d\ntime = none\n'
held='The invitations have not been sent yet. They go out when you answer this mail: any answer will do, even just "yes". mupbem has to know that the mail asking for this game came from you, as anyone can write your address on a mail.'

sql() {
	sqlite3 mupbem.db "$1"
}

# mails ADDRESS: how many mails ADDRESS got.
mails() {
	ls got | grep -c "^$1\."
}

# --- 1. held until the sender answers -----------------------------------------

fresh "$proven"
begin
mp_mail "$A" games@localhost "a game?" "new velox with $B"
run
[ "$(cat new)" = "got/$A.0" ] || why+=("the first mail sent $(cat new)")
subject_is got/$A.0 "[mupbem G1] velox: created"
has got/$A.0 "$held"
has_line got/$A.0 "Waiting for $B to accept (not invited yet)."
has_line got/$A.0 "that the mail asking for this game came from you, as anyone can write"
[ "$(sql "select held from games where id = 1")" = 1 ] ||
    why+=("G1 not held")
[ "$(sql "select proven from players where address = '$A'")" = 0 ] ||
    why+=("$A proven by a first mail")
grep -q "game G1: invitations from $A held until they answer" log ||
    why+=("no log line for the hold")
end "an unknown sender's 'new velox with B': the game is made, B gets nothing, A is asked to answer"

begin
mp_reply got/$A.0 "$A" "yes"
run
[ "$(sort new | tr '\n' ' ')" = "got/$A.1 got/$B.0 " ] ||
    why+=("the answer sent $(cat new)")
subject_is got/$B.0 "[mupbem G1] velox: invitation"
has_line got/$A.1 "Your invitations to game G1 went out."
has_line got/$A.1 "The game starts when every place is taken."
grep -q "message from" got/$B.0 && why+=("the 'yes' was passed on to $B")
[ "$(sql "select proven from players where address = '$A'")" = 1 ] ||
    why+=("$A not proven")
[ "$(sql "select held from games where id = 1")" = 0 ] ||
    why+=("G1 still held")
grep -q "player $A: proven by mail" log || why+=("no log line for the proof")
mp_reply got/$B.0 "$B" "accept"
run
[ "$(sql "select status from games where id = 1")" = playing ] ||
    why+=("G1: $(sql "select status from games where id = 1")")
end "A answers: B is invited then, A is proven, B accepts and the game starts"

# --- 3. a proven sender invites at once ---------------------------------------

begin
mp_mail "$A" games@localhost "another" "new velox with $C"
run
[ "$(sort new | tr '\n' ' ')" = "got/$A.$(($(mails "$A") - 1)) got/$C.0 " ] ||
    why+=("the new game sent $(cat new)")
subject_is got/$C.0 "[mupbem G2] velox: invitation"
grep -qF "have not been sent yet" "$(last "$A")" &&
    why+=("a proven sender was asked to answer")
end "a proven sender's invitations go at once"

# --- 2. a forged first mail ---------------------------------------------------

fresh "$proven"
begin
mp_mail "$A" games@localhost "x" "new velox with $B"
run
MUPBEM_NOW=$((T0 + 3 * DAY)) run
[ "$(cat new)" = "got/$A.1" ] || why+=("the expiry went to $(cat new)")
subject_is got/$A.1 "[mupbem G1] velox: invitation expired"
[ "$(sql "select status, ending from games")" = "abandoned|expired" ] ||
    why+=("game: $(sql "select status, ending from games")")
[ "$(mails "$B")" -eq 0 ] || why+=("$B got mail")
[ "$(sql "select count(*) from outbox where rcpt = '$B'")" -eq 0 ] ||
    why+=("the outbox holds mail to $B")
end "a forged first mail, never answered: the game expires and B was never mailed"

begin
MUPBEM_NOW=$((T0 + 3 * DAY + 60)) mp_reply got/$A.0 "$A" "yes"
MUPBEM_NOW=$((T0 + 3 * DAY + 60)) run
[ "$(mails "$B")" -eq 0 ] || why+=("$B got mail")
[ "$(sql "select proven from players where address = '$A'")" = 1 ] ||
    why+=("$A not proven")
end "an answer after the expiry proves A, but the expired game invites nobody"

begin
mp_mail "$C" games@localhost "x" "new classic open 1"
mp_mail dave@example.org games@localhost "x" "new velox with robot:random"
run
subject_is got/$C.0 "[mupbem G2] classic: created"
grep -qF "have not been sent yet" got/$C.0 && why+=("an open game held")
[ "$(sql "select status, held from games where id = 3")" = "playing|0" ] ||
    why+=("the robot's game: $(sql "select status, held from games where id = 3")")
[ "$(sql "select count(*) from games where held = 1 and id > 1")" -eq 0 ] ||
    why+=("a game is held")
end "an unknown sender's open game, or game with a robot, invites nobody and holds nothing"

# --- 4. invitations = any -----------------------------------------------------

fresh '[games]\ntime = none\n'
begin
mp_mail "$A" games@localhost "x" "new velox with $B"
run
[ "$(sort new | tr '\n' ' ')" = "got/$A.0 got/$B.0 " ] ||
    why+=("the first mail sent $(cat new)")
subject_is got/$B.0 "[mupbem G1] velox: invitation"
grep -qF "have not been sent yet" got/$A.0 && why+=("A was asked to answer")
end "invitations = any: a first mail invites at once, as before"

# --- 5. across a restart ------------------------------------------------------

fresh "$proven"
begin
mp_mail "$A" games@localhost "x" "new velox with $B"
mp_mail "$A" games@localhost "x" "new velox with $C"
run
[ "$(mails "$B")$(mails "$C")" = 00 ] || why+=("an invitation went")
# A fresh mupbemd (each run is one) finds both held in the store.
run
[ ! -s new ] || why+=("a restart sent $(cat new)")
mp_reply got/$A.1 "$A" "yes"
run
subject_is got/$B.0 "[mupbem G1] velox: invitation"
subject_is got/$C.0 "[mupbem G2] velox: invitation"
has "$(last "$A")" "Your invitations to game G1 went out."
has "$(last "$A")" "Your invitations to game G2 went out."
run
[ ! -s new ] || why+=("sent again: $(cat new)")
mp_mail "$A" games@localhost "x" "new velox with carl@example.org"
run
[ "$(mails carl@example.org)" -eq 1 ] || why+=("a proven A's later game held")
end "held invitations and the proof are kept in the store across runs"

# --- 6. link ------------------------------------------------------------------

fresh "$proven"
begin
mp_mail "$A" games@localhost "x" "link $C"
run
[ "$(cat new)" = "got/$A.0" ] || why+=("link sent $(cat new)")
has got/$A.0 "link: mupbem writes to $C only once it knows that this mail came from you, as anyone can write your address on a mail; send link $C in an answer to a mail mupbem sent you about a game"
[ "$(sql "select count(*) from addresses")" -eq 0 ] ||
    why+=("a link waits")
mp_mail "$A" games@localhost "x" "new velox with $B"
run
mp_reply "$(last "$A")" "$A" "link $C"
run
[ "$(mails "$C")" -eq 1 ] || why+=("$C got $(mails "$C") mails")
has got/$C.0 "asks mupbem to link this address"
end "link ADDRESS waits for the proof too"

tap_done
