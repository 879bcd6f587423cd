#!/usr/bin/env bash
#
# End to end, against real servers started for the test on loopback
# (tests/mailhost.sh): Postfix takes a player's mail by SMTP and
# delivers it to Dovecot; mupbemd picks it up over IMAP with IDLE
# (STARTTLS, certificate checked against the test CA) and answers
# through Postfix's submission port (STARTTLS and AUTH); the test reads
# the answer from the player's IMAP mailbox, its picture of the board
# too.  Then the faults: Dovecot
# stopped and started while mupbemd runs, Postfix stopped while replies
# are due, the store's write lock held by another process past the
# busy timeout, and mupbemd killed with SIGKILL in the middle of a
# batch; and each SIGTERM stops it with exit status 0.
# TAP-like output; exits 1 if a check failed, 77 (skipped) when it
# cannot run here (not root, or the servers are not installed).
#
# make check sets MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
mailhost=$here/mailhost.sh

if [ "$(id -u)" -ne 0 ]; then
	echo "1..0 # SKIP needs root to start Postfix"
	exit 77
fi
for p in dovecot postfix swaks curl openssl python3; do
	if ! command -v "$p" >/dev/null; then
		echo "1..0 # SKIP $p is not installed (scripts/install-deps.sh)"
		exit 77
	fi
done

export IMAP_PORT=${E2E_IMAP_PORT:-12143}
export IMAPS_PORT=${E2E_IMAPS_PORT:-12993}
export SMTP_PORT=${E2E_SMTP_PORT:-12025}
export SUBMISSION_PORT=${E2E_SUBMISSION_PORT:-12587}
dir=$(mktemp -d /tmp/mbe.XXXXXX) || exit 99
chmod 755 "$dir"
mh=$dir/mh
daemon=

cleanup() {
	[ -n "${E2E_KEEP_LOG:-}" ] && cp "$dir/mupbemd.log" "$E2E_KEEP_LOG"
	[ -n "$daemon" ] && kill -KILL "$daemon" 2>/dev/null
	bash "$mailhost" stop "$mh" >/dev/null 2>&1
	rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

export MAILHOST_USERS="game:gamepw alice:alicepw bob:bobpw mallory:mallorypw"
if ! bash "$mailhost" start "$mh" >"$dir/mailhost.out" 2>&1; then
	echo "Bail out! the mail servers did not start: $(cat "$dir/mailhost.out")"
	exit 99
fi
. "$mh/mailhost.env"
alice=$mh/mail/alice@example.test/Maildir
doveadm="doveadm -c $mh/dovecot/dovecot.conf"

. "$here/tap.sh"

# wait_for SECONDS CMD...: poll every 100 ms, SECONDS times
# MUPBEM_TEST_SLOW at most.
wait_for() {
	local i=$(($(tap_scale "$1") * 10))

	shift
	until "$@"; do
		i=$((i - 1))
		[ "$i" -gt 0 ] || return 1
		sleep 0.1
	done
}

# send ID [BODY]: alice mails game through Postfix's SMTP port.
send() {
	swaks --server "127.0.0.1:$SMTP_PORT" --from alice@example.test \
	    --to game@example.test --header "Message-Id: <$1@example.test>" \
	    --header "Subject: mupbem game $1" --body "${2:-A0-A1 pass}" \
	    >/dev/null 2>&1
}

# inject ID: put a mail straight into game's INBOX (Postfix not needed).
inject() {
	printf 'From: alice@example.test\nTo: game@example.test\nSubject: mupbem game %s\nMessage-Id: <%s@example.test>\nDate: Sat, 21 Nov 2026 07:09:12 +0000\n\nA0-A1\n' \
	    "$1" "$1" | $doveadm save -u game@example.test
}

# replies ID-PATTERN: how many replies alice has to mails matching it.
replies() {
	grep -l "^In-Reply-To: <$1@example.test>" "$alice"/new/* "$alice"/cur/* \
	    2>/dev/null | wc -l | tr -d ' '
}

# distinct IDS-PATTERN: how many different replies (by Message-ID).
distinct() {
	grep -l "^In-Reply-To: <$1@example.test>" "$alice"/new/* "$alice"/cur/* \
	    2>/dev/null | xargs -r grep -h '^Message-ID:' | sort -u | wc -l |
	    tr -d ' '
}

has_replies() {
	[ "$(replies "$1")" -ge "$2" ]
}

# answered IDS-PATTERN: how many different mails have a reply.
answered() {
	grep -h "^In-Reply-To: <$1@example.test>" "$alice"/new/* \
	    "$alice"/cur/* 2>/dev/null | sort -u | wc -l | tr -d ' '
}

has_answered() {
	[ "$(answered "$1")" -ge "$2" ]
}

printf 'gamepw\n' >"$dir/game.pass"
chmod 600 "$dir/game.pass"
cat >"$dir/mupbemd.conf" <<EOC
[server]
address = game@example.test
name = mupbem test
database = $dir/mupbem.db
rate_burst = 0
invitations = any
max_mails = 0
[mailbox]
url = imap://game%40example.test@localhost:$IMAP_PORT/INBOX
password_file = $dir/game.pass
ca_file = $MAILHOST_CA
poll_interval = 30
[send]
url = smtp://localhost:$SUBMISSION_PORT
user = game@example.test
password_file = $dir/game.pass
ca_file = $MAILHOST_CA
retry = 1
retry_max = 2
timeout = 10
EOC

start_daemon() {
	"$MUPBEMD" -c "$dir/mupbemd.conf" >>"$dir/mupbemd.log" 2>&1 &
	daemon=$!
}

# stop_daemon: SIGTERM; the exit status goes to stops (0 is clean, and
# under the sanitizers also means nothing leaked).
stops=()
stop_daemon() {
	kill -TERM "$daemon" 2>/dev/null
	wait "$daemon" 2>/dev/null
	stops+=("$?")
	daemon=
}

# --- a mail in, a reply out ------------------------------------------------

start_daemon
wait_for 10 grep -q 'connected (STARTTLS, IDLE offered)' "$dir/mupbemd.log"
begin
t0=$(date +%s%N)
send e2e-1 'C4-D2 B0-B3(B4,C1)'
if wait_for 15 has_replies e2e-1 1; then
	t1=$(date +%s%N)
	uid=$(curl -s --ssl-reqd --cacert "$MAILHOST_CA" \
	    "imap://localhost:$IMAP_PORT/INBOX" -u alice@example.test:alicepw \
	    -X 'UID SEARCH HEADER In-Reply-To e2e-1' | awk '{print $3}' | tr -d '\r')
	curl -s --ssl-reqd --cacert "$MAILHOST_CA" \
	    "imap://localhost:$IMAP_PORT/INBOX;UID=$uid" \
	    -u alice@example.test:alicepw | tr -d '\r' >"$dir/reply"
	for h in 'From: mupbem test <game@example.test>' \
	    'To: alice@example.test' 'Subject: Re: mupbem game e2e-1' \
	    'In-Reply-To: <e2e-1@example.test>' \
	    'References: <e2e-1@example.test>' \
	    'Auto-Submitted: auto-replied' \
	    'Content-Type: text/plain; charset=utf-8; format=fixed'; do
		grep -qxF "$h" "$dir/reply" || why+=("no header '$h' in the reply")
	done
	grep -q 'mupbem read a turn in your mail but you have no game in play' \
	    "$dir/reply" || why+=("the reply does not answer the turn it read")
	echo "# delivery to reply: $(((t1 - t0) / 1000000)) ms"
else
	why+=("no reply within 15 s")
fi
end "a mail sent by SMTP is answered over IMAP IDLE and SMTP AUTH"

# --- Dovecot goes away and comes back ---------------------------------------

begin
bash "$mailhost" dovecot-stop "$mh" >/dev/null
for i in 1 2 3; do send "dove-$i"; done
sleep 2
bash "$mailhost" dovecot-start "$mh" >/dev/null
postqueue -c "$mh/postfix/etc" -f 2>/dev/null
wait_for 60 has_replies 'dove-[0-9]*' 3 || why+=("replies: $(replies 'dove-[0-9]*') of 3")
kill -0 "$daemon" 2>/dev/null || why+=("mupbemd died")
grep -q 'imap imap://localhost:.*cannot connect\|IDLE failed\|leaving IDLE failed' \
    "$dir/mupbemd.log" || why+=("no sign of the lost connection in the log")
end "Dovecot stopped and started: mupbemd reconnects and misses nothing"

# --- Postfix goes away: replies wait in the outbox ---------------------------

begin
bash "$mailhost" postfix-stop "$mh" >/dev/null
inject post-1
inject post-2
wait_for 20 grep -q 'outbox .*next try in' "$dir/mupbemd.log" ||
    why+=("no failed send in the log")
[ "$(replies 'post-[0-9]*')" -eq 0 ] || why+=("a reply went out without Postfix")
bash "$mailhost" postfix-start "$mh" >/dev/null
wait_for 30 has_replies 'post-[0-9]*' 2 || why+=("replies: $(replies 'post-[0-9]*') of 2")
end "Postfix stopped: replies wait in the outbox and go out once it is back"

# --- the store cannot write: IMAP mail waits, in order ------------------------

begin
{
	echo 'BEGIN IMMEDIATE;'
	echo '.print held'
	sleep 13
	echo 'COMMIT;'
} | sqlite3 "$dir/mupbem.db" >"$dir/holder" &
holder=$!
wait_for 5 grep -q held "$dir/holder" || why+=("the lock was not taken")
for i in 1 2 3; do inject "hold-$i"; done
wait_for 20 grep -q 'held, and no later mail is taken before it' \
    "$dir/mupbemd.log" || why+=("no held mail in the log")
[ "$(replies 'hold-[0-9]*')" -eq 0 ] ||
    why+=("$(replies 'hold-[0-9]*') replies while the store was locked")
wait "$holder"
wait_for 60 has_replies 'hold-[0-9]*' 3 || why+=("replies: $(replies 'hold-[0-9]*') of 3")
[ "$(distinct 'hold-[0-9]*')" -eq 3 ] ||
    why+=("$(distinct 'hold-[0-9]*') different replies for 3 mails")
for f in $(grep -l '^In-Reply-To: <hold-' "$alice"/new/* "$alice"/cur/* 2>/dev/null); do
	grep -q 'you have no game in play' "$f" ||
	    why+=("$(basename "$f"): not the answer to its turn")
done
end "a write lock held past the busy timeout: IMAP mail is not flagged, and is answered once, after it"

# --- SIGKILL in the middle of a batch ----------------------------------------

stop_daemon
for i in $(seq 1 400); do inject "kill-$i"; done
begin
start_daemon
sleep 0.6
kill -KILL "$daemon"
wait "$daemon" 2>/dev/null
daemon=
got=$(replies 'kill-[0-9]*')
start_daemon
# A reply sent just before the kill, but not yet recorded as sent, goes
# again after the restart, with its Message-ID: count mails answered,
# not reply files, which may reach 400 with the last answer in flight.
wait_for 120 has_answered 'kill-[0-9]*' 400 ||
    why+=("$(answered 'kill-[0-9]*') different mails answered, not 400")
[ "$(distinct 'kill-[0-9]*')" -eq 400 ] ||
    why+=("$(distinct 'kill-[0-9]*') different replies for 400 mails")
[ "$got" -lt 400 ] || why+=("the kill came after the batch ($got replies)")
end "killed mid-batch ($got of 400 answered): after restart every mail is handled once"

# --- a game by mail ------------------------------------------------------
#
# alice and bob play a short velox game (2 segments each) through
# Postfix and Dovecot, each reading their own IMAP mailbox and
# answering like a person (scripts/mail-players.sh); mallory, and a
# forged From, try to interfere; a stale #N and a duplicate come in.

MUPBEM=${MUPBEM:-$here/../mupbem}
MP_DB=$dir/mupbem.db
MP_PASS_AFTER=9
# MP_SEND FILE: hand the mail to Postfix by SMTP, as its From and To say.
smtp_file() {
	[ "$1" = "$dir/last-sent" ] || cp "$1" "$dir/last-sent"
	swaks --server "127.0.0.1:$SMTP_PORT" --from "$(mp_header "$1" From)" \
	    --to "$(mp_header "$1" To)" --data - <"$1" >/dev/null 2>&1
}
MP_SEND=smtp_file
. "$here/../scripts/mail-players.sh"

# fetch USER: save USER's mail not fetched before in $dir/got/USER/N;
# prints the new files.
fetch() {
	local last uid
	mkdir -p "$dir/got/$1"
	last=$(cat "$dir/got/$1.last" 2>/dev/null || echo 0)
	for uid in $(curl -s --ssl-reqd --cacert "$MAILHOST_CA" \
	    "imap://localhost:$IMAP_PORT/INBOX" -u "$1@example.test:${1}pw" \
	    -X "UID SEARCH UID $((last + 1)):*" | tr -d '\r' |
	    sed 's/^\* SEARCH//'); do
		[ "$uid" -gt "$last" ] || continue
		curl -s --ssl-reqd --cacert "$MAILHOST_CA" \
		    "imap://localhost:$IMAP_PORT/INBOX;UID=$uid" \
		    -u "$1@example.test:${1}pw" | tr -d '\r' >"$dir/got/$1/$uid"
		echo "$dir/got/$1/$uid"
		last=$uid
	done
	echo "$last" >"$dir/got/$1.last"
}
fetch alice >/dev/null
fetch bob >/dev/null
fetch mallory >/dev/null

# latest USER SUBJECT-PATTERN: the newest fetched mail of USER whose
# subject matches.
latest() {
	local f
	for f in $(ls "$dir/got/$1" | sort -n -r); do
		case "$(mp_header "$dir/got/$1/$f" Subject): $(mp_header "$dir/got/$1/$f" X-Mupbem-State)" in
		$2) echo "$dir/got/$1/$f"; return 0 ;;
		esac
	done
	return 1
}

# until USER PATTERN: fetch USER's mail until one whose subject
# matches arrives (60 s at most, times MUPBEM_TEST_SLOW: make distcheck
# runs other servers' tests beside this one); prints it.
until_mail() {
	local i f
	for i in $(seq 1 "$(tap_scale 300)"); do
		for f in $(fetch "$1"); do
			case "$(mp_header "$f" Subject): $(mp_header "$f" X-Mupbem-State)" in
			$2) echo "$f"; return 0 ;;
			esac
		done
		sleep 0.2
	done
	return 1
}

# interfere FILE TURN: bob's "your turn" mail FILE is in hand.  First
# mallory forges a turn in bob's name, then mallory plays one as
# herself, then bob answers with a stale #N: none of it may change
# the game.
interfere() {
	local before r subject=$(mp_header "$1" Subject)
	before=$("$MUPBEM" --db "$MP_DB" export G1)
	swaks --server "127.0.0.1:$SMTP_PORT" --from mallory@example.test \
	    --to game@example.test --header "From: bob@example.test" \
	    --header "Subject: Re: $subject" --body "#$2 pass" >/dev/null 2>&1
	r=$(until_mail bob '*: a mail in your name was not accepted') ||
	    why+=("bob was not told of the forged mail; his last mails: $(for f in $(ls "$dir/got/bob" | sort -n | tail -3); do mp_header "$dir/got/bob/$f" Subject; done | tr '\n' '|')")
	[ -z "$r" ] || grep -q 'a turn for game G1 did not come to the reply address' "$r" ||
	    why+=("the note to bob does not say why")
	swaks --server "127.0.0.1:$SMTP_PORT" --from mallory@example.test \
	    --to game@example.test --header "Subject: Re: $subject" \
	    --body "#$2 pass" >/dev/null 2>&1
	r=$(until_mail mallory 'Re: *') || why+=("mallory got no answer")
	[ -z "$r" ] || grep -q "you have no seat in game G1; nothing was played" "$r" ||
	    why+=("mallory was not told she has no seat")
	mp_reply "$1" bob@example.test "#$(($2 - 1)) pass"
	r=$(until_mail bob '*: turn * not played') ||
	    why+=("no answer to a stale #N")
	[ -z "$r" ] || grep -q "#$(($2 - 1)): your mail was written for turn $(($2 - 1)), but the game is at turn $2" "$r" ||
	    why+=("the stale #N answer does not say why")
	[ "$("$MUPBEM" --db "$MP_DB" export G1)" = "$before" ] ||
	    why+=("a forged, seatless or stale turn changed the game")
	grep -q "game G1: a turn from bob@example.test .* without its token; refused" \
	    "$dir/mupbemd.log" || why+=("no log line for the forged mail")
}

begin
mp_mail alice@example.test game@example.test "a game?" \
    "new velox with bob@example.test segments 2"
over=0 seed=0 turns=0 tried=0
for round in $(seq 1 "$(tap_scale 600)"); do
	[ $over -eq 1 ] && break
	for p in alice bob; do
		for f in $(fetch $p); do
			case "$(mp_header "$f" Subject): $(mp_header "$f" X-Mupbem-State)" in
			*": game over") over=1 ;;
			esac
			seed=$((seed + 1))
			answer=$(mp_answer "$f" $seed)
			[ -n "$answer" ] || continue
			turn=${answer%% *}
			turn=${turn#\#}
			if [ $p = bob ] && [ $tried -eq 0 ] && [ "$turn" -ge 5 ] 2>/dev/null; then
				tried=1
				interfere "$f" "$turn"
			fi
			case $answer in "#"*) turns=$((turns + 1)) ;; esac
			mp_reply "$f" "$p@example.test" "$answer"
			if [ $tried -eq 1 ]; then
				# The same mail again: it must be ignored.
				tried=2
				smtp_file "$dir/last-sent"
			fi
		done
	done
	sleep 0.2
done
[ $over -eq 1 ] || why+=("the game did not end (after $turns turns)")
[ $tried -eq 2 ] || why+=("the interference checks did not run")
record=$("$MUPBEM" --db "$MP_DB" export G1)
echo "$record" | grep -q '^seat red ' || why+=("no seats in the record")
moves=$(echo "$record" | grep -c '^[0-9]* \(red\|blue\) ')
# Turns with one choice (red's first placement, a pass with no move
# left) mupbem plays itself, and says so in the mail it sends next.
forced=$( (grep -rhoE "had one choice, .*, and mupbem played it \(turn [0-9]+\)" \
    "$dir/got" | sed -E 's/.*\(turn ([0-9]+)\)/\1/'
    grep -rhE "^Turn [0-9]+, .*\(the only choice: mupbem played it\)$" \
    "$dir/got" | sed -E 's/^Turn ([0-9]+),.*/\1/') | sort -u | wc -l)
[ "$forced" -ge 1 ] || why+=("red's forced first placement is not told")
[ "$moves" -eq $((turns + forced)) ] ||
    why+=("$turns turns mailed and $forced forced, $moves in the record")
# The loop stops at the first game-over mail; the other may still come.
last=$(latest alice '*: game over' || until_mail alice '*: game over') &&
    grep -q '^Score: red ([^)]*) [0-9]' "$last" || why+=("alice's last mail has no score with the players' names")
latest bob '*: game over' >/dev/null || until_mail bob '*: game over' >/dev/null ||
    why+=("bob got no game-over mail")
grep -q 'handled before; dropped' "$dir/mupbemd.log" ||
    why+=("the duplicate was not dropped")
echo "# $turns turns by mail"
end "alice and bob play velox to the end by mail; a forged, a seatless, a stale and a duplicate turn change nothing"

# A board mail, sent through Postfix's submission port, delivered by
# Dovecot and fetched back over IMAP, still has its picture, whole.
begin
pictured="multipart/alternative(text/plain,multipart/related(text/html,image/png))"
for p in alice bob; do
	f=$(latest $p '*: your turn *') || { why+=("$p got no your-turn mail"); continue; }
	python3 "$here/mime-shape.py" "$f" "$dir/text" >"$dir/shape" 2>"$dir/size"
	want="shape: $pictured
picture: G1-$(($(mp_header "$f" X-Mupbem-State | sed 's/.* //') - 1)).png, 800 pixels wide, under 100 KB"
	[ "$(sed -n '1,2p' "$dir/shape")" = "$want" ] && [ "$(wc -l <"$dir/shape")" -eq 3 ] ||
	    why+=("$p's last turn mail: $(cat "$dir/shape"), wanted $want")
	echo "# $(cat "$dir/size")"
done
f=$(latest alice '*: game over') &&
    python3 "$here/mime-shape.py" "$f" /dev/null >"$dir/shape" 2>/dev/null &&
    grep -qx "shape: multipart/mixed($pictured,text/plain)" "$dir/shape" &&
    ! grep -q '^error:' "$dir/shape" ||
    why+=("alice's game-over mail: $(cat "$dir/shape")")
end "board mails fetched back over IMAP hold a PNG that decodes, the game-over mail the record too"

stop_daemon
begin
[ "${stops[*]}" = "0 0" ] || why+=("exit statuses '${stops[*]}', wanted '0 0'")
end "mupbemd, after IDLE, faults and a game, stops on SIGTERM with exit status 0"

# --- certificates are checked ----------------------------------------------

begin
sed '/^ca_file/d' "$dir/mupbemd.conf" >"$dir/system-ca.conf"
inject cert-1
rc=0
timeout "$(tap_scale 20)" "$MUPBEMD" -c "$dir/system-ca.conf" --once >"$dir/cert.log" 2>&1 || rc=$?
grep -q 'imap imap://localhost:.*: localhost: certificate not trusted' "$dir/cert.log" ||
    why+=("no refusal of the test CA's certificate: $(cat "$dir/cert.log")")
[ "$rc" -eq 1 ] || why+=("--once exited $rc with the certificate refused, not 1")
grep -q 'connected' "$dir/cert.log" && why+=("it logged in all the same")
[ "$(replies cert-1)" -eq 0 ] || why+=("a reply went out")
end "a certificate the system does not trust is refused before LOGIN"

# --- no IMAP server: --once fails, so that cron sees it ---------------------

begin
# A port nothing listens on: the one the test's Dovecot took, closed again.
closed=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
sed -e "s|@localhost:$IMAP_PORT/|@localhost:$closed/|" -e "s|^database = .*|database = $dir/nowhere.db|" \
    "$dir/mupbemd.conf" >"$dir/nowhere.conf"
rc=0
timeout "$(tap_scale 20)" "$MUPBEMD" -c "$dir/nowhere.conf" --once >"$dir/nowhere.log" 2>&1 || rc=$?
[ "$rc" -eq 1 ] || why+=("--once exited $rc with no IMAP server, not 1")
grep -q "imap imap://localhost:$closed/INBOX: cannot connect" "$dir/nowhere.log" ||
    why+=("no reason in the log: $(cat "$dir/nowhere.log")")
grep -q 'once: the mailbox could not be read; exit status 1' "$dir/nowhere.log" ||
    why+=("no word of the exit status in the log")
end "--once with no IMAP server to reach exits 1 and says why"

# --- IMAPS, a done folder, and sendmail ---------------------------------------

begin
$doveadm mailbox create -u game@example.test Done
inject imaps-1
sed -e "s|^url = imap://game%40example.test@localhost:$IMAP_PORT/INBOX|url = imaps://game%40example.test@localhost:$IMAPS_PORT/INBOX|" \
    -e 's|^poll_interval = 30|poll_interval = 30\ndone_folder = Done|' \
    -e "s|^url = smtp://localhost:$SUBMISSION_PORT|url = sendmail:/usr/sbin/sendmail|" \
    "$dir/mupbemd.conf" >"$dir/imaps.conf"
MAIL_CONFIG=$mh/postfix/etc timeout "$(tap_scale 30)" "$MUPBEMD" -c "$dir/imaps.conf" --once \
    >"$dir/imaps.log" 2>&1
grep -q 'connected (TLS, IDLE' "$dir/imaps.log" ||
    why+=("no IMAPS connection: $(cat "$dir/imaps.log")")
wait_for 20 has_replies imaps-1 1 || why+=("no reply through sendmail")
[ "$($doveadm search -u game@example.test mailbox Done header Message-Id imaps-1 |
    wc -l)" -eq 1 ] || why+=("the mail was not moved to Done")
[ "$($doveadm search -u game@example.test mailbox INBOX header Message-Id imaps-1 |
    wc -l)" -eq 0 ] || why+=("the mail is still in INBOX")
end "IMAPS, handled mail moved to a done folder, the reply sent by Postfix's sendmail"

echo "1..$n"
[ "$failed" -eq 0 ] || { cat "$dir/mupbemd.log" | tail -20 | sed 's/^/# /'; exit 1; }
exit 0
