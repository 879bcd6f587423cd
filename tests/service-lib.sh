# The helpers of the tests that drive mupbemd over a real Maildir and a
# real SQLite store (sourced after tap.sh, in the test's temporary
# folder $tmp): players write mail (scripts/mail-players.sh), run makes
# mupbemd -1 answer, and the answers are read from got/.

MP_SEND=mp_deliver
MP_DB=$tmp/w/mupbem.db
. "$here/../scripts/mail-players.sh"

# fresh [CONFIG-LINES]: an empty server, with [server] lines added.
fresh() {
	rm -rf "$tmp/w"
	mkdir -p "$tmp/w/Maildir/new" "$tmp/w/Maildir/cur" "$tmp/w/Maildir/tmp" \
	    "$tmp/w/got"
	cd "$tmp/w" || exit 99
	printf '[server]\naddress = games@localhost\nrate_burst = 0\ninvitations = any\n%b' \
	    "${1:-}" >mupbem.conf
}

# run: mupbemd takes the mail; each answer goes to got/ADDRESS.N, and
# the answers of this run are listed in "new".
run() {
	local f to k
	"$MUPBEMD" -c mupbem.conf --once 2>>log || why+=("mupbemd failed")
	: >new
	# Message-IDs count up: mupbem.TIME.PID.N.RANDOM@HOST
	for f in $(ls outbox/new 2>/dev/null | sort -t. -k4 -n); do
		to=$(mp_header "outbox/new/$f" To)
		k=$(ls got | grep -c "^$to\.")
		mv "outbox/new/$f" "got/$to.$k"
		echo "got/$to.$k" >>new
		# No mail may point a player at the source (tested last):
		# its headers and its text, not its picture's base64.
		{ sed '/^$/q' "got/$to.$k"; decoded "got/$to.$k"; } |
		    grep -E "docs/|src/|\.md\b" | sed "s|^|got/$to.$k:|" \
		    >>"$tmp/pointers"
	done
}

# play_out RUNS [ANSWER]: the scripted players answer every mail of the
# last run, with ANSWER FILE RUN (mp_answer by default: a turn the robot
# draws with the run's number as its seed, "accept" to an invitation),
# and mupbemd runs again, until a run brings nothing to answer or RUNS
# runs are made.  Whoever answers the mail is the one it was sent to.
play_out() {
	local i f a
	for i in $(seq 1 "$1"); do
		[ -s new ] || return 0
		for f in $(cat new); do
			a=$("${2:-mp_answer}" "$f" "$i")
			[ -n "$a" ] && mp_reply "$f" "$(mp_header "$f" To)" "$a"
		done
		run
	done
}

# last ADDRESS: the newest answer to ADDRESS.
last() {
	ls got | grep "^$1\." | sort -t. -k3 -n | tail -1 | sed 's|^|got/|'
}

# has FILE TEXT: the mail contains the text, or adds a reason; lines a
# mail wrapped at 78 columns are joined first.
has() {
	tr '\n' ' ' <"$1" 2>/dev/null | tr -s ' ' |
	    grep -qF -- "$(printf '%s' "$2" | tr -s ' ')" ||
	    why+=("$1 lacks '$2'")
}

# has_line FILE LINE: the mail has exactly this line, or adds a reason.
has_line() {
	grep -qxF -- "$2" "$1" 2>/dev/null || why+=("$1 lacks the line '$2'")
}

# subject_is FILE "[mupbem G1] velox: STATE": game mail about G1 whose
# X-Mupbem-State (and first line) is STATE.  The subject itself is the
# game's, the same for every mail about it.
subject_is() {
	local tag="${2%%] *}]" state="${2#*] *: }"
	case $2 in
	"[mupbem G"*) ;;
	*)	[ "$(mp_header "$1" Subject)" = "$2" ] ||
		    why+=("$1: subject '$(mp_header "$1" Subject)', wanted '$2'")
		return ;;
	esac
	[ "$(mp_header "$1" X-Mupbem-State)" = "$state" ] &&
	    case $(mp_header "$1" Subject) in "$tag "*) true ;; *) false ;; esac ||
	    why+=("$1: '$(mp_header "$1" Subject)' '$(mp_header "$1" X-Mupbem-State)', wanted '$2'")
}

record() {
	"$MUPBEM" --db mupbem.db export "${1:-G1}"
}

# db_refuses MESSAGE ARGS...: "mupbem --db mupbem.db ARGS" fails with
# exit status 1, printing nothing but "mupbem: MESSAGE" on stderr.
db_refuses() {
	local want=$1
	shift
	"$MUPBEM" --db mupbem.db "$@" >out 2>err
	[ $? -eq 1 ] && [ "$(cat err)" = "mupbem: $want" ] && [ ! -s out ] ||
	    why+=("$*: '$(cat err)', wanted 'mupbem: $want'")
}

# robot_out G ADDRESS WHY NOTE: ADDRESS left game G (classic, three
# players) for WHY (time, forfeit), as the record's note ending in
# "(ADDRESS) NOTE" says; from then the robot played for their seat,
# which resigned once the movement had started (after the last clear).
# robot is how many turns the robot played; rec holds the record.
robot_out() {
	local colour note resign last_clear
	record "$1" >rec
	colour=$(sed -n "s/^seat \([a-z]*\) $2\$/\1/p" rec)
	note=$(grep -n "^# .* ($2) $4\$" rec | cut -d: -f1)
	resign=$(grep -nE "^[0-9]+ $colour resign\$" rec | cut -d: -f1)
	[ -n "$note" ] || why+=("no note '$4': $(cat rec)")
	[ -n "$resign" ] || why+=("$2 never resigned: $(cat rec)")
	# Between the note and the resignation: only the robot's turns.
	robot=$(sed -n "${note:-1},${resign:-1}p" rec |
	    grep -cE "^[0-9]+ $colour (@|clear)")
	last_clear=$(grep -nE "^[0-9]+ [a-z]+ clear" rec | tail -1 | cut -d: -f1)
	[ "${resign:-0}" -gt "${last_clear:-0}" ] ||
	    why+=("resigned before the movement: $(cat rec)")
	[ "$(sqlite3 mupbem.db "select out, state from seats s join players p on p.id = s.player where p.address = '$2'")" = "$3|resigned" ] ||
	    why+=("the seat of $2: $(sqlite3 mupbem.db "select out, state from seats")")
}

# text_width FILE: the widest line of the mail's text (decoded), as a
# terminal counts columns.
text_width() {
	decoded "$1" | LC_ALL=C.UTF-8 wc -L
}

# decoded FILE: the mail's text (its first part, if it has several,
# down through nested multiparts: the text part of a mail with a
# picture), decoded from quoted-printable or base64 (UTF-8 text such
# as "½" is sent so).
decoded() {
	perl -MMIME::QuotedPrint -MMIME::Base64 -0777 -ne '
		my ($h, $b) = split /\r?\n\r?\n/, $_, 2;
		$h =~ s/\r?\n[ \t]+/ /g;
		while ($h =~ /^Content-Type:\s*multipart\/[^;]*;.*?boundary="?([^";\s]+)/im) {
			my @p = split /^--\Q$1\E.*$/m, $b;
			($h, $b) = split /\r?\n\r?\n/, $p[1], 2;
			$h =~ s/\r?\n[ \t]+/ /g;
			# The line end before a boundary is the boundary'"'"'s.
			$b =~ s/\r?\n\z//;
		}
		$b = decode_qp($b) if $h =~ /^Content-Transfer-Encoding:\s*quoted-printable/im;
		$b = decode_base64($b) if $h =~ /^Content-Transfer-Encoding:\s*base64/im;
		print $b;' "$1"
}
