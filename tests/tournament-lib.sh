# Helpers for the tests of tournaments and leagues played through
# mupbemd (tournament.sh, tiebreak.sh, organiser.sh,
# organiser-tools.sh): the store, the players' addresses, the games of
# a round and their mail.  Source after service-lib.sh, in the test's
# working folder.

# sql QUERY: run QUERY on the test's store.
sql() {
	sqlite3 mupbem.db "$1"
}

# p N: player N's address.
p() {
	echo "p$1@example.org"
}

# gm G ADDRESS: the newest mail to ADDRESS about game G.
gm() {
	grep -l "^Subject: \[mupbem G$1\]" got/"$2".* 2>/dev/null |
	    sort -t. -k3 -n | tail -1
}

# seats G: game G's players' addresses, in seat order.
seats() {
	sql "select p.address from seats s join players p on p.id = s.player
	    where s.game = $1 order by s.seat"
}

# games T R: the games of round R of tournament T.
games() {
	sql "select p.game from pairings p join tournaments t on
	    t.id = p.tournament where t.name = '$1' and p.round = $2 and
	    p.game is not null order by p.board, p.leg"
}

# lose G ADDRESS: ADDRESS resigns game G by mail.
lose() {
	local f
	f=$(gm "$1" "$2")
	[ -n "$f" ] || { why+=("no mail to $2 about G$1"); return; }
	mp_reply "$f" "$2" "resign"
}

# join T N...: players N... join tournament T, named Pn by their From.
join() {
	local t=$1 n
	shift
	for n in "$@"; do
		mp_mail "P$n <$(p "$n")>" games@localhost "x" \
		    "tournament join $t"
	done
}
