#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game-registry.h"
#include "mu-explode.h"
#include "mu-name.h"
#include "record.h"
#include "rng.h"
#include "test-util.h"
#include "xmalloc.h"

/*
 * Test data lives in TEST_DATA (tests/data in the source tree).  Games
 * are made through the game interface, as the tool and service make
 * them, from actions separated by ';'.
 */

/*
 * Read tests/data/name into a string, or NULL; usable before any test
 * runs, as it asserts nothing.
 */
char *
test_util_slurp(const char *name)
{
	char	*path, *text;
	FILE	*f;
	long	 len;

	xasprintf(&path, "%s/%s", TEST_DATA, name);
	f = fopen(path, "rb");
	free(path);
	if (f == NULL)
		return (NULL);
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	fseek(f, 0, SEEK_SET);
	text = xmalloc((size_t)len + 1);
	if (len < 0 || fread(text, 1, (size_t)len, f) != (size_t)len) {
		free(text);
		fclose(f);
		return (NULL);
	}
	text[len] = '\0';
	fclose(f);
	return (text);
}

/* Read tests/data/name into a string; fails the test if missing. */
char *
test_util_read(const char *name)
{
	char	*text;

	text = test_util_slurp(name);
	ck_assert_msg(text != NULL, "cannot read %s/%s", TEST_DATA, name);
	return (text);
}

/* The game in tests/data/name: a record replayed, or a position. */
struct game *
test_util_load(const char *name)
{
	struct record	 r;
	struct game	*g;
	char		*text, *cause = NULL;

	text = test_util_read(name);
	if (strncmp(text, "mupbem position", 15) == 0)
		g = game_read_position(text, &cause);
	else {
		ck_assert_int_eq(record_parse(&r, text, &cause), 0);
		g = record_replay(&r, &cause);
		record_free(&r);
	}
	ck_assert_msg(g != NULL, "%s: %s", name, cause);
	free(text);
	return (g);
}

/* A new game of variant, with actions ("a; b; c") played; must work. */
struct game *
test_util_game(const char *variant, int players, int segments,
    const char *actions)
{
	struct game_options	 opts = { players, segments, 0 };
	struct game		*g;
	const char		*p, *semi;
	char			*cause = NULL;

	g = game_create(game_find(variant), &opts, &cause);
	ck_assert_msg(g != NULL, "create %s: %s", variant, cause);
	for (p = actions; p != NULL && *p != '\0'; p = semi + 1) {
		semi = strchr(p, ';');
		if (semi == NULL)
			semi = p + strlen(p);
		ck_assert_msg(game_play(g, g->ops->to_move(g), p,
		    (size_t)(semi - p), NULL, NULL, &cause) == 0, "%.*s: %s",
		    (int)(semi - p), p, cause);
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
		ck_assert_int_eq(g->ops->apply(g, g->ops->to_move(g),
		    game_action_at(g, list, (int)rng_below(&rng, (uint32_t)n)),
		    NULL, &cause), 0);
		free(list);
		mg = g->state;
		played++;
	}
	return (played);
}

/*
 * Take the next step of a walk through every phase of g: the middle
 * legal action while fewer than 60 turns are played, then the last
 * (a pass, once moving) until the game ends.  report, if not NULL,
 * gets what the action did.  Returns 0 once the game is over.
 */
int
test_util_walk(struct game *g, struct buf *report)
{
	struct action	*list;
	char		*cause = NULL;
	int		 n;

	n = g->ops->legal(g, &list);
	if (n == 0) {
		free(list);
		return (0);
	}
	ck_assert_msg(g->ops->apply(g, g->ops->to_move(g), game_action_at(g,
	    list, test_util_mu(g)->turns < 60 ? n / 2 : n - 1), report,
	    &cause) == 0, "%s", cause);
	free(list);
	return (1);
}

/*
 * Set cells of g from spec, words like "A0=Cr3", "B2=V" or "C1=Wb1":
 * a layer letter (V, C or W) and an optional piece, a colour letter
 * and a height.  The word "*=V" first empties every cell to Virginity.
 * Sections are numbered afresh, as a position read would.
 */
void
test_util_set(struct game *g, const char *spec)
{
	struct mu_game	*mg = g->state;
	struct mu_board	*b = &mg->board;
	const char	*p = spec, *eq, *end;
	char		*cause = NULL, *stop;
	int		 c, layer, seat;
	long		 height;

	while (*p != '\0') {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		end = p + strcspn(p, " ");
		eq = memchr(p, '=', (size_t)(end - p));
		ck_assert_msg(eq != NULL && eq + 1 < end, "bad spec word %.*s",
		    (int)(end - p), p);
		if (strncmp(p, "*=V", 3) == 0) {
			for (c = 0; c < mu_board_ncells(b); c++) {
				mu_board_set_layer(b, c, MU_LAYER_VIRGIN);
				mu_board_set_piece(b, c, MU_NONE, 0);
			}
			p = end;
			continue;
		}
		ck_assert_msg(mu_name_cell_parse(b, p, (size_t)(eq - p), &c,
		    &cause) == 0, "%s", cause);
		layer = eq[1] == 'V' ? MU_LAYER_VIRGIN : eq[1] == 'C' ?
		    MU_LAYER_COMMON : MU_LAYER_WALL;
		ck_assert_msg(strchr("VCW", eq[1]) != NULL, "bad layer in "
		    "%.*s", (int)(end - p), p);
		mu_board_set_layer(b, c, (int)layer);
		seat = MU_NONE;
		height = 0;
		if (eq + 2 < end) {
			seat = mu_game_colour_parse(eq + 2, 1);
			height = strtol(eq + 3, &stop, 10);
			ck_assert_msg(seat != -1 && stop == end && height > 0,
			    "bad piece in %.*s", (int)(end - p), p);
		}
		mu_board_set_piece(b, c, seat, (int)height);
		p = end;
	}
	mu_board_sections(b);
}

/* Cell name of g as "Cr3", "W" or "V", in a static buffer. */
const char *
test_util_cell(struct game *g, const char *name)
{
	static char		 out[32];
	struct mu_game		*mg = g->state;
	const struct mu_cell	*cell;
	char			*cause = NULL;
	int			 c;

	ck_assert_msg(mu_name_cell_parse(&mg->board, name, strlen(name), &c,
	    &cause) == 0, "%s", cause);
	cell = &mg->board.cells[c];
	if (cell->colour == MU_NONE)
		snprintf(out, sizeof out, "%c", "VCW"[cell->layer]);
	else {
		snprintf(out, sizeof out, "%c%c%d", "VCW"[cell->layer],
		    mu_game_colour_letter(cell->colour), cell->height);
	}
	return (out);
}

/*
 * Play action for the player to move, which must succeed and leave no
 * cell hot; returns the report text, which the caller frees.
 */
char *
test_util_play(struct game *g, const char *action)
{
	struct mu_board	*b;
	struct buf	 report;
	char		*cause = NULL;
	int		 c;

	buf_init(&report);
	ck_assert_msg(game_play(g, g->ops->to_move(g), action, strlen(action),
	    NULL, &report, &cause) == 0, "%s: %s", action, cause);
	b = &test_util_mu(g)->board;	/* playing replaced the state */
	for (c = 0; c < mu_board_ncells(b); c++)
		ck_assert_msg(!mu_explode_hot(b, c), "%s: cell %d is hot",
		    action, c);
	return (buf_steal(&report));
}

/*
 * Play an action drawn at random with seed for the player to move,
 * which must succeed; its text is added to text, if not NULL.
 */
void
test_util_random(struct game *g, uint64_t seed, struct buf *text)
{
	struct action	*a = game_action_new(g);
	struct buf	 mine;
	char		*cause = NULL;

	g->ops->random(g, seed, a);
	buf_init(&mine);
	g->ops->format(g, a, &mine);
	ck_assert_msg(game_play(g, g->ops->to_move(g), mine.data, mine.len,
	    NULL, NULL, &cause) == 0, "%s: %s", mine.data, cause);
	if (text != NULL)
		buf_add(text, mine.data, mine.len);
	buf_free(&mine);
	free(a);
}

/*
 * Action by seat (-1: the player to move) must be refused with error,
 * leaving the game exactly as it was.
 */
void
test_util_refuse(struct game *g, int seat, const char *action,
    const char *error)
{
	struct mu_game	 before;
	char		*cause = NULL;

	mu_game_copy(&before, g->state);
	ck_assert_int_eq(game_play(g, seat == -1 ? g->ops->to_move(g) : seat,
	    action, strlen(action), NULL, NULL, &cause), -1);
	ck_assert_str_eq(cause, error);
	ck_assert(mu_game_same(&before, g->state));
	free(cause);
}

/* A new empty directory under /tmp, named after what; the caller frees. */
char *
test_util_tmpdir(const char *what)
{
	char	*tmpl;

	xasprintf(&tmpl, "/tmp/mupbem-%s-XXXXXX", what);
	ck_assert_ptr_nonnull(mkdtemp(tmpl));
	return (tmpl);
}

/* Remove directory dir and everything in it. */
void
test_util_rmtree(const char *dir)
{
	char	*cmd;

	xasprintf(&cmd, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
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
