#!/usr/bin/env bash
#
# Mail whose Message-ID, In-Reply-To or References cannot serve as ids
# (tests/data/poison: a space inside, 8-bit, 255+ bytes, missing, an
# empty <>, the header twice, folded, ...) is answered like any other
# mail, by mupbemd --deliver and by mupbemd --once, and the mail after
# it too.  Each reply names in In-Reply-To and References only ids that
# are ids, between < >, in header lines of at most 998 bytes and in
# ASCII; the same mail delivered again is found handled.  Before the
# ids were checked, the first four shapes below killed mupbemd
# (reply_ids() read a NULL id list).  TAP-like output.
#
# make check sets MUPBEMD and TEST_DATA.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${TEST_DATA:=$here/data}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/odd-ids.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"

export MUPBEM_NOW=1795000000

# Each shape and the In-Reply-To and References its reply must carry
# ("-": none).
shapes="
id-space	-	-
id-8bit	-	-
id-long	-	-
id-utf8	-	-
id-missing	-	-
id-empty	-	-
id-bare	<bare@example.org>	<bare@example.org>
id-duplicated	<first.dup@example.org>	<first.dup@example.org>
id-folded	<folded.id@example.org>	<folded.id@example.org>
reply-space	<reply-space@example.org>	<reply-space@example.org>
reply-8bit	<reply-8bit@example.org>	<reply-8bit@example.org>
reply-long	<reply-long@example.org>	<reply-long@example.org>
reply-junk	<reply-junk@example.org>	<spaced@x> <ok.ref@example.org> <reply-junk@example.org>
"

fresh() {
	rm -rf w
	mkdir -p w/Maildir/new w/Maildir/cur w/Maildir/tmp
	printf '[server]\naddress = games@localhost\nrate_burst = 0\n' \
	    >w/mupbem.conf
}

# header FILE NAME: the unfolded value of header NAME, or "-".
header() {
	local v
	v=$(sed '/^$/q' "$1" | sed -e ':a' -e 'N' -e '$!ba' -e 's/\n[ \t]/ /g' |
	    sed -n "s/^$2: //Ip" | head -1)
	echo "${v:--}"
}

# well_formed FILE: its header is ASCII, in lines of at most 998 bytes.
well_formed() {
	sed '/^$/q' "$1" | LC_ALL=C grep -q '[^ -~	]' &&
	    why+=("$1: a header has a byte that is not printable ASCII")
	sed '/^$/q' "$1" | awk 'length($0) > 998 { bad = 1 } END { exit !bad }' &&
	    why+=("$1: a header line over 998 bytes")
}

# answered FILE SHAPE IRT REFS: FILE is the reply to SHAPE's mail.
answered() {
	[ "$(header "$1" To)" = alice@example.org ] ||
	    why+=("$2: the reply goes to '$(header "$1" To)'")
	[ "$(header "$1" Subject)" = "Re: $2" ] ||
	    why+=("$2: the reply's subject is '$(header "$1" Subject)'")
	[ "$(header "$1" In-Reply-To)" = "$3" ] ||
	    why+=("$2: In-Reply-To '$(header "$1" In-Reply-To)', wanted '$3'")
	[ "$(header "$1" References)" = "$4" ] ||
	    why+=("$2: References '$(header "$1" References)', wanted '$4'")
	well_formed "$1"
}

while IFS='	' read -r shape irt refs; do
	[ -n "$shape" ] || continue
	begin
	fresh
	(cd w && "$MUPBEMD" -c mupbem.conf --deliver \
	    <"$TEST_DATA/poison/$shape.eml" 2>log)
	rc=$?
	[ "$rc" -eq 0 ] || why+=("mupbemd --deliver: exit status $rc: $(tail -3 w/log)")
	set -- w/outbox/new/*
	if [ $# -ne 1 ] || [ ! -f "$1" ]; then
		why+=("$# replies, wanted 1")
	else
		answered "$1" "$shape" "$irt" "$refs"
	fi
	(cd w && "$MUPBEMD" -c mupbem.conf --deliver \
	    <"$TEST_DATA/poison/$shape.eml" 2>>log)
	grep -q "handled before; dropped" w/log ||
	    why+=("delivered again, it was not found handled")
	[ "$(ls w/outbox/new | wc -l)" -eq 1 ] ||
	    why+=("delivered again, it was answered again")
	end "--deliver: $shape is answered, its ids checked, once"
done <<EOF
$shapes
EOF

# All of them in one Maildir, and a mail after them.
begin
fresh
i=0
while IFS='	' read -r shape irt refs; do
	[ -n "$shape" ] || continue
	i=$((i + 1))
	cp "$TEST_DATA/poison/$shape.eml" \
	    "w/Maildir/new/$(printf '%03d' $i).$shape"
done <<EOF
$shapes
EOF
printf 'From: bob@example.org\nTo: games@localhost\nSubject: after\nMessage-ID: <after@example.org>\n\nhelp\n' \
    >w/Maildir/new/999.after
(cd w && "$MUPBEMD" -c mupbem.conf --once 2>log)
rc=$?
[ "$rc" -eq 0 ] || why+=("mupbemd --once: exit status $rc: $(tail -3 w/log)")
[ "$(ls w/Maildir/new | wc -l)" -eq 0 ] ||
    why+=("left in new/: $(ls w/Maildir/new | tr '\n' ' ')")
[ "$(ls w/outbox/new 2>/dev/null | wc -l)" -eq $((i + 1)) ] ||
    why+=("$(ls w/outbox/new 2>/dev/null | wc -l) replies, wanted $((i + 1))")
after=$(grep -l '^To: bob@example.org' w/outbox/new/* 2>/dev/null)
[ -n "$after" ] || why+=("the mail after them is not answered")
for f in w/outbox/new/*; do
	[ -f "$f" ] && well_formed "$f"
done
end "--once: every shape is answered, and the mail after them"

tap_done
