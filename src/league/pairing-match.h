/*
 * Edmonds' blossom algorithm for a maximum matching in a general graph,
 * as pairing.c's exact Swiss search uses it: the graph is an adjacency
 * matrix, and a vertex taken out ("gone") no longer counts.
 */
#ifndef PAIRING_MATCH_H
#define PAIRING_MATCH_H

/* An undirected graph, its matching and the search's scratch. */
struct pairing_match {
	int		 n;
	char		*ok;		/* n * n: an edge between a and b */
	char		*gone;		/* out of the graph */
	int		*mate;
	int		*parent;
	int		*base;
	int		*queue;
	char		*used;
	char		*blossom;
	char		*mark;
};

void	pairing_match_init(struct pairing_match *, int);
void	pairing_match_free(struct pairing_match *);
int	pairing_match_augment(struct pairing_match *, int);
int	pairing_match_fix(struct pairing_match *, int, int);

#endif
