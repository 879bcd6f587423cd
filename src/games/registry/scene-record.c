#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "record.h"
#include "scene-record.h"
#include "scene.h"
#include "xmalloc.h"

/*
 * A record's picture marks its last action: the record is replayed up
 * to the action before it, and the game's picture operation plays that
 * action on the position so reached and marks what it did (docs/
 * pictures.md).  A position alone has no last action to replay, so
 * nothing is marked but what the position itself keeps (Mur's last
 * move).  Everything here works on copies; nothing is written.
 */

static int	scene_record_none(const struct game_ops *, char **);

static int
scene_record_none(const struct game_ops *ops, char **cause)
{
	xasprintf(cause, "%s has no pictures", ops->title);
	return (-1);
}

/* The scene of the position after r's actions, its last one marked. */
int
scene_record_build(const struct record *r, struct scene *s, char **cause)
{
	const struct record_action	*last;
	struct record			 before;
	struct game			*g;
	struct action			*a = NULL;
	int				 seat, rc = -1;

	if (r->ops->picture == NULL)
		return (scene_record_none(r->ops, cause));
	before = *r;
	if (before.nactions != 0)
		before.nactions--;
	if ((g = record_replay(&before, cause)) == NULL)
		return (-1);
	if (r->nactions == 0) {
		rc = g->ops->picture(g, -1, NULL, s, cause);
		goto out;
	}
	last = &r->actions[r->nactions - 1];
	if ((seat = g->ops->seat_parse(g, last->seat,
	    strlen(last->seat))) == -1) {
		xasprintf(cause, "turn %zu: no seat in this game is called "
		    "'%s'", r->nactions, last->seat);
		goto out;
	}
	a = game_action_new(g);
	if (g->ops->parse(g, last->text, strlen(last->text), a, cause) == -1)
		goto out;
	rc = g->ops->picture(g, seat, a, s, cause);

out:
	free(a);
	game_free(g);
	return (rc);
}

/* The scene of g as it stands, nothing replayed. */
int
scene_record_game(const struct game *g, struct scene *s, char **cause)
{
	if (g->ops->picture == NULL)
		return (scene_record_none(g->ops, cause));
	return (g->ops->picture(g, -1, NULL, s, cause));
}
