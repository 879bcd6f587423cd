#!/usr/bin/env bash
#
# The operator's tools (mupbem --db FILE stalled, cancel, adjudicate,
# replace, forfeit, nudge) on games played through mupbemd, on a real
# Maildir and a real SQLite store, with time set by MUPBEM_NOW: what
# each prints, what it changes in the store and the record, the mail
# it sends, and its refusals, which change nothing.  Seats are drawn at
# random, so who moves is read from the mail (X-Mupbem-State), never
# assumed.  TAP-like output.
#
# make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }
command -v sqlite3 >/dev/null || { echo "Bail out! no sqlite3"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/operator-test.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"
. "$here/service-lib.sh"

A=alice@example.org B=bob@example.org C=carol@example.org
D=dave@example.org E=erin@example.org
T0=1795000000		# Wed 18 Nov 2026 11:06:40 UTC
H=3600 DAY=86400

# at T: mupbemd and mupbem read T as the time from now on.
at() {
	export MUPBEM_NOW=$1
}

# sql QUERY: the store's answer.
sql() {
	sqlite3 mupbem.db "$1"
}

# db ARGS...: mupbem --db mupbem.db ARGS, its output in out and err and
# its exit status in rc.
db() {
	"$MUPBEM" --db mupbem.db "$@" >out 2>err
	rc=$?
}

# mover G [N]: the mail of the last run that tells a player of game G
# it is their turn N (or any).
mover() {
	grep -l "^X-Mupbem-State: your turn ${2:-[0-9]*}\$" $(cat new) 2>/dev/null |
	    xargs -r grep -l "^Subject: \[mupbem G$1\]" | head -1
}

# colour G ADDRESS: the seat ADDRESS holds in game G's record.
colour() {
	record "G$1" | sed -n "s/^seat \([a-z]*\) $2\$/\1/p"
}

# holder G COLOUR: who holds seat COLOUR in game G's record.
holder() {
	record "G$1" | sed -n "s/^seat $2 //p"
}

# unchanged G: game G's row and its mail are as saved by keep G.
keep() {
	sql "select * from games where id = $1" >"keep.$1"
	sql "select count(*) from outbox" >>"keep.$1"
	sql "select * from seats where game = $1" >>"keep.$1"
}
unchanged() {
	sql "select * from games where id = $1" >now
	sql "select count(*) from outbox" >>now
	sql "select * from seats where game = $1" >>now
	cmp -s now "keep.$1" || why+=("G$1 changed: $(diff "keep.$1" now | tr '\n' '|')")
}

# narrow: no line of the text of a mail of the last run is over 78
# columns.
narrow() {
	local f
	for f in $(cat new); do
		[ "$(text_width "$f")" -le 78 ] ||
		    why+=("$f: a line over 78 columns")
	done
}

# two G FROM TO ARGS: FROM starts game G with TO (ARGS: "velox time 3d").
two() {
	mp_mail "$2" games@localhost "x" "new $4 with $3"
	run
	mp_reply "$(last "$3")" "$3" accept
	run
}

# --- stalled -----------------------------------------------------------------

fresh
begin
at $T0
two 1 "$A" "$B" "velox time 3d"
f1=$(mover 1 2)
at $((T0 + H))
two 2 "$A" "$C" "mur time none"
m2=$(mp_header "$(mover 2)" To)
at $((T0 + 2 * H))
two 3 "$C" "$D" "velox time 3d"
f=$(mover 3 2)
m3=$(mp_header "$f" To)
at $((T0 + 3 * H))
[ -n "$f1" ] || why+=("no turn 2 in G1")
mp_reply "$f1" "$(mp_header "$f1" To)" "$(mp_answer "$f1" 1)"
run
f=$(mover 1 3)
m1=$(mp_header "$f" To)
at $((T0 + 4 * H))
mp_mail "$m3" games@localhost "x" "vacation 5d"
run
db stalled
[ $rc = 0 ] || why+=("stalled: exit $rc: $(cat err)")
cat >want <<EOF
GAME   VARIANT TURN  SINCE (UTC)   DEADLINE      TO MOVE
G2     mur     $(printf '%4d' "$(sql "select turns + 1 from games where id = 2")")  18 Nov 12:06  no clock      $(colour 2 "$m2") $m2
G3     velox      2  18 Nov 13:06  on vacation   $(colour 3 "$m3") $m3
G1     velox      3  18 Nov 14:06  21 Nov 14:06  $(colour 1 "$m1") $m1
EOF
cmp -s out want || why+=("stalled printed: $(tr '\n' '|' <out), wanted $(tr '\n' '|' <want)")
[ "$(awk '{ if (length > 78) print }' out)" = "" ] || why+=("a line over 78 columns")
db stalled 2
[ "$(sed 1d out | cut -c1-3 | tr '\n' ' ')" = "G2  G3  " ] || why+=("stalled 2: $(tr '\n' '|' <out)")
db_refuses "stalled: '0' is not a number of games; write it like 10" stalled 0
end "stalled: the games in play, longest waiting first: variant, turn, since, deadline, no clock, on vacation, whose move"

begin
sql "select updated from games where id = 2" >updated.before
db nudge G2
[ $rc = 0 ] && [ "$(cat out)" = "G2: your turn $(sql "select turns + 1 from games where id = 2") to $m2 queued" ] ||
    why+=("nudge: $rc $(cat out) $(cat err)")
run
narrow
[ "$(cat new)" = "$(last "$m2")" ] || why+=("nudge mail: $(cat new)")
subject_is "$(last "$m2")" "[mupbem G2] mur: your turn $(sql "select turns + 1 from games where id = 2")"
record G2 | grep -qx "# Wed 18 Nov 2026 15:06 UTC: the operator nudged $(colour 2 "$m2") ($m2)" ||
    why+=("no nudge note: $(record G2 | tr '\n' '|')")
[ "$(sql "select updated from games where id = 2")" = "$(cat updated.before)" ] ||
    why+=("the nudge counts as a change of G2")
db stalled 1
[ "$(sed 1d out | cut -c1-3)" = "G2 " ] || why+=("G2 is no longer first: $(cat out)")
end "nudge: the player to move gets the board, the record says so, and the game still waits as long"

# --- cancel ------------------------------------------------------------------

begin
[ "$(sql "select count(*) from timers where game = 1")" -gt 0 ] || why+=("G1 has no timers to clear")
db cancel G1 the players asked for it
[ $rc = 0 ] && [ "$(cat out)" = "G1: cancelled; 2 told by mail" ] ||
    why+=("cancel: $rc $(cat out) $(cat err)")
[ "$(sql "select status, ending, result from games where id = 1")" = "abandoned|cancelled|cancelled by the operator: the players asked for it" ] ||
    why+=("G1: $(sql "select status, ending, result from games where id = 1")")
[ "$(sql "select count(*) from timers where game = 1")" = 0 ] || why+=("G1's timers are left")
[ "$(sql "select count(*) from games where id = 1 and (clock_seat is not null or deadline is not null)")" = 0 ] ||
    why+=("G1's clock still runs")
record G1 | grep -qx "# Wed 18 Nov 2026 15:06 UTC: the operator cancelled the game: the players asked for it" ||
    why+=("no cancel note: $(record G1 | tr '\n' '|')")
run
narrow
[ "$(wc -l <new)" = 2 ] || why+=("$(wc -l <new) mails, not 2")
for p in $A $B; do
	f=$(last "$p")
	subject_is "$f" "[mupbem G1] velox: game cancelled"
	has "$f" "The operator has cancelled game G1 (velox): the players asked for it. It ends without a result: nobody wins or loses."
	has "$f" "$(colour 1 "$A"): $A (accepted)"
done
end "cancel G1 REASON: abandoned without a result, its clock and timers gone, the record and both players told why"

begin
mp_mail "$m1" games@localhost "x" "games"
run
has "$(last "$m1")" "G1 velox, abandoned, turn 3. The game was cancelled by the operator: the players asked for it."
keep 1
db_refuses "G1 is not in play (it is abandoned): there is nothing to cancel" cancel G1
unchanged 1
end "a cancelled game says so in games, and cannot be cancelled again"

# --- adjudicate --------------------------------------------------------------

begin
keep 3
for r in pink "" red,,blue; do
	db_refuses "'$r' is not a result: write a colour (that seat wins), draw, or the colours best first with = between tied ones, such as red; the seats are red and blue" \
	    adjudicate G3 "$r"
done
db_refuses "'red,blue,red' names red twice" adjudicate G3 red,blue,red
db adjudicate G3
[ $rc = 2 ] || why+=("adjudicate without a result: exit $rc")
unchanged 3
end "adjudicate refuses a result that is not one, and changes nothing"

begin
w=$(colour 3 "$C")
db adjudicate G3 "$w"
[ $rc = 0 ] && [ "$(cat out)" = "G3: over: $w ($C) wins by adjudication; 2 told by mail" ] ||
    why+=("adjudicate: $rc $(cat out) $(cat err)")
[ "$(sql "select status, ending, result from games where id = 3")" = "over|adjudicated|$w ($C) wins by adjudication" ] ||
    why+=("G3: $(sql "select status, ending, result from games where id = 3")")
[ "$(sql "select count(*) from timers where game = 3")" = 0 ] || why+=("G3's timers are left")
run
narrow
for p in $C $D; do
	f=$(last "$p")
	subject_is "$f" "[mupbem G3] velox: game over"
	has "$f" "The operator has decided the result of game G3 (velox), which ends here: $w ($C) wins by adjudication."
	grep -q '^Content-Disposition: attachment; filename="G3.rec"' "$f" || why+=("$f: no record")
done
record G3 | grep -qx "# Wed 18 Nov 2026 15:06 UTC: the operator decided the result: $w ($C) wins by adjudication" ||
    why+=("no note: $(record G3 | tr '\n' '|')")
db adjudicate G2 draw
[ $rc = 0 ] && [ "$(sql "select status, result from games where id = 2")" = "over|a draw by adjudication" ] ||
    why+=("draw: $rc $(cat err) $(sql "select status, result from games where id = 2")")
run
narrow
has "$(last "$A")" "which ends here: a draw by adjudication."
end "adjudicate G COLOUR: that seat wins; adjudicate G draw; both over, told with the game-over mail and the record"

begin
at $((T0 + 5 * H))
mp_mail "$A" games@localhost "x" "new classic with $B $C segments 2 time none"
run
mp_reply "$(last "$B")" "$B" accept
mp_reply "$(last "$C")" "$C" accept
run
keep 4
db_refuses "'green,blue' leaves out red: a ranking names every seat (red, blue and green), best first" \
    adjudicate G4 green,blue
db_refuses "'blue=red,green=blue' names blue twice" adjudicate G4 blue=red,green=blue
db_refuses "'red,blue,green,pink' is not a result: write a colour (that seat wins), draw, or the colours best first with = between tied ones, such as red=blue,green; the seats are red, blue and green" \
    adjudicate G4 red,blue,green,pink
unchanged 4
db adjudicate G4 blue=red,green
want="red ($(holder 4 red)) and blue ($(holder 4 blue)) share the first place by adjudication; then green ($(holder 4 green))"
[ $rc = 0 ] && [ "$(sql "select status, ending, result from games where id = 4")" = "over|adjudicated|$want" ] ||
    why+=("ranking: $rc $(cat err) $(sql "select result from games where id = 4")")
run
[ "$(wc -l <new)" = 3 ] || why+=("$(wc -l <new) mails, not 3")
for p in $A $B $C; do
	has "$(last "$p")" "which ends here: $want."
done
narrow
end "adjudicate G4 red=blue,green: a ranking of three with a tie; one that leaves a seat out is refused"

# --- replace -----------------------------------------------------------------

fresh
begin
at $T0
two 1 "$A" "$B" "velox time 3d"
yours=$(mover 1 2)
old=$(mp_header "$yours" To)
other=$A; [ "$old" = "$A" ] && other=$B
seat=$(colour 1 "$old")
seatno=$(sql "select seat from seats s join players p on p.id = s.player where p.address = '$old'")
bank=$(sql "select bank from seats where game = 1 and seat = $seatno")
deadline=$(sql "select deadline from games where id = 1")
keep 1
db_refuses "G1 has no seat 'pink': its seats are red and blue" replace G1 pink "$D"
db_refuses "'dave' is not an address; write it like dave@example.org" replace G1 "$seat" dave
db_refuses "$other plays $(colour 1 "$other") in G1 already" replace G1 "$seat" "$other"
db_refuses "games@localhost is this server's address, not a player's" replace G1 "$seat" games@localhost
db replace G1 "$seat"
[ $rc = 2 ] || why+=("replace without an address: exit $rc")
unchanged 1
[ "$(sql "select count(*) from players where address = '$D'")" = 0 ] || why+=("dave was registered")
at $((T0 + H))
db replace G1 "$seat" "$D"
[ $rc = 0 ] && [ "$(cat out)" = "G1: $D takes $seat over from $old" ] ||
    why+=("replace: $rc $(cat out) $(cat err)")
[ "$(sql "select p.address, s.state from seats s join players p on p.id = s.player where s.game = 1 and s.seat = $seatno")" = "$D|accepted" ] ||
    why+=("seat: $(sql "select * from seats where game = 1")")
[ "$(sql "select bank from seats where game = 1 and seat = $seatno")" = "$bank" ] || why+=("the bank changed")
[ "$(sql "select deadline from games where id = 1")" = "$deadline" ] || why+=("the deadline changed")
record G1 >rec
grep -qx "seat $seat $D" rec || why+=("the record's seat line: $(grep ^seat rec)")
grep -qx "# Wed 18 Nov 2026 12:06 UTC: the operator gave $seat to $D, in place of $old" rec ||
    why+=("no note: $(tr '\n' '|' <rec)")
run
narrow
[ "$(wc -l <new)" = 3 ] || why+=("$(wc -l <new) mails, not 3")
f=$(last "$D")
subject_is "$f" "[mupbem G1] velox: your turn 2"
has "$f" "The operator has given you the seat of $seat in game G1 (velox), in place of $old."
has "$f" "Game G1 (velox): turn 2 is yours"
mp_header "$f" Reply-To | grep -q '^games+g1-[0-9a-f]\{12\}@localhost$' ||
    why+=("Reply-To: $(mp_header "$f" Reply-To)")
subject_is "$(last "$old")" "[mupbem G1] velox: you no longer play"
has "$(last "$old")" "The operator has given your seat in game G1 (velox), $seat, to $D: you no longer play in this game"
subject_is "$(last "$other")" "[mupbem G1] velox: $seat has a new player"
has "$(last "$other")" "$seat ($D) takes over in game G1 (velox), in place of $old, by the operator's decision."
end "replace G SEAT ADDRESS: the substitute holds the seat (store and record), its clock as it was; everyone told"

begin
mp_reply "$yours" "$old" "$(mp_answer "$yours" 3)"
run
has "$(last "$old")" "you have no seat in game G1; nothing was played"
[ "$(sql "select turns from games where id = 1")" = 1 ] || why+=("the old holder's turn was played")
f=$(last "$D")
mp_reply "$f" "$D" "$(mp_answer "$f" 3)"
run
[ "$(sql "select turns from games where id = 1")" = 2 ] || why+=("dave's turn was not played: $(cat new)")
[ -n "$(mover 1 3)" ] && [ "$(mp_header "$(mover 1 3)" To)" = "$other" ] ||
    why+=("no your-turn 3 for $other: $(cat new)")
grep -qE "^2 $seat " <(record G1) || why+=("no turn 2 of $seat: $(record G1 | tr '\n' '|')")
end "the substitute plays the next turn from their address with their token; the old holder is refused"

# --- forfeit -----------------------------------------------------------------

begin
db forfeit G1 "$seat"
w=$(colour 1 "$other")
[ $rc = 0 ] && [ "$(cat out)" = "G1: $seat ($D) forfeits: $w ($other) wins by forfeit" ] ||
    why+=("forfeit: $rc $(cat out) $(cat err)")
[ "$(sql "select status, ending, result from games where id = 1")" = "over|forfeit|$w ($other) wins by forfeit" ] ||
    why+=("G1: $(sql "select status, ending, result from games where id = 1")")
[ "$(sql "select out, state from seats where game = 1 and seat = $seatno")" = "forfeit|resigned" ] ||
    why+=("seat: $(sql "select * from seats where game = 1")")
record G1 >rec
grep -q "^# Wed 18 Nov 2026 12:06 UTC: $seat ($D) forfeits, by the operator's decision\$" rec ||
    why+=("no note: $(tr '\n' '|' <rec)")
grep -qx "3 $seat resign" rec || why+=("no resignation: $(tr '\n' '|' <rec)")
run
for p in $D $other; do
	subject_is "$(last "$p")" "[mupbem G1] velox: game over"
	has "$(last "$p")" "forfeits the game (the operator's decision): $w ($other) wins by forfeit."
done
[ "$(sql "select count(*) from timers")" = 0 ] || why+=("timers left")
narrow
end "forfeit G SEAT, two players: the seat resigns and the other wins by forfeit"

begin
for c in "forfeit G1 $w" "cancel G1" "adjudicate G1 draw" "replace G1 $w $E" "nudge G1"; do
	case $c in
	forfeit*) tail="there is no seat to forfeit" ;;
	cancel*) tail="there is nothing to cancel" ;;
	adjudicate*) tail="there is nothing to adjudicate" ;;
	replace*) tail="there is no seat to give" ;;
	nudge*) tail="there is no turn to nudge" ;;
	esac
	db_refuses "G1 is not in play (it is over): $tail" $c
	db_refuses "there is no game G9" ${c/G1/G9}
done
db_refuses "'Gx' is not a game; write it like G12" cancel Gx
db_refuses "adjudicate: after the result only rated may follow, not 'blue'" adjudicate G1 red blue
for c in "cancel" "forfeit G1" "replace G1 red" "adjudicate G1 red rated blue" "stalled 1 2" "forfeit -c"; do
	db $c
	[ $rc = 2 ] && [ "$(head -1 err)" = "usage:" ] || why+=("$c: exit $rc $(cat err)")
done
[ "$(sql "select count(*) from players where address = '$E'")" = 0 ] || why+=("erin was registered")
end "a game over, an unknown game, a bad G and missing words are refused, each saying so"

# drive G: play game G on from the mail of the last run, with scripted
# players; carol never answers.
drive() {
	local i f to ans
	for i in $(seq 1 150); do
		for f in $(cat new); do
			to=$(mp_header "$f" To)
			[ "$to" = "$C" ] && continue
			ans=$(mp_answer "$f" "$i")
			[ -n "$ans" ] && mp_reply "$f" "$to" "$ans"
		done
		run
		[ -s new ] || break
		record "G$1" | grep -qE "^[0-9]+ $colour resign\$" && break
	done
}

fresh
begin
at $T0
mp_mail "$A" games@localhost "x" "new classic with $B $C segments 2 time none"
run
mp_reply "$(last "$B")" "$B" accept
mp_reply "$(last "$C")" "$C" accept
run
colour=$(colour 1 "$C")
db forfeit -c mupbem.conf G1 "$colour"
[ $rc = 0 ] && [ "$(cat out)" = "G1: $colour ($C) forfeits and is out: mupbem plays for $colour until it may resign" ] ||
    why+=("forfeit: $rc $(cat out) $(cat err)")
[ "$(sql "select status from games")" = playing ] || why+=("G1 is $(sql "select status from games")")
[ "$(sql "select out from seats s join players p on p.id = s.player where p.address = '$C'")" = forfeit ] ||
    why+=("carol is not out")
db_refuses "G1: $colour is out of the game already (forfeit)" forfeit G1 "$colour"
db_refuses "G1: $colour is out of the game already (forfeit)" replace G1 "$colour" "$D"
run
narrow
drive 1
robot_out G1 "$C" forfeit "forfeits, by the operator's decision"
[ "$robot" -ge 2 ] || why+=("$robot robot turns for carol: $(tr '\n' '|' <rec)")
for p in $A $B; do
	cat got/$p.* | tr '\n' ' ' | tr -s ' ' | grep -qF "${colour^} ($C) forfeits the game (the operator's decision) and is out of the game" ||
	    why+=("$p was not told")
done
narrow
db_refuses "G1: $colour has resigned" replace G1 "$colour" "$D"
end "forfeit G SEAT, three players in the layout: the robot plays for the seat, which resigns once the movement starts"

tap_done
