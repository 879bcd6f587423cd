#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game-registry.h"
#include "mu-draw.h"
#include "mu-explode.h"
#include "mu-name.h"
#include "mu-notation.h"
#include "mu-position.h"
#include "mu-random.h"
#include "mu-turn.h"
#include "record.h"
#include "rng.h"
#include "test-util.h"
#include "xmalloc.h"

/*
 * Invariants over seeded random games of every variant (issue 3):
 *
 *   - after every action no cell is hot;
 *   - each colour's men change only by sprouts, captures and removals,
 *     and each of those is in the report;
 *   - every cell that turned from Virginity into Wall touches two
 *     sections, and the report says so; Commonwealth stays Commonwealth;
 *   - sections never merge;
 *   - an action played from its canonical text gives the same game as
 *     the random player's own play, and replaying the record gives the
 *     same final position;
 *   - legal single moves are accepted, and a random sample of moves
 *     legal does not list is refused;
 *   - the random player's tally (mu-draw.c) finds at every place, of
 *     all moves and of the merges alone, the move the full list has
 *     there, on each turn as it begins and with segments used;
 *   - seeded games come out exactly as they did (issue 18): a digest
 *     of every action, every event of its report and the board after
 *     it, over seeded games of every variant and number of players,
 *     equals the one recorded below.  Work on the engine's speed must
 *     not change a single game; when a ruling does change the rules,
 *     the digest is recorded again, and the commit says why.
 *
 * make check runs a few games per variant; MUPBEM_LONG=N runs N games
 * per variant (10000 for the long run in docs/performance.md).
 */

#define RANDOM_GAMES	12	/* per variant in make check */

/*
 * Check reports every ck_assert to its runner, which costs a write(2);
 * the loops here check millions of things, so only failures call it.
 */
#define MUST(cond, ...) do {						\
	if (!(cond))							\
		ck_abort_msg(__VA_ARGS__);				\
} while (0)
#define RANDOM_ACTIONS	400	/* at most, per game */
#define DIGEST_GAMES	40	/* seeds per variant and players */
#define DIGEST(h, x)	digest_add((h), &(x), sizeof (x))
#define DIGEST_ACTIONS	600	/* at most, per game */
/* classic, levis, velox: recorded on 2026-11-26 (issue 18) */
#define DIGEST_WANT	{ 0xea21a8d2086825deULL, 0x3c9986692a9f3713ULL, \
			  0x602e94579dfa38b3ULL }

static const char *variants[] = { "classic", "levis", "velox" };

static void	check_cool(const struct mu_game *);
static void	check_men(const struct mu_game *, const struct mu_game *,
		    const struct mu_report *);
static void	check_layers(const struct mu_game *, const struct mu_game *,
		    const struct mu_report *);
static int	listed(const struct mu_action *, int, int, int);
static void	check_legal(struct game *, struct rng *);
static void	check_draw_move(const struct mu_move *, const struct mu_move *,
		    int, int);
static void	check_draw(const struct mu_game *, struct rng *);
static void	play_game(const char *, int, uint64_t);
static uint64_t	digest_add(uint64_t, const void *, size_t);
static uint64_t	digest_game(uint64_t, const char *, int, uint64_t);

/*
 * No cell is hot; each cell's count of its neighbours on each layer,
 * which capacity is read from, is what counting them gives; and its
 * capacity is the number of neighbours on the layers mu_board_counts()
 * says it counts, those explosions send men to.
 */
static void
check_cool(const struct mu_game *g)
{
	const struct mu_board	*b = &g->board;
	unsigned		 counts;
	int			 c, d, n, cap, around[3];

	for (c = 0; c < mu_board_ncells(b); c++) {
		MUST(!mu_explode_hot(b, c), "cell %d hot", c);
		around[0] = around[1] = around[2] = 0;
		counts = mu_board_counts(b->cells[c].layer);
		cap = 0;
		for (d = 0; d < HEX_NDIRS; d++) {
			if ((n = b->cells[c].nb[d]) == MU_NONE)
				continue;
			around[b->cells[n].layer]++;
			cap += counts >> b->cells[n].layer & 1;
		}
		for (d = 0; d < 3; d++)
			MUST(b->cells[c].around[d] == around[d], "cell %d: "
			    "%d neighbours on layer %d, %d counted", c,
			    b->cells[c].around[d], d, around[d]);
		MUST(mu_board_capacity(b, c) == cap, "cell %d: capacity %d, "
		    "%d neighbours on the layers it counts", c,
		    mu_board_capacity(b, c), cap);
	}
}

/* Men per colour change exactly as the report's events say. */
static void
check_men(const struct mu_game *before, const struct mu_game *after,
    const struct mu_report *r)
{
	const struct mu_event	*ev;
	int			 want[MU_MAX_PLAYERS], seat;
	size_t			 i;

	for (seat = 0; seat < before->players; seat++)
		want[seat] = mu_turn_men(before, seat);
	for (i = 0; i < r->n; i++) {
		ev = &r->events[i];
		switch (ev->type) {
		case MU_EVENT_SPROUT:
			want[ev->seat]++;
			break;
		case MU_EVENT_CAPTURE:
			want[ev->other] -= ev->men;
			break;
		case MU_EVENT_REMOVE:
			want[ev->seat] -= ev->men;
			break;
		}
	}
	for (seat = 0; seat < before->players; seat++) {
		MUST(mu_turn_men(after, seat) == want[seat] &&
		    want[seat] >= 0, "%s has %d men, not %d",
		    mu_game_colour(seat), mu_turn_men(after, seat), want[seat]);
	}
}

/*
 * New Wall touches two sections and is reported; Commonwealth never
 * changes back; cells of different sections stay in different ones.
 */
static void
check_layers(const struct mu_game *before, const struct mu_game *after,
    const struct mu_report *r)
{
	const struct mu_board	*b = &before->board, *a = &after->board;
	int			 map[MU_MAX_CELLS], back[MU_MAX_CELLS];
	int			 c, d, n, s, walls = 0, reported = 0;
	size_t			 i;

	for (i = 0; i < r->n; i++)
		reported += r->events[i].type == MU_EVENT_WALL;
	for (c = 0; c < MU_MAX_CELLS; c++)
		map[c] = back[c] = MU_NONE;
	for (c = 0; c < mu_board_ncells(b); c++) {
		if (b->cells[c].layer == MU_LAYER_VIRGIN &&
		    a->cells[c].layer == MU_LAYER_WALL) {
			walls++;
			s = MU_NONE;
			for (d = 0; d < HEX_NDIRS; d++) {
				n = a->cells[c].nb[d];
				if (n == MU_NONE ||
				    a->cells[n].layer != MU_LAYER_COMMON)
					continue;
				if (s == MU_NONE)
					s = a->cells[n].section;
				else if (a->cells[n].section != s)
					s = -2;
			}
			MUST(s == -2, "new Wall cell %d touches fewer than two "
			    "sections", c);
		}
		MUST(b->cells[c].layer == MU_LAYER_VIRGIN ||
		    a->cells[c].layer == b->cells[c].layer, "cell %d changed "
		    "layer from %d to %d", c, b->cells[c].layer,
		    a->cells[c].layer);
		if (b->cells[c].layer != MU_LAYER_COMMON)
			continue;
		s = b->cells[c].section;
		if (map[s] == MU_NONE)
			map[s] = a->cells[c].section;
		MUST(map[s] == a->cells[c].section, "section %d split", s);
		if (back[map[s]] == MU_NONE)
			back[map[s]] = s;
		MUST(back[map[s]] == s, "sections %d and %d merged",
		    back[map[s]], s);
	}
	MUST(walls == reported, "%d new Wall cells, %d reported", walls,
	    reported);
}

/* Does legal list[n] hold the single move from-to? */
static int
listed(const struct mu_action *list, int n, int from, int to)
{
	int	i;

	for (i = 0; i < n; i++) {
		if (list[i].nsteps == 1 &&
		    list[i].steps[0].move.from == from &&
		    list[i].steps[0].move.to == to)
			return (1);
	}
	return (0);
}

/*
 * A sample of the legal single moves is accepted, and a sample of
 * moves that legal does not list is refused.
 */
static void
check_legal(struct game *g, struct rng *rng)
{
	struct mu_board	*b = &((struct mu_game *)g->state)->board;
	struct action	*list;
	struct game	*copy;
	struct buf	 text;
	struct mu_move	 m;
	char		 name[2 * MU_NAME_MAX], *cause = NULL;
	int		 n, i, tries, rc;

	n = g->ops->legal(g, &list);
	buf_init(&text);
	for (tries = 0; tries < 4 && n > 1; tries++) {
		i = (int)rng_below(rng, (uint32_t)(n - 1));
		buf_reset(&text);
		g->ops->format(g, game_action_at(g, list, i), &text);
		copy = game_copy(g);
		MUST(game_play(copy, g->ops->to_move(g), text.data, text.len,
		    NULL, NULL, &cause) == 0, "legal %s refused: %s",
		    text.data, cause);
		game_free(copy);
	}
	for (tries = 0; tries < 8; tries++) {
		m.from = (int16_t)rng_below(rng, (uint32_t)mu_board_ncells(b));
		m.to = (int16_t)mu_board_find(b, hex_step(b->cells[m.from].pos,
		    (int)rng_below(rng, HEX_NDIRS), 1 + (int)rng_below(rng, 4)));
		if (m.to == MU_NONE || listed((const struct mu_action *)list, n,
		    m.from, m.to))
			continue;
		mu_move_name(&m, name, sizeof name);
		copy = game_copy(g);
		rc = game_play(copy, g->ops->to_move(g), name, strlen(name),
		    NULL, NULL, &cause);
		MUST(rc == -1, "unlisted %s accepted", name);
		free(cause);
		cause = NULL;
		game_free(copy);
	}
	buf_free(&text);
	free(list);
}

static void
check_draw_move(const struct mu_move *got, const struct mu_move *want,
    int i, int merging)
{
	MUST(got->from == want->from && got->to == want->to &&
	    got->dir == want->dir && got->men == want->men, "%s %d: "
	    "tally %d-%d (%d, %d), list %d-%d (%d, %d)", merging ? "merge" :
	    "move", i, got->from, got->to, got->dir, got->men, want->from,
	    want->to, want->dir, want->men);
}

/*
 * The tally and the list agree, move by move and merge by merge, on the
 * turn as it begins and then with random segments used.
 */
static void
check_draw(const struct mu_game *g, struct rng *rng)
{
	struct mu_move	 moves[MU_MOVE_MAX], m;
	struct mu_draw	 dr;
	struct mu_turn	 t;
	int		 n, i, merges, pass;

	mu_turn_begin(g, &t);
	for (pass = 0; pass < 3; pass++) {
		if (pass > 0) {
			t.used = rng_next(rng) & t.occupied;
			t.moves = (int)rng_below(rng, (uint32_t)t.limit + 1);
		}
		n = mu_move_list(g, &t, moves);
		MUST(mu_draw_tally(g, &t, &dr) == n && dr.moves == n,
		    "tally %d moves, list %d", dr.moves, n);
		for (i = 0; i < n; i++) {
			mu_draw_move(g, &dr, i, 0, &m);
			check_draw_move(&m, &moves[i], i, 0);
		}
		mu_draw_merges(g, &dr);
		for (i = merges = 0; i < n; i++) {
			if (g->board.cells[moves[i].to].colour != t.seat)
				continue;
			mu_draw_move(g, &dr, merges, 1, &m);
			check_draw_move(&m, &moves[i], merges++, 1);
		}
		MUST(dr.merges == merges, "tally %d merges, list %d",
		    dr.merges, merges);
	}
}

/*
 * One random game: each action is chosen by the random player on a
 * copy, then played from its canonical text on the game and applied
 * from the struct on another copy with a report; all three must agree.
 */
static void
play_game(const char *variant, int players, uint64_t seed)
{
	struct game_options	 opts = { players, 0, 0 };
	struct mu_random_stats	 stats = { 0, 0 };
	struct mu_report	 r;
	struct mu_action	 a;
	struct mu_game		*mg, chosen, checked, before;
	struct record		 rec;
	struct game		*g, *replayed;
	struct rng		 rng, drng;
	struct buf		 text, pos1, pos2;
	char			*cause = NULL;
	int			 actions, seat;

	g = game_create(game_find(variant), &opts, &cause);
	ck_assert_msg(g != NULL, "%s", cause);
	mg = g->state;
	record_init(&rec, g->ops, &opts, seed);
	rng_init(&rng, seed);
	rng_init(&drng, seed);
	buf_init(&text);
	mu_report_init(&r);
	for (actions = 0; actions < RANDOM_ACTIONS &&
	    mg->phase != MU_PHASE_OVER; actions++) {
		if (mg->phase == MU_PHASE_MOVEMENT && actions % 3 == 0)
			check_legal(g, &rng);
		if (mg->phase == MU_PHASE_MOVEMENT)
			check_draw(mg, &drng);
		mu_game_copy(&before, mg);
		mu_game_copy(&chosen, mg);
		MUST(mu_random_action(&chosen, &rng, &a, NULL, &stats) == 0,
		    "no action");

		mu_game_copy(&checked, mg);
		r.n = 0;
		r.over = 0;
		seat = mg->to_move;
		MUST(mu_game_apply(&checked, seat, &a, &r, &cause) == 0,
		    "apply: %s", cause);

		buf_reset(&text);
		mu_notation_format(&a, &text);
		MUST(game_play(g, seat, text.data, text.len, NULL, NULL,
		    &cause) == 0, "%s: %s", text.data, cause);
		record_add(&rec, mu_game_colour(seat), text.data);
		mg = g->state;

		MUST(mu_game_same(&chosen, mg),
		    "%s: random play and text differ", text.data);
		MUST(mu_game_same(&checked, mg),
		    "%s: the action struct and its text differ", text.data);
		check_cool(mg);
		if (before.phase == MU_PHASE_MOVEMENT)
			check_men(&before, mg, &r);
		check_layers(&before, mg, &r);
		MUST(r.over == (mg->phase == MU_PHASE_OVER), "%s: end not "
		    "reported", text.data);
	}
	replayed = record_replay(&rec, &cause);
	ck_assert_msg(replayed != NULL, "%s", cause);
	buf_init(&pos1);
	buf_init(&pos2);
	g->ops->write_position(g, &pos1);
	replayed->ops->write_position(replayed, &pos2);
	ck_assert_str_eq(pos1.data, pos2.data);
	buf_free(&pos1);
	buf_free(&pos2);
	game_free(replayed);
	record_free(&rec);
	mu_report_free(&r);
	buf_free(&text);
	game_free(g);
}

START_TEST(test_random_games)
{
	const char	*env = getenv("MUPBEM_LONG");
	long		 games = RANDOM_GAMES, i;
	int		 players;

	if (env != NULL && *env != '\0')
		games = strtol(env, NULL, 10);
	for (i = 0; i < games; i++) {
		players = _i == 2 ? 2 : 2 + (int)(i % 5);
		play_game(variants[_i], players, 1000 + (uint64_t)i);
	}
}
END_TEST

/* FNV-1a over len bytes of p. */
static uint64_t
digest_add(uint64_t h, const void *p, size_t len)
{
	const unsigned char	*c = p;

	while (len-- > 0)
		h = (h ^ *c++) * 0x100000001b3ULL;
	return (h);
}

/* Add one seeded game, played by the random player, to digest h. */
static uint64_t
digest_game(uint64_t h, const char *variant, int players, uint64_t seed)
{
	struct game_options	 opts = { players, 0, 0 };
	struct mu_random_stats	 stats = { 0, 0 };
	struct mu_report	 r;
	struct mu_action	 a;
	struct mu_game		*mg;
	struct game		*g;
	struct rng		 rng;
	struct buf		 text;
	const struct mu_cell	*c;
	const struct mu_event	*ev;
	char			*cause = NULL;
	int			 actions, cell;
	size_t			 i;

	g = game_create(game_find(variant), &opts, &cause);
	ck_assert_msg(g != NULL, "%s", cause);
	mg = g->state;
	rng_init(&rng, seed);
	buf_init(&text);
	mu_report_init(&r);
	for (actions = 0; actions < DIGEST_ACTIONS &&
	    mg->phase != MU_PHASE_OVER; actions++) {
		r.n = 0;
		r.over = 0;
		MUST(mu_random_action(mg, &rng, &a, &r, &stats) == 0,
		    "no action");
		buf_reset(&text);
		mu_notation_format(&a, &text);
		h = digest_add(h, text.data, text.len);
		for (i = 0; i < r.n; i++) {
			ev = &r.events[i];
			h = DIGEST(h, ev->type);
			h = DIGEST(h, ev->seat);
			h = DIGEST(h, ev->other);
			h = DIGEST(h, ev->layer);
			h = DIGEST(h, ev->layer2);
			h = DIGEST(h, ev->cell);
			h = DIGEST(h, ev->cell2);
			h = DIGEST(h, ev->men);
			h = DIGEST(h, ev->men2);
		}
		for (cell = 0; cell < mu_board_ncells(&mg->board); cell++) {
			c = &mg->board.cells[cell];
			h = DIGEST(h, c->layer);
			h = DIGEST(h, c->colour);
			h = DIGEST(h, c->height);
			h = DIGEST(h, c->section);
		}
		h = DIGEST(h, mg->to_move);
		h = DIGEST(h, mg->phase);
	}
	mu_report_free(&r);
	buf_free(&text);
	game_free(g);
	return (h);
}

START_TEST(test_seeded_digest)
{
	static const uint64_t	 want[] = DIGEST_WANT;
	uint64_t		 h = 0xcbf29ce484222325ULL;
	int			 players, seed;

	for (players = 2; players <= 6; players++) {
		if (_i == 2 && players > 2)
			break;	/* velox is for two */
		for (seed = 1; seed <= DIGEST_GAMES; seed++)
			h = digest_game(h, variants[_i], players,
			    (uint64_t)seed);
	}
	ck_assert_msg(h == want[_i], "%s: seeded games digest %016llx, "
	    "recorded %016llx: the engine plays differently", variants[_i],
	    (unsigned long long)h, (unsigned long long)want[_i]);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("mu_random");
	TCase	*tc = tcase_create("invariants");

	/* The slowest test: 1.2 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, test_random_games, 0, 3);
	suite_add_tcase(s, tc);
	tc = tcase_create("digest");
	/* The slowest test: 1.2 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, test_seeded_digest, 0, 3);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
