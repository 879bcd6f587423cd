#!/usr/bin/env bash
#
# The game service through mupbemd, on a real Maildir and a real SQLite
# store: players write mail (scripts/mail-players.sh), mupbemd -1
# answers, the test reads the answers in the outbox Maildir.  Covers
# help and rules, the lifecycle (new, accept, decline, join, withdraw,
# the start), turns (out of turn, illegal, stale #N, one per mail),
# preview, board, history, games, observe, name, the token check under
# both policies, a turn mailed twice, a match of Mur played by mail to
# its end, turns wrapped in chatter (greetings, "my move:", phone
# signatures, a German reply) with the chatter passed on as press, a
# player's second address (link, confirm, unlink), and the operator's
# change of a player's address.
# TAP-like output.
#
# make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/service-test.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"

. "$here/service-lib.sh"

A=alice@example.org B=bob@example.org C=carol@example.org

# --- help and rules --------------------------------------------------------

fresh
begin
mp_mail "$A" games@localhost "hello" ""
mp_mail "$A" games@localhost "x" "rules velox"
mp_mail "$A" games@localhost "x" "help notation"
mp_mail "$A" games@localhost "x" "help chess"
mp_mail "$A" games@localhost "" "rules chess"
run
[ "$(wc -l <new)" -eq 5 ] || why+=("$(wc -l <new) answers, not 5")
has_line got/$A.0 "mupbem plays Mu (classic, levis and velox) and Mur by mail."
has_line got/$A.0 "    rules velox, rules mur            the rules of a game"
has got/$A.1 "Mu velox, by Christian Freeling"
has got/$A.2 "Notation: a cell is its segment and a digit, C4."
has_line got/$A.2 "In Mur a point is c (the centre) or a spoke and a ring, n1 or sw3. Write a"
has got/$A.3 "There is no help on 'chess'."
has_line got/$A.3 "rules classic, rules mur."
has got/$A.4 "rules: no game is called 'chess' (the games are classic, levis, velox and mur)"
subject_is got/$A.1 "Re: x"
end "help, rules and help topics are answered; unknown ones say what exists"

begin
mp_mail "$A" games@localhost "x" "new chess with $B"
mp_mail "$A" games@localhost "x" "new velox"
mp_mail "$A" games@localhost "x" "new velox with $A"
mp_mail "$A" games@localhost "x" "new velox with $B $B"
mp_mail "$A" games@localhost "x" "new velox with games@localhost"
mp_mail "$A" games@localhost "x" "new velox with $B open 9"
run
has got/$A.5 "new: no game is called 'chess' (the games are classic, levis, velox and mur)"
has got/$A.6 "new: a game needs at least two players"
has got/$A.7 "new: you are in the game already"
has got/$A.8 "new: $B is invited twice"
has got/$A.9 "new: games@localhost is this server's address, not a player's"
grep -q "new: " got/$A.10 || why+=("no refusal of 11 players")
[ -z "$("$MUPBEM" --db mupbem.db list)" ] || why+=("a game was made")
end "new: a wrong game, too few or wrong players are refused, and no game is made"

begin
mp_mail "$A" games@localhost "help" "help

Help
HELP"
run
[ "$(grep -c "^Write commands on lines of their own:" "$(last "$A")")" -eq 1 ] ||
    why+=("help asked three times answered $(grep -c "^Write commands on lines of their own:" "$(last "$A")") times")
end "help asked three times in one mail answers once"

# --- the lifecycle ---------------------------------------------------------

fresh
begin
mp_mail "Alice Liddell <$A>" games@localhost "a game" "new classic with $B open 1"
run
inv=$(last "$B")
subject_is "$inv" "[mupbem G1] classic: invitation"
has "$inv" "Alice Liddell <$A> invites you to a game of classic, game G1:"
mp_header "$inv" Reply-To | grep -q '^games+g1-[0-9a-f]\{12\}@localhost$' ||
    why+=("Reply-To: $(mp_header "$inv" Reply-To)")
subject_is "$(last "$A")" "[mupbem G1] classic: created"
has "$(last "$A")" "Game G1 (classic, 3 players, 7 segments each, rated) is set up. The places:"
has "$(last "$A")" "Waiting for $B to accept and 1 open seat (write \"join G1\" to take one)."
# bob accepts by a new mail, not a reply: no token.
mp_mail "$B" games@localhost "accept" "accept G1"
run
subject_is "$(last "$B")" "[mupbem G1] classic: a mail in your name was not accepted"
has "$(last "$B")" "accept for game G1 did not come to the reply address of your game mail"
"$MUPBEM" --db mupbem.db show G1 | grep -q "$B (invited)" || why+=("bob's place changed")
mp_reply "$inv" "$B" "accept"
run
has "$(last "$A")" "$B accepted game G1."
mp_mail "$C" games@localhost "join" "join G1"
run
# Red's first placement is its only choice: mupbem plays it, and says so.
grep -q ": your turn 2" $(cat new) || why+=("nobody was told to move")
grep -q "^red had one choice, @0,0, and mupbem played it (turn 1)\.$" $(cat new) ||
    why+=("the forced first placement is not told")
record | grep -q "^1 red @0,0$" || why+=("turn 1 is not in the record")
[ "$(grep -l 'classic: started\|your turn' $(cat new) | wc -l)" -eq 3 ] ||
    why+=("not all three were told of the start")
record | grep -q '^seat red ' || why+=("the record has no seats")
end "new, invitation, a tokenless accept refused, accept by reply, join: the game starts for all three"

begin
mp_mail "$C" games@localhost "" "withdraw G1"
mp_mail "$C" games@localhost "" "join G1"
mp_mail "$C" games@localhost "" "accept G1"
run
grep -q "withdraw: game G1 has started; write resign to give it up" got/$C.* ||
    why+=("withdraw after the start")
grep -q "join: game G1 has started" got/$C.* || why+=("join after the start")
end "withdraw and join after the start are refused"

begin
# Fewer mails: the mover's confirmation is short and without the board;
# the next player gets the board and every turn since their last; the
# third player hears nothing until it is their turn.
t1=$(grep -l ": your turn 2$" got/* | head -1)
p1=$(mp_header "$t1" To)
mp_reply "$t1" "$p1" "$(mp_answer "$t1" 3)"
run
[ "$(wc -l <new)" -eq 2 ] || why+=("turn 2 sent $(wc -l <new) mails: $(cat new | tr '\n' ' ')")
c1=$(last "$p1")
subject_is "$c1" "[mupbem G1] classic: you played turn 2"
! grep -q "^Legend:" "$c1" || why+=("the confirmation holds the board")
t2=$(grep -l ": your turn 3$" $(cat new) | head -1)
[ -n "$t2" ] || why+=("nobody was told turn 3 is theirs")
p2=$(mp_header "$t2" To)
grep -q "^Turn 2, [a-z]* (.*$p1>\?): @" "$t2" ||
    why+=("the next player is not told turn 2")
grep -q "^Legend:" "$t2" || why+=("the your-turn mail has no board")
mp_reply "$t2" "$p2" "set confirm off
$(mp_answer "$t2" 4)"
run
grep -q "Your setting is kept: confirm off" $(grep -l "^To: $p2" $(cat new)) ||
    why+=("set confirm off was not confirmed")
! grep -q ": you played turn 3$" $(cat new) ||
    why+=("a confirmation after set confirm off")
t3=$(grep -l ": your turn 4$" $(cat new) | head -1)
[ -n "$t3" ] || why+=("nobody was told turn 4 is theirs")
grep -q "^Turn 2, " "$t3" && grep -q "^Turn 3, " "$t3" ||
    why+=("red is not told turns 2 and 3")
# Turn 1 was mupbem's, for red: red hears of it now (a line that
# would pass 78 columns with a long name is wrapped).
tr '\n' ' ' <"$t3" | tr -s ' ' |
    grep -qE "Turn 1, red \([^)]*\): @0,0 \(the only choice: mupbem played it\)" ||
    why+=("red is not told that mupbem played its turn 1")
mp_mail "$p2" games@localhost "" "set confirm maybe
set colour blue"
run
has "$(last "$p2")" "set confirm: write set confirm on or off"
has "$(last "$p2")" "set: there is no setting 'colour'; there is set confirm on|off, set board auto|full|compact|list, set watch off|on"
# A player who wants every turn as it comes says so.
p3=$(mp_header "$t3" To)
mp_mail "$p2" games@localhost "" "set watch on"
run
has "$(last "$p2")" "Your setting is kept: watch on (a mail for each other player's turn, as it is played)."
mp_reply "$t3" "$p3" "$(mp_answer "$t3" 5)"
run
grep -q "^X-Mupbem-State: [a-z]* played turn 4$" $(grep -l "^To: $p2" $(cat new)) ||
    why+=("set watch on: no mail for turn 4")
end "a turn mails the next player (with every turn since theirs) and a short confirmation; set confirm off stops it"

fresh
begin
mp_mail "$A" games@localhost "" "new velox with $B"
mp_mail "$A" games@localhost "" "new classic open 2"
run
mp_reply "$(last "$B")" "$B" "decline"
mp_mail "$C" games@localhost "" "join G2"
run
grep -q "$B declined game G1, so it is cancelled." got/$A.* ||
    why+=("alice was not told of the decline")
"$MUPBEM" --db mupbem.db list | grep -q "^G1	velox	abandoned" || why+=("G1 not abandoned")
mp_reply "$(last "$C")" "$C" "withdraw"
run
"$MUPBEM" --db mupbem.db show G2 | grep -q "nobody (open)" || why+=("carol's place did not open")
mp_reply "$(ls got/$A.* | head -2 | tail -1)" "$A" "withdraw G2"
run
"$MUPBEM" --db mupbem.db list | grep -q "^G2	classic	abandoned" ||
    why+=("G2 not abandoned: $("$MUPBEM" --db mupbem.db list)")
end "decline cancels; a joiner's withdrawal opens the place; the creator's cancels"

# --- turns ---------------------------------------------------------------

fresh
mp_mail "$A" games@localhost "" "new velox with $B segments 2"
run
mp_reply "$(last "$B")" "$B" "accept"
run
# Red's first placement is its only choice: mupbem plays it.
mover=$(grep -l ": your turn 2" $(cat new))
other=$(grep -L ": your turn 2" $(cat new))
mto=$(mp_header "$mover" To)
oto=$(mp_header "$other" To)
begin
before=$(record)
mp_reply "$other" "$oto" "@0,0"
mp_reply "$mover" "$mto" "#7 a"
mp_reply "$mover" "$mto" "zz9"
run
grep -q "it is not your turn" got/$oto.* || why+=("out of turn")
grep -q "#7: your mail was written for turn 7, but the game is at turn 2" got/$mto.* ||
    why+=("stale #N")
grep -q "^X-Mupbem-State: turn 2 not played" got/$mto.* ||
    why+=("the subject of a refusal")
grep -q "^    'zz9': not a turn here" got/$mto.* ||
    why+=("the illegal turn's reason does not name it")
[ "$(record)" = "$before" ] || why+=("the record changed")
end "out of turn, a stale #N and an illegal turn change nothing and say why"

begin
mp_reply "$mover" "$mto" "preview a"
run
subject_is "$(last "$mto")" "[mupbem G1] velox: preview of turn 2"
# The preview's board and its status agree: after blue's a, red moves.
pv=$(last "$mto")
grep -q "^Layout: red to place" "$pv" || why+=("the preview's board: $(grep '^Layout' "$pv")")
grep -q "^It is red's turn" "$pv" || why+=("the preview's status: $(grep '^It is' "$pv")")
[ "$(record)" = "$before" ] || why+=("preview changed the record")
mp_mail "$C" games@localhost "" "observe G1"
run
# A forged From must not subscribe anyone: C confirms by answering.
has "$(last "$C")" "To follow game G1 (velox), answer this mail with the line"
[ -z "$(sqlite3 mupbem.db "select * from observers")" ] || why+=("observing unconfirmed")
mp_reply "$(last "$C")" "$C" "observe"
run
has "$(last "$C")" "You now follow game G1 (velox)"
mp_reply "$mover" "$mto" "#2 a

a"
run
[ "$(record | grep -c '^2 ')" -eq 1 ] || why+=("turn 2 not recorded")
grep -q "line 3: one turn per mail" $(cat new) || why+=("a second turn in one mail was read")
grep -q "^X-Mupbem-State: blue played turn 2" \
    $(last "$C") || why+=("the observer was not told: $(mp_header "$(last "$C")" X-Mupbem-State)")
grep -q ": you played turn 2" $(grep "$mto" new) || why+=("the mover's answer")
grep -q ": your turn 3" $(last "$oto") || why+=("the next player's")
pl="^blue places segment B at @-\?[0-9]*,-\?[0-9]*, touching A\.$"
grep -q "$pl" "$(last "$oto")" || why+=("the next player is not told where B went")
grep -q "$pl" "$(grep -l ": you played turn 2" $(grep "$mto" new))" ||
    why+=("the mover is not told where B went")
grep -q "$pl" "$(last "$C")" || why+=("the observer is not told where B went")
grep -q "^red places segment A at @0,0\.$" "$(last "$oto")" ||
    why+=("red is not told where its forced A went")
end "preview stores nothing; a turn is recorded once, the mover, the next player and an observer told what it did"

begin
# One number for one thing: the subject, the body, the board and the
# #N example of a "your turn" mail all name turn 3, and no other count.
m=$(last "$oto")
grep -q "^X-Mupbem-State: your turn 3$" "$m" || why+=("state: $(mp_header "$m" X-Mupbem-State)")
grep -q "^Your turn 3\.$" "$m" || why+=("the first line does not say turn 3")
grep -q "): turn 3 is yours, " "$m" || why+=("the body does not say turn 3")
grep -q "^Mu velox, 2 players, 2 segments each\. Turn 3\.$" "$m" ||
    why+=("the board does not say Turn 3")
grep -q "^    #3 " "$m" || why+=("the example is not #3")
# Turn 2 is named too, as what happened since: a line of its own.
grep -q "^Turn 2, blue (.*): @" "$m" || why+=("turn 2 is not told")
bad=$(grep -iE "action [0-9]|move [0-9]|round [0-9]|\(turn [0-9]|turn [0-24-9][0-9]*" "$m" |
    grep -v "^Subject:\|^X-Mupbem-State:\|^Your turn 3\.$" | grep -v "^Turn [12], ")
[ -z "$bad" ] || why+=("another count: $bad")
end "a your-turn mail names turn 3 in its subject, body, board and #N, and no other count"

begin
# One thread per game: every game mail about G1 has the game's subject,
# fixed when it was made, and refers to the game's first mail.
subj=$(for f in $(grep -l "^X-Mupbem-State: " got/*); do mp_header "$f" Subject; done | sort -u)
[ "$subj" = "[mupbem G1] Mu velox: $A v $B" ] || why+=("subjects: $(echo "$subj" | tr '\n' '|')")
first=$(mp_header "$(grep -l "^X-Mupbem-State: invitation$" got/* | head -1)" Message-ID)
for f in $(grep -l "^X-Mupbem-State: your turn" got/*); do
	grep -q "^References:.*$first" "$f" || why+=("$f does not refer to the first mail")
done
end "every mail about a game has its one subject and refers to its first mail"

begin
nowmover=$(last "$oto")
cp "$nowmover" bob-turn
mp_reply "$nowmover" "$oto" "#3 $(mp_answer "$nowmover" 5 | sed 's/^#3 //')"
saved=$(ls -t Maildir/new | head -1)
cp "Maildir/new/$saved" dup.eml
run
mp_deliver dup.eml
run
grep -q "handled before; dropped" log || why+=("no duplicate in the log")
[ "$(record | grep -c '^3 ')" -eq 1 ] || why+=("turn 3 recorded $(record | grep -c '^3 ') times")
[ ! -s new ] || why+=("the duplicate was answered")
end "a turn mailed twice is played once and answered once"

begin
# Every reply about a game can be answered.  A mail that answers one of
# ours to someone else is not the sender's, whatever its From: refused,
# and the seat's holder is told.
t3=$(last "$mto")
turn3=$(mp_answer "$t3" 7 | sed 's/^#4 //')
mp_mail "$mto" games@localhost "Re: game" "#4 $turn3" \
    "$(mp_header "$(last "$oto")" Message-ID)"
run
[ "$(record | grep -c '^4 ')" -eq 0 ] || why+=("an answer to another's mail played")
grep -q "a mail in your name was not accepted" $(cat new) ||
    why+=("no note for an answer to another's mail")
# Help asked in answer to the game mail comes back as game mail, with
# the token Reply-To; answering it, even at the plain address, plays.
mp_reply "$t3" "$mto" "help"
run
h=$(last "$mto")
case $(mp_header "$h" Reply-To) in
*+g1-*@*) ;;
*) why+=("the help reply's Reply-To: '$(mp_header "$h" Reply-To)'") ;;
esac
mp_mail "$mto" games@localhost "Re: $(mp_header "$h" Subject)" \
    "#4 $turn3" "$(mp_header "$h" Message-ID)"
run
[ "$(record | grep -c '^4 ')" -eq 1 ] || why+=("the answer to the help reply did not play")
! grep -q "a mail in your name was not accepted" $(cat new) ||
    why+=("the answer to the help reply was taken for a forgery")
end "a reply to any game mail the sender got plays, help replies carry the token; an answer to another's mail does not"

begin
mp_mail "$A" games@localhost "" "board
history G1
games
unobserve G1"
mp_mail "$C" games@localhost "games" ""
run
grep -q "^seat red " $(cat new) || why+=("no history")
grep -q "G1 velox, playing, turn 5." $(cat new) || why+=("no games list")
grep -q "You were not following game G1." $(cat new) || why+=("unobserve")
grep -q "Your games (0):" got/$C.* || why+=("a command in the subject")
end "board, history, games and unobserve; a command in the subject"

begin
# A rename by a mail whose From anyone could forge is refused; by a
# reply to the player's game mail, taken.
mp_mail "$A" games@localhost "" "name Mallory"
run
has "$(last "$A")" "name: send it in a reply to one of your game mails, to the address it came from, so that nobody else can rename you"
[ "$(sqlite3 mupbem.db "select coalesce(name, '') from players where address = '$A'")" != Mallory ] ||
    why+=("a forged mail renamed $A")
f=$(grep -l '^Subject: \[mupbem G1\]' got/$A.* | sort -t. -k3 -n | tail -1)
mp_reply "$f" "$A" "name Alice L."
run
grep -q "Other players now see you as Alice L. <$A>." $(cat new) || why+=("no name")
mp_reply "$f" "$A" "name $(printf 'Eve\x7fOps')"
run
has "$(last "$A")" "name: a name cannot hold control characters"
[ "$(sqlite3 mupbem.db "select name from players where address = '$A'")" = "Alice L." ] ||
    why+=("name: $(sqlite3 mupbem.db "select name from players where address = '$A'")")
end "name: refused from a forgeable mail and with control characters, taken from a reply to a game mail"

begin
# A display name that decodes to a line break is no name: it could end
# a header line or split another player's mail.
E=eve@example.org
mp_mail "=?UTF-8?B?$(printf 'Eve\r\nBcc: victim@example.org' | base64 -w0)?= <$E>" \
    games@localhost "" "new velox with $B"
run
[ "$(sqlite3 mupbem.db "select coalesce(name, '-') from players where address = '$E'")" = - ] ||
    why+=("the name: $(sqlite3 mupbem.db "select name from players where address = '$E'" | od -c | head -2)")
grep -il '^Bcc:' $(cat new) && why+=("a Bcc header went out")
grep -l 'victim' $(cat new) | while read -r f; do
	sed '/^$/q' "$f" | grep -q victim && echo "$f"
done | grep -q . && why+=("the name reached a header unencoded")
end "a display name with a line break is not taken, and no header carries it"

begin
# A player who wants the list form of the board for every mail says so.
# One of them is to move (a "your turn" mail), the other not (a notice
# with the board in its text): both ways give the chosen form.
for p in "$A" "$B"; do
	mp_mail "$p" games@localhost "" "set board list
board G1"
	run
	has "$(last "$p")" "Your setting is kept: board list (the form of the boards mailed to you)."
	grep -q "^Legend: the map puts each segment's label at its centre" "$(last "$p")" ||
	    why+=("$p: the board is not in the list form")
done
mp_mail "$A" games@localhost "" "set board tiny"
run
has "$(last "$A")" "set board: write set board auto, full, compact or list"
mp_mail "$A" games@localhost "" "set board auto"
mp_mail "$B" games@localhost "" "set board auto"
run
end "set board list: the boards mailed to the player are in the list form"

begin
out=$("$MUPBEM" --db mupbem.db resend G1)
[ "$(echo "$out" | grep -c 'is queued again as <resend\.')" -eq 3 ] ||
    why+=("resend: $out")
run
[ "$(wc -l <new)" -eq 3 ] || why+=("$(wc -l <new) mails resent, not 3")
"$MUPBEM" --db mupbem.db list | grep -q "^G1	velox	playing	turn 5	" ||
    why+=("list: $("$MUPBEM" --db mupbem.db list)")
"$MUPBEM" --db mupbem.db show G1 | grep -q "^  red: " || why+=("show")
"$MUPBEM" --db mupbem.db show G9 2>err; [ $? -eq 1 ] &&
    grep -q "^mupbem: there is no game G9$" err || why+=("show G9: $(cat err)")
"$MUPBEM" --db nowhere.db list 2>err
grep -q "^mupbem: nowhere.db: No such file or directory$" err || why+=("$(cat err)")
end "mupbem --db: resend queues the last mail to each of the three again; list, show"

begin
"$MUPBEM" --db mupbem.db show G1 | sed '1,/^$/d' >board.now
out=$("$MUPBEM" --db mupbem.db nudge G1 2>err)
[ "$out" = "G1: your turn 5 to $oto queued" ] || why+=("nudge said '$out' $(cat err)")
run
[ "$(wc -l <new)" -eq 1 ] || why+=("$(wc -l <new) mails for a nudge, not 1")
nudged=$(last "$oto")
subject_is "$nudged" "[mupbem G1] velox: your turn 5"
[ "$(mp_header "$nudged" To)" = "$oto" ] || why+=("to $(mp_header "$nudged" To)")
mp_header "$nudged" Reply-To | grep -q '^games+g1-[0-9a-f]\{12\}@localhost$' ||
    why+=("Reply-To: $(mp_header "$nudged" Reply-To)")
grep -q "^Game G1 (velox): turn 5 is yours, " "$nudged" || why+=("not the your-turn text")
grep -qxF "    #5 $(sed -n 's/^    #5 //p' "$nudged" | head -1)" "$nudged" || why+=("no example turn")
[ -s board.now ] || why+=("no board from show")
while IFS= read -r line; do
	grep -qxF -- "$line" "$nudged" || { why+=("the board lacks '$line'"); break; }
done <board.now
"$MUPBEM" --db mupbem.db nudge G9 >out 2>err
[ $? -eq 1 ] && [ "$(cat err)" = "mupbem: there is no game G9" ] ||
    why+=("nudge G9: $(cat err)")
end "mupbem --db nudge: the player to move gets 'your turn 5' with the current board; the others nothing"

# --- Mur by mail -----------------------------------------------------------

fresh
begin
mp_mail "$A" games@localhost "x" "rules mur"
mp_mail "$A" games@localhost "x" "help MUR"
mp_mail "$A" games@localhost "x" "new mur with $B segments 2"
mp_mail "$A" games@localhost "x" "new velox with $B match 2"
mp_mail "$A" games@localhost "x" "new mur with $B open 1"
mp_mail "$A" games@localhost "x" "new mur with $B match 100"
run
[ "$(wc -l <new)" -eq 6 ] || why+=("$(wc -l <new) answers, not 6")
has_line got/$A.0 "Mur, for two players: the rules in brief."
has_line got/$A.1 "Mur, for two players: the rules in brief."
has_line got/$A.2 "    new: Mur has no segments: its board is fixed"
has_line got/$A.3 "    new: velox is played one game at a time: only Mur has matches"
has_line got/$A.4 "    new: Mur is a game for two players, not 3"
has_line got/$A.5 "    line 1: new: match takes a number from 1 to 99, such as match 4"
[ -z "$("$MUPBEM" --db mupbem.db list)" ] || why+=("a game was made")
[ "$(ls got | grep -c "^$B\.")" -eq 0 ] || why+=("bob was invited")
end "Mur: rules mur; segments for mur, match for velox, a third player and match 100 are refused, and no game is made"

# The seats are drawn from the record's seed: who is black is read from
# the record, and each player's mail is found by their address.
fresh
begin
mp_mail "$A" games@localhost "" "new mur with $B match 1"
run
inv=$(last "$B")
subject_is "$inv" "[mupbem G1] mur: invitation"
has "$inv" "$A invites you to a game of mur, game G1:"
subject_is "$(last "$A")" "[mupbem G1] mur: created"
has "$(last "$A")" "Game G1 (mur, 2 players, a match of 1 game, rated) is set up. The places:"
"$MUPBEM" --db mupbem.db list | grep -q "^G1	mur	inviting	" ||
    why+=("list: $("$MUPBEM" --db mupbem.db list)")
mp_reply "$inv" "$B" "accept"
run
black=$(record | sed -n 's/^seat black //p')
white=$(record | sed -n 's/^seat white //p')
[ "$black $white" = "$A $B" ] || [ "$black $white" = "$B $A" ] ||
    why+=("seats: black '$black', white '$white'")
record | grep -qx "match 1" || why+=("the record has no 'match 1'")
bm=$(last "$black")
wm=$(last "$white")
subject_is "$bm" "[mupbem G1] mur: your turn 1"
subject_is "$wm" "[mupbem G1] mur: started"
for f in "$bm" "$wm"; do
	has_line "$f" "Game G1 (mur) has started. The seats:"
	has_line "$f" "  black: $black (accepted)"
	has_line "$f" "  white: $white (accepted)"
	has_line "$f" "   nw                 n                 ne"
	has_line "$f" "  3 .-----------------.-----------------."
	has_line "$f" "  w .-----.-----.-----M-----.-----.-----. e"
	has_line "$f" "Mur, game 1 of 1, turn 1: Black to move."
	has_line "$f" "Black (X): 0 on the board, 7 off; 0 traps made this game."
	has_line "$f" "It is black's turn: $black."
done
has_line "$bm" "    #1 n1"
end "Mur: new mur ... match 1, accepted by reply; both get the Mur board, and black (drawn from the seed) moves first"

begin
before=$(record)
mp_reply "$wm" "$white" "#1 n1"
run
rej=$(last "$white")
subject_is "$rej" "[mupbem G1] mur: turn 1 not played"
has_line "$rej" "    it is not your turn: it is black's"
[ "$(record)" = "$before" ] || why+=("white's turn out of turn changed the record")
mp_reply "$bm" "$black" "#1 place NE3"
run
record | grep -qx "1 black ne3" || why+=("turn 1 is not recorded as 'ne3'")
subject_is "$(last "$black")" "[mupbem G1] mur: you played turn 1"
has_line "$(last "$black")" "Black placed a stone on ne3."
wm=$(last "$white")
subject_is "$wm" "[mupbem G1] mur: your turn 2"
has_line "$wm" "Black placed a stone on ne3."
has_line "$wm" "  3 .-----------------.-----------------X"
has_line "$wm" "Mur, game 1 of 1, turn 2: White to move."
mp_reply "$wm" "$white" "#2 e3"
run
bm=$(last "$black")
subject_is "$bm" "[mupbem G1] mur: your turn 3"
before=$(record)
mp_reply "$bm" "$black" "#3 e3"
run
rej=$(last "$black")
subject_is "$rej" "[mupbem G1] mur: turn 3 not played"
has_line "$rej" "    e3: e3 is taken (by your opponent's stone)"
mp_reply "$rej" "$black" "#3 pass"
run
rej=$(last "$black")
subject_is "$rej" "[mupbem G1] mur: turn 3 not played"
has_line "$rej" "    'pass': Mur has no passing: a turn must place, move or withdraw a stone"
[ "$(record)" = "$before" ] || why+=("a refused turn changed the record")
end "Mur: a turn is recorded in canonical form; out of turn, an occupied point and pass are refused with the engine's reason and change nothing"

begin
mp_reply "$(last "$black")" "$black" "#3 se3"
run
mp_reply "$(last "$white")" "$white" "#4 w3"
run
nwhite=$(ls got/$white.* | wc -l)
mp_reply "$(last "$black")" "$black" "#5 e2"
run
# White's only turn is to withdraw the trapped stone: mupbem plays it.
record | grep -qx "6 white x e3" || why+=("the withdrawal is not recorded as 'x e3'")
# Black, to move again, gets one mail: its turn 7, with white's turn 6.
cm=$(last "$black")
subject_is "$cm" "[mupbem G1] mur: your turn 7"
has_line "$cm" "Turn 6, white ($white): x e3 (the only choice: mupbem played it)"
has_line "$cm" "White withdrew the stone on e3: Black has made 1 of 3 traps."
has_line "$cm" "  w O-----.-----.-----M-----.-----X-----. e"
[ "$(ls got/$white.* | wc -l)" -eq "$nwhite" ] || why+=("white was mailed for a turn it did not choose")
bm=$(last "$black")
mp_reply "$bm" "$black" "#7 n1"
run
wm=$(last "$white")
subject_is "$wm" "[mupbem G1] mur: your turn 8"
has_line "$wm" "Turn 6, white ($white): x e3 (the only choice: mupbem played it)"
has_line "$wm" "White withdrew the stone on e3: Black has made 1 of 3 traps."
has_line "$wm" "Turn 7, black ($black): n1"
end "Mur: black traps white's stone on e3; white's only turn, the withdrawal, is played by mupbem and told to both"

begin
# Resigning may come out of turn: white resigns on black's turn.
mp_reply "$(last "$white")" "$white" "resign"
run
for p in "$black" "$white"; do
	f=$(last "$p")
	subject_is "$f" "[mupbem G1] mur: game over"
	has_line "$f" "White resigned the match in game 1."
	has_line "$f" "Black wins game 1."
	has_line "$f" "Final score: Black won 1 game, White 0, 0 drawn."
	has_line "$f" "  game 1: Black won, as White resigned the match."
	has_line "$f" "Black wins the match."
	has_line "$f" "Mur, a match of 1 game: over after game 1."
done
"$MUPBEM" --db mupbem.db list | grep -q "^G1	mur	over	turn 9	" ||
    why+=("list: $("$MUPBEM" --db mupbem.db list)")
[ "$(record | sed '1,/^$/d')" = "1 black ne3
2 white e3
3 black se3
4 white w3
5 black e2
6 white x e3
7 black n1
8 white resign" ] || why+=("the record's actions: $(record | sed '1,/^$/d' | tr '\n' '|')")
record | "$MUPBEM" replay - >/dev/null 2>err || why+=("the record does not replay: $(cat err)")
end "Mur: a resignation ends the match; everyone gets game over with the final score, and the record replays"

begin
# Game over names the players, brings the record and offers a rematch.
f=$(last "$black")
has_line "$f" "The players:"
grep -q "^  black: .*$black" "$f" && grep -q "^  white: .*$white" "$f" ||
    why+=("the players are not named")
grep -q '^Content-Disposition: attachment; filename="G1.rec"' "$f" ||
    why+=("no record attached")
mp_reply "$f" "$black" "rematch"
run
inv=$(last "$white")
subject_is "$inv" "[mupbem G2] mur: invitation"
"$MUPBEM" --db mupbem.db list | grep -q "^G2	mur	inviting	" ||
    why+=("no G2: $("$MUPBEM" --db mupbem.db list)")
mp_reply "$inv" "$white" "rematch"
run
has "$(last "$white")" "rematch: game G2 is not over yet"
end "game over names the players and attaches the record; rematch makes the same game again"

begin
"$MUPBEM" --db mupbem.db nudge G1 >out 2>err
[ $? -eq 1 ] || why+=("nudge of a game over did not fail")
[ "$(cat err)" = "mupbem: G1 is not in play (it is over): there is no turn to nudge" ] ||
    why+=("$(cat err)")
[ ! -s out ] || why+=("stdout: $(cat out)")
end "mupbem --db nudge refuses a game that is over"

# --- a third player's resignation ------------------------------------------

fresh
begin
# Three players, one segment each: three placements, then the men move.
mp_mail "$A" games@localhost "" "new classic with $B with $C segments 1"
run
mp_reply "$(last "$B")" "$B" "accept"
mp_reply "$(last "$C")" "$C" "accept"
run
for k in 1 2 3; do
	f=$(grep -l ": your turn $k$" got/* | head -1)
	mp_reply "$f" "$(mp_header "$f" To)" "$(mp_answer "$f" $k)"
	run
done
f4=$(grep -l ": your turn 4$" got/* | head -1)
p4=$(mp_header "$f4" To)
# A third player, neither the one to move nor the one after, resigns.
for x in $A $B $C; do
	[ "$x" != "$p4" ] && ! grep -q ": your turn 5$" $(ls got/$x.* ) 2>/dev/null &&
	    quitter=$x
done
mp_reply "$(last "$quitter")" "$quitter" "resign"
run
[ "$(record | grep -c '^4 .* resign$')" -eq 1 ] || why+=("the resignation is not turn 4: $(record | tail -2 | tr '\n' '|')")
# The player to move wrote #4 against a board the resignation left as
# it was: it still plays, as turn 5.
mp_reply "$f4" "$p4" "#4 pass"
run
[ "$(record | grep -c '^5 .* pass$')" -eq 1 ] ||
    why+=("#4 after another's resignation was refused: $(grep -h 'written for' $(cat new))")
end "a third player's resignation does not make the #N of the player to move stale"


# --- the from policy --------------------------------------------------------

fresh 'policy = from\n'
begin
mp_mail "$A" games@localhost "" "new velox with $B"
run
mp_mail "$B" games@localhost "" "accept G1"
run
grep -q ": started\|: your turn 1" $(cat new) ||
    why+=("accept by From alone was refused")
end "policy = from: an accept from the right address needs no token"

begin
printf '[server]\ntemplates = %s\n' "$tmp/tpl" >bad.conf
mkdir -p "$tmp/tpl"
printf 'Hello {{nobody}}\n' >"$tmp/tpl/help.txt"
"$MUPBEMD" -c bad.conf -n 2>err
[ $? -eq 78 ] || why+=("exit status $?")
grep -q "template $tmp/tpl/help.txt: line 1: no value is called {{nobody}} here" err ||
    why+=("$(cat err)")
printf 'Help, {{player}}!\n' >"$tmp/tpl/help.txt"
mp_mail "$A" games@localhost "" "help"
"$MUPBEMD" -c bad.conf --once 2>>log
grep -q "^Help, $A!" outbox/new/* || why+=("the operator's template was not used")
end "an operator's template is checked at start-up and used"

begin
# An operator's template from before the words changed says {{move}}:
# it still loads, and means the turn.
printf 'Old {{move}}, new {{turn}}.\n' >"$tmp/tpl/your-turn.txt"
"$MUPBEMD" -c bad.conf -n 2>err || why+=("{{move}} refused: $(cat err)")
mp_mail "$A" games@localhost "" "board G1"
mp_mail "$B" games@localhost "" "board G1"
"$MUPBEMD" -c bad.conf --once 2>>log
grep -q "^Old 2, new 2\.$" outbox/new/* ||
    why+=("{{move}} is not the turn: $(grep -h '^Old' outbox/new/*)")
end "an operator's template may still name the turn {{move}}"

begin
rm -f outbox/new/*
out=$("$MUPBEM" --db mupbem.db nudge -c bad.conf G1 2>err)
case $out in
"G1: your turn 2 to $A queued"|"G1: your turn 2 to $B queued") ;;
*) why+=("nudge said '$out' $(cat err)") ;;
esac
"$MUPBEMD" -c bad.conf --once 2>>log
[ "$(ls outbox/new | wc -l)" -eq 1 ] || why+=("$(ls outbox/new | wc -l) mails")
f=$(ls -d outbox/new/* | head -1)
subject_is "$f" "[mupbem G1] velox: your turn 2"
grep -qx "Old 2, new 2\." "$f" || why+=("not the operator's your-turn template")
end "mupbem --db nudge -c FILE uses the daemon's templates"

fresh 'policy = from\n'
begin
mp_mail "$A" games@localhost "" "new velox with $B segments 1"
run
mp_mail "$B" games@localhost "" "accept G1"
run
for k in 1 2; do
	f=$(grep -l ": your turn $k$" got/* | tail -1)
	[ -z "$f" ] || { mp_reply "$f" "$(mp_header "$f" To)" \
	    "$(mp_answer "$f" $k)"; run; }
done
f=$(grep -l ": your turn 3$" got/* | tail -1)
first=$(mp_header "$f" To)
[ "$first" = "$A" ] && second=$B || second=$A
mp_reply "$f" "$first" "pass"
run
# No game's address: the player's only game is the one the mail is
# about.  The second pass in a row ends it, and the words around the
# turn still go to the other player of that game.
mp_mail "$second" games@localhost "" "Hi,

pass

Thanks for the game, see you next time."
run
[ "$(record | grep -c '^4 .* pass$')" -eq 1 ] || why+=("turn 4 not played")
grep -q "^X-Mupbem-State: game over" $(cat new) || why+=("the game is not over")
press=$(grep -l "^X-Mupbem-State: message from" $(cat new))
[ -n "$press" ] && [ "$(mp_header "$press" To)" = "$first" ] ||
    why+=("no message to $first: $(grep -h '^X-Mupbem-State' $(cat new) |
    tr '\n' '|')")
has_line "$press" "Thanks for the game, see you next time."
grep -q "^pass" "$press" && why+=("the turn was passed on")
end "policy = from: a game-ending turn among words to the plain address passes the words on to that game"

# --- turns wrapped in chatter (issue 13) ------------------------------------

# subjects: the subjects of this run's mails, sorted, one a line.
subjects() {
	for f in $(cat new); do
		printf '%s %s\n' "$(mp_header "$f" To)" "$(mp_header "$f" X-Mupbem-State)"
	done | sort
}

# yours ADDRESS N: the mail that told ADDRESS turn N is theirs.
yours() {
	grep -l "^X-Mupbem-State: your turn $2\$" got/$1.* | tail -1
}

# bare FILE SEED: the scripted player's turn for FILE, without its #N.
bare() {
	mp_answer "$1" "$2" | sed 's/^#[0-9]* //'
}

fresh
mp_mail "Alice <$A>" games@localhost "" "new velox with $B segments 2"
run
begin
mp_reply "$(last "$B")" "Bob <$B>" "accept
Looking forward to it!"
run
[ "$(wc -l <new)" -eq 3 ] || why+=("$(wc -l <new) mails, not 3: $(subjects)")
grep -l "not played\|could not do" $(cat new) && why+=("a contradicting mail")
press=$(grep -l "^X-Mupbem-State: message from Bob$" $(cat new))
[ "$(mp_header "$press" To)" = "$A" ] || why+=("the press did not go to alice")
has_line "$press" "Bob <$B> writes to the players of game G1 (velox):"
has_line "$press" "Looking forward to it!"
mp_header "$press" Reply-To | grep -q '^games+g1-[0-9a-f]\{12\}@localhost$' ||
    why+=("press Reply-To: $(mp_header "$press" Reply-To)")
end "accept and a greeting: the game starts, the greeting goes to alice, nothing says not played"

# Red's first placement was mupbem's: blue makes turn 2.
mover=$(grep -l ": your turn 2" $(cat new))
mto=$(mp_header "$mover" To)
[ "$mto" = "$A" ] && oto=$B || oto=$A
begin
mp_reply "$mover" "Carol <$mto>" "Hi all,

My move for this round: $(bare "$mover" 2)

Regards, Carol"
run
[ "$(record | grep -c '^2 ')" -eq 1 ] || why+=("turn 2 not recorded")
[ "$(wc -l <new)" -eq 3 ] || why+=("$(wc -l <new) mails, not 3: $(subjects)")
subject_is "$(grep -l "^To: $mto" $(cat new))" "[mupbem G1] velox: you played turn 2"
press=$(grep -l "message from" $(cat new))
[ "$(mp_header "$press" To)" = "$oto" ] || why+=("the press went to $(mp_header "$press" To)")
has_line "$press" "Hi all,"
has_line "$press" "Regards, Carol"
grep -q "My move" "$press" && why+=("the turn's line was passed on")
grep -q ": your turn 3" $(grep -l "^To: $oto" $(cat new)) || why+=("no your turn 3")
end "a turn between a greeting and a signature is played; the greeting goes to the other player"

begin
m=$(yours "$oto" 3)
mp_reply "$m" "$oto" "my move: $(bare "$m" 3) thanks!"
run
[ "$(record | grep -c '^3 ')" -eq 1 ] || why+=("turn 3 not recorded")
[ "$(wc -l <new)" -eq 2 ] || why+=("$(wc -l <new) mails, not 2: $(subjects)")
grep -l "message from\|not played\|could not do" $(cat new) &&
    why+=("a press or an error")
end "my move: TURN thanks! plays the turn and nothing else"

begin
m=$(yours "$mto" 4)
mp_reply "$m" "$mto" "$(mp_answer "$m" 4)

Sent from my iPhone"
run
[ "$(record | grep -c '^4 ')" -eq 1 ] || why+=("turn 4 not recorded")
[ "$(wc -l <new)" -eq 2 ] || why+=("$(wc -l <new) mails, not 2: $(subjects)")
grep -l "one turn per mail\|could not do\|message from" $(cat new) &&
    why+=("an error or a press after the turn")
end "#N TURN and Sent from my iPhone: the turn mails and nothing else"

begin
m=$(yours "$oto" 5)
mp_reply "$m" "$oto" "Am 23.11.2026 um 20:58 schrieb \"mupbem\" <games@localhost>:
> Bob, turn 5 is yours.
>
> Mu velox, 2 players, 2 segments each. Turn 5.

$(mp_answer "$m" 5)

-- 
Bob"
run
[ "$(record | grep -c '^5 ')" -eq 1 ] || why+=("turn 5 not recorded")
[ "$(wc -l <new)" -eq 2 ] || why+=("$(wc -l <new) mails, not 2: $(subjects)")
grep -l "could not do\|not played\|message from" $(cat new) &&
    why+=("an error or a press")
end "a German Thunderbird reply, bottom-posted: the turn below the quote is played"

begin
m=$(yours "$mto" 6)
mp_reply "$m" "$mto" "press Good game so far.
See you next week."
run
[ "$(wc -l <new)" -eq 2 ] || why+=("$(wc -l <new) mails, not 2: $(subjects)")
press=$(grep -l "message from" $(cat new))
[ "$(mp_header "$press" To)" = "$oto" ] || why+=("the press went to $(mp_header "$press" To)")
has_line "$press" "Good game so far."
has_line "$press" "See you next week."
has "$(last "$mto")" "Your message in game G1 went to"
[ "$(record | grep -c '^6 ')" -eq 0 ] || why+=("a turn was played")
end "press: a message and no turn goes to the other player, and the sender is told"

# Issue 35: the lines as written, and no client leftovers.
begin
m=$(yours "$mto" 6)
mp_reply "$m" "Carol Example <$mto>" "That’s a bold one – I didn’t see it coming… «bien joué» 好 😀

Kind regards,

Carol Example
Acme Corp | Analyst

CONFIDENTIALITY NOTICE: This e-mail and any attachments are confidential.

________________________________
From: mupbem <games@localhost>
Sent: Monday, November 23, 2026 8:58 PM"
run
press=$(grep -l "message from" $(cat new))
[ -n "$press" ] || why+=("no press: $(subjects)")
decoded "${press:-/dev/null}" >said
has_line said "That’s a bold one – I didn’t see it coming… «bien joué» 好 😀"
grep -E "Kind regards|Carol Example$|Acme|CONFIDENTIALITY|____|Sent:" said &&
    why+=("a leftover was passed on")
[ "$(record | grep -c '^6 ')" -eq 0 ] || why+=("a turn was played")
end "press keeps the writer's typography; Outlook's closing, name, disclaimer and separator are not passed on"

begin
# One mail in, one reply to its sender: the confirmation of a turn holds
# what else the mail asked for.
m=$(yours "$mto" 6)
mp_reply "$m" "$mto" "$(mp_answer "$m" 6)
help notation"
run
[ "$(record | grep -c '^6 ')" -eq 1 ] || why+=("turn 6 not recorded")
[ "$(grep -l "^To: $mto" $(cat new) | wc -l)" -eq 1 ] ||
    why+=("$(grep -l "^To: $mto" $(cat new) | wc -l) mails to the sender")
r=$(grep -l "^To: $mto" $(cat new))
has_line "$r" "You played turn 6."
grep -q "^Notation: a cell is its" "$r" || why+=("the help is not in the one reply")
end "a turn and help in one mail: one reply to the sender says both"


fresh 'address = games@mu.example.net\n'
mp_mail "$A" games@localhost "" "new velox with $B"
run
mp_reply "$(last "$B")" "$B" "accept"
run
begin
"$MUPBEM" --db mupbem.db nudge G1 >out 2>err
[ $? -eq 1 ] || why+=("a nudge from the built-in address was not refused")
[ "$(cat err)" = "mupbem: G1's mail comes from games@mu.example.net, not games@localhost; give the daemon's configuration: mupbem --db FILE nudge -c CONFIG G1" ] ||
    why+=("$(cat err)")
out=$("$MUPBEM" --db mupbem.db nudge -c mupbem.conf G1 2>err) ||
    why+=("nudge -c: $(cat err)")
run
[ "$(wc -l <new)" -eq 1 ] || why+=("$(wc -l <new) mails for a nudge, not 1")
f=$(head -1 new)
subject_is "$f" "[mupbem G1] velox: your turn 2"
grep -q '^From: mupbem <games@mu\.example\.net>$' "$f" || why+=("$(grep '^From:' "$f")")
mp_header "$f" Reply-To | grep -q '^games+g1-[0-9a-f]\{12\}@mu\.example\.net$' ||
    why+=("Reply-To: $(mp_header "$f" Reply-To)")
end "mupbem --db nudge without -c refuses to write from another address than the game's"

# --- a second address: link, confirm, unlink -------------------------------

A2=alice@work.example D=dave@example.org E=erin@example.org
when='[A-Z][a-z][a-z] [0-9][0-9] [A-Z][a-z][a-z] 20[0-9][0-9] [0-9][0-9]:[0-9][0-9] UTC'
fresh
mp_mail "$A" games@localhost "" "new velox with $B segments 2"
run
mp_reply "$(last "$B")" "$B" "accept"
run
begin
mp_mail "Alice <$A>" games@localhost "" "link $A2"
run
ask=$(last "$A2")
subject_is "$ask" "mupbem: link this address to $A?"
has "$ask" "Alice <$A> asks mupbem to link this address, $A2, to their account"
code=$(sed -n 's/^    confirm \([0-9]\{8\}\)$/\1/p' "$ask")
[ -n "$code" ] || why+=("no code in the mail to $A2")
has "$(last "$A")" "A code to confirm the link went to $A2."
grep -q "$code" "$(last "$A")" && why+=("the code went to $A too")
# Until it is confirmed, the address is its own player's.
mp_mail "$A2" games@localhost "" "games"
mp_mail "$A2" games@localhost "" "confirm 11111111"
mp_mail "$A" games@localhost "" "confirm $code"
run
has "got/$A2.1" "Your games (0):"
has "got/$A2.2" "confirm: 11111111 is not the code mupbem sent to $A2; copy it from that mail"
has "$(last "$A")" "confirm: code $code is for $A2; send it from that address, not from $A"
mp_mail "$A2" games@localhost "Re: $(mp_header "$ask" Subject)" "Yes, that is me." \
    "$(mp_header "$ask" Message-ID)"
run
[ "$(cat new)" = "$(last "$A")" ] || why+=("the confirmation was answered with: $(cat new)")
has "$(last "$A")" "$A2 is now linked to your account: mail from it plays as you, in your games, with your tokens. mupbem goes on writing to $A."
has_line "$(last "$A")" "To undo it, write: unlink $A2"
! grep -q "^Write commands on lines of their own:" "$(last "$A")" ||
    why+=("the confirmation came with the help text")
end "link: the code goes to the new address alone; a wrong code, or the code from another address, is refused; a reply to the mail confirms"

begin
# From the linked address alice plays: her seat, her token, her mail.
m=$(grep -l "^X-Mupbem-State: your turn" got/* | tail -1)
if [ "$(mp_header "$m" To)" = "$B" ]; then
	mp_reply "$m" "$B" "$(mp_answer "$m" 2)"
	run
	m=$(last "$A")
fi
t=$(mp_header "$m" X-Mupbem-State)
t=${t#your turn }
mp_reply "$m" "$A2" "$(mp_answer "$m" 3)"
mp_mail "$A2" games@localhost "" "games"
run
record | grep -q "^$t " || why+=("turn $t from $A2 was not played")
grep -q "^X-Mupbem-State: you played turn $t$" got/$A.* ||
    why+=("alice is not told at her main address that she played")
has "$(last "$A")" "Your games (1):"
[ "$(ls got | grep -c "^$A2\.")" -eq 3 ] || why+=("mail went to $A2")
end "mail from the linked address plays alice's turn with her token; the answers go to her main address"

begin
mp_mail "$A2" games@localhost "" "link"
mp_mail "$A" games@localhost "" "link $A2"
mp_mail "$A" games@localhost "" "link $B"
mp_mail "$A" games@localhost "" "link bob"
mp_mail "$A" games@localhost "" "link games+g1-0123456789ab@localhost"
mp_mail "$A" games@localhost "" "unlink $A"
mp_mail "$B" games@localhost "" "unlink $A2"
mp_mail "$A" games@localhost "" "new velox with $A2"
run
l=$(head -1 new)
has_line "$l" "Your addresses:"
has_line "$l" "  $A (main: mupbem writes to you here)"
grep -q "^  $A2 (linked on $when)$" "$l" ||
    why+=("the list: $(grep "^  $A2" "$l")")
cat $(grep "/$A\." new) >all
for want in "link: $A2 is linked to your account already" \
    "link: $B is already a player with 1 game; the games of two players cannot be joined" \
    "line 1: link: 'bob' is not an address; write it as bob@example.org" \
    "link: games+g1-0123456789ab@localhost is this server's address, not a player's" \
    "unlink: $A is your main address, where mupbem writes to you; it cannot be unlinked" \
    "new: $A2 is an address of yours; invite others with 'with ADDRESS'"; do
	has all "$want"
done
has "$(last "$B")" "unlink: $A2 is not one of your addresses (write link for the list)"
[ "$("$MUPBEM" --db mupbem.db list | wc -l)" -eq 1 ] || why+=("a game was made")
db_refuses "$A2 is a linked address of $A; give the main address" \
    address "$A2" "$D"
db_refuses "$A2 is another player's linked address ($A's); they can unlink it" \
    address "$B" "$A2"
end "link lists the addresses; an address linked already, another player's with games, a malformed one, the server's, the main one and one's own in new are refused; the operator's address takes main addresses only"

begin
mp_mail "$A2" games@localhost "" "unlink $A2"
run
has "$(last "$A")" "$A2 is no longer linked to your account: mail from it is no longer yours."
mp_mail "$A2" games@localhost "" "games"
run
has "$(last "$A2")" "Your games (0):"
end "unlink from the linked address itself: mail from it is its own again"

begin
# A link not confirmed within 7 days has expired.
now=$(date +%s)
mp_mail "$A" games@localhost "" "link $D"
MUPBEM_NOW=$now run
code=$(sed -n 's/^    confirm \([0-9]\{8\}\)$/\1/p' "$(last "$D")")
mp_mail "$D" games@localhost "" "confirm $code"
MUPBEM_NOW=$((now + 8 * 86400)) run
has "$(last "$D")" "confirm: the link of $D to $A waited more than 7 days and has expired; write link $D from $A to ask again"
mp_mail "$D" games@localhost "" "confirm $code"
MUPBEM_NOW=$((now + 8 * 86400)) run
has "$(last "$D")" "confirm: no link of $D waits for its confirmation"
# An address that becomes a player with a game before it confirms
# cannot be linked.
mp_mail "$A" games@localhost "" "link $E"
run
code=$(sed -n 's/^    confirm \([0-9]\{8\}\)$/\1/p' "$(last "$E")")
mp_mail "$B" games@localhost "" "new velox with $E"
run
mp_mail "$E" games@localhost "" "confirm $code"
run
has "$(last "$E")" "confirm: $E is already a player with 1 game; the games of two players cannot be joined, so it cannot be linked to $A"
end "confirm: an expired link, a spent code, and an address with a game of its own are refused"

# --- the operator changes a player's address -------------------------------

N=bob@new.example
fresh
mp_mail "$A" games@localhost "" "new velox with $B segments 2"
run
mp_reply "$(last "$B")" "$B" "accept"
run
mp_mail "$A" games@localhost "" "new velox with $B"
run
begin
out=$("$MUPBEM" --db mupbem.db address "$B" "$N" 2>err) || why+=("address: $(cat err)")
[ "$out" = "$B is now $N; games noted: G1, G2; mail to both addresses queued" ] ||
    why+=("address said '$out'")
run
[ "$(wc -l <new)" -eq 2 ] || why+=("$(wc -l <new) mails, not 2")
for f in "$(last "$N")" "$(last "$B")"; do
	subject_is "$f" "mupbem: your address is now $N"
	has "$f" "The operator of mupbem changed your address from $B to $N."
	has "$f" "your games (G1, G2), your name and your settings stay yours. mupbem writes to $N from now on, and mail from $B is no longer yours."
done
colour=$(record | sed -n "s/^seat \([a-z]*\) $N\$/\1/p")
[ -n "$colour" ] || why+=("no seat line for $N: $(record | grep '^seat' | tr '\n' '|')")
! record | grep -q "^seat [a-z]* $B\$" || why+=("a seat line still names $B")
record | grep -q "^# $when: the operator changed $colour's address from $B to $N\$" ||
    why+=("G1's record has no note: $(record | grep '^#')")
record G2 | grep -q "^# $when: the operator changed a player's address from $B to $N\$" ||
    why+=("G2's record has no note: $(record G2 | grep '^#')")
record | "$MUPBEM" replay - >/dev/null 2>err || why+=("G1's record does not replay: $(cat err)")
"$MUPBEM" --db mupbem.db show G2 | grep -q "$N (invited)" || why+=("G2's place")
end "mupbem --db address: each game's seat line and a note in its record; the player told at both addresses"

begin
# The game goes on from the new address, with the old mail's token;
# the old address is a stranger now.
m=$(grep -l "^X-Mupbem-State: your turn 2$" got/* | head -1)
t=2
if [ "$(mp_header "$m" To)" = "$A" ]; then
	mp_reply "$m" "$A" "$(mp_answer "$m" 2)"
	run
	m=$(last "$N")
	t=3
fi
grep -q "^X-Mupbem-State: your turn $t$" "$m" || why+=("not bob's turn $t: $m")
before=$(record)
mp_reply "$m" "$B" "$(mp_answer "$m" $t)"
run
[ "$(record)" = "$before" ] || why+=("a turn from the old address was played")
has "$(last "$B")" "you have no seat in game G1; nothing was played"
mp_reply "$m" "$N" "$(mp_answer "$m" $t)"
run
record | grep -q "^$t $colour " || why+=("turn $t from $N was not played")
grep -q "^X-Mupbem-State: you played turn $t$" "$(last "$N")" ||
    why+=("$N is not told the turn was played")
inv=$(grep -l "^Subject: \[mupbem G2\]" $(grep -l "^X-Mupbem-State: invitation$" got/$B.*))
mp_reply "$inv" "$N" "accept"
run
grep -q "^X-Mupbem-State: started\|^X-Mupbem-State: your turn" "$(last "$N")" ||
    why+=("G2 did not start when $N accepted")
record G2 | grep -q "^seat [a-z]* $N\$" || why+=("G2's seats: $(record G2 | grep '^seat' | tr '\n' '|')")
end "after the change the game goes on from the new address, and the old one has no seat; an invitation is accepted from the new one"

begin
db_refuses "there is no player nobody@example.org" \
    address nobody@example.org "$C"
db_refuses "$A is already a player with 2 games; the games of two players cannot be joined" \
    address "$N" "$A"
db_refuses "'bob at home' is not an address; write it as bob@example.org" \
    address "$N" "bob at home"
db_refuses "$N is that player's address already" address "$N" "$N"
run
[ ! -s new ] || why+=("a refusal queued mail")
# An address that only wrote to mupbem, with no game, is folded in.
mp_mail "$C" games@localhost "" "observe G1"
run
out=$("$MUPBEM" --db mupbem.db address "$N" "$C" 2>err) || why+=("$(cat err)")
[ "$out" = "$C had written to mupbem without a game: that is folded in
$N is now $C; games noted: G1, G2; mail to both addresses queued" ] ||
    why+=("address said '$out'")
"$MUPBEM" --db mupbem.db show G1 | grep -q "$C (accepted)" || why+=("G1's place is not $C's")
end "mupbem --db address refuses an unknown player, another player's games, a malformed or the same address; an address without games is folded in"

fresh 'address = games@mu.example.net\n'
mp_mail "$A" games@localhost "" "help"
run
begin
db_refuses "mail to $A has come from games@mu.example.net, not games@localhost; give the daemon's configuration: mupbem --db FILE address -c CONFIG $A $N" \
    address "$A" "$N"
out=$("$MUPBEM" --db mupbem.db address -c mupbem.conf "$A" "$N" 2>err) ||
    why+=("address -c: $(cat err)")
run
grep -q '^From: mupbem <games@mu\.example\.net>$' "$(last "$N")" || why+=("$(grep '^From:' "$(last "$N")")")
end "mupbem --db address without -c refuses to write from another address than the player's mail came from"

begin
# No mail points a player at the source: docs/*.md, src/*.c.
[ ! -s "$tmp/pointers" ] || why+=("$(head -3 "$tmp/pointers")")
end "no reply points players to source files"

tap_done
