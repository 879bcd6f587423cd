#!/bin/bash
# Delivery to reply through real Postfix and Dovecot (tests/mailhost.sh)
# with IMAP IDLE: prints the median and 95th percentile of
#   total   swaks hands the mail to Postfix -> the reply is in the
#           player's Maildir
#   ours    mupbemd's own round, from waking (IDLE) to the reply handed
#           to Postfix (its -d log)
#   servers the rest: Postfix and LMTP in, Dovecot's IDLE notification,
#           Postfix and LMTP out
# Usage (as root, after a build): bash scripts/bench-mail-e2e.sh [N]
set -euo pipefail

cd "$(dirname "$0")/.."
count=${1:-30}
export IMAP_PORT=${BENCH_IMAP_PORT:-14143} SMTP_PORT=${BENCH_SMTP_PORT:-14025}
export SUBMISSION_PORT=${BENCH_SUBMISSION_PORT:-14587}
dir=$(mktemp -d /tmp/mbb.XXXXXX)
chmod 755 "$dir"
mh=$dir/mh
pid=
cleanup() {
	[ -n "$pid" ] && kill "$pid" 2>/dev/null || true
	bash tests/mailhost.sh stop "$mh" >/dev/null 2>&1 || true
	rm -rf "$dir"
}
trap cleanup EXIT
bash tests/mailhost.sh start "$mh" >/dev/null
. "$mh/mailhost.env"
alice=$mh/mail/alice@example.test/Maildir
cat >"$dir/d.conf" <<EOC
[server]
address = game@example.test
database = $dir/mupbem.db
[mailbox]
url = imap://localhost:$IMAP_PORT/INBOX
user = game@example.test
password = gamepw
ca_file = $MAILHOST_CA
[send]
url = smtp://localhost:$SUBMISSION_PORT
user = game@example.test
password = gamepw
ca_file = $MAILHOST_CA
EOC
./mupbemd -d -c "$dir/d.conf" 2>"$dir/log" &
pid=$!
until grep -q 'IDLE offered' "$dir/log"; do sleep 0.05; done
sleep 0.5

: >"$dir/total"
for i in $(seq 1 "$count"); do
	t0=$(date +%s%N)
	swaks --server "127.0.0.1:$SMTP_PORT" --from alice@example.test \
	    --to game@example.test --header "Message-Id: <b-$i@example.test>" \
	    --header "Subject: bench $i" --body "A0-A1" >/dev/null
	until grep -qs "^In-Reply-To: <b-$i@example.test>" "$alice"/new/*; do
		sleep 0.002
	done
	t1=$(date +%s%N)
	echo $(((t1 - t0) / 1000)) >>"$dir/total"
	sleep 0.2
done
grep -o '[0-9.]* ms from waking' "$dir/log" | awk '{print $1 * 1000}' \
    >"$dir/ours"

stats() {	# file: median and p95 in ms
	sort -n "$1" | awk '{v[NR] = $1} END {
	    m = v[int((NR + 1) / 2)]; p = v[int(NR * 0.95 + 0.999)];
	    printf "median %7.1f ms   p95 %7.1f ms   (%d samples)\n",
	    m / 1000, p / 1000, NR }'
}
paste "$dir/total" "$dir/ours" | awk '$2 != "" {print $1 - $2}' >"$dir/servers"
echo "delivery to reply, $count mails, one at a time:"
printf '  total    '; stats "$dir/total"
printf '  ours     '; stats "$dir/ours"
printf '  servers  '; stats "$dir/servers"
