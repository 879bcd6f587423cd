#!/usr/bin/env bash
#
# A command inside chat, through mupbemd --once on a real Maildir and
# SQLite store (issue 35), with mails in the shape real clients send
# them (tests/data/chat/*.eml: an HTML-only iPhone mail, a Gmail
# top-posted reply, quoted-printable UTF-8 with an em dash, Outlook's
# separator): "Avec plaisir ! accept" and "Accepted. Revanche
# angenommen!" accept, "resign - ..." resigns, "#N (x)" plays the
# letter; "accept or decline?" and "maybe resign" do nothing, pass
# nothing on, and say what to write; a preview with chat passes
# nothing on; a chat-only reply on the sender's turn is passed on and
# says that no turn was played.  TAP-like output.
#
# make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/chat-test.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"
. "$here/service-lib.sh"

A=alice@example.org B=bob@example.org C=carol@example.org D=dana@example.org
export MUPBEM_NOW=1795000000

sql() {
	sqlite3 mupbem.db "$1"
}

# client NAME FILE FROM [TURN]: answer mupbemd's mail FILE as FROM with
# the client mail tests/data/chat/NAME.eml.
client() {
	local reply subject id
	reply=$(mp_header "$2" Reply-To)
	subject="Re: $(mp_header "$2" Subject)"
	id=$(mp_header "$2" Message-ID)
	sed -e "s|@FROM@|$3|g" -e "s|@TO@|$reply|g" \
	    -e "s|@SUBJECT@|$subject|g" -e "s|@INREPLYTO@|$id|g" \
	    -e "s|@TURN@|${4:-}|g" "$here/data/chat/$1.eml" >mail.eml
	mp_deliver mail.eml
}

# press_to ADDRESS: how many messages from players ADDRESS got.
press_to() {
	grep -l "message from" got/$1.* 2>/dev/null | wc -l
}

# turn_mail ADDRESS: the newest "your turn" mail about G1 to ADDRESS.
turn_mail() {
	grep -l "^X-Mupbem-State: your turn" $(grep -l "^Subject: .*\[mupbem G1\]" got/$1.*) |
	    sort -t. -k3 -n | tail -1
}

fresh
mp_mail "$A" games@localhost "games" "new velox with $B"
mp_mail "$A" games@localhost "games" "new velox with $C"
mp_mail "$A" games@localhost "games" "new velox with $D"
run

begin
client html-only-accept got/$B.0 "$B"
run
[ "$(sql "select status from games where id = 1")" = playing ] ||
    why+=("G1 is $(sql "select status from games where id = 1")")
[ "$(sql "select state from seats where game = 1 and player = (select id from players where address = '$B')")" = accepted ] ||
    why+=("$B's seat: $(sql "select state from seats where game = 1")")
end "an HTML-only 'Avec plaisir ! accept' accepts the invitation"

begin
client gmail-de-accepted got/$C.0 "$C"
run
[ "$(sql "select status from games where id = 2")" = playing ] ||
    why+=("G2 is $(sql "select status from games where id = 2")")
end "Gmail's top-posted 'Accepted. Revanche angenommen!' accepts"

begin
before=$(press_to "$A")
client outlook-ambiguous got/$D.0 "$D"
run
[ "$(sql "select status from games where id = 3")" = inviting ] ||
    why+=("G3 is $(sql "select status from games where id = 3")")
[ "$(press_to "$A")" = "$before" ] || why+=("the question reached $A")
f=$(last "$D")
has "$f" 'G3: line 1: "accept or decline? I have never played..." was not done, as it can be read more than one way; write accept or decline alone on a line to do it.'
has "$f" 'You have not accepted the invitation to G3 yet: write "accept" alone on a line to accept it, or "decline".'
end "Outlook's 'accept or decline?' does nothing, passes nothing on, and says what to write"

# G1: whoever is to move.
mover=$B other=$A
[ -n "$(turn_mail "$A" 2>/dev/null)" ] && mover=$A other=$B
f=$(turn_mail "$mover")
turn=$(mp_answer "$f" 1)

begin
before=$(press_to "$other")
client gmail-preview-chat "$f" "$mover" "${turn#* }"
run
[ "$(press_to "$other")" = "$before" ] || why+=("the preview's chat reached $other")
grep -l "^X-Mupbem-State: preview" $(cat new) >/dev/null 2>&1 ||
    why+=("no preview: $(cat new)")
end "a preview with a line of chat passes nothing on"

begin
before=$(press_to "$other")
client gmail-maybe-resign "$f" "$mover"
run
[ "$(sql "select status from games where id = 1")" = playing ] ||
    why+=("G1 is $(sql "select status from games where id = 1")")
[ "$(press_to "$other")" = "$before" ] || why+=("'maybe resign' reached $other")
has "$(last "$mover")" "was not done, as it asks rather than says; write resign alone on a line to do it."
has "$(last "$mover")" "No turn was played: it is still your turn in G1."
end "'maybe resign, this looks lost' does nothing, passes nothing on, and says so"

begin
before=$(press_to "$other")
client gmail-chat-only "$f" "$mover"
run
[ "$(press_to "$other")" = "$((before + 1))" ] || why+=("the chat did not reach $other")
has "$(last "$mover")" "Your message in game G1 was passed on to the other players."
has "$(last "$mover")" "No turn was played: it is still your turn in G1. To play, write the turn on a line of its own."
end "chat on the sender's turn is passed on, and the reply says no turn was played"

begin
before=$(press_to "$other")
mp_mail "$mover" games@localhost "Re: $(mp_header "$f" Subject)" \
    "Thinking about it." "$(mp_header "$f" Message-ID)"
run
[ "$(press_to "$other")" = "$before" ] || why+=("chat without the token reached $other")
has "$(last "$mover")" "No turn was played: it is still your turn in G1."
has "$(last "$mover")" "mupbem plays Mu (classic, levis and velox) and Mur by mail."
end "chat on the sender's turn that cannot be passed on gets help, and the line that no turn was played"

begin
played=$(sql "select turns from games where id = 1")
client gmail-layout-letter "$f" "$mover" "${turn%% *} (a)"
run
[ "$(sql "select turns from games where id = 1")" = "$((played + 1))" ] ||
    why+=("'${turn%% *} (a)' played no turn: $(decoded $(last "$mover"))")
end "'#N (x)', the layout letter as the board shows it, plays it"

begin
f=$(turn_mail "$other")
client qp-resign-emdash "$f" "$other"
run
[ "$(sql "select status from games where id = 1")" = over ] ||
    why+=("G1 is $(sql "select status from games where id = 1")")
record G1 | grep -q " resign$" || why+=("no resign in $(record G1)")
grep -l "Dmitri deserves it" got/$mover.* >/dev/null 2>&1 ||
    why+=("the chat after the resignation did not reach $mover")
end "quoted-printable 'resign — Dmitri deserves it, ...' resigns"

tap_done
