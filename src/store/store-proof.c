#include "config.h"

#include <stdlib.h>

#include "db.h"

#include "store.h"
#include "store-private.h"
#include "xmalloc.h"

/*
 * Proof of address (schema 11).  A From line proves nothing: anyone may
 * write any address there.  A player is proven (players.proven) once a
 * mail of theirs showed that they receive mupbem's mail at their
 * address, by coming to one of their token addresses or by answering a
 * mail we sent them; players known before schema 11 are proven.  A
 * game made by an unproven player with invitations to others is held
 * (games.held): its invitations wait, unmailed, for the creator's
 * proof, and go out in the transaction of the mail that brings it.
 */

enum {
	SP_GET,
	SP_SET,
	SP_HOLD,
	SP_HELD,
	SP_NSTMTS
};

const char *const store_proof_sql[SP_NSTMTS] = {
	"SELECT proven FROM players WHERE id = ?1",
	"UPDATE players SET proven = 1 WHERE id = ?1",
	"UPDATE games SET held = ?2 WHERE id = ?1",
	"SELECT g.id FROM games g JOIN seats s ON s.game = g.id AND "
	    "s.seat = 0 WHERE g.held = 1 AND g.status = 'inviting' AND "
	    "s.player = ?1 ORDER BY g.id"
};

_Static_assert(SP_NSTMTS == STORE_PROOF_NSTMTS, "store-private.h");

/* Is player proven?  *proven 1 or 0 (0 too for no such player). */
int
store_proof_get(struct store *s, long long player, int *proven,
    char **cause)
{
	struct db_stmt	*st;
	int		 rc;

	*proven = 0;
	if ((st = store_prepare(s, &s->proof_stmt[SP_GET],
	    store_proof_sql[SP_GET], cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, player);
	if ((rc = db_step(st)) == DB_ROW)
		*proven = db_column_int(st, 0) != 0;
	return (store_found(s, st, rc, store_proof_sql[SP_GET], cause) ==
	    -1 ? -1 : 0);
}

/* Player is proven from now on. */
int
store_proof_set(struct store *s, long long player, char **cause)
{
	struct db_stmt	*st;

	if ((st = store_prepare(s, &s->proof_stmt[SP_SET],
	    store_proof_sql[SP_SET], cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, player);
	return (store_run(s, st, store_proof_sql[SP_SET], cause));
}

/* Hold game's invitations (held 1), or no longer (0). */
int
store_proof_hold(struct store *s, long long game, int held, char **cause)
{
	struct db_stmt	*st;

	if ((st = store_prepare(s, &s->proof_stmt[SP_HOLD],
	    store_proof_sql[SP_HOLD], cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	db_bind_int(st, 2, held);
	return (store_run(s, st, store_proof_sql[SP_HOLD], cause));
}

/*
 * The games still inviting that player made and whose invitations are
 * held, oldest first, into *out (the caller's, to free()) and *n.
 */
int
store_proof_held(struct store *s, long long player, long long **out,
    size_t *n, char **cause)
{
	struct db_stmt	*st;
	int		 rc;

	*out = NULL;
	*n = 0;
	if ((st = store_prepare(s, &s->proof_stmt[SP_HELD],
	    store_proof_sql[SP_HELD], cause)) == NULL)
		return (-1);
	db_bind_int64(st, 1, player);
	while ((rc = db_step(st)) == DB_ROW) {
		*out = xreallocarray(*out, *n + 1, sizeof **out);
		(*out)[(*n)++] = db_column_int64(st, 0);
	}
	if (store_found(s, st, rc, store_proof_sql[SP_HELD], cause) == -1) {
		free(*out);
		*out = NULL;
		*n = 0;
		return (-1);
	}
	return (0);
}
