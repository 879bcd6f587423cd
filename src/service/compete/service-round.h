/*
 * The rounds of a tournament as the service plays them (service-round.c):
 * a tournament loaded with its entrants and tables, and its league table
 * (src/league/league-table.c) filled from them, whose indices are the
 * entrants'.
 */
#ifndef SERVICE_ROUND_H
#define SERVICE_ROUND_H

#include <stddef.h>

#include "buf.h"
#include "league-table.h"
#include "store.h"

struct service_mail;

/* A tournament with its entrants and tables, loaded. */
struct service_tournament {
	struct store_tournament	 t;
	struct store_entrant	*e;
	size_t			 ne;
	struct store_pairing	*p;
	size_t			 np;
	struct league_table	 lt;	/* of t, e and p */
};

int	service_round_load(struct service_mail *, long long, const char *,
	    struct service_tournament *, char **);
void	service_round_free(struct service_tournament *);
void	service_round_report(const struct service_tournament *, int,
	    struct buf *);
int	service_round_tell(struct service_mail *,
	    const struct service_tournament *, const char *, const char *,
	    char **);
void	service_round_winner(const struct service_tournament *,
	    struct buf *);
int	service_round_next(struct service_mail *, long long, char **);
int	service_round_begin(struct service_mail *, long long, char **);
int	service_round_order(struct service_mail *, long long, long long **,
	    size_t *, char **);
int	service_round_text(struct service_mail *, long long, int,
	    struct buf *, char **);

#endif
