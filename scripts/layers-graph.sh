#!/usr/bin/env bash
#
# Prints the folder graph of src/ as Graphviz DOT: one node a folder
# that holds .c or .h files (with its lines), one edge a pair of
# folders with the number of #include lines from the one to the other,
# the folders ranked by the layer order of tests/layers-lib.sh, the
# bottom layer at the bottom.  An include that runs up the order is
# drawn red and dashed (tests/layers.sh, which checks the same graph,
# fails on it).
#
#	scripts/layers-graph.sh [srcdir] > layers.dot
#	scripts/layers-graph.sh | dot -Tsvg > docs/architecture.svg

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
src=${1:-$top}
. "$top/tests/layers-lib.sh"

folders=$(layers_folders)

echo 'digraph layers {'
echo '	node [shape=box, fontname="Helvetica", fontsize=11];'
echo '	edge [fontname="Helvetica", fontsize=9, color="#555555"];'
echo '	ranksep=0.35; nodesep=0.25;'

# One invisible node a rank, chained top to bottom, holds the order
# even where no include joins two neighbouring layers.
layers_ranks | awk -v folders="$folders" -v src="$src" '
BEGIN {
	n = split(folders, f, "\n")
	for (i = 1; i <= n; i++)
		have[f[i]] = 1
}
{
	if ($2 > top)
		top = $2
	if (!($1 in have))
		next
	cmd = "cd \"" src "\" && find \"" $1 "\" -maxdepth 1 " \
	    "-name \"*.[ch]\" ! -name \"*-builtin.c\" -exec cat {} + | wc -l"
	cmd | getline lines
	close(cmd)
	members[$2] = members[$2] sprintf("\"%s\" [label=\"%s\\n%d lines\"]; ",
	    $1, $1, lines)
}
END {
	for (r = top; r >= 1; r--) {
		printf "\t{ rank=same; r%d [style=invis, width=0, " \
		    "label=\"\"]; %s}\n", r, members[r]
		if (r < top)
			printf "\tr%d -> r%d [style=invis];\n", r + 1, r
	}
}'

layers_includes | awk -F'\t' '
FNR == NR {
	split($0, a, " ")
	rank[a[1]] = a[2]
	next
}
$4 != $5 && $5 !~ /^\?/ {
	e = "\"" $4 "\" -> \"" $5 "\""
	count[e]++
	if (!($4 in rank) || !($5 in rank) || rank[$5] >= rank[$4])
		bad[e] = 1
}
END {
	for (e in count) {
		if (e in bad)
			printf "\t%s [label=\"%d\", color=red, " \
			    "fontcolor=red, style=dashed, " \
			    "constraint=false];\n", e, count[e]
		else
			printf "\t%s [label=\"%d\"];\n", e, count[e]
	}
}' <(layers_ranks) - | LC_ALL=C sort

echo '}'
