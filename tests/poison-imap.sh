#!/usr/bin/env bash
#
# tests/poison.sh over IMAP: on a Dovecot started for the test
# (tests/mailhost.sh, on ports of its own), a mail the store refuses
# each time (a trigger) is flagged $MupbemPoison after [server]
# max_tries (2) tries and left unseen, logged once, never taken again,
# and the mail after it is handled and \Seen.  Without the keyword,
# the mail is taken again at every run and the mail after it never.
# Exits 77 (skipped) only where the servers cannot be started.
#
# make check sets MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }
command -v sqlite3 >/dev/null || { echo "Bail out! no sqlite3"; exit 99; }
if [ "$(id -u)" -ne 0 ]; then
	echo "1..0 # SKIP needs root to start the mail servers"
	exit 77
fi
for p in dovecot doveadm postfix openssl; do
	if ! command -v "$p" >/dev/null; then
		echo "1..0 # SKIP $p is not installed (scripts/install-deps.sh)"
		exit 77
	fi
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/poison-imap.XXXXXX") || exit 99
trap "bash '$here/mailhost.sh' stop '$tmp/mh' >/dev/null 2>&1; ${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"

export MUPBEM_NOW=1795000000

want() {
	[ "$2" = "$3" ] || why+=("$1: got '$2', wanted '$3'")
}

export IMAP_PORT=${POISON_IMAP_PORT:-14143}
export IMAPS_PORT=${POISON_IMAPS_PORT:-14993}
export SMTP_PORT=${POISON_SMTP_PORT:-14025}
export SUBMISSION_PORT=${POISON_SUBMISSION_PORT:-14587}
export MAILHOST_DOMAIN=localhost MAILHOST_USERS="games:gamespw"
chmod 755 "$tmp"
bash "$here/mailhost.sh" start "$tmp/mh" >mailhost.out 2>&1 ||
    { echo "Bail out! the mail servers did not start: $(cat mailhost.out)"
    exit 99; }
. "$tmp/mh/mailhost.env"
doveadm="doveadm -c $tmp/mh/dovecot/dovecot.conf"
inbox=$tmp/mh/mail/games@localhost/Maildir
mkdir -p "$inbox/new" "$inbox/cur" "$inbox/tmp"

# mail NAME FROM ID: a mail asking for help, into the IMAP inbox.
mail() {
	printf 'From: %s\nTo: games@localhost\nSubject: %s\nMessage-ID: <%s@example.org>\n\nhelp\n' \
	    "$2" "$1" "$3" >"$inbox/tmp/$1"
	mv "$inbox/tmp/$1" "$inbox/new/$1"
	chown -R "${MAILHOST_UID:-65534}:${MAILHOST_GID:-65534}" "$tmp/mh/mail"
}

# search QUERY...: the subjects of the inbox's mails that match.
search() {
	$doveadm fetch -u games@localhost hdr.subject mailbox INBOX "$@" |
	    sed -n 's/^hdr.subject: //p' | sort | tr '\n' ' '
}

printf 'gamespw\n' >games.pass
chmod 600 games.pass
printf '[server]\naddress = games@localhost\nrate_burst = 0\nmax_tries = 2\n[mailbox]\nurl = imap://games%%40localhost@localhost:%s/INBOX\npassword_file = %s\nca_file = %s\n' \
    "$IMAP_PORT" "$PWD/games.pass" "$MAILHOST_CA" >mupbem.conf
mail 000.bob bob@example.org bob0
"$MUPBEMD" -c mupbem.conf --once 2>log ||
    { echo "Bail out! mupbemd --once failed: $(cat log)"; exit 99; }
sqlite3 mupbem.db "CREATE TRIGGER refuse_carol BEFORE INSERT ON outbox
    WHEN NEW.rcpt = 'carol@example.org' BEGIN
    SELECT RAISE(ABORT, 'carol refused'); END;"
mail 001.carol carol@example.org carol1
mail 002.bob bob@example.org bob2

begin
: >log
for i in 1 2; do
	"$MUPBEMD" -c mupbem.conf --once 2>>log
	want "exit status of run $i" "$?" 1
done
want "unseen after two runs" "$(search UNSEEN)" "001.carol 002.bob "
"$MUPBEMD" -c mupbem.conf --once 2>>log
want "exit status of run 3" "$?" 0
want "flagged \$MupbemPoison" "$(search KEYWORD '$MupbemPoison')" "001.carol "
want "unseen" "$(search UNSEEN)" "001.carol "
want "seen" "$(search SEEN)" "000.bob 002.bob "
want "set-aside lines" "$(grep -c 'not handled after 2 tries (store mupbem.db: INSERT INTO outbox .*carol refused); set aside in the keyword \$MupbemPoison, and the mail after it is taken' log)" 1
want "replies to bob" "$(grep -l '^To: bob@example.org' outbox/new/* | wc -l)" 2
want "replies to carol" "$(grep -l '^To: carol@example.org' outbox/new/* 2>/dev/null | wc -l)" 0
"$MUPBEMD" -c mupbem.conf --once 2>>log
want "exit status of run 4" "$?" 0
want "set-aside lines after run 4" "$(grep -c 'not handled after' log)" 1
want "handled" "$(sqlite3 mupbem.db 'select count(*) from handled')" 2
end "IMAP: a mail the store refuses each time is flagged \$MupbemPoison after 2 tries, unseen, and the mail after it handled"

tap_done
