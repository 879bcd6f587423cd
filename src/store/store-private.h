/*
 * What store.c, store-game.c, store-clock.c and store-address.c share:
 * the store itself, its sets of prepared statements, and the helpers.
 * Nothing else includes this file.
 */
#ifndef STORE_PRIVATE_H
#define STORE_PRIVATE_H

#include "db.h"

#define STORE_NSTMTS		14	/* store.c's statements */
#define STORE_GAME_NSTMTS	24	/* store-game.c's, made when first used */
#define STORE_CLOCK_NSTMTS	21	/* store-clock.c's, likewise */
#define STORE_ADDRESS_NSTMTS	20	/* store-address.c's, likewise */
#define STORE_LEAGUE_NSTMTS	32	/* store-league.c's, likewise */
#define STORE_RATING_NSTMTS	16	/* store-rating.c's, likewise */
#define STORE_ROBOT_NSTMTS	5	/* store-robot.c's, likewise */
#define STORE_SENDER_NSTMTS	5	/* store-sender.c's, likewise */
#define STORE_TOUCHED_NSTMTS	2	/* store-touched.c's, likewise */
#define STORE_PROOF_NSTMTS	4	/* store-proof.c's, likewise */
#define STORE_TRIES_NSTMTS	5	/* store-tries.c's, likewise */
#define STORE_ORGANISER_NSTMTS	8	/* store-organiser.c's, likewise */

struct store {
	struct db *db;
	char		*path;
	char		 host[256];	/* gethostname(), for claims */
	struct db_stmt *stmt[STORE_NSTMTS];
	struct db_stmt *game_stmt[STORE_GAME_NSTMTS];
	struct db_stmt *clock_stmt[STORE_CLOCK_NSTMTS];
	struct db_stmt *address_stmt[STORE_ADDRESS_NSTMTS];
	struct db_stmt *league_stmt[STORE_LEAGUE_NSTMTS];
	struct db_stmt *rating_stmt[STORE_RATING_NSTMTS];
	struct db_stmt *robot_stmt[STORE_ROBOT_NSTMTS];
	struct db_stmt *sender_stmt[STORE_SENDER_NSTMTS];
	struct db_stmt *touched_stmt[STORE_TOUCHED_NSTMTS];
	struct db_stmt *proof_stmt[STORE_PROOF_NSTMTS];
	struct db_stmt *tries_stmt[STORE_TRIES_NSTMTS];
	struct db_stmt *organiser_stmt[STORE_ORGANISER_NSTMTS];
};

/* Each file's statements, for store-plan.c. */
extern const char *const store_sql[STORE_NSTMTS];
extern const char *const store_game_sql[STORE_GAME_NSTMTS];
extern const char *const store_clock_sql[STORE_CLOCK_NSTMTS];
extern const char *const store_address_sql[STORE_ADDRESS_NSTMTS];
extern const char *const store_league_sql[STORE_LEAGUE_NSTMTS];
extern const char *const store_rating_sql[STORE_RATING_NSTMTS];
extern const char *const store_robot_sql[STORE_ROBOT_NSTMTS];
extern const char *const store_sender_sql[STORE_SENDER_NSTMTS];
extern const char *const store_touched_sql[STORE_TOUCHED_NSTMTS];
extern const char *const store_proof_sql[STORE_PROOF_NSTMTS];
extern const char *const store_tries_sql[STORE_TRIES_NSTMTS];
extern const char *const store_organiser_sql[STORE_ORGANISER_NSTMTS];

struct store_outmail;
struct store_game;
struct store_player;

/* The columns store_game_row() reads, of games as g. */
#define STORE_GAME_COLUMNS \
	"g.id, g.variant, g.status, g.record, g.turns, g.thread, g.created, " \
	"g.updated, g.topic, g.clock, g.clock_seat, g.clock_since, " \
	"g.clock_turn, g.reminded, g.deadline, g.ending, g.result, g.rated, " \
	"g.finished, g.tournament, g.seek, g.held"

void	store_game_row(struct db_stmt *, struct store_game *);
void	store_game_row_player(struct db_stmt *, int, struct store_player *);

int	store_fail(struct store *, char **, const char *);
void	store_outmail_row(struct db_stmt *, struct store_outmail *);
long long store_game_int(struct db_stmt *, int);
char	*store_text(struct db_stmt *, int);
struct db_stmt *store_prepare(struct store *, struct db_stmt **, const char *,
	    char **);
int	store_run(struct store *, struct db_stmt *, const char *, char **);
int	store_insert(struct store *, struct db_stmt *, const char *,
	    long long *, char **);
int	store_found(struct store *, struct db_stmt *, int, const char *,
	    char **);

#endif
