# The folder layers of src/ (sourced by tests/layers.sh and
# scripts/layers-graph.sh): the order of the folders, and every
# #include "x.h" in src/ resolved to an edge from its file's folder to
# the folder that holds x.h.  A header's name is unique in src/, so
# the name alone finds its folder.  Generated files (*-builtin.c) and
# config.h are left out.  The caller sets src, the top of the source
# tree.
#
# The order, bottom to top, one rank a line: a folder may include only
# folders on lines above its own; folders on one line are siblings and
# do not include each other.  A folder named here need not exist yet.
# A new folder that holds .c or .h files gets a line here before
# tests/layers.sh passes: see docs/architecture.md.

layers_order='
src/util
src/games
src/games/mu src/games/mur
src/games/registry
src/league src/db src/mail src/picture src/robot
src/lang
src/store
src/archive
src/service
src/service/compete
src/service/clocks src/service/play
src/service/operate
src/service/families
src/tool src/bench
src
'

# layers_ranks: "folder rank" lines, the rank counted from 1 at the
# bottom.
layers_ranks() {
	awk 'NF { r++; for (i = 1; i <= NF; i++) print $i, r }' \
	    <<<"$layers_order"
}

# layers_files: the .c and .h files under src/, relative to $src.
layers_files() {
	(cd "$src" && find src -name '*.[ch]' ! -name '*-builtin.c' |
	    LC_ALL=C sort)
}

# layers_folders: the folders under src/ that hold .c or .h files.
layers_folders() {
	layers_files | sed 's,/[^/]*$,,' | LC_ALL=C sort -u
}

# layers_includes: one line a quoted include, tab-separated: file,
# line, header, the file's folder, the header's folder; the last is
# "?none" if no file under src/ has that name and "?twice: a b" if
# more than one has.
layers_includes() {
	local files

	files=$(layers_files)
	{
		grep '\.h$' <<<"$files" | sed 's/^/H /'
		(cd "$src" && grep -HnE \
		    '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' \
		    $files)
	} | awk '
	$1 == "H" {
		n = d = $2
		sub(/.*\//, "", n)
		sub(/\/[^\/]*$/, "", d)
		if (n in dir)
			twice[n] = twice[n] " " d
		else
			dir[n] = d
		next
	}
	{
		i = index($0, ":")
		file = substr($0, 1, i - 1)
		rest = substr($0, i + 1)
		i = index(rest, ":")
		line = substr(rest, 1, i - 1)
		hdr = substr(rest, i + 1)
		sub(/^[^"]*"/, "", hdr)
		sub(/".*/, "", hdr)
		sub(/.*\//, "", hdr)
		if (hdr == "config.h")
			next
		from = file
		sub(/\/[^\/]*$/, "", from)
		if (hdr in twice)
			to = "?twice: " dir[hdr] twice[hdr]
		else if (hdr in dir)
			to = dir[hdr]
		else
			to = "?none"
		print file "\t" line "\t" hdr "\t" from "\t" to
	}'
}
