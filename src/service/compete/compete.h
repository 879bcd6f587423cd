/*
 * Competitions (docs/tournaments.md, docs/ratings.md): seeks, ratings,
 * statistics, tournaments, their rounds, leagues, and the result of a
 * finished game, which moves ratings and rounds on.  A family above the
 * core (src/service): it includes the core, the store, src/lang and the
 * pure layers, never a family above it (clocks, play, operate).  The
 * core hears of it only through compete_family: the commands it
 * answers, and "played", called when a game is saved over.
 */
#ifndef COMPETE_H
#define COMPETE_H

#include "store.h"

struct buf;
struct command;
struct glicko;
struct mailloop;
struct service_game;
struct service_mail;
struct store_player;

extern const struct service_family compete_family;

/* service-result.c */
int	service_result_end(struct service_mail *, struct service_game *,
	    const int *, int, char **);
int	service_result_played(struct service_mail *, struct service_game *,
	    char **);

/* service-rating.c */
int	service_rating_game(struct service_mail *, struct service_game *,
	    const int *, char **);
int	service_rating_get(struct service_mail *, long long, const char *,
	    int, struct glicko *, int *, char **);
const char *service_rating_kind(const struct service_game *);

/* service-seek.c */
void	service_seek_range(const char *, int *, int *);
void	service_seek_words(const char *, struct buf *);
int	service_seek_allows(struct service_mail *, const struct service_game *,
	    char **);
int	service_seek_list(struct service_mail *, char **);

/* service-stats.c */
void	service_stats_rating(const struct glicko *, struct buf *);
int	service_stats_ratings(struct service_mail *, const struct command *,
	    char **);
int	service_stats_player(struct service_mail *, const struct command *,
	    char **);

/* service-tournament.c */
int	service_tournament_game(struct service_mail *, long long, char **);
int	service_tournament_settle(struct service_mail *, char **);
int	service_tournament_command(struct service_mail *,
	    const struct command *, char **);
int	service_tournament_list(struct service_mail *, char **);
int	service_tournament_timer(struct service_mail *, long long, char **);
int	service_tournament_begin(struct service_mail *, long long, char **);
int	service_tournament_withdraw(struct service_mail *, long long,
	    long long, char **);

/* service-organiser.c */
void	service_organiser_thread(long long, long long, struct buf *);
int	service_organiser_send(struct service_mail *, const char *,
	    const char *, const char *, const char *, char **);
int	service_organiser_merged(const struct store_player *, long long);
int	service_organiser_note(struct service_mail *, long long, const char *,
	    const char *, const char *, char **);
int	service_organiser_tick(struct mailloop *, long long, void *,
	    long long *, char **);

/* service-league.c */
int	service_league_division(struct service_mail *, long long, char **);
int	service_league_command(struct service_mail *, const struct command *,
	    char **);
int	service_league_list(struct service_mail *, char **);

#endif
