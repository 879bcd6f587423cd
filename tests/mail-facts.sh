#!/usr/bin/env bash
#
# Mail that reads right (issue 35): the subject prefixes of every
# common mail client never move a mail out of its game's thread.
# Each case drives mupbemd --once over a Maildir and a real SQLite
# store and reads the answers.  TAP-like output.
#
# make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/mail-facts.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"

. "$here/service-lib.sh"

export LC_ALL=C.UTF-8

# A velox game of a and b: the invitation is answered under a subject
# German Outlook piled up, and later mails, sent to the service's own
# address with no In-Reply-To (only the tag ties them to the game),
# under the prefixes of other clients and languages.  Every answer
# keeps the game's one subject.
begin
fresh
mp_mail a@example.org games@localhost "" "new velox with b@example.org"
run
inv=$(last b@example.org)
game=$(mp_header "$inv" Subject)
mp_mail b@example.org "$(mp_header "$inv" Reply-To)" \
    "AW: Re: AW: Re[2]: $game" accept "$(mp_header "$inv" Message-ID)"
run
f=$(last b@example.org)
[ "$(mp_header "$f" Subject)" = "$game" ] ||
    [ "$(mp_header "$f" Subject)" = "Re: $game" ] ||
    why+=("the answer to 'AW: Re: AW: Re[2]:': '$(mp_header "$f" Subject)', wanted '$game'")
for prefix in "Re:" "RE :" "AW:" "SV:" "VS:" "Odp:" "Ynt:" "回复:" "答复：" \
    "Fwd:" "WG:" "TR:" "RV:" "Enc:" "Antw:" "Re:AW:" "Re: AW: Re[2]:" \
    "sv:Re(3) : Fw:"; do
	for text in board "#99 nonsense"; do
		mp_mail a@example.org games@localhost "$prefix $game" "$text"
		run
		f=$(last a@example.org)
		case $(mp_header "$f" Subject) in
		"$game"|"Re: $game") ;;
		*)	why+=("the answer to '$prefix' ($text): '$(mp_header "$f" Subject)', wanted '$game'") ;;
		esac
	done
done
end "subject prefixes of every common client never change a game's thread"

# A timeout of two players: the end says what happened.  Before, the
# lead said "wins on time" and the report under it "blue resigns." and
# "Red wins by resignation.".
begin
fresh
export MUPBEM_NOW=1795000000
mp_mail a@example.org games@localhost "" "new velox with b@example.org time 1d"
run
mp_reply "$(last b@example.org)" b@example.org accept
run
export MUPBEM_NOW=$((MUPBEM_NOW + 2 * 86400))
run
for f in $(cat new); do
	decoded "$f" >body
	grep -q "wins on time" body || why+=("$f: no 'wins on time'")
	grep -q "ran out of time\.$" body || why+=("$f: no 'ran out of time.'")
	! grep -qi "resign" body || why+=("$f: $(grep -i resign body)")
done
[ "$(wc -l <new)" -eq 2 ] || why+=("$(wc -l <new) mails at the end")
end "a two-player timeout reads 'wins on time', never resigns or 'by resignation'"

# A timeout of three players: mupbem plays the turns of the player who
# ran out of time, and no mail says they played them.
begin
fresh
export MUPBEM_NOW=1795000000
mp_mail a@example.org games@localhost "" \
    "new classic with b@example.org with c@example.org segments 2 time 1d"
run
mp_reply "$(last b@example.org)" b@example.org accept
mp_reply "$(last c@example.org)" c@example.org accept
run
export MUPBEM_NOW=$((MUPBEM_NOW + 2 * 86400))
run
out=$(sqlite3 mupbem.db "select p.address from seats s join players p
    on p.id = s.player where s.out is not null")
colour=$(record G1 | sed -n "s/^seat \([a-z]*\) $out\$/\1/p")
[ -n "$colour" ] || why+=("nobody ran out of time: $(record G1)")
told=0
for f in $(cat new); do
	decoded "$f" >body
	grep -E "^(Turn [0-9]+, )?$colour \($out\)(: | played turn)" body |
	    sed "s|^|$f: |" >>wrong
	grep -q "^Turn [0-9]*, mupbem for $colour ($out), who is out of the game: " body && told=$((told + 1))
	grep -q "^mupbem, for $colour ($out), played turn" body && told=$((told + 1))
done
[ ! -s wrong ] || why+=("$(cat wrong)")
[ "$told" -eq 3 ] || why+=("$told mails tell of mupbem's turn for $colour, wanted 3")
end "a three-player timeout: the turns mupbem plays are never listed as the player's"

# Robots are named in subjects as everywhere, by their name.
begin
fresh
mp_mail a@example.org games@localhost "" "new velox with robot"
mp_mail b@example.org games@localhost "" \
    "new classic with robot:greedy with robot:random segments 2"
run
sa=$(mp_header "$(last a@example.org)" Subject)
sb=$(mp_header "$(last b@example.org)" Subject)
[ "$sa" = "[mupbem G1] Mu velox: a@example.org v Robot (mcts)" ] ||
    why+=("subject '$sa'")
# (a topic is cut at a word to keep subjects short)
case $sb in
"[mupbem G2] Mu: b@example.org v Robot (greedy) v Robot"*) ;;
*)	why+=("subject '$sb'") ;;
esac
end "a robot is named in a game's subject by its name, Robot (mcts), not its address"

# An invitation states every fact of the game; a rematch says so.
begin
fresh
mp_mail "Al <a@example.org>" games@localhost "" \
    "new classic with b@example.org with c@example.org open 1 segments 3 time 3d+1d/10d unrated"
mp_mail a@example.org games@localhost "" "new mur with b@example.org match 3 rated"
run
f=$(last c@example.org)
has_line "$f" "  Game: Mu (classic), 4 players, 3 segments each."
has_line "$f" "  Clock: 3d+1d/10d (3 days to start, 1 day more a turn, at most 10 days)."
has_line "$f" "  Rated: no, the result does not count in the ratings."
has_line "$f" "  With: b@example.org (invited) and 1 open seat."
f=$(last b@example.org)
has_line "$f" "  Game: Mur (mur), 2 players, a match of 3 games."
has_line "$f" "  Rated: yes, the result counts in the ratings."
mp_reply "$f" b@example.org accept
run
mp_reply "$(last b@example.org)" b@example.org "resign"
run
[ "$(sqlite3 mupbem.db "select status from games where id = 2")" = over ] ||
    why+=("G2 is not over")
mp_mail a@example.org games@localhost "" "rematch G2"
run
f=$(last b@example.org)
has_line "$f" "  A rematch of G2."
has_line "$f" "  Game: Mur (mur), 2 players, a match of 3 games."
end "an invitation states the game, its segments or match, clock, rating, the other players, and the game it is a rematch of"

# games open shows each game's segments.
begin
fresh
mp_mail a@example.org games@localhost "" "new velox open 1 segments 3"
run
mp_mail b@example.org games@localhost "" "games open"
run
tr '\n' ' ' <"$(last b@example.org)" | tr -s ' ' |
    grep -q "G1 velox 3d+1d/10d rated 1 open, 3 segments, by a@example.org" ||
    why+=("$(decoded "$(last b@example.org)")")
end "games open shows the segments of each game"

tap_done
