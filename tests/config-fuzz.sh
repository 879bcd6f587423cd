#!/usr/bin/env bash
#
# The config reader under fuzz: mupbemd -n (check the configuration and
# exit) reads configuration files made of every setting with values
# drawn at random from numbers of every size (huge ones that would
# overflow, negative, with and without units and suffixes), words,
# empty values and bytes a config should not hold.  In the sanitizer
# build of make check, ASan and UBSan abort on any overflow or bad
# access; each run must end with 0 or EX_CONFIG (78) and, for 78, one
# error line naming the file, the line and the setting (or, for a rule
# between settings, the file and the settings).  The draw is
# seeded, so a failure repeats.  TAP-like output.
#
# make check sets MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/config-fuzz.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"

RANDOM=${FUZZ_SEED:-15}
runs=${FUZZ_RUNS:-400}
settings=(server:max_size server:rate_burst server:rate_interval
    server:loop_burst server:loop_window
    server:policy server:invitations server:address server:name
    mailbox:poll_interval
    mailbox:idle send:retry send:retry_max send:timeout send:starttls
    send:keep_sent archive:url
    games:time games:vacation_days games:invitation games:robot_time
    games:robot_budget games:remind_share games:remind_before
    ratings:rating ratings:rd ratings:volatility ratings:tau
    ratings:period)
values=(0 1 -1 7 99 100 1024 2147483647 2147483648 4294967296
    9223372036854775807 9223372036854775808 99999999999999
    99999999999999999999999 1K 1M 1024M 1025M 99999999999999M 9K 1G
    -5M 1.5 1e308 1e-308 -0 nan inf 7d 24h 1d12h 99999999999999d
    0d 25% 100% 99% -1% 3d+1d/10d 2d none 1h+0h/1h 1w 9999w yes no
    maybe "" " " token from proven any x@y.org @ 'a b' '%s%n%x'
    $'\x01' $'\xff')

begin
bad=0
for i in $(seq 1 "$runs"); do
	: >t.conf
	printf '[server]\naddress = games@localhost\n' >>t.conf
	k=$((RANDOM % 4 + 1))
	for j in $(seq 1 $k); do
		s=${settings[RANDOM % ${#settings[@]}]}
		v=${values[RANDOM % ${#values[@]}]}
		printf '[%s]\n%s = %s\n' "${s%%:*}" "${s#*:}" "$v" >>t.conf
	done
	"$MUPBEMD" -n -c t.conf >out 2>err
	rc=$?
	if grep -qE 'runtime error|AddressSanitizer|LeakSanitizer' err; then
		why+=("run $i: the sanitizers object: $(head -3 err) in $(cat t.conf)")
		bad=$((bad + 1))
	elif [ $rc -ne 0 ] && [ $rc -ne 78 ]; then
		why+=("run $i: exit $rc: $(head -2 err) for $(cat t.conf)")
		bad=$((bad + 1))
	elif [ $rc -eq 78 ] && ! grep -qE '^mupbemd: t\.conf( line [0-9]+: \[[a-z]+\] [a-z_]+|: [a-z_]+.* (is|are) )' err; then
		why+=("run $i: '$(head -1 err)' names no setting, for $(cat t.conf)")
		bad=$((bad + 1))
	fi
	[ $bad -lt 5 ] || break
done
end "mupbemd -n reads $runs fuzzed configuration files: no overflow, no crash, each error names its file, line and setting"

tap_done
