#!/usr/bin/env bash
# scripts/same-mail.sh OLD_BUILD_DIR NEW_BUILD_DIR: do two builds of
# mupbem answer the same mail with the same bytes?  Each build (a folder
# with its mupbem and mupbemd, such as a worktree built in place) plays
# one fixed scenario by mail in a temporary folder of its own: Maildir
# inbox, SQLite store, Maildir outbox, mupbemd --once, MUPBEM_NOW moved
# on step by step, greedy robots only.  Every mail each build wrote, in
# the order it wrote them, each game's show, record and replay, the
# store's tables and the operator tools' output are then compared.
# Prints the number of mails compared; exits 0 if all is the same, 1
# with the first differing lines if not, 2 if the scenario went wrong.
#     scripts/same-mail.sh /work/wt-old /work/wt-same   (KEEP=1 keeps
#     the work folder; about 4 minutes on two cores)
#
# What mupbemd draws at random by design (game seeds, players' secrets,
# hence the tokens in reply addresses, the Message-IDs' random part)
# comes from getrandom(), which a small preloaded library makes one
# seeded stream, the same for both builds.  Dates are MUPBEM_NOW's.
# Masked: the Message-IDs' wall-clock second and process id (also in
# boundaries and Content-IDs), the scripted players' process id in
# theirs.  A mail is compared as its headers and each part decoded, a
# picture as its bytes in base64; the outbox rows hold it raw too.
set -euo pipefail

[ $# -eq 2 ] || { echo "usage: $0 OLD_BUILD_DIR NEW_BUILD_DIR" >&2; exit 2; }
old=$(cd "$1" && pwd)
new=$(cd "$2" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
for b in "$old" "$new"; do
	[ -x "$b/mupbem" ] && [ -x "$b/mupbemd" ] ||
	    { echo "same-mail: no mupbem and mupbemd in $b" >&2; exit 2; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/same-mail.XXXXXX")
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
start=$(date +%s)

# getrandom() as one splitmix64 stream, its state kept in the file
# $SAME_MAIL_RANDOM between the processes of a scenario.
cc -shared -fPIC -O2 -o "$work/same-random.so" -x c - <<'EOF'
#include <sys/types.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

ssize_t
getrandom(void *buf, size_t len, unsigned int flags)
{
	const char		*path = getenv("SAME_MAIL_RANDOM");
	unsigned long long	 s = 0;
	uint64_t		 z;
	size_t			 i, n;
	FILE			*f;

	(void)flags;
	if (path != NULL && (f = fopen(path, "r")) != NULL) {
		if (fscanf(f, "%llu", &s) != 1)
			s = 0;
		fclose(f);
	}
	for (i = 0; i < len; i += n) {
		z = (s += 0x9e3779b97f4a7c15ULL);
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
		z ^= z >> 31;
		n = len - i < sizeof z ? len - i : sizeof z;
		memcpy((char *)buf + i, &z, n);
	}
	if (path != NULL && (f = fopen(path, "w")) != NULL) {
		fprintf(f, "%llu\n", s);
		fclose(f);
	}
	return ((ssize_t)len);
}
EOF

# scenario BUILD OUT: play the scenario with BUILD's programs in a
# folder of its own; the mails go to OUT/mails in the order mupbemd
# wrote them, the store's dumps to OUT/dumps, the scenario's own
# failures to OUT/why.  The helpers come from this tree's tests
# (service-lib.sh: fresh, run, play_out, last; mail-players.sh).
scenario() (
	# The tests' helpers are written for set -u, not for set -e.
	set +e +o pipefail
	out=$2 tmp=$2/play here=$top/tests
	mkdir -p "$tmp/bin" "$out/mails" "$out/dumps"
	why=()
	RANDOM=34
	export TMPDIR=$tmp SAME_MAIL_RANDOM=$tmp/random
	echo 34 >"$SAME_MAIL_RANDOM"
	# Only mupbem and mupbemd draw from the seeded stream.
	for p in mupbem mupbemd; do
		printf '#!/bin/sh\nLD_PRELOAD=%s exec %s "$@"\n' \
		    "$work/same-random.so" "$1/$p" >"$tmp/bin/$p"
		chmod +x "$tmp/bin/$p"
	done
	MUPBEM=$tmp/bin/mupbem MUPBEMD=$tmp/bin/mupbemd
	. "$here/service-lib.sh"
	# run: the library's, and the order of the mails it took.
	eval "lib_$(declare -f run)"
	run() {
		lib_run
		sed "s|^|$tmp/w/|" new >>"$tmp/order"
	}
	A=alice@example.org B=bob@example.org C=carol@example.org
	D=dave@example.org E=eve@example.org
	T0=1795000000		# Wed 18 Nov 2026 11:06:40 UTC
	H=3600
	at() { export MUPBEM_NOW=$((T0 + $1)); }
	db() { "$MUPBEM" --db mupbem.db "$@" >>"$tmp/tool" 2>&1 ||
	    why+=("mupbem --db $*: failed"); }
	# state G STATE: the newest mail about game G whose state is STATE.
	state() {
		grep -l "^X-Mupbem-State: $2\$" $(grep -l \
		    "^Subject: \[mupbem G$1\]" $(cat "$tmp/order")) 2>/dev/null |
		    tail -1
	}
	# mover G: the newest "your turn" mail of game G.
	mover() {
		grep -l "^X-Mupbem-State: your turn " $(grep -l \
		    "^Subject: \[mupbem G$1\]" $(cat "$tmp/order")) 2>/dev/null |
		    tail -1
	}
	# mail_to G STATE ADDRESS: the newest mail about game G whose
	# state is STATE to ADDRESS.
	mail_to() {
		grep -l "^To: .*$3" $(grep -l "^X-Mupbem-State: $2\$" \
		    $(grep -l "^Subject: \[mupbem G$1\]" $(cat "$tmp/order"))) \
		    2>/dev/null | tail -1
	}
	# answer F TEXT: the player F went to answers it with TEXT.
	answer() { [ -n "$1" ] && mp_reply "$1" "$(mp_header "$1" To)" "$2" ||
	    why+=("no mail to answer with '$2'"); }

	fresh
	MP_LEVEL=greedy MP_RESIGN_AFTER=40

	# G1: velox by mail, alice (the greedy robot's turns) against the
	# server's greedy robot, to its end.
	at 0
	mp_mail "Alice <$A>" games@localhost "a game?" "new velox with robot:greedy"
	run
	play_out 400
	[ -n "$(state 1 'game over')" ] || why+=("G1 did not end")

	# G2: levis of three, declined; G3: classic of four, by
	# invitations, accept, a withdrawal, join.
	at $H
	mp_mail "Bob <$B>" games@localhost "x" "set confirm off"
	mp_mail "$A" games@localhost "x" "new levis with $C $D"
	mp_mail "Carol <$C>" games@localhost "x" "name Carol"
	run
	answer "$(last $D)" "decline"
	run
	at $((2 * H))
	mp_mail "$A" games@localhost "x" "new classic with $B $C open 1 segments 2"
	run
	answer "$(last $B)" "accept"
	answer "$(last $C)" "accept"
	run
	at $((3 * H))
	answer "$(last $C)" "withdraw"
	run
	mp_mail "Dave <$D>" games@localhost "x" "join G3"
	run
	mp_mail "$C" games@localhost "x" "join G3"
	run
	mp_mail "Eve <$E>" games@localhost "x" "observe G3"
	run
	answer "$(last $E)" "observe"
	run
	at $((4 * H))
	f=$(mover 3)
	answer "$f" "$(mp_answer "$f" 1)
Good luck, everyone."
	run
	answer "$(last $B)" "press Hello from bob.
A second line."
	mp_mail "$E" games@localhost "x" "board G3"
	mp_mail "$E" games@localhost "x" "history G3"
	mp_mail "$A" games@localhost "x" "games"
	run
	f=$(mover 3)
	answer "$f" "$(mp_answer "$f" 2)"
	run
	MP_PASS_AFTER=16
	play_out 300
	MP_PASS_AFTER=0
	[ -n "$(state 3 'game over')" ] || why+=("G3 did not end")

	# A rematch of G1, a seek joined, ratings and stats.
	at $((5 * H))
	answer "$(state 1 'game over')" "rematch"
	run
	mp_mail "$C" games@localhost "x" "seek velox time 2d"
	run
	mp_mail "$E" games@localhost "x" "games open"
	run
	mp_mail "$E" games@localhost "x" "join G5"
	run
	mp_mail "$A" games@localhost "x" "ratings"
	mp_mail "$B" games@localhost "x" "stats"
	mp_mail "$E" games@localhost "x" "stats $A"
	run

	# G5 on the clock: two turns, a vacation, a reminder and a timeout.
	at $((6 * H))
	f=$(mover 5)
	answer "$f" "$(mp_answer "$f" 5)"
	run
	f=$(mover 5)
	answer "$f" "$(mp_answer "$f" 6)"
	run
	mp_mail "$D" games@localhost "x" "vacation 2d"
	mp_mail "$D" games@localhost "x" "vacation"
	run
	at $((6 * H + 37 * H))
	run
	at $((6 * H + 49 * H))
	run
	[ -n "$(state 5 'game over')" ] || why+=("G5 did not time out")

	# A round robin of three: alice, bob and carol, velox.
	at $((60 * H))
	mp_mail "$A" games@localhost "x" "tournament new spring velox roundrobin"
	run
	for p in "$A" "$B" "$C"; do
		mp_mail "$p" games@localhost "x" "tournament join spring"
	done
	run
	mp_mail "$A" games@localhost "x" "tournament start spring"
	run
	for r in 1 2 3 4; do
		play_out 200
		at $((60 * H + r * H))
		run
	done
	[ -n "$(sqlite3 mupbem.db "select name from tournaments
	    where name = 'spring' and state = 'over'")" ] ||
	    why+=("the tournament did not end")
	mp_mail "$E" games@localhost "x" "tournament spring"
	mp_mail "$E" games@localhost "x" "tournaments"
	run

	# A league of one division of three: alice, dave and eve.
	at $((66 * H))
	mp_mail "$A" games@localhost "x" "league new autumn velox division 3"
	run
	for p in "$A" "$D" "$E"; do
		mp_mail "$p" games@localhost "x" "league join autumn"
	done
	run
	mp_mail "$A" games@localhost "x" "league start autumn"
	run
	MP_RESIGN_AFTER=20
	for r in 1 2 3 4; do
		play_out 100
		at $((66 * H + r * H))
		run
	done
	MP_RESIGN_AFTER=40
	mp_mail "$E" games@localhost "x" "league autumn"
	mp_mail "$E" games@localhost "x" "leagues"
	run

	# The operator: stalled, nudge, adjudicate, forfeit, address.
	at $((72 * H))
	n=$(sqlite3 mupbem.db "select max(id) from games")
	mp_mail "$B" games@localhost "x" "new velox with $C"
	mp_mail "$D" games@localhost "x" "new classic with $B $E segments 2"
	run
	answer "$(mail_to $((n + 1)) invitation "$C")" "accept"
	answer "$(mail_to $((n + 2)) invitation "$B")" "accept"
	answer "$(mail_to $((n + 2)) invitation "$E")" "accept"
	run
	db stalled
	db nudge -c mupbem.conf G4
	db adjudicate -c mupbem.conf G4 draw rated
	g=$(sqlite3 mupbem.db "select max(id) from games where variant = 'velox'")
	db forfeit -c mupbem.conf "G$g" red
	g=$(sqlite3 mupbem.db "select max(id) from games where variant = 'classic'")
	db forfeit -c mupbem.conf "G$g" blue
	db address -c mupbem.conf "$E" eve@example.net
	db stalled
	run
	mp_mail "eve@example.net" games@localhost "x" "games"
	run
	at $((200 * H))
	run

	# The dumps: every game's record, its replay and state, the store.
	for g in $(sqlite3 mupbem.db "select id from games order by id"); do
		echo "== G$g"
		"$MUPBEM" --db mupbem.db show "G$g" 2>&1
		"$MUPBEM" --db mupbem.db export "G$g" >rec 2>&1 && cat rec &&
		    "$MUPBEM" replay rec 2>&1
	done >"$out/dumps/games"
	for t in games seats actions players observers ratings \
	    rating_history tournaments entrants pairings timers vacations \
	    addresses game_mail leagues members; do
		echo "== $t"
		sqlite3 -header mupbem.db "select * from $t order by rowid" 2>&1
	done >"$out/dumps/store"
	# Without claim_pid and claim_host: which process sent a mail.
	sqlite3 -header mupbem.db "select id, message_id, sender, rcpt, data,
	    created, attempts, next_try, last_error, sent, given_up
	    from outbox order by id" >>"$out/dumps/store" 2>&1
	cp "$tmp/tool" "$out/dumps/tool"
	i=0
	while read -r f; do
		i=$((i + 1))
		cp "$f" "$out/mails/$(printf %04d $i)"
	done <"$tmp/order"
	printf '%s\n' "${why[@]}" | grep . >"$out/why"
	sqlite3 mupbem.db "select count(*) from games" >"$out/ngames"
	sqlite3 mupbem.db "select count(*) from actions" >"$out/nturns"
	true
)

# normal DIR: every mail of DIR (in order) and every dump, as text with
# only the random parts masked: headers unfolded, each part decoded.
normal() {
	python3 - "$1" <<'PY'
import email, email.policy, base64, os, re, sys
top = sys.argv[1]
def mask(s):
    s = re.sub(r"(?<![0-9])\d{9,11}\.\d+\.(\d+)\.([0-9a-f]{16})\b",
               r"TIME.PID.\1.\2", s)
    return re.sub(r"\bmp\.\d+\.(\d+)\.", r"mp.PID.\1.", s)
def part(p, depth):
    for k, v in p.items():
        print("%s%s: %s" % ("  " * depth, k, mask(str(v))))
    if p.is_multipart():
        for q in p.get_payload():
            print("%s--" % ("  " * depth))
            part(q, depth + 1)
        return
    data = p.get_payload(decode=True) or b""
    print()
    if p.get_content_maintype() == "text":
        print(mask(data.decode("utf-8", "replace")))
    else:
        b = base64.b64encode(data).decode()
        for i in range(0, len(b), 76):
            print(b[i:i + 76])
mails = sorted(os.listdir(os.path.join(top, "mails")))
for name in mails:
    with open(os.path.join(top, "mails", name), "rb") as f:
        m = email.message_from_binary_file(f, policy=email.policy.compat32)
    print("=== mail %s" % name)
    part(m, 0)
for name in ("games", "store", "tool"):
    print("=== dump %s" % name)
    with open(os.path.join(top, "dumps", name), errors="replace") as f:
        print(mask(f.read()))
PY
}

echo "same-mail: $old ..."
scenario "$old" "$work/old"
echo "same-mail: $new ..."
scenario "$new" "$work/new"
rc=0
for s in old new; do
	if [ -s "$work/$s/why" ]; then
		echo "same-mail: the scenario went wrong with the $s build:"
		sed 's/^/    /' "$work/$s/why"
		rc=2
	fi
done
normal "$work/old" >"$work/old.txt"
normal "$work/new" >"$work/new.txt"
nold=$(ls "$work/old/mails" | wc -l)
nnew=$(ls "$work/new/mails" | wc -l)
echo "same-mail: $nold mails from the old build, $nnew from the new;" \
    "$(cat "$work/new/ngames") games, $(cat "$work/new/nturns") turns;" \
    "$(($(date +%s) - start)) s"
if ! diff -u "$work/old.txt" "$work/new.txt" >"$work/diff"; then
	echo "same-mail: DIFFERENT ($(grep -c '^[-+][^-+]' "$work/diff") lines);" \
	    "the first:"
	head -40 "$work/diff"
	[ -n "${KEEP:-}" ] && echo "same-mail: kept in $work"
	exit 1
fi
[ $rc -eq 0 ] || exit $rc
echo "same-mail: the same: $nold mails and the store's dumps"
