#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mur-diagram.h"
#include "mur-eval.h"
#include "mur-game.h"
#include "mur-legal.h"
#include "mur-notation.h"
#include "mur-ops.h"
#include "mur-picture.h"
#include "mur-position.h"
#include "text.h"
#include "mur-report.h"
#include "rng.h"
#include "xmalloc.h"

/*
 * Glue between the game interface and the Mur engine.  One game of the
 * interface is a whole match (MUR_GAMES_DEFAULT games unless the
 * options say otherwise); seat 0 is Black and seat 1 White, and the
 * interface's to_move is -1 only once the match is over.
 */

static int	mur_ops_create(struct game *, const struct game_options *,
		    char **);
static void	mur_ops_destroy(struct game *);
static void	*mur_ops_copy(const struct game *);
static void	mur_ops_options(const struct game *, struct game_options *);
static int	mur_ops_parse(const struct game *, const char *, size_t,
		    struct action *, char **);
static int	mur_ops_apply(struct game *, int, const struct action *,
		    struct buf *, char **);
static void	mur_ops_format(const struct game *, const struct action *,
		    struct buf *);
static int	mur_ops_legal(const struct game *, struct action **);
static void	mur_ops_random(const struct game *, uint64_t,
		    struct action *);
static int	mur_ops_to_move(const struct game *);
static int	mur_ops_players(const struct game *);
static const char *mur_ops_seat_name(const struct game *, int);
static int	mur_ops_seat_parse(const struct game *, const char *, size_t);
static void	mur_ops_render(const struct game *, struct buf *);
static int	mur_ops_render_form(const struct game *, const char *,
		    struct buf *, char **);
static void	mur_ops_score(const struct game *, struct buf *);
static void	mur_ops_write_position(const struct game *, struct buf *);
static int	mur_ops_read_position(struct game *, const char *, char **);
static void	mur_ops_ranks(const struct game *, int *);
static void	mur_ops_evaluate(const struct game *, double *);
static int	mur_ops_picture(const struct game *, int,
		    const struct action *, struct scene *, char **);

const struct game_ops mur_ops = {
	"mur", "Mur", sizeof (struct mur_action),
	mur_ops_create, mur_ops_destroy, mur_ops_copy, mur_ops_options,
	mur_ops_parse, mur_ops_apply, mur_ops_format, mur_ops_legal,
	mur_ops_random, mur_ops_to_move, mur_ops_players, mur_ops_seat_name,
	mur_ops_seat_parse, mur_ops_render, mur_ops_render_form,
	mur_ops_score, mur_ops_write_position, mur_ops_read_position,
	mur_notation_looks_like, mur_ops_ranks, mur_ops_evaluate, NULL,
	mur_ops_picture, NULL, NULL	/* no hash: a quiet game is drawn */
};

static int
mur_ops_create(struct game *g, const struct game_options *opts,
    char **cause)
{
	struct mur_game	*mg;

	if (opts->players != 0 && opts->players != 2) {
		xasprintf(cause, "Mur is a game for two players, not %d",
		    opts->players);
		return (-1);
	}
	if (opts->segments != 0) {
		xasprintf(cause, "Mur has no segments: its board is fixed");
		return (-1);
	}
	mg = xmalloc(sizeof *mg);
	if (mur_game_init(mg, opts->games, cause) == -1) {
		free(mg);
		return (-1);
	}
	g->state = mg;
	return (0);
}

static void
mur_ops_destroy(struct game *g)
{
	free(g->state);
	g->state = NULL;
}

static void *
mur_ops_copy(const struct game *g)
{
	struct mur_game	*c;

	c = xmalloc(sizeof *c);
	memcpy(c, g->state, sizeof *c);
	return (c);
}

static void
mur_ops_options(const struct game *g, struct game_options *opts)
{
	const struct mur_game	*mg = g->state;

	memset(opts, 0, sizeof *opts);
	opts->players = 2;
	opts->games = mg->games;
}

static int
mur_ops_parse(const struct game *g, const char *s, size_t len,
    struct action *a, char **cause)
{
	return (mur_notation_parse(g->state, s, len, (struct mur_action *)a,
	    cause));
}

/* Apply a; a refusal names the action in canonical form. */
static int
mur_ops_apply(struct game *g, int seat, const struct action *a,
    struct buf *report, char **cause)
{
	const struct mur_action	*ma = (const struct mur_action *)a;
	struct buf		 text;
	char			*why;

	buf_init(&text);
	if (mur_game_apply(g->state, seat, ma, &text, &why) == 0) {
		if (report != NULL)
			text_wrap(report, text.data, TEXT_WRAP, TEXT_WIDTH);
		buf_free(&text);
		return (0);
	}
	buf_reset(&text);
	mur_notation_format(g->state, ma, &text);
	xasprintf(cause, "%s: %s", text.data, why);
	buf_free(&text);
	free(why);
	return (-1);
}

static void
mur_ops_format(const struct game *g, const struct action *a,
    struct buf *out)
{
	mur_notation_format(g->state, (const struct mur_action *)a, out);
}

static int
mur_ops_legal(const struct game *g, struct action **out)
{
	struct mur_action	*list;
	int			 n;

	list = xreallocarray(NULL, MUR_LEGAL_MAX, sizeof *list);
	n = mur_legal_list(g->state, list);
	*out = (struct action *)list;
	return (n);
}

/* A random legal action drawn from seed; resign if there is none. */
static void
mur_ops_random(const struct game *g, uint64_t seed, struct action *a)
{
	struct mur_action	*ma = (struct mur_action *)a;
	struct rng		 rng;

	memset(ma, 0, sizeof *ma);
	rng_init(&rng, seed);
	if (mur_legal_random(g->state, &rng, ma, NULL) == -1)
		ma->type = MUR_RESIGN;
}

static int
mur_ops_to_move(const struct game *g)
{
	const struct mur_game	*mg = g->state;

	return (mg->over ? -1 : mg->to_move);
}

static int
mur_ops_players(const struct game *g)
{
	return (2);
}

static const char *
mur_ops_seat_name(const struct game *g, int seat)
{
	return (mur_game_side(seat));
}

static int
mur_ops_seat_parse(const struct game *g, const char *s, size_t len)
{
	if (len == 5 && strncasecmp(s, "black", 5) == 0)
		return (MUR_BLACK);
	if (len == 5 && strncasecmp(s, "white", 5) == 0)
		return (MUR_WHITE);
	return (-1);
}

static void
mur_ops_render(const struct game *g, struct buf *out)
{
	mur_diagram_render(g->state, out);
}

/* Mur has one form, which fits any mail: auto and full name it. */
static int
mur_ops_render_form(const struct game *g, const char *form, struct buf *out,
    char **cause)
{
	if (strcmp(form, "auto") != 0 && strcmp(form, "full") != 0) {
		xasprintf(cause, "no board form '%s': Mur draws auto or full",
		    form);
		return (-1);
	}
	mur_diagram_render(g->state, out);
	return (0);
}

/* The score so far, or the match's result once it is over. */
static void
mur_ops_score(const struct game *g, struct buf *out)
{
	const struct mur_game	*mg = g->state;
	struct buf		 text;

	buf_init(&text);
	if (mg->over)
		mur_report_match(mg, &text);
	else {
		buf_addf(&text, "Score so far: game %d of %d; traps this game "
		    "Black %d, White %d. Games: ", mg->game, mg->games,
		    mg->traps[0], mg->traps[1]);
		mur_report_score(mg, &text);
	}
	text_wrap(out, text.data, TEXT_WRAP, TEXT_WIDTH);
	buf_free(&text);
}

/* The ranks: the match's winner first, both first for a drawn match. */
static void
mur_ops_ranks(const struct game *g, int *ranks)
{
	int	winner = mur_game_match_winner(g->state);

	ranks[MUR_BLACK] = winner == MUR_WHITE ? 2 : 1;
	ranks[MUR_WHITE] = winner == MUR_BLACK ? 2 : 1;
}

static void
mur_ops_write_position(const struct game *g, struct buf *out)
{
	mur_position_write(g->state, out);
}

static int
mur_ops_read_position(struct game *g, const char *text, char **cause)
{
	struct mur_game	*mg;

	mg = xmalloc(sizeof *mg);
	if (mur_position_read(mg, text, cause) == -1) {
		free(mg);
		return (-1);
	}
	g->state = mg;
	return (0);
}

/* The robots' values (mur-eval.c); a finished match's from its ranks. */
static void
mur_ops_evaluate(const struct game *g, double *values)
{
	const struct mur_game	*mg = g->state;
	int			 ranks[2];

	if (mg->over) {
		mur_ops_ranks(g, ranks);
		game_rank_values(2, ranks, values);
		return;
	}
	mur_eval_values(mg, values);
	game_unfinished_values(2, values);
}

static int
mur_ops_picture(const struct game *g, int side, const struct action *a,
    struct scene *s, char **cause)
{
	return (mur_picture_build(g->state, side, (const struct mur_action *)a,
	    s, cause));
}
