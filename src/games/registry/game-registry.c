#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game-registry.h"
#include "game.h"
#include "mu-ops.h"
#include "mur-ops.h"
#include "text.h"
#include "xmalloc.h"

/*
 * The game registry: a NULL-terminated table of game_ops, found by
 * name, and what walks it.  It is the one file that names the games,
 * and it sits above them (src/games/registry/): the generic interface
 * in src/games/ includes no game, the games include the interface, and
 * whatever must find a game by its name (a position's game line, a
 * record's header, a player's word) comes here.  A third game adds a
 * folder under src/games/ and one line to game_table.
 */

const struct game_ops *game_table[] = {
	&mu_ops_classic,
	&mu_ops_levis,
	&mu_ops_velox,
	&mur_ops,
	NULL
};

/* The game called name (case-insensitive), or NULL. */
const struct game_ops *
game_find(const char *name)
{
	int	i;

	for (i = 0; game_table[i] != NULL; i++) {
		if (strcasecmp(game_table[i]->name, name) == 0)
			return (game_table[i]);
	}
	return (NULL);
}

/*
 * The game called name, or NULL with the cause: "no game is called 'x'
 * (the games are classic, levis, velox and mur)".
 */
const struct game_ops *
game_lookup(const char *name, char **cause)
{
	const struct game_ops	*ops;
	struct buf		 names;

	if ((ops = game_find(name)) != NULL)
		return (ops);
	buf_init(&names);
	game_names(&names);
	xasprintf(cause, "no game is called '%s' (the games are %s)", name,
	    names.data);
	buf_free(&names);
	return (NULL);
}

/* List the game names, "classic, levis, velox and mur". */
void
game_names(struct buf *out)
{
	size_t	i, n;

	for (n = 0; game_table[n] != NULL; n++)
		;
	for (i = 0; i < n; i++) {
		buf_adds(out, text_list_sep(i, n));
		buf_adds(out, game_table[i]->name);
	}
}

/*
 * How much the word s looks like the notation of ops, or of any game
 * when ops is NULL: 0, 1 or 2 (struct game_ops, looks_like).
 */
int
game_looks_like(const struct game_ops *ops, const char *s, size_t len)
{
	int	i, best = 0, n;

	if (ops != NULL)
		return (ops->looks_like != NULL ? ops->looks_like(s, len) : 0);
	for (i = 0; game_table[i] != NULL; i++) {
		if ((n = game_looks_like(game_table[i], s, len)) > best)
			best = n;
	}
	return (best);
}

/* Make a game from position text; its second line names the game. */
struct game *
game_read_position(const char *text, char **cause)
{
	const struct game_ops	*ops;
	const char		*line, *nl;
	struct game		*g;
	char			*name;

	/* Version 2 is written; version 1, the older words, still reads. */
	if (strncmp(text, "mupbem position ", 16) == 0 &&
	    (text[16] == '1' || text[16] == '2') && text[17] == '\r') {
		xasprintf(cause, "the position has DOS line ends (CR LF); "
		    "positions use plain newlines");
		return (NULL);
	}
	line = strchr(text, '\n');
	if (strncmp(text, "mupbem position ", 16) != 0 ||
	    (text[16] != '1' && text[16] != '2') || text[17] != '\n' ||
	    line == NULL || strncmp(line + 1, "game ", 5) != 0 ||
	    (nl = strchr(line + 6, '\n')) == NULL) {
		xasprintf(cause, "not a mupbem position: it must start with "
		    "'mupbem position 2' and a 'game' line");
		return (NULL);
	}
	name = xstrndup(line + 6, (size_t)(nl - line - 6));
	ops = game_find(name);
	if (ops == NULL) {
		xasprintf(cause, "position line 2: no game is called '%s'",
		    name);
		free(name);
		return (NULL);
	}
	free(name);
	g = xcalloc(1, sizeof *g);
	g->ops = ops;
	if (ops->read_position(g, text, cause) == -1) {
		game_free(g);
		return (NULL);
	}
	return (g);
}
