#include "config.h"

#include <stdio.h>
#include <string.h>

#include "service-private.h"

int
service_rating_game(struct service_mail *sm, struct service_game *sg,
    const int *ranks, char **cause)
{
	(void)sm; (void)sg; (void)ranks; (void)cause;
	return (0);
}

/* The kind a game is rated in: velox, levis, mur, classic2..classic6. */
void
service_rating_kind(const char *variant, int players, char *out, size_t size)
{
	if (strcmp(variant, "classic") == 0)
		snprintf(out, size, "classic%d", players);
	else
		snprintf(out, size, "%s", variant);
}

/* Player's rating in kind, or a newcomer's. */
double
service_rating_of(struct service_mail *sm, long long player, const char *kind)
{
	(void)sm; (void)player; (void)kind;
	return (1500);
}
