#!/bin/bash
# The file system's share of a reply: what this machine's file system
# takes to make the files a Maildir sender makes, without mupbem.  N
# mails of SIZE bytes (2,000 of 3,000 by default, a board reply's
# size) go into a fresh Maildir in DIR (default: a new folder under
# TMPDIR or /tmp) the way src/mail/sender-maildir.c writes a batch:
# each file created in tmp/ and written, the batch's files synced by
# 16 threads at once, then each linked into new/ and unlinked from
# tmp/, then new/ synced.  Batches of 64, as [server] batch.  Prints
# the time a file for each step and the ceiling it puts on turn mails
# a second, at two replies a mail, before mupbem does any work at all.
#
# Usage: bash scripts/bench-files.sh [N] [SIZE] [DIR]
set -euo pipefail

count=${1:-2000}
size=${2:-3000}
dir=${3:-}
if [ -z "$dir" ]; then
	dir=$(mktemp -d "${TMPDIR:-/tmp}/mupbem-files.XXXXXX")
	trap "rm -rf $dir" EXIT
fi
python3 - "$dir" "$count" "$size" <<'EOF'
import os, sys, time, threading

d, n, size = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
batch = 64
for sub in ("tmp", "new", "cur"):
    os.makedirs(os.path.join(d, sub), exist_ok=True)
data = b"x" * size
t = {"create": 0.0, "sync": 0.0, "link": 0.0, "dir": 0.0}
for first in range(0, n, batch):
    ids = range(first, min(first + batch, n))
    t0 = time.perf_counter()
    fds = []
    for i in ids:
        fd = os.open(os.path.join(d, "tmp", str(i)),
                     os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        os.write(fd, data)
        fds.append(fd)
    t1 = time.perf_counter()
    left = list(fds)
    lock = threading.Lock()
    def syncer():
        while True:
            with lock:
                if not left:
                    return
                fd = left.pop()
            os.fsync(fd)
    threads = [threading.Thread(target=syncer) for _ in range(16)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    for fd in fds:
        os.close(fd)
    t2 = time.perf_counter()
    for i in ids:
        os.link(os.path.join(d, "tmp", str(i)), os.path.join(d, "new", str(i)))
        os.unlink(os.path.join(d, "tmp", str(i)))
    t3 = time.perf_counter()
    fd = os.open(os.path.join(d, "new"), os.O_RDONLY | os.O_DIRECTORY)
    os.fsync(fd)
    os.close(fd)
    t4 = time.perf_counter()
    t["create"] += t1 - t0
    t["sync"] += t2 - t1
    t["link"] += t3 - t2
    t["dir"] += t4 - t3
whole = sum(t.values())
print("files:             %d of %d bytes, in batches of %d, in %s" % (n, size, batch, d))
for k, label in (("create", "create and write"), ("sync", "sync (16 threads)"), ("link", "link and unlink"), ("dir", "sync new/")):
    print("%-18s %8.1f us a file" % (label + ":", t[k] / n * 1e6))
print("%-18s %8.1f us a file, %.0f files/s" % ("in all:", whole / n * 1e6, n / whole))
print("ceiling:           %.0f turn mails/s at 2 replies a mail, the files alone" % (n / whole / 2))
EOF
