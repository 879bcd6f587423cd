#!/usr/bin/env bash
#
# Mail that reads right (issue 35): the subject prefixes of every
# common mail client never move a mail out of its game's thread.
# Each case drives mupbemd --once over a Maildir and a real SQLite
# store and reads the answers.  TAP-like output.
#
# make check sets MUPBEM and MUPBEMD.

set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${MUPBEMD:=$here/../mupbemd}"
: "${MUPBEM:=$here/../mupbem}"
[ -x "$MUPBEMD" ] || { echo "Bail out! no mupbemd at $MUPBEMD"; exit 99; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/mail-facts.XXXXXX") || exit 99
trap "${KEEP:+:} rm -rf $tmp" EXIT
cd "$tmp" || exit 99

. "$here/tap.sh"

. "$here/service-lib.sh"

export LC_ALL=C.UTF-8

# A velox game of a and b: the invitation is answered under a subject
# German Outlook piled up, and later mails, sent to the service's own
# address with no In-Reply-To (only the tag ties them to the game),
# under the prefixes of other clients and languages.  Every answer
# keeps the game's one subject.
begin
fresh
mp_mail a@example.org games@localhost "" "new velox with b@example.org"
run
inv=$(last b@example.org)
game=$(mp_header "$inv" Subject)
mp_mail b@example.org "$(mp_header "$inv" Reply-To)" \
    "AW: Re: AW: Re[2]: $game" accept "$(mp_header "$inv" Message-ID)"
run
f=$(last b@example.org)
[ "$(mp_header "$f" Subject)" = "$game" ] ||
    [ "$(mp_header "$f" Subject)" = "Re: $game" ] ||
    why+=("the answer to 'AW: Re: AW: Re[2]:': '$(mp_header "$f" Subject)', wanted '$game'")
for prefix in "Re:" "RE :" "AW:" "SV:" "VS:" "Odp:" "Ynt:" "回复:" "答复：" \
    "Fwd:" "WG:" "TR:" "RV:" "Enc:" "Antw:" "Re:AW:" "Re: AW: Re[2]:" \
    "sv:Re(3) : Fw:"; do
	for text in board "#99 nonsense"; do
		mp_mail a@example.org games@localhost "$prefix $game" "$text"
		run
		f=$(last a@example.org)
		case $(mp_header "$f" Subject) in
		"$game"|"Re: $game") ;;
		*)	why+=("the answer to '$prefix' ($text): '$(mp_header "$f" Subject)', wanted '$game'") ;;
		esac
	done
done
end "subject prefixes of every common client never change a game's thread"

tap_done
