# A throw-away PostgreSQL server for the tests (sourced): Debian's
# postgresql package, one cluster under a temporary directory, with no
# TCP at all (listen_addresses is empty; its one Unix socket lives in
# that directory), fsync on, and trust for the local user postgres.
#
#   pg_start NAME   make and start the cluster, create database NAME,
#                   and export MUPBEM_TEST_PG, its URL
#                   (postgresql:///NAME?host=DIR&port=P&user=postgres);
#                   the cluster is stopped and removed on exit (the
#                   EXIT trap; a script with its own trap calls pg_stop)
#   pg_stop         stop and remove it
#
# initdb refuses to run as root, so as root the server runs as the
# package's user postgres, on a directory that user owns.  A script
# calls pg_need first: it exits 77 (skipped), saying why, where
# PostgreSQL cannot run.

pg_bin=
pg_dir=
pg_port=

# Exit 77 with a reason if no PostgreSQL server can be started here.
pg_need() {
	local v

	for v in /usr/lib/postgresql/*/bin; do
		[ -x "$v/initdb" ] && pg_bin=$v
	done
	if [ -z "$pg_bin" ]; then
		echo "1..0 # SKIP the postgresql package is not installed" \
		    "(scripts/install-deps.sh)"
		exit 77
	fi
	if [ "$(id -u)" -eq 0 ] && ! id postgres >/dev/null 2>&1; then
		echo "1..0 # SKIP no user postgres to run the server as"
		exit 77
	fi
}

# Run a command as the server's user.
pg_as() {
	if [ "$(id -u)" -eq 0 ]; then
		runuser -u postgres -- "$@"
	else
		"$@"
	fi
}

pg_start() {
	local db=$1

	[ -n "$pg_bin" ] || pg_need
	pg_dir=$(mktemp -d /tmp/mupbem-pg.XXXXXX) || exit 99
	trap pg_stop EXIT
	if [ "$(id -u)" -eq 0 ]; then
		chown postgres: "$pg_dir"
	fi
	# With no TCP the port only names the socket; any will do.
	pg_port=$((20000 + RANDOM % 20000))
	if ! pg_as "$pg_bin/initdb" -D "$pg_dir/data" -U postgres \
	    -E UTF8 --locale=C.UTF-8 -A trust --no-sync \
	    >"$pg_dir/initdb.log" 2>&1; then
		echo "pg-lib: initdb failed:" >&2
		cat "$pg_dir/initdb.log" >&2
		exit 99
	fi
	cat >>"$pg_dir/data/postgresql.conf" <<-EOF
		listen_addresses = ''
		unix_socket_directories = '$pg_dir'
		port = $pg_port
		fsync = on
		max_connections = 50
	EOF
	if ! pg_as "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/server.log" \
	    -w -t $((30 * ${MUPBEM_TEST_SLOW:-1})) start >/dev/null; then
		echo "pg-lib: the server did not start:" >&2
		cat "$pg_dir/server.log" >&2
		exit 99
	fi
	if ! pg_psql postgres -c "CREATE DATABASE \"$db\"" >/dev/null; then
		echo "pg-lib: cannot create database $db" >&2
		exit 99
	fi
	export MUPBEM_TEST_PG="postgresql:///$db?host=$pg_dir&port=$pg_port&user=postgres"
}

# psql on database $1 of the cluster, with the rest of the arguments.
pg_psql() {
	local db=$1

	shift
	"$pg_bin/psql" -X -q -v ON_ERROR_STOP=1 -h "$pg_dir" -p "$pg_port" \
	    -U postgres -d "$db" "$@"
}

pg_stop() {
	[ -n "$pg_dir" ] || return 0
	if [ -f "$pg_dir/data/postmaster.pid" ]; then
		pg_as "$pg_bin/pg_ctl" -D "$pg_dir/data" -m fast -w stop \
		    >/dev/null 2>&1
	fi
	rm -rf "$pg_dir"
	pg_dir=
}
