#!/usr/bin/env bash
#
# Regress test for mupbem arena --records DIR: a small arena of greedy
# against random in each game (velox, levis, classic, Mur) writes one
# record a game, named by the game, its number and the players in seat
# order; every record replays with mupbem replay to a finished game
# whose winner is the one the record's last comment says the arena
# counted, and the winners, tallied by player, are the arena's report
# ("A v B: W wins, L losses, D draws").  --jobs 1 and --jobs 2 write the
# same records.  A game stopped at --cap is written too, named and
# noted as capped, and replays to the position it was stopped in.  A
# missing folder or a file given as DIR is refused, with its exact
# error and exit status, before any game is played.  Prints TAP-like
# lines; exits 1 if a check failed.
#
# make check sets MUPBEM; without it, ./mupbem in the current (build)
# directory is used, or the one beside this script's directory.

set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
. "$here/tool-lib.sh"
tool_setup arena-records

games=4
rc=0

# winner FILE: the winner's seat (red, black...) that mupbem replay's
# result line names in FILE, "draw" for a draw, or nothing.
winner() {
	tr '\n' ' ' <"$1" | tr -s ' ' |
	    sed -nE -e 's/.*(Score:|\.) ([A-Z][a-z]+) wins( by resignation| the match)?\..*/\2/p' \
	    -e 's/.*(A draw between|The match is drawn).*/draw/p' |
	    head -1 | tr 'A-Z' 'a-z'
}

# noted FILE: the seat ranked 1 alone in the record's last comment
# ("# arena: over after 87 turns; ranks red 1, blue 2"), or "draw".
noted() {
	sed -nE 's/^# arena: over after [0-9]+ turns; ranks (.*)$/\1/p' "$1" |
	    tr ',' '\n' | awk '$2 == 1 { n++; s = $1 }
		END { if (n == 1) print s; else if (n > 1) print "draw" }'
}

# check_records DIR GAME REPORT: every record in DIR replays to the
# result the arena counted, and the winners add up to REPORT's match.
check_records() {
	local dir=$1 game=$2 report=$3 f i name out got want who player
	local w=0 l=0 d=0 line

	i=0
	for f in "$dir"/*.rec; do
		[ -e "$f" ] || break
		i=$((i + 1))
		name=${f##*/}
		[[ $name =~ ^$game-000[0-9]-(greedy-v-random|random-v-greedy)\.rec$ ]] ||
		    why+=("$name: not a record's name")
		out=$f.replay
		if ! "$MUPBEM" replay "$f" >"$out" 2>"$out.err"; then
			why+=("$name does not replay: $(head -1 "$out.err")")
			continue
		fi
		grep -qx 'to-move -' "$out" ||
		    why+=("$name: the replayed game is not over")
		got=$(winner "$out")
		want=$(noted "$f")
		[ -n "$got" ] || why+=("$name: the replay names no result")
		[ "$got" = "$want" ] ||
		    why+=("$name: replayed winner '$got', arena's '$want'")
		if [ "$got" = draw ]; then
			d=$((d + 1))
			continue
		fi
		player=$(sed -nE "s/^seat $got ([A-F]):.*/\\1/p" "$f")
		case $player in
		A)	w=$((w + 1)) ;;
		B)	l=$((l + 1)) ;;
		*)	why+=("$name: no seat line for $got") ;;
		esac
	done
	[ "$i" -eq "$games" ] || why+=("$i records in $dir, not $games")
	line=$(grep -E '^A v B: ' "$report")
	who="A v B: $w win$([ $w -eq 1 ] || echo s), $l loss"
	who+="$([ $l -eq 1 ] || echo es), $d draw$([ $d -eq 1 ] || echo s)"
	[ "$line" = "$who" ] ||
	    why+=("the replays make '$who', the report '$line'")
}

# --- Each game: records that replay to the arena's results ---------------

for game in velox levis classic mur; do
	extra=()
	[ "$game" = mur ] && extra=(--match 1)
	for jobs in 1 2; do
		begin
		mkdir "$game-$jobs"
		arena "$game-$jobs.out" --game "$game" --players greedy,random \
		    --games "$games" --jobs "$jobs" --budget 50 \
		    --records "$game-$jobs" "${extra[@]}"
		[ "$rc" -eq 0 ] ||
		    why+=("exit status $rc: $(head -1 "$game-$jobs.out.err")")
		check_records "$game-$jobs" "$game" "$game-$jobs.out"
		end "$game, --jobs $jobs: $games records replay to the arena's results"
	done
	begin
	n=$(ls "$game-1" | grep -c '\.rec$')
	[ "$n" -eq "$games" ] || why+=("$n records with --jobs 1")
	diff -r -x '*.replay*' "$game-1" "$game-2" >/dev/null ||
	    why+=("--jobs 1 and --jobs 2 wrote different records")
	end "$game: --jobs 1 and --jobs 2 write the same records"
done

# --- A capped game ---------------------------------------------------------

begin
mkdir capped
arena capped.out --game velox --players greedy,random --games 2 --cap 30 \
    --records capped
[ "$rc" -eq 0 ] || why+=("exit status $rc: $(head -1 capped.out.err)")
grep -qx 'Stopped at 30 turns and counted as draws: 2' capped.out ||
    why+=("the report does not count 2 capped games")
for f in capped/velox-0001-greedy-v-random-capped.rec \
    capped/velox-0002-random-v-greedy-capped.rec; do
	if [ ! -f "$f" ]; then
		why+=("no $f: $(ls capped | tr '\n' ' ')")
		continue
	fi
	[ "$(tail -1 "$f")" = "# arena: stopped at the cap of 30 turns and counted as a draw" ] ||
	    why+=("$f ends '$(tail -1 "$f")'")
	if ! "$MUPBEM" replay "$f" >"$f.replay" 2>&1; then
		why+=("$f does not replay: $(head -1 "$f.replay")")
		continue
	fi
	grep -qx 'turns 30' "$f.replay" ||
	    why+=("$f replays to $(grep '^turns ' "$f.replay")")
	grep -qx 'to-move -' "$f.replay" &&
	    why+=("$f replays to a finished game")
done
end "a game stopped at --cap is written, named and noted as capped, and replays"

# --- Bad folders ------------------------------------------------------------

# refused DIR LINE: --records DIR is refused with LINE, no game played.
refused() {
	begin
	arena bad.out --game velox --players greedy,random --games 2 \
	    --records "$1"
	[ "$rc" -eq 1 ] || why+=("exit status $rc, expected 1")
	[ "$(cat bad.out.err)" = "$2" ] ||
	    why+=("stderr: $(head -1 bad.out.err)" "wanted: $2")
	[ -s bad.out ] && why+=("stdout: $(head -1 bad.out)")
	end "refused: --records $1"
}

refused nosuch "mupbem: arena: --records: nosuch: no such folder"
touch afile
refused afile "mupbem: arena: --records: afile: not a folder"

tap_done
