#!/bin/bash
# A store of N games (100,000 by default) as the service would have
# written it, for the scale benchmark (scripts/bench-scale.sh): in
# folder DIR, the store mupbem.db, the daemon's configuration d.conf
# (the Maildir source and sender, games@bench.example) and an empty
# Maildir.
#
# Four seed games are played by mail through mupbemd at MUPBEM_NOW
# (scripts/clock-games.sh): a mur and a velox game at "time 7d" whose
# players resign at turn 6, so they are over, and a mur and a velox
# game at "time 7d" played for ten turns a player, in play, each with
# its clock running and its reminder and timeout timers.  cg_clone then
# copies the games in play into 70% of the rest and the finished ones
# into 30%, with every row of a game (players, seats, record, actions,
# game_mail, timers), its outbox rows and a handled row for each turn,
# 10,000 copies a transaction.  The copies' outbox rows have no text
# unless GEN_TEXT=yes: then the last mail to each player of each game
# keeps it, as [send] keep_sent leaves them, about 30 KB each (6 GB at
# 100,000 games, which only "mupbem --db resend" reads).  Copy j of n
# is n - j seconds older than its seed, so no timer is due at
# MUPBEM_NOW.
#
# Usage, after a non-sanitizer build: bash scripts/gen-store.sh N DIR
# (with MUPBEM and MUPBEMD set, or from the source folder).  Prints the
# store's counts and size.
set -euo pipefail

cd "$(dirname "$0")/.."
src=$PWD
total=${1:-100000}
dir=${2:?usage: gen-store.sh N DIR}
: "${MUPBEM:=$src/mupbem}"
: "${MUPBEMD:=$src/mupbemd}"
[ "$total" -ge 4 ] || { echo "gen-store: N is at least 4" >&2; exit 1; }
mkdir -p "$dir"
cd "$dir"
dir=$PWD
[ ! -e mupbem.db ] || { echo "gen-store: $dir/mupbem.db exists" >&2; exit 1; }
export MUPBEM MUPBEMD
. "$src/scripts/mail-players.sh"
. "$src/scripts/clock-games.sh"
cg_folder

export MUPBEM_NOW=${MUPBEM_NOW:-1795000000}
MP_RESIGN_AFTER=6 cg_seed 4 "mur time 7d" "velox time 7d"
over=("${cg_seeds[@]}")
cg_seed 10 "mur time 7d" "velox time 7d"
playing=("${cg_seeds[@]}")
rest=$((total - 4))
nplay=$((rest * 7 / 10))
nover=$((rest - nplay))
CG_MAIL=rows
[ "${GEN_TEXT:-no}" = no ] || CG_MAIL=text
export CG_MAIL

# clone N SEED...: N copies of the seeds, in transactions of 10,000.
clone() {
	local n=$1 done=0 c
	shift
	while [ "$done" -lt "$n" ]; do
		c=$((n - done > 10000 ? 10000 : n - done))
		cg_clone "$c" 1 $((done - n)) "$@"
		done=$((done + c))
	done
}
clone "$nplay" "${playing[@]}"
clone "$nover" "${over[@]}"
sqlite3 mupbem.db "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
sqlite3 mupbem.db "SELECT 'games ' || status || ': ' || count(*) FROM games
    GROUP BY status;
    SELECT 'players: ' || count(*) FROM players;
    SELECT 'seats: ' || count(*) FROM seats;
    SELECT 'actions: ' || count(*) FROM actions;
    SELECT 'game_mail: ' || count(*) FROM game_mail;
    SELECT 'outbox: ' || count(*) || ', ' || sum(length(data) > 0) ||
    ' with their text' FROM outbox;
    SELECT 'handled: ' || count(*) FROM handled;
    SELECT 'timers: ' || count(*) || ', due at MUPBEM_NOW: ' ||
    sum(at <= $MUPBEM_NOW) FROM timers"
echo "size: $(stat -c %s mupbem.db) bytes"
