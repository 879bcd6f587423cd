#include "config.h"

#include <stdlib.h>

#include "db.h"

#include "store.h"
#include "store-private.h"
#include "xmalloc.h"

/*
 * The games the web archive has yet to write again (schema 10, the
 * table touched): triggers on games and seats put a game there, with a
 * number that grows with every change, whenever any program changes
 * it.  The daemon takes some (store_touched_some), writes their pages,
 * and then lets go of each at the change it took (store_touched_done):
 * a game that changed again meanwhile has a newer number and stays.
 * A crash before the letting go writes the pages again; nothing is
 * missed.
 */

enum {
	ST_SOME,
	ST_DONE,
	ST_NSTMTS
};

const char *const store_touched_sql[ST_NSTMTS] = {
	"SELECT game, change FROM touched ORDER BY change LIMIT ?1",
	"DELETE FROM touched WHERE game = ?1 AND change = ?2"
};

_Static_assert(ST_NSTMTS == STORE_TOUCHED_NSTMTS, "store-private.h");

/*
 * Up to max of the games due, oldest change first, into *out (the
 * caller's, to free()): how many, or -1.
 */
int
store_touched_some(struct store *s, size_t max, struct store_touched **out,
    char **cause)
{
	struct db_stmt	*st;
	size_t		 n = 0;
	int		 rc;

	*out = NULL;
	if ((st = store_prepare(s, &s->touched_stmt[ST_SOME],
	    store_touched_sql[ST_SOME], cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, (long long)max);
	*out = xcalloc(max > 0 ? max : 1, sizeof **out);
	while (n < max && (rc = db_step(st)) == DB_ROW) {
		(*out)[n].game = db_column_int64(st, 0);
		(*out)[n].change = db_column_int64(st, 1);
		n++;
	}
	if (store_found(s, st, n < max ? rc : DB_DONE,
	    store_touched_sql[ST_SOME], cause) == -1) {
		free(*out);
		*out = NULL;
		return (-1);
	}
	return ((int)n);
}

/* Let go of the n games of v, each unless it changed since. */
int
store_touched_done(struct store *s, const struct store_touched *v, size_t n,
    char **cause)
{
	struct db_stmt	*st;
	size_t		 i;

	if ((st = store_prepare(s, &s->touched_stmt[ST_DONE],
	    store_touched_sql[ST_DONE], cause)) == NULL)
		return (-1);
	if (store_begin(s, cause) == -1)
		return (-1);
	for (i = 0; i < n; i++) {
		db_bind_int64(st, 1, v[i].game);
		db_bind_int64(st, 2, v[i].change);
		if (store_run(s, st, store_touched_sql[ST_DONE], cause) == -1) {
			store_rollback(s);
			return (-1);
		}
	}
	if (store_commit(s, cause) == -1) {
		store_rollback(s);
		return (-1);
	}
	return (0);
}
