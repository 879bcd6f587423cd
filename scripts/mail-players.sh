# Scripted players who play mupbem by mail, for the demo, the tests and
# the service benchmark.  Source this file; it needs MUPBEM (the tool)
# and these, set by the caller:
#
#   MP_SEND FILE   a command that delivers the mail in FILE to mupbemd
#                  (for ./Maildir: mp_deliver, below)
#   MP_DB          the daemon's database, read to know the game's record
#   MP_PASS_AFTER  from this turn on, players pass (so that a
#                  demo game ends soon, by every player passing); 0 never
#
# A player reads a mail from mupbemd (a file) and answers it as a person
# would: to its Reply-To, with In-Reply-To, and with "#N" and a turn the
# robot (mupbem robot) draws from a seed.  Nothing here reaches into
# mupbemd: every move goes by mail and is checked like any player's.

mp_seq=0

# mp_deliver FILE: deliver mail FILE into ./Maildir as a mail server
# does, written in tmp/ and renamed into new/, so that mupbemd never
# sees it half written.
mp_deliver() {
	local name
	name=$(date +%s%N).$$.$RANDOM.test
	cp "$1" "Maildir/tmp/$name" && mv "Maildir/tmp/$name" "Maildir/new/$name"
}

# mp_header FILE NAME: the value of header NAME in mail FILE.
mp_header() {
	sed -n "/^\$/q; s/^$2: //Ip" "$1" | head -1
}

# mp_mail FROM TO SUBJECT BODY [IN-REPLY-TO]: deliver a mail; prints
# nothing.
mp_mail() {
	local f
	mp_seq=$((mp_seq + 1))
	f=$(mktemp "${TMPDIR:-/tmp}/mp-mail.XXXXXX")
	{
		printf 'From: %s\n' "$1"
		printf 'To: %s\n' "$2"
		printf 'Subject: %s\n' "$3"
		printf 'Message-ID: <mp.%s.%s.%s@players.example>\n' \
		    "$$" "$mp_seq" "$RANDOM"
		printf 'Date: %s\n' "$(date -R)"
		[ -n "${5:-}" ] && printf 'In-Reply-To: %s\n' "$5"
		printf 'MIME-Version: 1.0\n'
		printf 'Content-Type: text/plain; charset=utf-8\n\n'
		printf '%s\n' "$4"
	} >"$f"
	$MP_SEND "$f"
	rm -f "$f"
}

# mp_reply FILE FROM BODY: answer mupbemd's mail FILE as player FROM.
mp_reply() {
	mp_mail "$2" "$(mp_header "$1" Reply-To)" \
	    "Re: $(mp_header "$1" Subject)" "$3" "$(mp_header "$1" Message-ID)"
}

# mp_answer FILE SEED: what a scripted player answers to mail FILE, or
# nothing: "accept" to an invitation, "#N TURN" when it is their turn,
# the turn the robot of level $MP_LEVEL (random if unset) chooses; a
# pass from turn $MP_PASS_AFTER, and resign from $MP_RESIGN_AFTER.
mp_answer() {
	local subject state game turn rec
	subject=$(mp_header "$1" Subject)
	state=$(mp_header "$1" X-Mupbem-State)
	case $subject in "[mupbem G"*) ;; *) return ;; esac
	case $state in
	invitation)
		echo accept ;;
	"your turn "*)
		game=${subject#\[mupbem G}
		game=${game%%]*}
		turn=${state#your turn }
		if [ "${MP_RESIGN_AFTER:-0}" -gt 0 ] &&
		    [ "$turn" -ge "$MP_RESIGN_AFTER" ]; then
			echo "#$turn resign"
			return
		fi
		if [ "${MP_PASS_AFTER:-0}" -gt 0 ] &&
		    [ "$turn" -ge "$MP_PASS_AFTER" ]; then
			echo "#$turn pass"
			return
		fi
		rec=$(mktemp "${TMPDIR:-/tmp}/mp-rec.XXXXXX")
		"$MUPBEM" --db "$MP_DB" export "G$game" >"$rec"
		echo "#$turn $("$MUPBEM" robot ${MP_LEVEL:+--level "$MP_LEVEL"} \
		    --seed "$2" "$rec")"
		rm -f "$rec"
		;;
	esac
}
