#!/bin/bash
# Install the dependencies, build mupbem in the source tree and run the
# main job on the built-in defaults, with no mail server: mupbemd takes
# the mail waiting in a Maildir, records it in a SQLite file and puts
# its replies in a Maildir outbox.  The demo delivers two players' mails
# (and a bounce, which is never answered), runs mupbemd once, and shows
# a reply; then it plays a seeded velox layout with the mupbem tool.
set -euo pipefail

cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
./autogen.sh
./configure
make

demo=$(mktemp -d "${TMPDIR:-/tmp}/mupbem-demo.XXXXXX")
mkdir -p "$demo/Maildir/new" "$demo/Maildir/cur" "$demo/Maildir/tmp"
for f in gmail-alternative-reply top-posted dsn-bounce; do
	cp "tests/data/mail/$f.eml" "$demo/Maildir/new/$f"
done
bin=$PWD
(cd "$demo" && "$bin/mupbemd" --once)
echo
echo "== $demo/outbox/new: $(ls "$demo/outbox/new" | wc -l) replies; the first:"
cat "$(ls -d "$demo"/outbox/new/* | head -1)"
echo
./mupbem demo
