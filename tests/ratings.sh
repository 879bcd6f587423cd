#!/usr/bin/env bash
#
# Ratings, through mupbemd on a real Maildir and a real SQLite store,
# with time set by MUPBEM_NOW: rated games of two played to a result by
# mail (resignations, a timeout), a game of three played by scripted
# players until two resign, an unrated game and an unrated
# adjudication that change nothing, and an adjudication the operator
# rates.  After each game every player's rating, RD and volatility in
# the store are checked against Glicko-2 computed here, independently
# of src/league/glicko.c (awk, below), to 0.01.  Then the mails:
# ratings, stats, seek, games open, a seek's range refusing a player,
# each line within 78 columns.  TAP-like output.
#
# make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ratings-test.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"
. "$here/service-lib.sh"

A=alice@example.org B=bob@example.org C=carol@example.org
D=dave@example.org
T0=1795000000		# Wed 18 Nov 2026 11:06:40 UTC
DAY=86400

at() {
	export MUPBEM_NOW=$1
	now=$1
}

sql() {
	sqlite3 mupbem.db "$1"
}

# narrow FILE...: each mail's text fits 78 columns.
narrow() {
	local f w
	for f in "$@"; do
		w=$(text_width "$f")
		[ "$w" -le 78 ] || why+=("$f is $w columns wide")
	done
}

# Glicko-2 as Glickman's paper has it, on stdin: a line "N TAU PERIOD
# MAXRD", then one line per player "RATING RD VOLATILITY IDLE RANK"
# (IDLE seconds since their last rated game, -1 for a newcomer); out
# comes one line per player, "RATING RD VOLATILITY" after the game,
# each rated against every other at their idle-grown RD before it.
glicko2() {
	awk '
	function gf(phi) { return 1 / sqrt(1 + 3 * phi * phi / (PI * PI)) }
	function ff(x, d, phi, v, a, tau,   ex, den) {
		ex = exp(x)
		den = phi * phi + v + ex
		return ex * (d * d - phi * phi - v - ex) / (2 * den * den) - \
		    (x - a) / (tau * tau)
	}
	BEGIN { PI = atan2(0, -1); S = 173.7178 }
	NR == 1 { n = $1; tau = $2; period = $3; maxrd = $4; next }
	{
		i = NR - 1
		r[i] = $1; rd[i] = $2; vol[i] = $3; rank[i] = $5
		if ($4 > 0) {
			phi = rd[i] / S
			grown = S * sqrt(phi * phi + $4 / period * vol[i] * vol[i])
			if (grown > maxrd) grown = maxrd
			if (grown > rd[i]) rd[i] = grown
		}
	}
	END {
		for (i = 1; i <= n; i++) {
			mu = (r[i] - 1500) / S; phi = rd[i] / S
			v = 0; sum = 0
			for (j = 1; j <= n; j++) {
				if (j == i) continue
				s = rank[i] < rank[j] ? 1 : rank[i] == rank[j] ? 0.5 : 0
				muj = (r[j] - 1500) / S; g = gf(rd[j] / S)
				e = 1 / (1 + exp(-g * (mu - muj)))
				v += g * g * e * (1 - e)
				sum += g * (s - e)
			}
			v = 1 / v; d = v * sum
			a = log(vol[i] * vol[i]); A = a
			if (d * d > phi * phi + v) B = log(d * d - phi * phi - v)
			else {
				k = 1
				while (ff(a - k * tau, d, phi, v, a, tau) < 0) k++
				B = a - k * tau
			}
			fA = ff(A, d, phi, v, a, tau); fB = ff(B, d, phi, v, a, tau)
			while (B - A > 0.000001 || A - B > 0.000001) {
				C = A + (A - B) * fA / (fB - fA)
				fC = ff(C, d, phi, v, a, tau)
				if (fC * fB <= 0) { A = B; fA = fB } else fA /= 2
				B = C; fB = fC
			}
			sig = exp(A / 2)
			star = sqrt(phi * phi + sig * sig)
			phi2 = 1 / sqrt(1 / (star * star) + 1 / v)
			mu2 = mu + phi2 * phi2 * sum
			printf "%.6f %.6f %.8f\n", S * mu2 + 1500, S * phi2, sig
		}
	}'
}

# What the test expects of each player's rating in each kind, and when
# it last changed: W["ADDRESS KIND"] = "RATING RD VOLATILITY UPDATED".
declare -A W

# rated KIND ADDRESS:RANK...: a game of kind ended now with these
# ranks; work out everyone's new rating into W.
rated() {
	local kind=$1 p out i=0 a
	local -a who
	shift
	{
		echo "$# 0.5 604800 350"
		for p in "$@"; do
			a=${p%%:*}
			who+=("$a")
			set -- ${W["$a $kind"]:-1500 350 0.06 -1}
			if [ "$4" = -1 ]; then
				echo "$1 $2 $3 -1 ${p##*:}"
			else
				echo "$1 $2 $3 $((now - $4)) ${p##*:}"
			fi
		done
	} >g2.in
	glicko2 <g2.in >g2.out
	while read -r r rd v; do
		W["${who[$i]} $kind"]="$r $rd $v $now"
		i=$((i + 1))
	done <g2.out
}

# same: every rating the store holds is the one W expects, to 0.01
# (volatility to 0.00001), and W expects no other.
same() {
	local key got want n=0
	for key in "${!W[@]}"; do
		n=$((n + 1))
		got=$(sql "select r.rating, r.rd, r.volatility from ratings r join players p on p.id = r.player where p.address = '${key% *}' and r.kind = '${key#* }'" | tr '|' ' ')
		want=${W[$key]}
		awk -v g="$got" -v w="$want" 'BEGIN {
			split(g, x, " "); split(w, y, " ")
			if (x[1] == "" || (x[1] - y[1])^2 > 0.0001 ||
			    (x[2] - y[2])^2 > 0.0001 || (x[3] - y[3])^2 > 1e-10)
				exit 1
		}' || why+=("$key: the store has '$got', wanted '${want% *}'")
	done
	[ "$(sql "select count(*) from ratings")" = "$n" ] ||
	    why+=("the store has $(sql "select count(*) from ratings") ratings, wanted $n: $(sql "select * from ratings")")
}

# rank G ADDRESS: ADDRESS's final rank in game G.
rank() {
	sql "select s.rank from seats s join players p on p.id = s.player where s.game = $1 and p.address = '$2'"
}

# duel VARIANT P1 P2 LOSER [WORDS]: P1 sets up a game with P2, who
# accepts; the loser resigns at once (out of turn if need be).
duel() {
	mp_mail "$2" games@localhost "x" "new $1 with $3 ${5:-}"
	run
	mp_reply "$(last "$3")" "$3" "accept"
	run
	mp_reply "$(last "$4")" "$4" "resign"
	run
}

# --- two players: resignations -----------------------------------------

fresh
begin
at $T0
duel velox "$A" "$B" "$B"
[ "$(sql "select status, rated from games where id = 1")" = "over|1" ] ||
    why+=("G1: $(sql "select status, rated from games where id = 1")")
[ "$(rank 1 "$A") $(rank 1 "$B")" = "1 2" ] || why+=("G1 ranks: $(sql "select * from seats")")
rated velox "$A:1" "$B:2"
same
[ "$(sql "select count(*) from rating_history where game = 1")" = 2 ] ||
    why+=("history of G1: $(sql "select * from rating_history")")
[ "$(sql "select games from ratings where kind = 'velox' order by player")" = "$(printf '1\n1')" ] ||
    why+=("games counted: $(sql "select * from ratings")")
end "a rated game of two: the loser resigns, and both newcomers' ratings move as Glicko-2 says"

begin
at $((T0 + 3 * DAY))
duel velox "$A" "$C" "$A"
rated velox "$A:2" "$C:1"
at $((T0 + 20 * DAY))
duel velox "$B" "$A" "$A" "time none"
rated velox "$B:1" "$A:2"
same
[ "$(sql "select games from ratings r join players p on p.id = r.player where p.address = '$A'")" = 3 ] ||
    why+=("alice's games: $(sql "select * from ratings")")
end "two more: alice's RD grows with her days idle before each, and everyone is rated against the others' ratings from before the game"

# --- unrated ----------------------------------------------------------

begin
at $((T0 + 21 * DAY))
before=$(sql "select * from ratings order by player, kind")
duel velox "$B" "$C" "$C" unrated
grep -q "segments each, unrated) is set up" got/$B.* ||
    why+=("the notice of G4 does not say unrated")
[ "$(sql "select status, rated from games where id = 4")" = "over|0" ] ||
    why+=("G4: $(sql "select status, rated from games where id = 4")")
[ "$(sql "select * from ratings order by player, kind")" = "$before" ] ||
    why+=("an unrated game changed ratings")
[ "$(sql "select count(*) from rating_history where game = 4")" = 0 ] ||
    why+=("history of an unrated game")
mp_mail "$B" games@localhost "x" "rematch G4"
run
[ "$(sql "select rated from games where id = 5")" = 0 ] ||
    why+=("the rematch of an unrated game is rated")
mp_mail "$C" games@localhost "x" "decline G5"
run
same
end "new ... unrated: the game ends, ratings stay, and its rematch is unrated too"

# --- a timeout --------------------------------------------------------------

begin
at $((T0 + 30 * DAY))
mp_mail "$C" games@localhost "x" "new velox with $D time 1d"
run
mp_reply "$(last "$D")" "$D" "accept"
run
late=$(grep -l "^X-Mupbem-State: your turn" $(cat new) | head -1)
late=$(mp_header "$late" To)
other=$C; [ "$late" = "$C" ] && other=$D
at $((T0 + 32 * DAY))
run
[ "$(sql "select status, ending from games where id = 6")" = "over|time" ] ||
    why+=("G6: $(sql "select status, ending from games where id = 6")")
rated velox "$other:1" "$late:2"
same
end "a timeout: the player who ran out of time loses, and both ratings move"

# --- three players: classic3 ------------------------------------------------

# Scripted players play G7 until the movement starts; then carol resigns,
# and at her next turn bob does, which ends the game.
begin
at $((T0 + 40 * DAY))
mp_mail "$A" games@localhost "x" "new classic with $B $C segments 2 time none"
run
mp_reply "$(last "$B")" "$B" accept
mp_reply "$(last "$C")" "$C" accept
run
quit=""
for i in $(seq 1 200); do
	[ -s new ] || break
	for f in $(cat new); do
		to=$(mp_header "$f" To)
		ans=$(mp_answer "$f" "$i")
		[ -n "$ans" ] || continue
		case $ans in
		*[A-F][0-6]-*)
			# The movement: carol, then bob, give up.
			case "$quit" in
			"")	[ "$to" = "$C" ] && { quit=$C; ans=resign; } ;;
			"$C")	[ "$to" = "$B" ] && { quit=$B; ans=resign; } ;;
			esac ;;
		esac
		mp_reply "$f" "$to" "$ans"
	done
	run
	[ "$(sql "select status from games where id = 7")" = over ] && break
done
[ "$(sql "select status from games where id = 7")" = over ] ||
    why+=("G7 did not end: $(record G7 | tail -3 | tr '\n' '|')")
ra=$(rank 7 "$A") rb=$(rank 7 "$B") rc=$(rank 7 "$C")
# Both who resigned rank last.
[ "$ra $rb $rc" = "1 2 2" ] || why+=("G7's ranks: $ra $rb $rc")
rated classic3 "$A:$ra" "$B:$rb" "$C:$rc"
same
end "three players: carol resigns in the movement, then bob; each is rated against both others by rank (classic3)"

# --- adjudication -------------------------------------------------------

begin
at $((T0 + 50 * DAY))
mp_mail "$A" games@localhost "x" "new mur with $D"
run
mp_reply "$(last "$D")" "$D" accept
run
before=$(sql "select * from ratings order by player, kind")
w=$(record G8 | sed -n "s/^seat \([a-z]*\) $D\$/\1/p")
"$MUPBEM" --db mupbem.db adjudicate G8 "$w" >out 2>err ||
    why+=("adjudicate: $(cat err)")
run
[ "$(sql "select * from ratings order by player, kind")" = "$before" ] ||
    why+=("an adjudication without rated changed ratings")
mp_mail "$A" games@localhost "x" "new mur with $D"
run
mp_reply "$(last "$D")" "$D" accept
run
w=$(record G9 | sed -n "s/^seat \([a-z]*\) $D\$/\1/p")
"$MUPBEM" --db mupbem.db adjudicate G9 "$w" rated >out 2>err ||
    why+=("adjudicate rated: $(cat err)")
run
rated mur "$D:1" "$A:2"
same
end "adjudicate G RESULT changes no rating; adjudicate G RESULT rated does"

# --- the mails --------------------------------------------------------------

begin
at $((T0 + 51 * DAY))
mp_mail "$A" games@localhost "x" "ratings velox"
mp_mail "$B" games@localhost "x" "ratings"
mp_mail "$C" games@localhost "x" "ratings blitz"
run
f=$(last "$A")
top=$(sql "select p.address, round(r.rating), round(r.rd), r.games from ratings r join players p on p.id = r.player where kind = 'velox' order by r.rating desc limit 1")
IFS='|' read -r who r rd games <<<"$top"
line=$(grep -E "^ +1  " "$f")
case $line in
*"$who"*) ;;
*)	why+=("ratings velox: first is not $who: $line") ;;
esac
[ "$(echo "$line" | awk '{ print $3, $4, $5 }')" = "${r%.0}? ${rd%.0} $games" ] ||
    why+=("ratings velox line 1: '$line', wanted ${r%.0}? ${rd%.0} $games")
[ "$(grep -cE "^ +[0-9]+  " "$f")" = 4 ] || why+=("ratings velox: $(cat "$f")")
has "$f" "velox (Mu velox)"
has "$f" "\"?\" marks a provisional rating"
f=$(last "$B")
for k in "velox (Mu velox)" "classic3 (Mu, 3 players)" "mur (Mur)"; do
	has "$f" "$k"
done
grep -q "levis" "$f" && why+=("ratings lists a kind nobody has: $(cat "$f")")
has "$(last "$C")" "ratings: there is no rating called 'blitz'; the ratings are velox, levis, classic2, classic3, classic4, classic5, classic6 and mur"
narrow $(cat new)
end "ratings KIND: the table, best first, with ? for provisional; ratings: a section per kind rated; an unknown kind lists the kinds"

begin
# A rename takes the token: a reply to one of alice's game mails.
g=$(grep -l '^Subject: \[mupbem G' got/"$A".* | sort -t. -k3 -n | tail -1)
mp_reply "$g" "$A" "name Alice Smith"
mp_mail "$B" games@localhost "x" "stats"
mp_mail "$C" games@localhost "x" "stats alice smith"
mp_mail "$D" games@localhost "x" "stats nobody@example.org"
run
f=$(last "$B")
has "$f" "Statistics of bob@example.org"
s=$(sql "select count(*), sum(rank = 1) from seats s join players p on p.id = s.player join games g on g.id = s.game where p.address = '$B' and g.finished is not null and s.rank is not null" | tr '|' ' ')
set -- $s
has "$f" "Games finished: $1; wins $2, losses $(($1 - $2)), draws 0"
has "$f" "Rating changes (the last 10):"
has "$f" "velox"
has "$f" "Best wins"
f=$(last "$C")
has "$f" "Statistics of Alice Smith"
has "$f" "Games finished: 6; wins 2, losses 4, draws 0; timeouts 0."
has "$f" "classic3"
# Alice's best wins: bob in G7 and G1, by bob's rating before each.
best=$(sed -n '/^Best wins/,/^$/p' "$f" | sed -n 2p)
want=$(sql "select round(h.before) from rating_history h join players p on p.id = h.player where p.address = '$B' and h.game in (1, 7) order by h.before desc limit 1")
case $best in
"  ${want%.0}  bob@example.org, G"*) ;;
*)	why+=("alice's best win: '$best', wanted bob at ${want%.0}") ;;
esac
has "$(last "$D")" "stats: no player is called 'nobody@example.org'"
narrow $(cat new)
end "stats: games, wins, losses, draws, timeouts, ratings, the last changes and the best wins; by name; an unknown player is refused"

begin
# The seek's minimum lies between bob's and carol's velox ratings.
rb=$(sql "select cast(round(rating) as int) from ratings r join players p on p.id = r.player where p.address = '$B' and kind = 'velox'")
rc=$(sql "select cast(round(rating) as int) from ratings r join players p on p.id = r.player where p.address = '$C' and kind = 'velox'")
hi=$B lo=$C rlo=$rc
[ "$rb" -lt "$rc" ] && { hi=$C lo=$B rlo=$rb; }
min=$(( (rb + rc) / 2 ))
[ "$rb" != "$rc" ] || why+=("bob and carol have the same rating")
mp_mail "$A" games@localhost "x" "seek velox time 2d min $min"
mp_mail "$D" games@localhost "x" "seek classic players 3 unrated max 1400"
run
[ "$(sql "select seek, rated from games where id = 10")" = "$min-|1" ] ||
    why+=("G10: $(sql "select seek, rated from games where id = 10")")
[ "$(sql "select seek, rated from games where id = 11")" = "-1400|0" ] ||
    why+=("G11: $(sql "select seek, rated from games where id = 11")")
has "$(last "$A")" "Game G10 (velox, 2 players, 8 segments each, rated, for ratings $min and above) is set up."
mp_mail "$B" games@localhost "x" "games open"
run
f=$(last "$B")
has "$f" "Open games (2)"
has_line "$f" "G10    velox    2d          rated    1 open, for ratings $min and above,"
has "$f" "8 segments, by Alice Smith $(sql "select cast(round(rating) as int) || case when rd > 110 then '?' else '' end from ratings r join players p on p.id = r.player where p.address = '$A' and kind = 'velox'")"
has_line "$f" "G11    classic3 3d+1d/10d   unrated  2 open, for ratings up to 1400,"
has_line "$f" "       7 segments, by dave@example.org 1500?"
has "$f" "write \"join G10\" to take a seat"
narrow "$f"
mp_mail "$lo" games@localhost "x" "join G10"
run
has "$(last "$lo")" "join: game G10 is for ratings $min and above in velox, and your velox rating is $rlo"
[ "$(sql "select state from seats where game = 10 and seat = 1")" = open ] ||
    why+=("$lo took the seat: $(sql "select * from seats where game = 10")")
mp_mail "$hi" games@localhost "x" "join G10"
run
[ "$(sql "select status from games where id = 10")" = playing ] ||
    why+=("$hi could not join G10: $(cat "$(last "$hi")")")
narrow $(cat new)
end "seek: an open game with a range; games open lists it with its creator's rating; join refuses a rating outside the range and takes one inside"

begin
at $((T0 + 51 * DAY + 7 * DAY + 60))
run
[ "$(sql "select status, ending from games where id = 11")" = "abandoned|expired" ] ||
    why+=("G11: $(sql "select status, ending from games where id = 11")")
mp_mail "$B" games@localhost "x" "games open"
run
has "$(last "$B")" "No game is open to join."
end "a seek nobody takes expires with the invitation, and leaves games open"

[ ! -s "$tmp/pointers" ] || { begin; why+=("mail points at the source: $(cat "$tmp/pointers")"); end "no mail points at the source"; }

tap_done
