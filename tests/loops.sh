#!/usr/bin/env bash
#
# Reply loops and storms through mupbemd --deliver, one process per
# mail, so that only what the store remembers can stop them: an
# auto-responder that does not say so (no Auto-Submitted) answers each
# reply with the same text, 200 times; the honest player behind it
# still gets an answer to a new command; the rate limit holds across
# processes.  TAP-like output.
#
# make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/loops-test.XXXXXX") || exit 99
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"

. "$here/service-lib.sh"

V=vacationer@example.org B=bob@example.org
export MUPBEM_NOW=1795000000

# deliver FILE: mupbemd --deliver takes the mail in FILE, exiting 0.
deliver() {
	"$MUPBEMD" -c mupbem.conf --deliver <"$1" 2>>log ||
	    why+=("--deliver exited $?")
}

# replies ADDRESS: how many mails the outbox holds for ADDRESS.
replies() {
	grep -l "^To: .*$1" outbox/new/* 2>/dev/null | wc -l
}

# The server on its defaults, but for its address.
start_fresh() {
	rm -rf "$tmp/w"
	mkdir -p "$tmp/w"
	cd "$tmp/w" || exit 99
	printf '[server]\naddress = games@localhost\ninvitations = any\n%b' "${1:-}" >mupbem.conf
}

# --- an auto-responder that does not say so ---------------------------------

start_fresh
begin
MP_SEND=deliver
for i in $(seq 1 200); do
	mp_mail "$V" games@localhost "Out of office: Re: mupbem" \
	    "I am away until Monday and will read your mail when I return."
done
[ "$(replies "$V")" -eq 3 ] || why+=("$(replies "$V") replies to 200 auto-replies")
[ "$(grep -c "sent 4 mails without a new command" log)" -eq 1 ] ||
    why+=("log: $(grep "$V" log | tail -1)")
[ "$(sqlite3 mupbem.db 'select count(*) from handled')" -eq 200 ] ||
    why+=("not every mail recorded as handled")
end "200 identical auto-replies through --deliver get 3 replies"

# Ten minutes later: the rate limit's bucket is full again.
MUPBEM_NOW=$((MUPBEM_NOW + 600))
begin
mp_mail "$V" games@localhost "back" "new velox with $B"
[ "$(replies "$V")" -eq 4 ] || why+=("the new command got no reply")
[ "$(replies "$B")" -eq 1 ] || why+=("$B was not invited")
[ "$(sqlite3 mupbem.db "select status from games where id = 1")" = inviting ] ||
    why+=("no game G1")
mp_mail "$V" games@localhost "Out of office: Re: mupbem" \
    "I am away until Monday and will read your mail when I return."
mp_mail "$V" games@localhost "Re: mupbem" "thanks!"
[ "$(replies "$V")" -eq 4 ] || why+=("the loop was answered again")
end "the player behind the auto-responder is served a new command, and the loop stays quiet"

begin
MUPBEM_NOW=$((MUPBEM_NOW + 3000)) mp_mail "$V" games@localhost "x" "hello?"
[ "$(replies "$V")" -eq 5 ] || why+=("not answered after the window")
end "an hour later, junk mail is answered again"

# --- the rate limit across processes ----------------------------------------

MUPBEM_NOW=1795000000
start_fresh 'rate_burst = 3\nrate_interval = 60\n'
begin
for c in "rules velox" "rules levis" "rules mu" "rules mur" "help"; do
	mp_mail "$B" games@localhost "x" "$c"
done
# Three answers, and one notice for the two mails over the limit.
[ "$(replies "$B")" -eq 4 ] || why+=("$(replies "$B") replies, wanted 4")
[ "$(grep -c "is over the rate limit; not answered" log)" -eq 2 ] ||
    why+=("log: $(tail -1 log)")
[ "$(grep -l "Your mail was not read" outbox/new/* | wc -l)" -eq 1 ] ||
    why+=("$(grep -l "Your mail was not read" outbox/new/* | wc -l) notices")
cat outbox/new/* | tr '\n' ' ' | tr -s ' ' |
    grep -q "send it again after 2026-11-18 11:07 UTC" ||
    why+=("no time to send again: $(grep -h -A1 "again" outbox/new/*)")
MUPBEM_NOW=$((MUPBEM_NOW + 60)) mp_mail "$B" games@localhost "x" "games"
[ "$(replies "$B")" -eq 5 ] || why+=("not answered once the bucket refilled")
end "the rate limit holds across --deliver processes; its sender is told once"

tap_done
