#include "config.h"

#include <stddef.h>

#include "league-table.h"
#include "store.h"

/*
 * A tournament's league table (src/league/league-table.c) from its
 * rows in the store, for the service's rounds and the archive's pages
 * alike.  The table borrows the entrants' names, so the rows outlive
 * it; an entrant is called by name, or by address until named.  Index
 * i of the table is index i of the rows: the caller fills it again
 * after reordering them.  The lots that end the tie-breaks are drawn
 * from the tournament's name, which never changes.
 */

/* Fill lt from tournament t's entrants e and tables p (as loaded). */
void
store_table_fill(struct league_table *lt, const struct store_tournament *t,
    const struct store_entrant *e, size_t ne, const struct store_pairing *p,
    size_t np)
{
	struct league_table_entrant	*le;
	struct league_table_pairing	*lp;
	size_t				 i;
	int				 j;

	league_table_init(lt, league_table_format(t->format), t->seats,
	    t->rounds, ne, np);
	lt->seed = standings_seed(t->name != NULL ? t->name : "");
	for (i = 0; i < ne; i++) {
		le = &lt->e[i];
		le->id = e[i].player.id;
		le->name = e[i].player.name != NULL ? e[i].player.name :
		    e[i].player.address;
		le->seed = e[i].number;
	}
	for (i = 0; i < np; i++) {
		lp = &lt->p[i];
		lp->round = p[i].round;
		lp->board = p[i].board;
		lp->leg = p[i].leg;
		lp->game = p[i].game;
		lp->n = p[i].n;
		for (j = 0; j < p[i].n && j < PAIRING_MAX_SEATS; j++) {
			lp->players[j] = p[i].players[j];
			lp->ranks[j] = p[i].ranks[j];
		}
		lp->done = p[i].done;
	}
	league_table_reindex(lt);
}
