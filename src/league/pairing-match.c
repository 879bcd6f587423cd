#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "pairing-match.h"
#include "xmalloc.h"

/*
 * A matching pairs vertices along edges, mate[v] being v's partner or
 * -1.  An augmenting path runs from a free vertex to another through
 * edges alternately out of and in the matching; flipping it matches
 * one more pair, and a matching is maximum when no such path is left
 * (Berge).  Edmonds' search grows a tree of alternating paths from a
 * free root breadth first; an edge between two even vertices closes an
 * odd cycle, a blossom, which is shrunk into its base so that the
 * search goes on as in a bipartite graph.  One search costs O(V^2) on
 * the matrix, a maximum matching O(V^3).
 */

static int	pairing_match_lca(struct pairing_match *, int, int);
static void	pairing_match_path(struct pairing_match *, int, int, int);

/* A graph of n vertices with no edge and nothing matched. */
void
pairing_match_init(struct pairing_match *g, int n)
{
	size_t	sz = (size_t)n;

	g->n = n;
	g->ok = xcalloc(sz * sz, 1);
	g->gone = xcalloc(sz, 1);
	g->mate = xreallocarray(NULL, sz, sizeof *g->mate);
	g->parent = xreallocarray(NULL, sz, sizeof *g->parent);
	g->base = xreallocarray(NULL, sz, sizeof *g->base);
	g->queue = xreallocarray(NULL, sz, sizeof *g->queue);
	g->used = xcalloc(sz, 1);
	g->blossom = xcalloc(sz, 1);
	g->mark = xcalloc(sz, 1);
	memset(g->mate, 0xff, sz * sizeof *g->mate);
}

void
pairing_match_free(struct pairing_match *g)
{
	free(g->ok);
	free(g->gone);
	free(g->mate);
	free(g->parent);
	free(g->base);
	free(g->queue);
	free(g->used);
	free(g->blossom);
	free(g->mark);
}

/* The base of the blossom where the tree paths of a and b meet. */
static int
pairing_match_lca(struct pairing_match *g, int a, int b)
{
	memset(g->mark, 0, (size_t)g->n);
	for (;;) {
		a = g->base[a];
		g->mark[a] = 1;
		if (g->mate[a] == -1)
			break;
		a = g->parent[g->mate[a]];
	}
	for (;;) {
		b = g->base[b];
		if (g->mark[b])
			return (b);
		b = g->parent[g->mate[b]];
	}
}

/* Mark the blossom from v down to its base b, linking the odd ones. */
static void
pairing_match_path(struct pairing_match *g, int v, int b, int child)
{
	while (g->base[v] != b) {
		g->blossom[g->base[v]] = 1;
		g->blossom[g->base[g->mate[v]]] = 1;
		g->parent[v] = child;
		child = g->mate[v];
		v = g->parent[g->mate[v]];
	}
}

/*
 * Edmonds: grow an alternating tree from the free vertex root,
 * shrinking blossoms, and augment along the first path to another free
 * vertex; returns whether there was one.
 */
int
pairing_match_augment(struct pairing_match *g, int root)
{
	int	n = g->n, qh = 0, qt = 0, v, to, b, i, pv, next;

	memset(g->used, 0, (size_t)n);
	for (i = 0; i < n; i++) {
		g->parent[i] = -1;
		g->base[i] = i;
	}
	g->used[root] = 1;
	g->queue[qt++] = root;
	while (qh < qt) {
		v = g->queue[qh++];
		for (to = 0; to < n; to++) {
			if (!g->ok[v * n + to] || g->gone[to] ||
			    g->base[v] == g->base[to] || g->mate[v] == to)
				continue;
			if (to == root || (g->mate[to] != -1 &&
			    g->parent[g->mate[to]] != -1)) {
				b = pairing_match_lca(g, v, to);
				memset(g->blossom, 0, (size_t)n);
				pairing_match_path(g, v, b, to);
				pairing_match_path(g, to, b, v);
				for (i = 0; i < n; i++) {
					if (!g->blossom[g->base[i]])
						continue;
					g->base[i] = b;
					if (!g->used[i]) {
						g->used[i] = 1;
						g->queue[qt++] = i;
					}
				}
			} else if (g->parent[to] == -1) {
				g->parent[to] = v;
				if (g->mate[to] == -1) {
					for (; to != -1; to = next) {
						pv = g->parent[to];
						next = g->mate[pv];
						g->mate[to] = pv;
						g->mate[pv] = to;
					}
					return (1);
				}
				g->used[g->mate[to]] = 1;
				g->queue[qt++] = g->mate[to];
			}
		}
	}
	return (0);
}

/*
 * Take the pair a, b out of a graph perfectly matched; return whether
 * the rest can still be matched perfectly (and match it), or restore.
 */
int
pairing_match_fix(struct pairing_match *g, int a, int b)
{
	int	ma = g->mate[a], mb = g->mate[b];

	g->gone[a] = g->gone[b] = 1;
	if (ma == b)
		return (1);
	g->mate[a] = b;
	g->mate[b] = a;
	g->mate[ma] = g->mate[mb] = -1;
	/* ma and mb are the only free ones: a path must join them. */
	if (pairing_match_augment(g, ma))
		return (1);
	g->mate[a] = ma;
	g->mate[ma] = a;
	g->mate[b] = mb;
	g->mate[mb] = b;
	g->gone[a] = g->gone[b] = 0;
	return (0);
}
