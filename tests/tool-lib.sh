# The tool's script tests (sourced after tap.sh): tool_setup finds the
# mupbem binary and makes the test's temporary folder; arena runs
# mupbem arena.  MUPBEM names the binary (make check sets it); alone, a
# test takes ./mupbem, else the build's beside tests/.

# tool_setup NAME: sets MUPBEM, an absolute path, or bails out; makes
# a temporary folder named after NAME, removed at the end, as tmp, and
# enters it.
tool_setup() {
	if [ -z "${MUPBEM:-}" ]; then
		MUPBEM=./mupbem
		[ -x "$MUPBEM" ] || MUPBEM=$here/../mupbem
	fi
	case $MUPBEM in
	/*)	;;
	*)	MUPBEM=$PWD/$MUPBEM ;;
	esac
	if [ ! -x "$MUPBEM" ]; then
		echo "Bail out! no mupbem binary at $MUPBEM"
		exit 99
	fi
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/mupbem-$1.XXXXXX") || exit 99
	trap 'rm -rf "$tmp"' EXIT
	trap 'exit 130' INT TERM
	cd "$tmp" || exit 99
}

# arena OUT ARGS...: runs mupbem arena ARGS into OUT (and OUT.err);
# sets rc to its exit status.
arena() {
	local out=$1

	shift
	"$MUPBEM" arena "$@" </dev/null >"$out" 2>"$out.err"
	rc=$?
}
