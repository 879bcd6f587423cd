#!/bin/bash
# Reply latency under a steady stream of mail: RATE mails a second for
# SECONDS seconds go into a Maildir that a running mupbemd (the daemon,
# not -1) watches, each from a new player asking "games", and the
# Maildir sender writes the replies to outbox/new.  A mail's latency is
# from its rename into Maildir/new to the modification time of its
# reply (found by In-Reply-To).  Prints the count, the median, the
# 90th and 99th percentiles and the maximum, in milliseconds.  It
# checks nothing; docs/performance.md records figures.
#
# Usage, after a build without sanitizers:
#   bash scripts/bench-latency.sh [RATE] [SECONDS]
# RATE is 100 and SECONDS 60 unless given; MUPBEMD may name the daemon
# (./mupbemd by default), KEEP=1 keeps the working folder.  BENCH_TEXT
# is what each mail says ("games" by default; "new velox with
# robot:random" starts a game, whose reply shows the board, with its
# picture unless BENCH_PICTURES=no).
set -euo pipefail

cd "$(dirname "$0")/.."
mupbemd=${MUPBEMD:-$PWD/mupbemd}
rate=${1:-100}
seconds=${2:-60}
total=$((rate * seconds))
dir=$(mktemp -d "${TMPDIR:-/tmp}/mupbem-latency.XXXXXX")
pid=
cleanup() {
	[ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" || true
	[ -n "${KEEP:-}" ] || rm -rf "$dir"
}
trap cleanup EXIT
cd "$dir"
mkdir -p Maildir/new Maildir/cur Maildir/tmp
text=${BENCH_TEXT:-games}
printf '[server]\naddress = games@bench.example\npictures = %s\ninvitations = any\n' \
    "${BENCH_PICTURES:-yes}" >d.conf

: >log
"$mupbemd" ${DEBUG:+-v} -c d.conf 2>log &
pid=$!
until grep -q started log; do sleep 0.1; done

# The feeder: mail i goes into new/ at start + i / rate, and its time
# of delivery (ns since 1970) goes to sent, one "i time" a line.
perl -MTime::HiRes=time,sleep -e '
	my ($rate, $total, $text) = @ARGV;
	open(my $log, ">", "sent") or die "sent: $!";
	my $start = time;
	for my $i (0 .. $total - 1) {
		my $at = $start + $i / $rate;
		my $wait = $at - time;
		sleep($wait) if $wait > 0;
		my $name = sprintf("%d.%06d.bench", $at, $i);
		open(my $f, ">", "Maildir/tmp/$name") or die "$name: $!";
		print $f "From: p$i\@players.example\n",
		    "To: games\@bench.example\n",
		    "Subject: $text\n",
		    "Message-ID: <bench.$i\@players.example>\n",
		    "Date: Thu, 26 Nov 2026 10:00:00 +0000\n",
		    "MIME-Version: 1.0\n",
		    "Content-Type: text/plain; charset=utf-8\n\n",
		    "$text\n";
		close($f);
		rename("Maildir/tmp/$name", "Maildir/new/$name") or die $!;
		printf $log "%d %.0f\n", $i, time * 1e9;
	}
	close($log);
' "$rate" "$total" "$text"

# Every reply, or 120 seconds more at most; then until no more mail
# comes for a second (a robot's turn mails the player too).
was=0
for i in $(seq 1 1200); do
	now=$(ls outbox/new | wc -l)
	[ "$now" -ge "$total" ] && [ $((i % 10)) -eq 0 ] &&
	    [ "$now" -eq "$was" ] && break
	[ $((i % 10)) -eq 0 ] && was=$now
	sleep 0.1
done

perl -MTime::HiRes=stat -e '
	my ($total) = @ARGV;
	my %sent;
	open(my $s, "<", "sent") or die "sent: $!";
	while (<$s>) { my ($i, $t) = split; $sent{$i} = $t; }
	my @ms;
	opendir(my $d, "outbox/new") or die "outbox/new: $!";
	for my $f (readdir $d) {
		next if $f =~ /^\./;
		open(my $m, "<", "outbox/new/$f") or next;
		while (<$m>) {
			last if /^\r?$/;
			if (/^In-Reply-To: <bench\.(\d+)\@/i) {
				my $mtime = (stat("outbox/new/$f"))[9];
				push @ms, $mtime * 1e3 - $sent{$1} / 1e6;
				last;
			}
		}
	}
	@ms = sort { $a <=> $b } @ms;
	my $n = @ms;
	die "no replies\n" if $n == 0;
	my $p = sub { $ms[int($_[0] * ($n - 1) + 0.5)] };
	printf "mails %d, replies %d\n", $total, $n;
	printf "latency ms: median %.0f, p90 %.0f, p99 %.0f, max %.0f\n",
	    $p->(0.5), $p->(0.9), $p->(0.99), $ms[-1];
' "$total"
