#!/usr/bin/env bash
#
# The daemon on its built-in defaults, with no mail server: a real
# Maildir in, a real Maildir outbox, a real SQLite store.  Checks what
# it answers and what it leaves alone, exactly-once handling across a
# SIGKILL in the middle of a batch, --deliver's exit statuses for an
# MTA, and configuration errors.  TAP-like output; exits 1 if a check
# failed.
#
# make check sets MUPBEMD and TEST_DATA.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${TEST_DATA:=$here/data}"
if [ ! -x "$MUPBEMD" ]; then
	echo "Bail out! no mupbemd binary at $MUPBEMD"
	exit 99
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/mupbemd-test.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"

want() {
	[ "$2" = "$3" ] || why+=("$1: got '$2', wanted '$3'")
}

count() {
	find "$1" -type f 2>/dev/null | wc -l | tr -d ' '
}

# fresh: an empty working directory with a Maildir.
fresh() {
	rm -rf "$tmp/w"
	mkdir -p "$tmp/w/Maildir/new" "$tmp/w/Maildir/cur" "$tmp/w/Maildir/tmp"
	cd "$tmp/w" || exit 99
}

# deliver NAME FILE: put FILE in the Maildir's new/ as NAME.
deliver() {
	cp "$2" "Maildir/tmp/$1" && mv "Maildir/tmp/$1" "Maildir/new/$1"
}

# --- the corpus on the defaults ------------------------------------------

fresh
i=0
for f in "$TEST_DATA"/mail/*.eml; do
	i=$((i + 1))
	deliver "$(printf '%04d' $i).M$i.test" "$f"
done
deliver 9999.M9999.test "$TEST_DATA/mail/top-posted.eml"
# A bounce, an auto-reply and a list mail are not answered; the second
# copy of top-posted is dropped.
human=$((i - 3))
begin
"$MUPBEMD" --once >out 2>err
want "exit status" "$?" 0
want "mail left in new/" "$(count Maildir/new)" 0
want "mail in cur/ with S" "$(ls Maildir/cur | grep -c ':2,S$')" $((i + 1))
want "replies" "$(count outbox/new)" $human
grep -q 'bounce mail, not answered' err || why+=("no bounce line in the log")
grep -q 'auto-submitted mail, not answered' err ||
    why+=("no auto-submitted line in the log")
grep -q 'handled before; dropped' err || why+=("no duplicate line")
grep -q "stopped: $i mails handled, 1 seen before, $human replies queued, $human sent" err ||
    why+=("no summary line: $(tail -1 err)")
end "--once answers the human mails of the corpus, once each"

begin
r=$(grep -l '^In-Reply-To: <CAF8xQ' outbox/new/* | head -1)
[ -n "$r" ] || why+=("no reply to the Gmail mail")
if [ -n "$r" ]; then
	grep -q '^To: alice@example.org$' "$r" || why+=("To")
	grep -q '^Subject: Re: mupbem game 12: your turn$' "$r" || why+=("Subject")
	grep -q '^Auto-Submitted: auto-replied$' "$r" || why+=("Auto-Submitted")
	grep -q '^Content-Type: text/plain; charset=utf-8; format=fixed$' "$r" ||
	    why+=("Content-Type")
	grep -q '^References: <mupbem.12.7.20261121070812@mupbem.example>$' "$r" ||
	    why+=("References")
	grep -q "mupbem read a turn in your mail but you have no game in play" "$r" ||
	    why+=("the answer to a turn from a player with no game")
fi
end "a reply threads, says auto-replied and answers the turn it read"

begin
"$MUPBEMD" --once >out 2>err
want "exit status" "$?" 0
want "replies" "$(count outbox/new)" $human
grep -q 'stopped: 0 mails handled' err || why+=("$(tail -1 err)")
end "a second run finds nothing new"

# --- too large -------------------------------------------------------------

fresh
{
	printf 'From: Bob <bob@example.org>\nTo: games@localhost\n'
	printf 'Subject: big\nMessage-ID: <big-1@example.org>\n\nA0-A1\n'
	head -c 300000 /dev/zero | tr '\0' 'x' | fold -w 70
} >big.eml
deliver 1.M1.big big.eml
begin
"$MUPBEMD" --once >out 2>err
want "exit status" "$?" 0
want "replies" "$(count outbox/new)" 1
r=$(ls -d outbox/new/* 2>/dev/null | head -1)
if [ -n "$r" ]; then
	grep -q '^Your mail is longer than the 262144 bytes mupbem reads, so it was not read.$' "$r" ||
	    why+=("no refusal in the reply")
	grep -q 'A0-A1' "$r" && why+=("the reply quotes the oversized mail")
	[ "$(wc -c <"$r")" -lt 2000 ] || why+=("the refusal is not short")
fi
end "a mail over max_size gets a short refusal and nothing else"

# --- mail written straight into new/ -----------------------------------------

# A program that writes into new/ instead of through tmp/: the daemon
# may look while the file is empty or half written.  It must leave the
# file for the next round, not drop it.
fresh
begin
exec 3>Maildir/new/1.M1.race
"$MUPBEMD" --once >out 2>err
want "exit status with the file empty" "$?" 0
want "replies to the empty file" "$(count outbox/new)" 0
want "the empty file is still in new/" "$(ls Maildir/new)" 1.M1.race
cat "$TEST_DATA/mail/top-posted.eml" >&3
exec 3>&-
"$MUPBEMD" --once >out 2>err
want "exit status once written" "$?" 0
want "replies once written" "$(count outbox/new)" 1
want "mail left in new/" "$(count Maildir/new)" 0
end "a mail that was empty when mupbemd looked is answered once written"

fresh
begin
head -c 200 "$TEST_DATA/mail/bottom-posted.eml" >Maildir/new/2.M2.half
now=$(date +%s)
MUPBEM_NOW=$((now + 30)) "$MUPBEMD" --once >out 2>err
want "replies to half a mail" "$(count outbox/new)" 0
want "half a mail still in new/" "$(count Maildir/new)" 1
: >Maildir/new/3.M3.empty
MUPBEM_NOW=$((now + 3600)) "$MUPBEMD" --once >out 2>err
want "exit status after the grace period" "$?" 0
want "half a mail taken as it is after the grace period" \
    "$(ls Maildir/new)" 3.M3.empty
grep -q 'stopped: 1 mails handled' err || why+=("$(tail -1 err)")
end "half a mail waits 60 seconds (MUPBEM_NOW), then is taken; an empty file never is"

begin
# A mistyped test clock stops the daemon instead of running on the
# system's clock unnoticed.
MUPBEM_NOW=17950000x "$MUPBEMD" -n >out 2>err
rc=$?
[ $rc -eq 78 ] || why+=("exit status $rc")
grep -qx "mupbemd: MUPBEM_NOW: '17950000x' is not a time; write the seconds since 1970-01-01 UTC, such as 1795000000" err ||
    why+=("$(cat err)")
end "a MUPBEM_NOW that is not a time is refused with exit 78"

# --- SIGKILL in the middle of a batch -------------------------------------

fresh
for i in $(seq 1 600); do
	sed "s/^Message-I[Dd]: <.*>/Message-ID: <kill-$i@example.org>/" \
	    "$TEST_DATA/mail/top-posted.eml" >"Maildir/tmp/$i.M$i.test"
	mv "Maildir/tmp/$i.M$i.test" "Maildir/new/$(printf '%05d' $i).M$i.test"
done
# One sender's 600 mails, all alike: without a rate limit, a loop limit
# or a daily cap for this.
printf '[server]
rate_burst = 0
loop_burst = 0
max_mails = 0
' >norate.conf
begin
kills=0
for attempt in 1 2 3 4 5 6 7 8; do
	"$MUPBEMD" -c norate.conf --once >/dev/null 2>&1 &
	pid=$!
	sleep 0.0$((attempt + 1))
	kill -KILL "$pid" 2>/dev/null && kills=$((kills + 1))
	wait "$pid" 2>/dev/null
done
"$MUPBEMD" -c norate.conf --once >/dev/null 2>err
want "exit status of the last run" "$?" 0
want "mail left" "$(count Maildir/new)" 0
replies=$(count outbox/new)
want "replies" "$replies" 600
unique=$(grep -h '^In-Reply-To:' outbox/new/* | sort -u | wc -l | tr -d ' ')
want "different mails answered" "$unique" 600
[ "$kills" -gt 0 ] || why+=("no run was killed mid-batch")
end "killed $kills times mid-batch: every mail answered exactly once"

# --- the rate limit ------------------------------------------------------

fresh
for i in $(seq 1 100); do
	sed "s/^Message-I[Dd]: <.*>/Message-ID: <storm-$i@example.org>/" \
	    "$TEST_DATA/mail/top-posted.eml" >"Maildir/tmp/$i.M$i.test"
	mv "Maildir/tmp/$i.M$i.test" "Maildir/new/$(printf '%05d' $i).M$i.test"
done
begin
# The same text 100 times: without the loop limit (tests/loops.sh).
printf '[server]\nloop_burst = 0\n' >noloop.conf
"$MUPBEMD" -c noloop.conf --once >/dev/null 2>err
want "exit status" "$?" 0
want "mail left" "$(count Maildir/new)" 0
# 60 answers, and one notice for the 40 mails over the limit.
want "replies" "$(count outbox/new)" 61
want "notices" "$(grep -l 'Your mail was not read' outbox/new/* | wc -l)" 1
want "refusals logged" "$(grep -c 'is over the rate limit; not answered' err)" 40
end "a storm of 100 mails from one sender: 60 answered (rate_burst), the rest recorded and not read, and the sender told once"

# --- --deliver ------------------------------------------------------------

fresh
begin
"$MUPBEMD" --deliver <"$TEST_DATA/mail/bottom-posted.eml" 2>err
want "first delivery" "$?" 0
"$MUPBEMD" --deliver <"$TEST_DATA/mail/bottom-posted.eml" 2>err
want "second delivery" "$?" 0
want "replies" "$(count outbox/new)" 1
grep -q 'handled before; dropped' err || why+=("no duplicate line")
end "--deliver answers a piped mail once, however often it comes"

begin
"$MUPBEMD" --deliver </dev/null 2>err
want "empty input" "$?" 65
printf '[server]\ndatabase = /proc/nowhere/mupbem.db\n' >bad-store.conf
"$MUPBEMD" -c bad-store.conf --deliver <"$TEST_DATA/mail/top-posted.eml" 2>err
want "store unusable" "$?" 75
grep -q 'store /proc/nowhere/mupbem.db: cannot open' err || why+=("$(cat err)")
end "--deliver: 65 for no mail, 75 (try again) when the store is unusable"

# --- configuration errors --------------------------------------------------

# refuse WHAT PATH MESSAGE: start-up and -n both refuse -c PATH.
refuse() {
	begin
	"$MUPBEMD" -c "$2" --once >out 2>err
	want "exit status" "$?" 78
	want "message" "$(cat err)" "mupbemd: $3"
	"$MUPBEMD" -n -c "$2" >out 2>err
	want "exit status of -n" "$?" 78
	want "message of -n" "$(cat err)" "mupbemd: $3"
	end "config: $1"
}

# cfg WHAT CONTENT MESSAGE: start-up and -n both refuse the file.
cfg() {
	rm -f t.conf
	[ -n "$2" ] && printf '%b' "$2" >t.conf
	refuse "$1" t.conf "$3"
}
cfg "a bad yes/no" '[send]\nstarttls = maybe\n' \
    "t.conf line 2: [send] starttls: expected yes or no, not 'maybe'"
cfg "an unknown setting" '[mailbox]\nurl = maildir:Maildir\nfolder = x\n' \
    "t.conf line 3: [mailbox] folder: no such setting"
cfg "an unknown section" '[mail]\nx = 1\n' \
    "t.conf line 2: [mail]: no such section (the sections are [server], [mailbox], [send], [games], [ratings], [tournaments] and [archive])"
cfg "a setting outside a section" 'address = a@b\n' \
    "t.conf line 1: address: every setting belongs in a section: [server], [mailbox], [send], [games], [ratings], [tournaments] or [archive]"
cfg "a time control without a unit" '[games]\ntime = 3x\n' \
    "t.conf line 2: [games] time: time 3x: 3x needs a unit: d (days), h (hours), m (minutes) or w (weeks)"
cfg "a share over 99%" '[games]\nremind_share = 150%\n' \
    "t.conf line 2: [games] remind_share: expected a share from 0% to 99%, not '150%'"
cfg "an invitation shorter than an hour" '[games]\ninvitation = 10m\n' \
    "t.conf: [games] invitation: an invitation stays open an hour at least"
cfg "a rating that is not a number" '[ratings]\nrating = 1500\nrating = high\n' \
    "t.conf line 3: [ratings] rating: expected a number above 0 and at most 5000, not 'high'"
cfg "a volatility of 0" '[ratings]\nvolatility = 0\n' \
    "t.conf line 2: [ratings] volatility: expected a number above 0 and at most 1, not '0'"
cfg "an RD with words after it" '[ratings]\nrd = 350 points\n' \
    "t.conf line 2: [ratings] rd: expected a number above 0 and at most 1000, not '350 points'"
cfg "a negative tau" '[ratings]\ntau = -0.5\n' \
    "t.conf line 2: [ratings] tau: expected a number above 0 and at most 2, not '-0.5'"
cfg "a rating period of minutes" '[ratings]\nperiod = 30m\n' \
    "t.conf line 2: [ratings] period: expected a period of an hour or more, not '30m'"
cfg "a rating period in seconds" '[ratings]\nperiod = 604800\n' \
    "t.conf line 2: [ratings] period: time 604800: 604800 needs a unit: d (days), h (hours), m (minutes) or w (weeks)"
cfg "a bad mailbox url" '[mailbox]\nurl = pop3://host\n' \
    "t.conf line 2: [mailbox] url: expected maildir:PATH, imap://[USER@]HOST[:PORT]/FOLDER or imaps://..., not 'pop3://host'"
cfg "a bad send url" '[send]\nurl = pigeon:coop\n' \
    "t.conf line 2: [send] url: expected smtp://[USER@]HOST[:PORT], smtps://..., sendmail:PATH or maildir:PATH, not 'pigeon:coop'"
cfg "a send url without a host" '[send]\nurl = smtp://:99999\n' \
    "t.conf line 2: [send] url: 'smtp://:99999': no host name"
cfg "a send url with a port past 65535" '[send]\nurl = smtp://mail.example.org:99999\n' \
    "t.conf line 2: [send] url: 'smtp://mail.example.org:99999': the port must be a number from 1 to 65535"
cfg "a mailbox url with a port that is not a number" \
    '[mailbox]\nurl = imaps://u@mail.example.org:imaps/INBOX\n' \
    "t.conf line 2: [mailbox] url: 'imaps://u@mail.example.org:imaps/INBOX': the port must be a number from 1 to 65535"
cfg "a rate interval of 0" '[server]\nrate_interval = 0\n' \
    "t.conf: rate_interval is at least 1 second ([server] rate_burst = 0 turns the rate limit off)"
cfg "imap without a password" '[mailbox]\nurl = imaps://u@h/INBOX\n' \
    "t.conf: [mailbox] an IMAP mailbox needs a user (in the url or as user) and a password (password_file)"
cfg "a missing password file" '[mailbox]\nurl = imaps://u@h/INBOX\npassword_file = /nonexistent/pass\n' \
    "t.conf line 3: [mailbox] password_file: /nonexistent/pass: No such file or directory"
cfg "a bad size" '[server]\nmax_size = big\n' \
    "t.conf line 2: [server] max_size: expected a size in bytes (like 256K or 1M) of at most 1024M, not 'big'"
cfg "a size that would overflow" '[server]\nmax_size = 99999999999999M\n' \
    "t.conf line 2: [server] max_size: expected a size in bytes (like 256K or 1M) of at most 1024M, not '99999999999999M'"
cfg "a size just too large" '[server]\n\nmax_size = 1025M\n' \
    "t.conf line 3: [server] max_size: expected a size in bytes (like 256K or 1M) of at most 1024M, not '1025M'"
cfg "seconds past the range" '[send]\nretry = 99999999999999999999\n' \
    "t.conf line 2: [send] retry: expected a number of seconds from 0 to 1073741824, not '99999999999999999999'"
cfg "a count past the range" '[games]\nrobot_budget = 2000000000\n' \
    "t.conf line 2: [games] robot_budget: expected a number from 0 to 1073741824, not '2000000000'"
cfg "a bad policy" '[server]\npolicy = trust\n' \
    "t.conf line 2: [server] policy: expected one of token|from, not 'trust'"
cfg "not INI" 'just words\n' \
    "t.conf line 1: expected 'name = value' or a [section]"
cfg "a missing file" '' "t.conf: No such file or directory"
cfg "an address with a display name" \
    '[server]\naddress = Mu Games <games@mu.example.net>\n' \
    "t.conf line 2: [server] address: 'Mu Games <games@mu.example.net>' is not a bare address; write address = games@mu.example.net and name = Mu Games"
cfg "an address with a quoted display name" \
    '[server]\naddress = "Mu Games, Inc." <games@mu.example.net>\n' \
    "t.conf line 2: [server] address: '\"Mu Games, Inc.\" <games@mu.example.net>' is not a bare address; write address = games@mu.example.net and name = Mu Games, Inc."
cfg "an address in angle brackets" '[server]\naddress = <games@mu.example.net>\n' \
    "t.conf line 2: [server] address: '<games@mu.example.net>' is not a bare address; write address = games@mu.example.net"
cfg "an address with a space" '[server]\naddress = games @mu.example.net\n' \
    "t.conf line 2: [server] address: 'games @mu.example.net' is not a mail address; write it like games@example.org, without a name or angle brackets"
cfg "an address without @" '[server]\naddress = games\n' \
    "t.conf line 2: [server] address: 'games' is not a mail address; write it like games@example.org, without a name or angle brackets"
cfg "an address with a quoted local part" '[server]\naddress = "mu games"@mu.example.net\n' \
    "t.conf line 2: [server] address: '\"mu games\"@mu.example.net' is not a mail address; write it like games@example.org, without a name or angle brackets"
cfg "an address with _ in its domain" '[server]\naddress = games@mu_games.example\n' \
    "t.conf line 2: [server] address: 'games@mu_games.example' is not a mail address; write it like games@example.org, without a name or angle brackets"
cfg "an address with two @" '[server]\naddress = games@a@b\n' \
    "t.conf line 2: [server] address: 'games@a@b' is not a mail address; write it like games@example.org, without a name or angle brackets"
cfg "a templates folder that does not exist" \
    '[server]\nname = x\ntemplates = /nonexistent/templates\n' \
    "t.conf line 3: [server] templates: /nonexistent/templates: No such file or directory"
: >not-a-folder
cfg "a templates file that is not a folder" '[server]\ntemplates = not-a-folder\n' \
    "t.conf line 2: [server] templates: not-a-folder: not a folder"

rm -rf t.dir && mkdir t.dir
refuse "a folder given for the file" t.dir "t.dir: a folder, not a configuration file"

# --- the display name ---------------------------------------------------------

# from NAME-LINE FROM-LINE: a reply's From header under that name.
from() {
	fresh
	printf '[server]\naddress = games@mu.example.net\n%s\n' "$1" >n.conf
	deliver 1.M1.name "$TEST_DATA/mail/top-posted.eml"
	begin
	"$MUPBEMD" -c n.conf --once >out 2>err
	want "exit status" "$?" 0
	r=$(ls -d outbox/new/* 2>/dev/null | head -1)
	want "From" "$(grep '^From:' "$r" 2>/dev/null)" "$2"
	grep -q '^Message-ID: <[^ <>@]*@mu\.example\.net>$' "$r" 2>/dev/null ||
	    why+=("Message-ID: $(grep '^Message-ID:' "$r" 2>/dev/null)")
	end "display name: $1"
}
from 'name = "Mu Club"' 'From: Mu Club <games@mu.example.net>'
from 'name = Mu Club' 'From: Mu Club <games@mu.example.net>'
from 'name = "Mu games, Inc."' 'From: "Mu games, Inc." <games@mu.example.net>'
from 'name = Mu "velox" Club' 'From: "Mu \"velox\" Club" <games@mu.example.net>'
from 'name = Mü Club' 'From: =?UTF-8?B?TcO8IENsdWI=?= <games@mu.example.net>'

# --- signals ----------------------------------------------------------------

fresh
printf '[server]\nname = first name\n' >d.conf
"$MUPBEMD" -f -c d.conf 2>daemon.log &
daemon=$!
begin
for i in $(seq "$(tap_scale 300)"); do grep -q started daemon.log && break; sleep 0.1; done
deliver 1.M1.hup "$TEST_DATA/mail/top-posted.eml"
for i in $(seq "$(tap_scale 300)"); do [ "$(count outbox/new)" -ge 1 ] && break; sleep 0.1; done
grep -qh '^From: first name <games@localhost>$' outbox/new/* ||
    why+=("the first reply is not from 'first name'")
printf '[server]\nname = second name\n' >d.conf
kill -HUP "$daemon"
for i in $(seq "$(tap_scale 300)"); do grep -q 'reload: d.conf read again' daemon.log && break; sleep 0.1; done
grep -q 'reload: d.conf read again' daemon.log || why+=("no reload in the log")
deliver 2.M2.hup "$TEST_DATA/mail/bottom-posted.eml"
for i in $(seq "$(tap_scale 300)"); do [ "$(count outbox/new)" -ge 2 ] && break; sleep 0.1; done
grep -qh '^From: second name <games@localhost>$' outbox/new/* ||
    why+=("the second reply is not from 'second name'")
# refused CONTENT MESSAGE: after SIGHUP with d.conf holding CONTENT, the
# log says "reload: MESSAGE; keeping the running configuration".
refused() {
	local line="reload: $2; keeping the running configuration"

	printf '%b' "$1" >d.conf
	kill -HUP "$daemon"
	for i in $(seq "$(tap_scale 300)"); do grep -qF "$line" daemon.log && break; sleep 0.1; done
	grep -qF "$line" daemon.log || why+=("not refused: $(tail -2 daemon.log)")
}
refused '[server]\nname = broken\nbogus = 1\n' \
    "d.conf line 3: [server] bogus: no such setting"
refused '[server]\naddress = Mu Games <games@mu.example.net>\n' \
    "d.conf line 2: [server] address: 'Mu Games <games@mu.example.net>' is not a bare address; write address = games@mu.example.net and name = Mu Games"
refused '[server]\ntemplates = /nonexistent/tpl\n' \
    "d.conf line 2: [server] templates: /nonexistent/tpl: No such file or directory"
kill -TERM "$daemon"
wait "$daemon"
want "exit status after SIGTERM" "$?" 0
grep -q 'stopped: 2 mails handled' daemon.log || why+=("$(tail -1 daemon.log)")
end "SIGHUP reads the configuration again (a bad one, a named address, a missing templates folder are refused); SIGTERM stops cleanly"

# -n checks a good file; a password file others can read is warned of.
printf 'secret\n' >pw
chmod 644 pw
printf '[mailbox]\nurl = imaps://u@h/INBOX\npassword_file = pw\n' >t.conf
begin
"$MUPBEMD" -n -c t.conf >out 2>err
want "exit status" "$?" 0
grep -q '^mupbemd: config: pw can be read by other users; chmod 600 it$' err ||
    why+=("no warning: $(cat err)")
grep -q 't.conf: the configuration is good' err || why+=("no verdict: $(cat err)")
end "-n checks the configuration, warning of a password file others can read"

tap_done
