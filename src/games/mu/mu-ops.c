#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "mu-candidate.h"
#include "mu-diagram.h"
#include "mu-eval.h"
#include "mu-notation.h"
#include "mu-ops.h"
#include "mu-picture.h"
#include "mu-position.h"
#include "mu-random.h"
#include "rng.h"
#include "mu-score.h"
#include "text.h"
#include "xmalloc.h"

/*
 * Glue between the game interface and the Mu engine.  The three
 * variants share every function; only the variant chosen at creation
 * differs, and a game read from a position takes its variant from the
 * position's 'game' line.
 */

static int	mu_ops_create(struct game *, const struct game_options *,
		    enum mu_variant_id, char **);
static int	mu_ops_create_classic(struct game *,
		    const struct game_options *, char **);
static int	mu_ops_create_levis(struct game *,
		    const struct game_options *, char **);
static int	mu_ops_create_velox(struct game *,
		    const struct game_options *, char **);
static void	mu_ops_destroy(struct game *);
static void	*mu_ops_copy(const struct game *);
static void	mu_ops_options(const struct game *, struct game_options *);
static int	mu_ops_parse(const struct game *, const char *, size_t,
		    struct action *, char **);
static int	mu_ops_apply(struct game *, int, const struct action *,
		    struct buf *, char **);
static void	mu_ops_format(const struct game *, const struct action *,
		    struct buf *);
static int	mu_ops_legal(const struct game *, struct action **);
static int	mu_ops_choices(const struct game *, int);
static void	mu_ops_random(const struct game *, uint64_t, struct action *);
static int	mu_ops_to_move(const struct game *);
static int	mu_ops_players(const struct game *);
static const char *mu_ops_seat_name(const struct game *, int);
static int	mu_ops_seat_parse(const struct game *, const char *, size_t);
static void	mu_ops_render(const struct game *, struct buf *);
static int	mu_ops_render_form(const struct game *, const char *,
		    struct buf *, char **);
static void	mu_ops_score(const struct game *, struct buf *);
static void	mu_ops_write_position(const struct game *, struct buf *);
static int	mu_ops_read_position(struct game *, const char *, char **);
static void	mu_ops_ranks(const struct game *, int *);
static void	mu_ops_evaluate(const struct game *, double *);
static int	mu_ops_extend(const struct game *, const struct action *,
		    struct action **);
static int	mu_ops_picture(const struct game *, int,
		    const struct action *, struct scene *, char **);
static uint64_t	mu_ops_hash(const struct game *);

#define MU_OPS(id, create, title) {				\
	id, title, sizeof (struct mu_action),			\
	create, mu_ops_destroy, mu_ops_copy,			\
	mu_ops_options, mu_ops_parse, mu_ops_apply,		\
	mu_ops_format, mu_ops_legal, mu_ops_random,		\
	mu_ops_to_move,						\
	mu_ops_players, mu_ops_seat_name, mu_ops_seat_parse,	\
	mu_ops_render, mu_ops_render_form, mu_ops_score,		\
	mu_ops_write_position, mu_ops_read_position,		\
	mu_notation_looks_like, mu_ops_ranks,			\
	mu_ops_evaluate, mu_ops_extend, mu_ops_picture,		\
	mu_ops_choices, mu_ops_hash				\
}

const struct game_ops mu_ops_classic =
    MU_OPS("classic", mu_ops_create_classic, "Mu");
const struct game_ops mu_ops_levis =
    MU_OPS("levis", mu_ops_create_levis, "Mu levis");
const struct game_ops mu_ops_velox =
    MU_OPS("velox", mu_ops_create_velox, "Mu velox");

static int
mu_ops_create(struct game *g, const struct game_options *opts,
    enum mu_variant_id id, char **cause)
{
	const struct mu_variant	*v = mu_variant_get(id);
	struct mu_game		*mg;
	int			 players, segments;

	if (opts->games != 0) {
		xasprintf(cause, "%s is played one game at a time: only Mur "
		    "has matches", v->name);
		return (-1);
	}
	players = opts->players != 0 ? opts->players : v->default_players;
	segments = opts->segments != 0 ? opts->segments :
	    v->default_segments;
	mg = xmalloc(sizeof *mg);
	if (mu_game_init(mg, v, players, segments, cause) == -1) {
		free(mg);
		return (-1);
	}
	g->state = mg;
	return (0);
}

static int
mu_ops_create_classic(struct game *g, const struct game_options *opts,
    char **cause)
{
	return (mu_ops_create(g, opts, MU_CLASSIC, cause));
}

static int
mu_ops_create_levis(struct game *g, const struct game_options *opts,
    char **cause)
{
	return (mu_ops_create(g, opts, MU_LEVIS, cause));
}

static int
mu_ops_create_velox(struct game *g, const struct game_options *opts,
    char **cause)
{
	return (mu_ops_create(g, opts, MU_VELOX, cause));
}

static void
mu_ops_destroy(struct game *g)
{
	free(g->state);
	g->state = NULL;
}

static void *
mu_ops_copy(const struct game *g)
{
	struct mu_game	*c;

	c = xmalloc(sizeof *c);
	mu_game_copy(c, g->state);
	return (c);
}

static void
mu_ops_options(const struct game *g, struct game_options *opts)
{
	const struct mu_game	*mg = g->state;

	memset(opts, 0, sizeof *opts);
	opts->players = mg->players;
	opts->segments = mg->segments;
}

static int
mu_ops_parse(const struct game *g, const char *s, size_t len,
    struct action *a, char **cause)
{
	return (mu_notation_parse(g->state, s, len, (struct mu_action *)a,
	    cause));
}

static int
mu_ops_apply(struct game *g, int seat, const struct action *a,
    struct buf *report, char **cause)
{
	struct mu_report	r;
	struct buf		text;
	int			rc;

	mu_report_init(&r);
	rc = mu_game_apply(g->state, seat, (const struct mu_action *)a, &r,
	    cause);
	if (rc == 0 && report != NULL) {
		buf_init(&text);
		mu_report_text(g->state, &r, &text);
		text_wrap(report, text.data, TEXT_WRAP, TEXT_WIDTH);
		buf_free(&text);
	}
	mu_report_free(&r);
	return (rc);
}

static void
mu_ops_format(const struct game *g, const struct action *a,
    struct buf *out)
{
	mu_notation_format((const struct mu_action *)a, out);
}

static int
mu_ops_legal(const struct game *g, struct action **out)
{
	struct mu_action	*list;
	int			 n;

	n = mu_game_legal(g->state, &list);
	*out = (struct action *)list;
	return (n);
}

static int
mu_ops_choices(const struct game *g, int max)
{
	return (mu_game_choices(g->state, max));
}

/* A random legal action (mu-random.c), drawn from seed; g is kept. */
static void
mu_ops_random(const struct game *g, uint64_t seed, struct action *a)
{
	struct mu_game		 copy;
	struct mu_random_stats	 stats;
	struct mu_action	*ma = (struct mu_action *)a;
	struct rng		 rng;

	mu_game_copy(&copy, g->state);
	memset(&stats, 0, sizeof stats);
	rng_init(&rng, seed);
	if (mu_random_action(&copy, &rng, ma, NULL, &stats) == -1)
		memset(ma, 0, sizeof *ma);
}

static int
mu_ops_to_move(const struct game *g)
{
	const struct mu_game	*mg = g->state;

	return (mg->phase == MU_PHASE_OVER ? -1 : mg->to_move);
}

static int
mu_ops_players(const struct game *g)
{
	const struct mu_game	*mg = g->state;

	return (mg->players);
}

static const char *
mu_ops_seat_name(const struct game *g, int seat)
{
	return (mu_game_colour(seat));
}

static int
mu_ops_seat_parse(const struct game *g, const char *s, size_t len)
{
	const struct mu_game	*mg = g->state;
	int			 seat;

	if (len < 2 || (seat = mu_game_colour_parse(s, len)) >= mg->players)
		return (-1);
	return (seat);
}

static void
mu_ops_render(const struct game *g, struct buf *out)
{
	mu_diagram_render(g->state, out);
}

/* Draw g in the form called form: auto, full, compact or list. */
static int
mu_ops_render_form(const struct game *g, const char *form, struct buf *out,
    char **cause)
{
	int	f;

	if ((f = mu_diagram_form_parse(form)) == -1) {
		xasprintf(cause, "no board form '%s': Mu draws auto, full, "
		    "compact or list", form);
		return (-1);
	}
	mu_diagram_render_form(g->state, f, out);
	return (0);
}

/*
 * The score: in the movement phase as it would stand if the game ended
 * now, the final one with its regions once it is over, nothing before
 * the men move.
 */
static void
mu_ops_score(const struct game *g, struct buf *out)
{
	const struct mu_game	*mg = g->state;
	struct mu_score		 score;
	struct buf		 text;
	int			 seat;

	if (mg->phase != MU_PHASE_MOVEMENT && mg->phase != MU_PHASE_OVER)
		return;
	mu_score_count(mg, &score);
	if (mg->phase == MU_PHASE_OVER) {
		mu_report_score_text(mg, &score, out);
		mu_report_regions_text(mg, out);
		return;
	}
	buf_init(&text);
	buf_adds(&text, "Score so far:");
	for (seat = 0; seat < mg->players; seat++) {
		buf_addf(&text, " %s %d%s,", mu_game_colour(seat),
		    score.points[seat], (mg->resigned & (1U << seat)) ?
		    " (resigned)" : "");
	}
	buf_addf(&text, " neutral %d.\n", score.neutral);
	text_wrap(out, text.data, TEXT_WRAP, TEXT_WIDTH);
	buf_free(&text);
}

/*
 * The ranks (MU-RULINGS, "End and score" and "Play by email"): by
 * points, highest first, equal points sharing a rank; a player who
 * resigned from a game of three or more ranks after the others, all
 * who resigned sharing the last rank; in a two-player game the one who
 * resigned loses whatever the score.
 */
static void
mu_ops_ranks(const struct game *g, int *ranks)
{
	const struct mu_game	*mg = g->state;
	struct mu_score		 score;
	unsigned		 all = (1U << mg->players) - 1, ranked;
	int			 seat, other, nranked;

	mu_score_count(mg, &score);
	if (score.resigned) {
		for (seat = 0; seat < mg->players; seat++)
			ranks[seat] = seat == score.winner ? 1 : 2;
		return;
	}
	ranked = all & ~mg->resigned;
	if (ranked == 0)
		ranked = all;
	nranked = __builtin_popcount(ranked);
	for (seat = 0; seat < mg->players; seat++) {
		if ((ranked & (1U << seat)) == 0) {
			ranks[seat] = nranked + 1;
			continue;
		}
		ranks[seat] = 1;
		for (other = 0; other < mg->players; other++) {
			if ((ranked & (1U << other)) != 0 &&
			    score.points[other] > score.points[seat])
				ranks[seat]++;
		}
	}
}

static void
mu_ops_write_position(const struct game *g, struct buf *out)
{
	mu_position_write(g->state, out);
}

static int
mu_ops_read_position(struct game *g, const char *text, char **cause)
{
	struct mu_game	*mg;

	mg = xmalloc(sizeof *mg);
	if (mu_position_read(mg, text, cause) == -1) {
		free(mg);
		return (-1);
	}
	g->state = mg;
	return (0);
}

/* The robots' values (mu-eval.c); a finished game's from its ranks. */
static void
mu_ops_evaluate(const struct game *g, double *values)
{
	const struct mu_game	*mg = g->state;
	int			 ranks[MU_MAX_PLAYERS];

	if (mg->phase == MU_PHASE_OVER) {
		mu_ops_ranks(g, ranks);
		game_rank_values(mg->players, ranks, values);
		return;
	}
	mu_eval_values(mg, values);
	game_unfinished_values(mg->players, values);
}

static int
mu_ops_extend(const struct game *g, const struct action *a,
    struct action **out)
{
	struct mu_action	*list;
	int			 n;

	n = mu_candidate_list(g->state, (const struct mu_action *)a, &list);
	*out = (struct action *)list;
	return (n);
}

static int
mu_ops_picture(const struct game *g, int seat, const struct action *a,
    struct scene *s, char **cause)
{
	return (mu_picture_build(g->state, seat, (const struct mu_action *)a,
	    s, cause));
}

static uint64_t
mu_ops_hash(const struct game *g)
{
	return (mu_game_hash(g->state));
}
