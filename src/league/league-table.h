/*
 * A tournament's table as its rules see it: the entrants in their
 * order and every table of every round, with which the standings, the
 * games they count, the number of rounds, a knockout match's winner and
 * a round's pairings as text are worked out.  The caller fills it from
 * its own rows (src/store/store-table.c does from the store's), keeping
 * the entrants in the same order, so that an index here is an index
 * there.  The caller also gives the seed of the drawing of lots that
 * ends the standings' tie-breaks (standings_seed() of the tournament's
 * name, say), so that the same table always draws the same lots.
 */
#ifndef LEAGUE_TABLE_H
#define LEAGUE_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "pairing.h"
#include "standings.h"

enum league_table_format {
	LEAGUE_TABLE_ROUNDROBIN,
	LEAGUE_TABLE_SWISS,
	LEAGUE_TABLE_KNOCKOUT
};

struct league_table_entrant {
	long long	 id;		/* the player */
	const char	*name;		/* borrowed from the caller */
	int		 seed;		/* starting number, 0 before */
};

/* A table of a round: a game, or unplayed (a bye, a forfeit). */
struct league_table_pairing {
	int		 round;		/* from 1 */
	int		 board;
	int		 leg;		/* a knockout match's game, or 1 */
	long long	 game;		/* or -1: a table not played */
	long long	 players[PAIRING_MAX_SEATS];	/* by seat */
	int		 n;
	int		 ranks[PAIRING_MAX_SEATS];	/* 0 unknown */
	int		 done;		/* the result is known */
};

struct league_table {
	enum league_table_format	 format;
	int				 seats;	/* players a game */
	int				 rounds; /* 0: as the format says */
	struct league_table_entrant	*e;
	size_t				 ne;
	struct league_table_pairing	*p;
	size_t				 np;
	int				*byid;	/* e's indices by id */
	uint64_t			 seed;	/* of the drawing of lots */
};

enum league_table_format league_table_format(const char *);
void	league_table_init(struct league_table *, enum league_table_format,
	    int, int, size_t, size_t);
void	league_table_reindex(struct league_table *);
void	league_table_free(struct league_table *);
int	league_table_index(const struct league_table *, long long);
int	league_table_count(const struct league_table *);
enum standings_tiebreak league_table_tiebreak(const struct league_table *);
size_t	league_table_games(const struct league_table *,
	    struct standings_game *);
void	league_table_standings(const struct league_table *,
	    struct standings_row *);
int	league_table_winner(const struct league_table *, int, int, int *,
	    int *);
void	league_table_round(const struct league_table *, int, struct buf *);

#endif
