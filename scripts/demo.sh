#!/bin/bash
# Install the dependencies, build mupbem in the source tree and run the
# main job on the built-in defaults, with no mail server: mupbemd takes
# the mail waiting in a Maildir, keeps the games in a SQLite file and
# puts its replies in a Maildir outbox.
#
# A game of Mu velox by mail through mupbemd between two robots of
# different levels: alice, a scripted player (scripts/mail-players.sh)
# who answers each mail that says it is her move with the turn of the
# greedy robot (mupbem robot --level greedy), challenges the server's
# own mcts robot ("new velox with robot"), which mupbemd plays itself.
# The men meet, capture and are captured, until one side has none
# left and the other owns the whole board (about 50 to 150 turns); if
# the game has not ended by turn 301, alice resigns.  The demo then
# prints the record and alice's last mail: the final board and the
# score, and saves the picture of the board it carries.
set -euo pipefail

cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
./autogen.sh
./configure
make

bin=$PWD
demo=$(mktemp -d "${TMPDIR:-/tmp}/mupbem-demo.XXXXXX")
mkdir -p "$demo/Maildir/new" "$demo/Maildir/cur" "$demo/Maildir/tmp" \
    "$demo/read"
cd "$demo"

# Through tmp/ and a rename, as the Maildir rules say: new/ never holds
# half a mail.
deliver() {
	cp "$1" "$demo/Maildir/tmp/$(basename "$1")" &&
	    mv "$demo/Maildir/tmp/$(basename "$1")" \
	    "$demo/Maildir/new/$(basename "$1")"
}
MUPBEM=$bin/mupbem
MP_SEND=deliver
MP_DB=$demo/mupbem.db
MP_PASS_AFTER=${MP_PASS_AFTER:-0}
MP_RESIGN_AFTER=${MP_RESIGN_AFTER:-301}
. "$bin/scripts/mail-players.sh"

MP_LEVEL=greedy
mp_mail "Alice <alice@example.org>" games@localhost "a game?" \
    "new velox with robot"
# MP_SEED: the robot's first seed, for alice's turns (1).
rounds=0 mails=0 over=0 seed=${MP_SEED:-1}
while [ $over -eq 0 ] && [ $rounds -lt 500 ]; do
	"$bin/mupbemd" --once 2>>mupbemd.log
	rounds=$((rounds + 1))
	shopt -s nullglob
	batch=(outbox/new/*)
	shopt -u nullglob
	[ ${#batch[@]} -gt 0 ] || break
	for f in "${batch[@]}"; do
		to=$(mp_header "$f" To)
		mails=$((mails + 1))
		mv "$f" "read/$to"
		case "$(mp_header "read/$to" Subject): $(mp_header "read/$to" X-Mupbem-State)" in
		*": game over") over=1 ;;
		esac
		seed=$((seed + 1))
		answer=$(mp_answer "read/$to" $seed)
		[ -n "$answer" ] && mp_reply "read/$to" "$to" "$answer"
	done
done

echo
echo "== mupbemd ran $rounds times and sent $mails mails; the game record:"
"$MUPBEM" --db "$MP_DB" export G1
echo
echo "== the last mail to alice@example.org (its headers and its text):"
# The text part as a mail client shows it; the picture of the board
# beside it, if the mail has one, goes to board.png.
sed '/^$/q' "read/alice@example.org"
python3 - "read/alice@example.org" "$demo/board.png" <<'PY'
import email, email.policy, sys
with open(sys.argv[1], "rb") as f:
    m = email.message_from_binary_file(f, policy=email.policy.default)
print(m.get_body(("plain",)).get_content(), end="")
for part in m.walk():
    if part.get_content_type() == "image/png":
        with open(sys.argv[2], "wb") as f:
            f.write(part.get_content())
        print("\n(the picture of the board: %s)" % sys.argv[2])
PY
[ $over -eq 1 ] || { echo "demo: the game did not end" >&2; exit 1; }
