#include "config.h"

#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "rating.h"

/*
 * A rating's kind, from a game's variant and its number of players:
 * Mu velox, Mu levis and Mur are one kind each, whatever the players;
 * classic Mu is one kind per number of players, classic2 to classic6,
 * as a game of six is not the game of two.  The kinds are a fixed
 * table, in the order tables list them.
 */

static const struct {
	const char	*kind;
	const char	*variant;
	int		 players;	/* 0: any */
	const char	*title;
} rating_kinds[] = {
	{ "velox", "velox", 0, "Mu velox" },
	{ "levis", "levis", 0, "Mu levis" },
	{ "classic2", "classic", 2, "Mu, 2 players" },
	{ "classic3", "classic", 3, "Mu, 3 players" },
	{ "classic4", "classic", 4, "Mu, 4 players" },
	{ "classic5", "classic", 5, "Mu, 5 players" },
	{ "classic6", "classic", 6, "Mu, 6 players" },
	{ "mur", "mur", 0, "Mur" }
};

#define RATING_NKINDS	(sizeof rating_kinds / sizeof rating_kinds[0])

static int	rating_kind_index(const char *);

/* The kind of a game of variant with players, or NULL if none. */
const char *
rating_kind(const char *variant, int players)
{
	size_t	i;

	if (variant == NULL)
		return (NULL);
	for (i = 0; i < RATING_NKINDS; i++) {
		if (strcasecmp(rating_kinds[i].variant, variant) == 0 &&
		    (rating_kinds[i].players == 0 ||
		    rating_kinds[i].players == players))
			return (rating_kinds[i].kind);
	}
	return (NULL);
}

/* The index of the kind called name (in any case), or -1. */
static int
rating_kind_index(const char *name)
{
	size_t	i;

	for (i = 0; i < RATING_NKINDS; i++) {
		if (strcasecmp(rating_kinds[i].kind, name) == 0)
			return ((int)i);
	}
	return (-1);
}

/* The kind called name (in any case), as the table spells it; or NULL. */
const char *
rating_kind_find(const char *name)
{
	return (rating_kind_at(rating_kind_index(name)));
}

/* The i-th kind, from 0, or NULL past the last. */
const char *
rating_kind_at(int i)
{
	if (i < 0 || (size_t)i >= RATING_NKINDS)
		return (NULL);
	return (rating_kinds[i].kind);
}

/* The games kind rates, in words ("Mu, 3 players"), or NULL. */
const char *
rating_kind_title(const char *kind)
{
	int	i = rating_kind_index(kind);

	return (i == -1 ? NULL : rating_kinds[i].title);
}
