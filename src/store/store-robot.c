#include "config.h"

#include <string.h>

#include "db.h"

#include "store.h"
#include "store-private.h"

/*
 * The store's side of robots (schema 8): one job per game whose seat to
 * move belongs to a robot, with the turn it is to play.  The service
 * sets it in the transaction that makes it the robot's turn and deletes
 * it in the one that plays the robot's action (or finds the game moved
 * on), so a job is never lost and never played twice: a daemon killed
 * while its robot thinks finds the job again and thinks again.  The
 * oldest job is found by the index on (since, game).
 */

enum {
	SR_SET,
	SR_DEL,
	SR_NEXT,
	SR_GET,
	SR_COUNT,
	SR_NSTMTS
};

const char *const store_robot_sql[SR_NSTMTS] = {
	"INSERT INTO robot_jobs (game, turn, since) VALUES (?1, ?2, ?3) "
	    "ON CONFLICT (game) DO UPDATE SET turn = ?2, since = CASE WHEN "
	    "robot_jobs.turn = ?2 THEN robot_jobs.since ELSE ?3 END",
	"DELETE FROM robot_jobs WHERE game = ?1",
	"SELECT game, turn FROM robot_jobs WHERE game > ?1 ORDER BY since, "
	    "game LIMIT 1",
	"SELECT turn FROM robot_jobs WHERE game = ?1",
	"SELECT count(*) FROM robot_jobs"
};

_Static_assert(SR_NSTMTS == STORE_ROBOT_NSTMTS, "store-private.h");

static struct db_stmt *
store_robot_stmt(struct store *s, int i, char **cause)
{
	return (store_prepare(s, &s->robot_stmt[i], store_robot_sql[i], cause));
}

/* Game's seat to move is a robot's, at turn (the turns played). */
int
store_robot_job_set(struct store *s, long long game, int turn, long long now,
    char **cause)
{
	struct db_stmt	*st;

	if ((st = store_robot_stmt(s, SR_SET, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	db_bind_int(st, 2, turn);
	db_bind_int64(st, 3, now);
	return (store_run(s, st, store_robot_sql[SR_SET], cause));
}

int
store_robot_job_del(struct store *s, long long game, char **cause)
{
	struct db_stmt	*st;

	if ((st = store_robot_stmt(s, SR_DEL, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	return (store_run(s, st, store_robot_sql[SR_DEL], cause));
}

/*
 * The oldest job of a game after after (0 for any): 1 with *game and
 * *turn, 0 if none, -1 on failure.
 */
int
store_robot_job_next(struct store *s, long long after, long long *game,
    int *turn, char **cause)
{
	struct db_stmt	*st;
	int		 rc;

	if ((st = store_robot_stmt(s, SR_NEXT, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, after);
	if ((rc = db_step(st)) == DB_ROW) {
		*game = db_column_int64(st, 0);
		*turn = db_column_int(st, 1);
	}
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_fail(s, cause, store_robot_sql[SR_NEXT]));
	return (rc == DB_ROW);
}

/* Game's job: 1 with *turn, 0 if none, -1 on failure. */
int
store_robot_job_get(struct store *s, long long game, int *turn, char **cause)
{
	struct db_stmt	*st;
	int		 rc;

	if ((st = store_robot_stmt(s, SR_GET, cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	if ((rc = db_step(st)) == DB_ROW)
		*turn = db_column_int(st, 0);
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_fail(s, cause, store_robot_sql[SR_GET]));
	return (rc == DB_ROW);
}

/* How many jobs wait, or -1. */
long long
store_robot_job_count(struct store *s, char **cause)
{
	struct db_stmt	*st;
	long long	 n = -1;

	if ((st = store_robot_stmt(s, SR_COUNT, cause)) == NULL)
		return (-1);
	if (db_step(st) == DB_ROW)
		n = db_column_int64(st, 0);
	db_reset(st);
	if (n == -1)
		store_fail(s, cause, store_robot_sql[SR_COUNT]);
	return (n);
}
