# Many games on the clock, fast, for the clock benchmark and the clock
# crash test.  Source this file after scripts/mail-players.sh, in a
# folder with ./Maildir; it needs MUPBEM, MUPBEMD and MP_DB, and CG_CONF,
# the daemon's configuration, whose [server] address is CG_DOMAIN's
# games@ (bench.example unless set).
#
# A few seed games are made the only way games are made: players mail
# mupbemd, accept and play turns drawn by the robot (mp_answer), with
# the clock at MUPBEM_NOW.  cg_clone then copies them with SQL, as many
# times as asked, into games the service would have written had other
# players done the same a little later: every row of a game (its
# players, seats, record, topic, thread, turns, mail and timers) is
# copied, the players' addresses are made unique in the rows and in the
# record, and every time is shifted by the same amount, so that the
# clock columns and the timers are what service_clock_sync() writes.
# What a copy lacks is the mail its seed sent (the outbox), which only
# `mupbem --db resend` reads, and the mails its seed took (handled),
# unless CG_MAIL is set: then each copy has its seed's outbox rows and
# a handled row for each turn.  The rows have no text with CG_MAIL=rows,
# and with CG_MAIL=text the last mail to each recipient keeps its text,
# as [send] keep_sent leaves it after 30 days (about 30 KB a mail with
# its picture).

: "${CG_DOMAIN:=bench.example}"
cg_games=0

# cg_folder: make the current folder a benchmark's: an empty Maildir
# and d.conf (the Maildir source and sender, games@CG_DOMAIN), with
# MP_SEND, MP_DB and CG_CONF set for them.
cg_folder() {
	mkdir -p Maildir/new Maildir/cur Maildir/tmp
	printf '[server]\naddress = games@%s\nrate_burst = 0\n%s\n' \
	    "$CG_DOMAIN" 'invitations = any' >d.conf
	MP_SEND=mp_deliver
	MP_DB=$PWD/mupbem.db
	CG_CONF=$PWD/d.conf
}

# cg_run: mupbemd takes the players' mail, handles what is due, sends.
cg_run() {
	"$MUPBEMD" -c "$CG_CONF" --once 2>>cg.log
}

# cg_seed TURNS SPEC...: at MUPBEM_NOW, for each SPEC ("mur time 2d"), a
# new pair of players starts a game, which they play for TURNS turns
# each; the outbox is emptied, and the array cg_seeds holds their ids.
# Prints nothing; fails if mupbemd does.
cg_seed() {
	local turns=$1 spec f a r last
	shift
	last=$(sqlite3 "$MP_DB" "SELECT coalesce(max(id), 0) FROM games" \
	    2>/dev/null || echo 0)
	for spec; do
		cg_games=$((cg_games + 1))
		mp_mail "alice-$cg_games@$CG_DOMAIN" "games@$CG_DOMAIN" "" \
		    "new ${spec%% *} with bob-$cg_games@$CG_DOMAIN ${spec#* }"
	done
	cg_run || return 1
	# Round 0 accepts the invitations; each round after plays a turn.
	for r in $(seq 0 $((turns * 2))); do
		for f in outbox/new/*; do
			[ -f "$f" ] || continue
			a=$(mp_answer "$f" $((cg_games * 1000 + r)))
			[ -n "$a" ] && mp_reply "$f" "$(mp_header "$f" To)" "$a"
		done
		rm -f outbox/new/*
		cg_run || return 1
	done
	rm -f outbox/new/*
	mapfile -t cg_seeds < <(sqlite3 "$MP_DB" \
	    "SELECT id FROM games WHERE id > $last")
}

# cg_clone COUNT STEP FIRST SEED...: COUNT copies of the games SEED...,
# taken in turn; copy j (from 0) has its times shifted by FIRST + j *
# STEP seconds.  One transaction.
cg_clone() {
	local count=$1 step=$2 first=$3 seeds="" i=0 s rename="" mail=""
	shift 3
	for s; do
		seeds="$seeds${seeds:+, }($i, $s)"
		i=$((i + 1))
	done
	# The seats' players are named in the records and the topics.
	for s in $(sqlite3 "$MP_DB" "SELECT DISTINCT seat FROM seats
	    WHERE game IN ($(IFS=,; echo "$*"))"); do
		rename="$rename
UPDATE games SET record = replace(record, ' ' || x.old_address || char(10),
    ' ' || x.address || char(10)),
    topic = replace(topic, x.old_address, x.address)
    FROM (SELECT * FROM cp WHERE seat = $s) AS x WHERE games.id = x.game;"
	done
	[ -n "${CG_MAIL:-}" ] && mail="
CREATE TEMP TABLE cl (id INTEGER PRIMARY KEY);
INSERT INTO cl SELECT max(o.id) FROM outbox o
    JOIN game_mail m ON m.message_id = o.message_id
    WHERE m.game IN (SELECT game FROM cs) AND '$CG_MAIL' = 'text'
    GROUP BY m.game, o.rcpt;
INSERT INTO outbox (message_id, sender, rcpt, data, created, attempts,
    next_try, sent, given_up)
    SELECT replace(o.message_id, '@', '.g' || cg.id || '@'), o.sender,
    coalesce(cp.address, o.rcpt),
    CASE WHEN o.id IN (SELECT id FROM cl) THEN o.data ELSE '' END,
    o.created + cg.shift, o.attempts, o.next_try + cg.shift,
    o.sent + cg.shift, o.given_up
    FROM cg JOIN game_mail m ON m.game = cg.seed
    JOIN outbox o ON o.message_id = m.message_id
    LEFT JOIN cp ON cp.game = cg.id AND cp.old_address = o.rcpt;
INSERT INTO handled (id, source_key, at)
    SELECT 'g' || cg.id || '.' || a.message_id, 'new/copy',
    a.at + cg.shift FROM cg JOIN actions a ON a.game = cg.seed
    WHERE a.message_id IS NOT NULL;"
	sqlite3 "$MP_DB" <<EOF
PRAGMA foreign_keys = ON;
BEGIN;
CREATE TEMP TABLE cs (i INTEGER PRIMARY KEY, game INTEGER);
INSERT INTO cs VALUES $seeds;
CREATE TEMP TABLE cg AS WITH RECURSIVE n (j) AS (SELECT 0 UNION ALL
    SELECT j + 1 FROM n WHERE j + 1 < $count)
    SELECT j, (SELECT max(id) FROM games) + 1 + j AS id,
    (SELECT game FROM cs WHERE i = j % $i) AS seed,
    $first + j * $step AS shift FROM n;
CREATE TEMP TABLE cp AS SELECT cg.id AS game, s.seat, s.player AS old,
    (SELECT max(id) FROM players) + row_number() OVER
    (ORDER BY cg.id, s.seat) AS new, p.address AS old_address,
    'g' || cg.id || '.' || p.address AS address
    FROM cg JOIN seats s ON s.game = cg.seed
    JOIN players p ON p.id = s.player;
INSERT INTO players (id, address, name, secret, settings, created)
    SELECT cp.new, cp.address, p.name, p.secret, p.settings,
    p.created + cg.shift FROM cp JOIN cg ON cg.id = cp.game
    JOIN players p ON p.id = cp.old;
INSERT INTO games (id, variant, options, status, record, turns, created,
    updated, league, deadline, thread, topic, clock, clock_seat,
    clock_since, clock_turn, reminded, ending, result)
    SELECT cg.id, g.variant, g.options, g.status, g.record, g.turns,
    g.created + cg.shift, g.updated + cg.shift, g.league,
    g.deadline + cg.shift, replace(g.thread, '@', '.g' || cg.id || '@'),
    g.topic, g.clock, g.clock_seat, g.clock_since + cg.shift, g.clock_turn,
    g.reminded, g.ending, g.result FROM cg JOIN games g ON g.id = cg.seed;
$rename
INSERT INTO seats (game, seat, player, invited, state, bank, out)
    SELECT cg.id, s.seat, cp.new, s.invited, s.state, s.bank, s.out
    FROM cg JOIN seats s ON s.game = cg.seed
    LEFT JOIN cp ON cp.game = cg.id AND cp.seat = s.seat;
INSERT INTO actions (game, player, number, text, message_id, at)
    SELECT cg.id, cp.new, a.number, a.text, a.message_id, a.at + cg.shift
    FROM cg JOIN actions a ON a.game = cg.seed
    LEFT JOIN cp ON cp.game = cg.id AND cp.old = a.player
    ORDER BY cg.id, a.number;
INSERT INTO game_mail (message_id, game, player)
    SELECT replace(m.message_id, '@', '.g' || cg.id || '@'), cg.id, cp.new
    FROM cg JOIN game_mail m ON m.game = cg.seed
    LEFT JOIN cp ON cp.game = cg.id AND cp.old = m.player;
INSERT INTO timers (at, kind, game, seat, player)
    SELECT t.at + cg.shift, t.kind, cg.id, t.seat, t.player
    FROM cg JOIN timers t ON t.game = cg.seed ORDER BY cg.id, t.id;
$mail
COMMIT;
EOF
}
