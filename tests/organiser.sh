#!/usr/bin/env bash
#
# The organiser's mail, through mupbemd on a real Maildir and a real
# SQLite store: a round robin, a Swiss, a knockout and a league over two
# seasons, each made by an organiser who does not play.  Every mail the
# organiser gets is counted and read: the start with the pairings, one
# a round with its results and the next pairings, a player who leaves,
# a game that stalls (once), the end naming the winner with the
# standings and crosstable, a season's end with its promotions and
# relegations; the daily digest (one mail at the day's end, with the
# day's notes in order, sent once) and digest off (none).  An organiser
# who plays gets one mail an event.  The players' round mails keep one
# subject and answer the tournament's first mail, and the game over
# mails of a round come before the next round's.
# Time is set with MUPBEM_NOW.  TAP-like output.
#
# make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/organiser-test.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"
. "$here/service-lib.sh"
. "$here/tournament-lib.sh"

T0=1795000000				# 18 Nov 2026 11:06:40 UTC
export MUPBEM_NOW=$T0
O=org@example.org

# playing: the games in play.
playing() {
	sql "select id from games where status = 'playing' order by id"
}

# lower_wins G: in game G, the higher number (P5 > P3) resigns by mail.
lower_wins() {
	local g=$1 a b f
	set -- $(seats "$g")
	a=${1%%@*}; a=${a#p}; b=${2%%@*}; b=${b#p}
	[ "$a" -gt "$b" ] || set -- "$2" "$1"
	f=$(gm "$g" "$1")
	[ -n "$f" ] || { why+=("no mail to $1 about G$g"); return; }
	mp_reply "$f" "$1" "resign"
}

# mails ADDRESS [SUBJECT]: ADDRESS's mails, oldest first (under SUBJECT).
mails() {
	local f
	for f in $(ls got | grep "^$1\." | sort -t. -k3 -n); do
		[ -z "${2:-}" ] || [ "$(mp_header "got/$f" Subject)" = "$2" ] &&
		    echo "got/$f"
	done
}

# count ADDRESS N [SUBJECT]: ADDRESS has N mails (under SUBJECT) so far.
count() {
	local n
	n=$(mails "$1" "${3:-}" | wc -l)
	[ "$n" = "$2" ] || why+=("$1 has $n mails${3:+ '$3'}, wanted $2: $(for f in $(mails "$1"); do mp_header "$f" Subject; done | tr '\n' '|')")
}

# says FILE TEXT...: the decoded mail has each text, in this order.
says() {
	local f=$1 at=0 n
	shift
	[ -n "$f" ] || { why+=("no mail to read for '$1'"); return; }
	decoded "$f" | tr '\n' ' ' | tr -s ' ' >said
	for t in "$@"; do
		n=$(grep -boF -- "$t" said | head -1 | cut -d: -f1)
		if [ -z "$n" ]; then
			why+=("$f lacks '$t'")
		elif [ "$n" -lt "$at" ]; then
			why+=("$f has '$t' out of order")
		else
			at=$n
		fi
	done
}

# threaded SUBJECT: one mail under SUBJECT begins a thread, and every
# other answers it (In-Reply-To and References).
threaded() {
	local f first="" irt refs n=0
	for f in $(grep -lxF "Subject: $1" got/*); do
		[ -n "$(mp_header "$f" In-Reply-To)" ] && continue
		[ -z "$first" ] || why+=("$f and another begin '$1'")
		first=$(mp_header "$f" Message-ID)
	done
	for f in $(grep -lxF "Subject: $1" got/*); do
		n=$((n + 1))
		irt=$(mp_header "$f" In-Reply-To)
		refs=$(mp_header "$f" References)
		[ -z "$irt" ] || [ "$irt" = "$first" ] && [ "$refs" = "$irt" ] ||
		    why+=("$f: In-Reply-To '$irt', References '$refs', wanted $first")
	done
	[ -n "$first" ] || why+=("nothing begins '$1'")
	[ "$n" -gt 4 ] || why+=("only $n mails under '$1'")
}

# over_first R T: in the last run, every mail about the games of round
# R of tournament T came before every mail about round R+1 or T.
over_first() {
	local g last=0 first=100000 line s
	for g in $(games "$2" "$1"); do
		line=$(grep -nxF -f <(grep -lF "[mupbem G$g]" $(cat new) /dev/null) new |
		    tail -1 | cut -d: -f1)
		[ -n "$line" ] && [ "$line" -gt "$last" ] && last=$line
	done
	for g in $(games "$2" $(($1 + 1))); do
		line=$(grep -nxF -f <(grep -lF "[mupbem G$g]" $(cat new) /dev/null) new |
		    head -1 | cut -d: -f1)
		[ -n "$line" ] && [ "$line" -lt "$first" ] && first=$line
	done
	line=$(grep -nxF -f <(grep -lx "Subject: \[mupbem\] Tournament $2" $(cat new) /dev/null) new |
	    head -1 | cut -d: -f1)
	[ -n "$line" ] && [ "$line" -lt "$first" ] && first=$line
	[ "$last" -gt 0 ] || why+=("no mail about round $1's games")
	[ "$first" -lt 100000 ] || why+=("no mail about round $(($1 + 1))")
	[ "$last" -lt "$first" ] ||
	    why+=("round $(($1 + 1))'s mail (at $first) came before round $1's game over (at $last): $(for f in $(cat new); do echo "$f $(mp_header "$f" Subject) $(mp_header "$f" X-Mupbem-State)"; done | tr '\n' '|')")
}

# --- a round robin of four ---------------------------------------------------

fresh
begin
mp_mail $O games@localhost "x" "tournament new RR velox roundrobin time 3d"
join RR 1 2 3 4
run
count $O 1
mp_mail $O games@localhost "x" "tournament start RR"
run
count $O 1 "[mupbem] Tournament RR"
f=$(mails $O "[mupbem] Tournament RR" | tail -1)
says "$f" "Tournament RR has started: round 1 of 3." "Standings:" \
    "Round 1:" "G1 P1 v P4 playing" "G2 P2 v P3 playing"
count $O 2
for r in 1 2; do
	for x in $(games RR $r); do
		lower_wins "$x"
	done
	run
	over_first $r RR
	count $O $((r + 2))
	says "$(mails $O | tail -1)" \
	    "Round $r of tournament RR is over; round $((r + 1)) begins." \
	    "Standings:" "Crosstable:" "Round $r:" "Round $((r + 1)):"
done
for x in $(games RR 3); do
	lower_wins "$x"
done
run
count $O 5
says "$(mails $O | tail -1)" "Tournament RR is over. Winner: P1 (3 points)." \
    "Standings:" "Crosstable:" "Round 3:"
count "$(p 4)" 4 "[mupbem] Tournament RR"
says "$(mails "$(p 4)" "[mupbem] Tournament RR" | tail -1)" \
    "Tournament RR is over. Winner: P1 (3 points)."
threaded "[mupbem] Tournament RR"
end "a round robin's organiser gets its start, each round and its end with the winner; the round's game over comes first, in one thread"

# --- an organiser who plays ---------------------------------------------------

fresh
begin
mp_mail "Org <$O>" games@localhost "x" "tournament new Own velox roundrobin time 3d
tournament join Own"
join Own 1
run
mp_mail $O games@localhost "x" "tournament start Own"
run
count $O 1 "[mupbem] Tournament Own"
count "$(p 1)" 1 "[mupbem] Tournament Own"
mp_reply "$(gm "$(games Own 1)" "$(p 1)")" "$(p 1)" resign
run
count $O 2 "[mupbem] Tournament Own"
says "$(mails $O "[mupbem] Tournament Own" | tail -1)" \
    "Tournament Own is over. Winner: Org (1 point)."
end "an organiser who plays gets one mail an event, the organiser's"

# --- a Swiss, with a daily digest and a player who leaves -------------------

fresh
begin
mp_mail $O games@localhost "x" "set digest daily"
run
mp_mail $O games@localhost "x" "tournament new SW velox swiss time 3d"
mp_mail "Quiet <quiet@example.org>" games@localhost "x" "set digest off"
run
mp_mail quiet@example.org games@localhost "x" "tournament new Q velox roundrobin time 3d"
join SW 1 2 3 4
join Q 5 6
run
mp_mail $O games@localhost "x" "tournament start SW"
mp_mail quiet@example.org games@localhost "x" "tournament start Q"
run
mp_mail "$(p 4)" games@localhost "x" "tournament leave SW"
run
"$MUPBEM" --db mupbem.db adjudicate -c mupbem.conf "G$(games Q 1)" draw \
    >/dev/null 2>err || why+=("adjudicate: $(cat err)")
run
says "$(mails "$(p 5)" "[mupbem] Tournament Q" | tail -1)" \
    "Tournament Q is over. Winner: P" ": level on ½ point with P" \
    "and on every tie-break, ahead by lot."
for x in $(playing); do
	lower_wins "$x"
done
run
for x in $(playing); do
	lower_wins "$x"
done
run
[ "$(sql "select group_concat(state, ' ') from tournaments")" = "over over" ] ||
    why+=("tournaments: $(sql "select name, state, round from tournaments")")
count $O 2
count quiet@example.org 2
[ "$(sql "select count(*) from organiser_notes")" = 4 ] ||
    why+=("notes: $(sql "select subject, created from organiser_notes")")
export MUPBEM_NOW=1795046399		# 18 Nov 23:59:59
run
count $O 2
export MUPBEM_NOW=1795046430		# 19 Nov 00:00:30
run
count $O 3
f=$(mails $O | tail -1)
[ "$(mp_header "$f" Subject)" = "[mupbem] Organiser's digest of 2026-11-18" ] ||
    why+=("digest: $(mp_header "$f" Subject)")
says "$f" "on 2026-11-18 (UTC), in order: 4 notes." \
    "[mupbem] Tournament SW" "Tournament SW has started: round 1 of 2." \
    "P4 <p4@example.org> has left tournament SW in round 1" \
    "Round 1 of tournament SW is over; round 2 begins." \
    "Tournament SW is over. Winner: P1 (2 points)." "Round 2: G4 P1 v P2 1-0"
export MUPBEM_NOW=1795132830		# 20 Nov 00:00:30
run
count $O 3
count quiet@example.org 2
[ "$(sql "select count(*) from organiser_notes")" = 0 ] ||
    why+=("notes left: $(sql "select subject, created from organiser_notes")")
export MUPBEM_NOW=$T0
end "digest daily: the day's notes in one mail after midnight, in order, once; digest off: none"

# --- a knockout, with a game that stalls ------------------------------------

fresh
begin
mp_mail $O games@localhost "x" "tournament new KO velox knockout time none"
join KO 1 2 3 4
run
mp_mail $O games@localhost "x" "tournament start KO"
run
count $O 2
says "$(mails $O | tail -1)" "Tournament KO has started: round 1 of 2." \
    "Round 1:"
set -- $(games KO 1)
stalled=$4
for x in $1 $2 $3; do
	lower_wins "$x"
done
run
count $O 2
export MUPBEM_NOW=$((T0 + 6 * 86400))
run
count $O 2
export MUPBEM_NOW=$((T0 + 8 * 86400))
run
count $O 3
says "$(mails $O | tail -1)" "Game G$stalled of tournament KO stalls: no turn has been played in it for 8 days" \
    "It is blue's turn: P2"
export MUPBEM_NOW=$((T0 + 9 * 86400))
run
count $O 3
lower_wins "$stalled"
run
count $O 4
says "$(mails $O | tail -1)" "Round 1 of tournament KO is over; round 2 begins." \
    "Round 2:"
for x in $(games KO 2); do
	lower_wins "$x"
done
run
count $O 5
says "$(mails $O | tail -1)" "Tournament KO is over. Winner: P1, who won the final." \
    "Standings:" "Crosstable:"
threaded "[mupbem] Tournament KO"
export MUPBEM_NOW=$T0
end "a knockout's organiser gets its start, a stalled game once, the round and the end with the winner"

# --- a league over two seasons -----------------------------------------------

fresh
begin
mp_mail $O games@localhost "x" "league new LG velox division 4 promote 1 relegate 1 time 3d"
for k in $(seq 1 9); do
	mp_mail "P$k <$(p "$k")>" games@localhost "x" "league join LG"
done
run
count $O 1
mp_mail "$(p 9)" games@localhost "x" "league leave LG"
run
count $O 2
count $O 1 "[mupbem] League LG"
says "$(mails $O | tail -1)" \
    "P9 <p9@example.org> has left league LG before its first season."
mp_mail $O games@localhost "x" "league start LG"
run
count $O 3
says "$(mails $O | tail -1)" "Season 1 of league LG begins, with 2 divisions" \
    "Division 1:" "P1" "Division 2:" "P8"
for s in 1 2; do
	for x in $(playing); do
		lower_wins "$x"
	done
	run
	count $O $((3 + 2 * s))
	set -- $(mails $O | tail -2)
	says "$1" "Season $s of league LG is over, and so the final standings of division 1" \
	    "goes to division 2" "# Name 1 2 3 4 Pts" \
	    "Season $s of league LG is over, and so the final standings of division 2" \
	    "goes to division 1"
	says "$2" "Season $((s + 1)) of league LG begins, with 2 divisions"
done
says "$(mails $O | tail -4 | head -1)" "P4 goes to division 2" "P5 goes to division 1"
threaded "[mupbem] League LG"
end "a league's organiser gets each season's start with its divisions, and its end with promotions and relegations"

tap_done
