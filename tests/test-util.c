#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include "test-util.h"
#include "xmalloc.h"

/*
 * Test data lives in TEST_DATA (tests/data in the source tree).  Games
 * are made through the game interface, as the tool and service make
 * them, from actions separated by ';'.
 */

/* Read tests/data/name into a string; fails the test if missing. */
char *
test_util_read(const char *name)
{
	char	*path, *text;
	FILE	*f;
	long	 len;

	xasprintf(&path, "%s/%s", TEST_DATA, name);
	f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	fseek(f, 0, SEEK_SET);
	text = xmalloc((size_t)len + 1);
	ck_assert_int_eq(fread(text, 1, (size_t)len, f), (size_t)len);
	text[len] = '\0';
	fclose(f);
	free(path);
	return (text);
}

/* A new game of variant, with actions ("a; b; c") played; must work. */
struct game *
test_util_game(const char *variant, int players, int segments,
    const char *actions)
{
	struct game_options	 opts = { players, segments };
	struct game		*g;
	const char		*p, *semi;
	char			*cause = NULL;

	g = game_create(game_find(variant), &opts, &cause);
	ck_assert_msg(g != NULL, "create %s: %s", variant, cause);
	for (p = actions; p != NULL && *p != '\0'; p = semi + 1) {
		semi = strchr(p, ';');
		if (semi == NULL)
			semi = p + strlen(p);
		ck_assert_msg(game_play(g, p, (size_t)(semi - p), NULL,
		    &cause) == 0, "%.*s: %s", (int)(semi - p), p, cause);
		if (*semi == '\0')
			break;
	}
	return (g);
}

struct mu_game *
test_util_mu(struct game *g)
{
	return (g->state);
}

/*
 * Play random legal actions (seeded) until the layout and selection
 * are over; returns how many were played.
 */
int
test_util_layout(struct game *g, unsigned seed)
{
	struct mu_game	*mg = g->state;
	struct action	*list;
	struct rng	 rng;
	char		*cause = NULL;
	int		 n, played = 0;

	rng_init(&rng, seed);
	while (mg->phase == MU_PHASE_LAYOUT ||
	    mg->phase == MU_PHASE_SELECTION) {
		n = g->ops->legal(g, &list);
		ck_assert_int_gt(n, 0);
		ck_assert_int_eq(g->ops->apply(g,
		    &list[rng_below(&rng, (uint32_t)n)], &cause), 0);
		free(list);
		mg = g->state;
		played++;
	}
	return (played);
}

/* Run suite s; the exit status for main(). */
int
test_util_run(Suite *s)
{
	SRunner	*sr;
	int	 failed;

	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return (failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE);
}
