#!/usr/bin/env bash
#
# Games on the clock, through mupbemd on a real Maildir and a real
# SQLite store, with time set by MUPBEM_NOW, never by sleeping: the
# deadline in mail (UTC and the player's zone), one reminder per
# deadline, the Fischer clock's bank, a two-player timeout losing, a
# three-player timeout in the layout, the selection and the movement
# (the robot plays for the seat, which resigns when it may), vacation
# stopping and restarting clocks, and an invitation expiring.
# TAP-like output.
#
# make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/clock-test.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"
. "$here/service-lib.sh"

A=alice@example.org B=bob@example.org C=carol@example.org
T0=1795000000		# Wed 18 Nov 2026 11:06:40 UTC
DAY=86400

# at T: mupbemd's clock reads T from now on.
at() {
	export MUPBEM_NOW=$1
}

# sql QUERY: one answer from the store.
sql() {
	sqlite3 mupbem.db "$1"
}

# mover: the address whose latest mail says it is their turn N.
mover() {
	grep -l "^X-Mupbem-State: your turn $1\$" $(cat new) 2>/dev/null |
	    head -1
}

# narrow: every mail so far fits 78 columns (its text, decoded).
narrow() {
	local f w
	for f in got/*; do
		w=$(text_width "$f")
		[ "$w" -le 78 ] || why+=("$f is $w columns wide")
	done
}

# nth K: the K-th answer of the last run.
nth() {
	sed -n "${1}p" new
}

# --- two players: deadline, reminder once, Fischer bank, timeout -----------

fresh
begin
at $T0
mp_mail "$A" games@localhost "x" "new mur with $B time 2d
set timezone Europe/Berlin"
mp_mail "$B" games@localhost "x" "set timezone Mars/Olympus"
run
has "$(last $A)" "Your setting is kept: timezone Europe/Berlin"
has "$(last $B)" "set timezone: 'Mars/Olympus' is not a time zone"
has got/$B.0 "Clock: 2d (2 days a turn)."
[ "$(sql "select kind, at from timers")" = "expire|$((T0 + 7 * DAY))" ] ||
    why+=("timers: $(sql "select kind, at from timers")")
at $((T0 + 3600))
mp_reply got/$B.0 "$B" "accept"
run
f=$(mover 1)
who=$(mp_header "$f" To)
other=$A; [ "$who" = "$A" ] && other=$B
has "$f" "Your deadline: Fri 20 Nov 2026 12:06 UTC"
[ "$who" = "$A" ] && has "$f" "(Fri 20 Nov 13:06 CET in Europe/Berlin)"
[ "$who" = "$B" ] && ! grep -q "Europe/Berlin" "$f" &&
    true || [ "$who" = "$A" ] || why+=("$f: a zone bob did not set")
has "$f" "2 days from now. The clock is 2d."
[ "$(sql "select kind from timers order by at")" = "$(printf 'remind\ntimeout')" ] ||
    why+=("timers after the start: $(sql "select kind, at from timers")")
narrow
end "a game on the clock: deadline in UTC and the player's zone, a reminder and a timeout due"

begin
at $((T0 + 3600 + 36 * 3600 - 60))
run
[ ! -s new ] || why+=("mail before the reminder is due: $(cat new)")
at $((T0 + 3600 + 36 * 3600 + 60))
run
[ "$(wc -l <new)" -eq 1 ] || why+=("$(wc -l <new) mails for the reminder")
r=$(cat new)
subject_is "$r" "[mupbem G1] mur: reminder: your turn 1"
[ "$(mp_header "$r" To)" = "$who" ] || why+=("the reminder went to $(mp_header "$r" To)")
has "$r" "it has been your turn since Wed 18 Nov 2026 12:06 UTC"
has "$r" "11 hours 59 minutes from now"
at $((T0 + 3600 + 40 * 3600))
run
[ ! -s new ] || why+=("a second reminder: $(cat new)")
narrow
end "one reminder, when a quarter of the time is left (12 hours of 2 days), and never again"

begin
at $((T0 + 3600 + 2 * DAY + 1))
run
[ "$(wc -l <new)" -eq 2 ] || why+=("$(wc -l <new) mails at the timeout")
for f in $(cat new); do
	subject_is "$f" "[mupbem G1] mur: game over"
	has "$f" "ran out of time:"
	has "$f" "wins on time."
done
[ "$(sql "select status, ending from games")" = "over|time" ] ||
    why+=("game: $(sql "select status, ending from games")")
case $(sql "select result from games") in
*"($other) wins on time") ;;
*) why+=("result: $(sql "select result from games")") ;;
esac
record G1 >rec
grep -q "^# Fri 20 Nov 2026 12:06 UTC: .* ($who) ran out of time\$" rec ||
    why+=("no timeout note in the record: $(cat rec)")
grep -qE "^1 (black|white) resign\$" rec || why+=("no resign line: $(cat rec)")
[ "$(sql "select count(*) from timers")" = 0 ] || why+=("timers left")
"$MUPBEM" --db mupbem.db show G1 >show
grep -q "^Clock: 2d; ended: time (.* ($other) wins on time)\.\$" show ||
    why+=("show: $(head -3 show)")
grep -q "^  [a-z]*: $who (resigned), out: time\$" show || why+=("show: $(head -4 show)")
at $((T0 + 9 * DAY))
run
[ ! -s new ] || why+=("more mail after the end: $(cat new)")
narrow
end "a player of two who runs out of time loses on time, once, in the record too"

# Fischer: 3d+1d/10d; a turn taking one day leaves the bank at 3 days.
fresh
begin
at $T0
mp_mail "$A" games@localhost "x" "new velox with $B time 3d+1d/10d"
run
mp_reply got/$B.0 "$B" "accept"
run
f=$(mover 2)
who=$(mp_header "$f" To)
has "$f" "Your deadline: Sat 21 Nov 2026 11:06 UTC, 3 days from now."
has "$f" "The clock is 3d+1d/10d."
at $((T0 + DAY))
mp_reply "$f" "$who" "$(mp_answer "$f" 7)"
run
seat=$(sql "select s.seat from seats s join players p on p.id = s.player where p.address = '$who'")
[ "$(sql "select bank from seats where seat = $seat")" = $((3 * DAY)) ] ||
    why+=("bank after a day's turn: $(sql "select seat, bank from seats")")
g=$(mover 3)
[ -n "$g" ] && has "$g" "3 days from now." || why+=("no your-turn 3: $(cat new)")
[ "$(sql "select deadline from games")" = $((T0 + 4 * DAY)) ] ||
    why+=("deadline: $(sql "select deadline from games")")
other=$A; [ "$who" = "$A" ] && other=$B
mp_mail "$other" games@localhost "x" "games"
run
has "$(last $other)" "G1 velox, playing, turn 3. It is"
has "$(last $other)" "Your deadline: Sun 22 Nov 2026 11:06 UTC, 3 days from now. The clock is 3d+1d/10d."
"$MUPBEM" --db mupbem.db show G1 >show
grep -q "^Clock: 3d+1d/10d; [a-z]*'s clock runs since 2026-11-19 11:06 UTC, deadline 2026-11-22 11:06 UTC\.\$" show ||
    why+=("show: $(head -2 show)")
grep -q "^  [a-z]*: $who (accepted), 3 days banked\$" show || why+=("show: $(head -4 show)")
narrow
end "a Fischer clock: the time used is taken, the increment added, the next clock starts"

begin
mp_mail "$A" games@localhost "x" "new velox with $B time 3x"
mp_mail "$A" games@localhost "x" "new velox with $B time 3d/10d"
mp_mail "$A" games@localhost "x" "new velox with $B time 3d+1d/2d"
run
has "$(nth 1)" "new: time 3x: 3x needs a unit: d (days), h (hours), m (minutes) or w (weeks)"
has "$(nth 2)" "new: time 3d/10d: a maximum follows an increment"
has "$(nth 3)" "new: time 3d+1d/2d: the most that can be banked is less than the time to start"
narrow
end "a time control that cannot be read is refused, saying why"

# --- three players: out of time in each phase -------------------------------

# drive GLOB: play G1 (classic, 3 players, 2 segments each) with scripted
# players; carol stops answering when her turn matches GLOB (*@* for the
# layout, *clear* for the selection, *[A-F][0-6]-* for the movement)
# and her clock runs out; the others play on until carol has resigned.
drive() {
	local stop=$1 stopped=0 i f to ans colour
	for i in $(seq 1 120); do
		now=$((now + 3600))
		at $now
		run
		if [ ! -s new ]; then
			now=$((now + DAY))
			continue
		fi
		for f in $(cat new); do
			to=$(mp_header "$f" To)
			ans=$(mp_answer "$f" "$i")
			[ -n "$ans" ] || continue
			if [ "$to" = "$C" ]; then
				# shellcheck disable=SC2254
				case $ans in $stop) stopped=1 ;; esac
				[ $stopped = 1 ] && continue
			fi
			mp_reply "$f" "$to" "$ans"
		done
		colour=$(record G1 | sed -n "s/^seat \([a-z]*\) $C\$/\1/p")
		record G1 | grep -qE "^[0-9]+ $colour resign\$" && break
		[ "$(sql "select status from games")" = playing ] || break
	done
}

for phase in layout selection movement; do
	case $phase in
	layout)		glob='*@*' ;;
	selection)	glob='*clear*' ;;
	movement)	glob='*[A-F][0-6]-*' ;;
	esac
	fresh
	begin
	now=$T0
	at $now
	mp_mail "$A" games@localhost "x" "new classic with $B $C segments 2 time 1d"
	run
	mp_reply "$(last $B)" "$B" accept
	mp_reply "$(last $C)" "$C" accept
	drive "$glob"
	# No robot turns in the movement, where she may resign at once.
	robot_out G1 "$C" time "ran out of time"
	case $phase in
	layout)	[ "$robot" -ge 2 ] || why+=("$robot robot turns for carol: $(cat rec)") ;;
	selection) [ "$robot" -ge 1 ] || why+=("$robot robot turns for carol: $(cat rec)") ;;
	movement) [ "$robot" -eq 0 ] || why+=("robot turns in the movement: $(cat rec)") ;;
	esac
	for p in $A $B; do
		grep -l "ran out of time and is out of the game" got/$p.* \
		    >/dev/null || why+=("$p was not told")
	done
	narrow
	end "three players: carol runs out of time in the $phase phase; the robot plays for her until she resigns at the movement"
done

# --- vacation ----------------------------------------------------------------

fresh
begin
at $T0
mp_mail "$A" games@localhost "x" "new mur with $B time 2d"
run
mp_reply got/$B.0 "$B" "accept"
run
f=$(mover 1)
who=$(mp_header "$f" To)
other=$A; [ "$who" = "$A" ] && other=$B
at $((T0 + 3600))
mp_mail "$who" games@localhost "x" "vacation 5d"
run
has "$(last $who)" "Your vacation runs until Mon 23 Nov 2026 12:06 UTC"
has "$(last $who)" "This year you have used 5 days of your 30 vacation days."
subject_is "$(last $other)" "[mupbem G1] mur: a player is on vacation"
has "$(last $other)" "is on vacation until Mon 23 Nov 2026 12:06 UTC"
[ "$(wc -l <new)" -eq 2 ] || why+=("$(wc -l <new) mails for a vacation")
[ "$(sql "select count(*) from timers where game = 1")" = 0 ] ||
    why+=("the clock still runs: $(sql "select kind, at from timers")")
[ "$(sql "select bank from seats s join players p on p.id = s.player where p.address = '$who'")" = $((2 * DAY - 3600)) ] ||
    why+=("bank: $(sql "select seat, bank from seats")")
at $((T0 + 4 * DAY))
run
[ ! -s new ] || why+=("mail while away: $(cat new)")
mp_mail "$who" games@localhost "x" "board G1"
run
has "$(last $who)" "Your clock is stopped while you are on vacation, with 1 day 23 hours left on it."
at $((T0 + 3600 + 5 * DAY + 60))
run
[ "$(sql "select deadline from games")" = $((T0 + 3600 + 5 * DAY + 60 + 2 * DAY - 3600)) ] ||
    why+=("deadline after the vacation: $(sql "select deadline from games")")
[ "$(sql "select away_until from players where address = '$who'")" = "" ] ||
    why+=("still away")
[ "$(sql "select group_concat(kind) from timers")" = "remind,timeout" ] ||
    why+=("timers: $(sql "select kind, at from timers")")
narrow
end "vacation stops the clock, tells the others once, and the clock restarts when it ends"

begin
mp_mail "$who" games@localhost "x" "vacation"
mp_mail "$who" games@localhost "x" "vacation off"
mp_mail "$who" games@localhost "x" "vacation 40d"
mp_mail "$who" games@localhost "x" "vacation until 2026-13-01"
run
has "$(nth 1)" "This year you have used 5 days of your 30 vacation days; 25 days are left."
has "$(nth 2)" "vacation off: you are not on vacation"
has "$(nth 3)" "vacation 40d: that is 40 days, and you have 25 of your 30 days left this year"
has "$(nth 4)" "vacation until 2026-13-01: write the day you are back as YYYY-MM-DD"
now=$((T0 + 6 * DAY))
at $now
mp_mail "$who" games@localhost "x" "vacation until 2026-11-30"
run
has "$(last $who)" "Your vacation runs until"
mp_mail "$who" games@localhost "x" "vacation off"
at $((now + 2 * 3600))
run
has "$(last $who)" "Welcome back: your vacation is over and your clocks run again. This year you have used 6 days"
[ -n "$(sql "select clock_since from games where id = 1")" ] || why+=("the clock is still stopped")
narrow
end "vacation: what is left, off, too long and a bad date; cut short, it counts the days used"

# --- invitations expire -------------------------------------------------------

fresh "\n[games]\ninvitation = 3d\ntime = none\n"
begin
at $T0
mp_mail "$A" games@localhost "x" "new velox with $B"
run
has got/$B.0 "Clock: none (no clock)."
at $((T0 + 3 * DAY - 1))
run
[ ! -s new ] || why+=("expired early: $(cat new)")
at $((T0 + 3 * DAY))
run
[ "$(cat new)" = "got/$A.1" ] || why+=("the expiry went to $(cat new)")
subject_is got/$A.1 "[mupbem G1] velox: invitation expired"
has got/$A.1 "its seats were not all taken within 3 days, so the invitation has expired."
[ "$(sql "select status, ending from games")" = "abandoned|expired" ] ||
    why+=("game: $(sql "select status, ending from games")")
mp_reply got/$B.0 "$B" "accept"
run
has "$(last $B)" "G1"
[ "$(sql "select status from games")" = abandoned ] || why+=("accepted after the expiry")
narrow
end "an invitation expires after [games] invitation, and its creator is told"

begin
MUPBEM_NOW=12x "$MUPBEM" --db mupbem.db list >out 2>err
[ $? = 1 ] || why+=("exit status $?")
has err "mupbem: MUPBEM_NOW: '12x' is not a time; write the seconds since 1970-01-01 UTC"
narrow
end "mupbem reads MUPBEM_NOW too, and refuses one that is not a time"

tap_done
