#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "game-registry.h"
#include "game.h"
#include "robot.h"
#include "test-util.h"
#include "xmalloc.h"

/*
 * The robots (src/robot/, issue 16): every level plays only actions
 * that apply, over seeded games of every game to the end or a turn
 * cap; the same seed gives the same action (expert's too); greedy and
 * mcts take an obvious capture; the evaluation is a share of the win;
 * the explosion orders the candidates add are accepted and change the
 * result; and the history the robots remember a game by hashes
 * positions and counts quiet turns.  Budgets are small: this tests
 * behaviour, not strength.
 */

#define TEST_TURNS	80	/* turns a game at most */
#define TEST_BUDGET	24	/* mcts and expert playouts a move */

struct test_setup {
	const char	*game;
	int		 players;
};

static const struct test_setup test_setups[] = {
	{ "classic", 2 }, { "classic", 3 }, { "classic", 4 },
	{ "classic", 5 }, { "classic", 6 }, { "levis", 2 }, { "velox", 2 },
	{ "mur", 2 }
};
#define TEST_NSETUPS	(int)(sizeof test_setups / sizeof test_setups[0])

static struct game	*test_new(int);
static char		*test_choose(const struct game *, enum robot_level,
			    uint64_t);
static void		 test_values(const struct game *);

static struct game *
test_new(int i)
{
	struct game_options	 opts;
	struct game		*g;
	char			*cause = NULL;

	memset(&opts, 0, sizeof opts);
	opts.players = test_setups[i].players;
	if (strcmp(test_setups[i].game, "mur") == 0)
		opts.games = 1;
	else
		opts.segments = test_setups[i].players > 3 ? 2 : 3;
	g = game_create(game_find(test_setups[i].game), &opts, &cause);
	ck_assert_msg(g != NULL, "%s", cause);
	return (g);
}

/* The action of level from seed, in canonical text. */
static char *
test_choose(const struct game *g, enum robot_level level, uint64_t seed)
{
	struct robot_options	 o;
	struct action		*a;
	struct buf		 out;
	char			*cause = NULL;

	memset(&o, 0, sizeof o);
	o.level = level;
	o.budget = TEST_BUDGET;
	o.seed = seed;
	a = game_action_new(g);
	ck_assert_msg(robot_choose(g, &o, a, &cause) == 0, "%s", cause);
	buf_init(&out);
	g->ops->format(g, a, &out);
	free(a);
	return (out.data);
}

/* The values are shares: in [0, 1], adding up to 1 (or a result). */
static void
test_values(const struct game *g)
{
	double	v[6], sum = 0;
	int	i, n = g->ops->players(g);

	g->ops->evaluate(g, v);
	for (i = 0; i < n; i++) {
		ck_assert(v[i] >= 0 && v[i] <= 1);
		sum += v[i];
	}
	ck_assert(sum > 0.999 && sum < 1.001);
}

/* Seats of every level play two games of setup _i, all applying. */
START_TEST(test_legal)
{
	struct game	*g;
	enum robot_level level;
	char		*text, *cause = NULL;
	int		 n, seat, turn, players;

	for (n = 0; n < 2; n++) {
		g = test_new(_i);
		players = g->ops->players(g);
		for (turn = 0; turn < TEST_TURNS; turn++) {
			if ((seat = g->ops->to_move(g)) == -1)
				break;
			level = (enum robot_level)((seat + n + turn / players)
			    % 3);
			text = test_choose(g, level, (uint64_t)turn * 7 + n);
			ck_assert_msg(game_play(g, seat, text, strlen(text),
			    NULL, NULL, &cause) == 0, "%s %s: %s: %s",
			    test_setups[_i].game, robot_level_name(level),
			    text, cause);
			free(text);
			test_values(g);
		}
		game_free(g);
	}
}
END_TEST

/* The same seed gives the same action, at every level. */
START_TEST(test_same_seed)
{
	struct game	*g;
	struct action	*a;
	char		*x, *y, *cause = NULL;
	int		 turn, level, seat;

	g = test_new(_i);
	a = game_action_new(g);
	for (turn = 0; turn < 30; turn++) {
		if ((seat = g->ops->to_move(g)) == -1)
			break;
		g->ops->random(g, (uint64_t)turn + 11, a);
		ck_assert_msg(g->ops->apply(g, seat, a, NULL, &cause) == 0,
		    "%s", cause);
	}
	free(a);
	if (g->ops->to_move(g) != -1) {
		for (level = ROBOT_RANDOM; level <= ROBOT_EXPERT; level++) {
			x = test_choose(g, (enum robot_level)level, 5);
			y = test_choose(g, (enum robot_level)level, 5);
			ck_assert_str_eq(x, y);
			free(x);
			free(y);
		}
	}
	game_free(g);
}
END_TEST

/* Red's one man beside Blue's column of four takes it. */
START_TEST(test_capture)
{
	struct game	*g;
	char		*text;
	uint64_t	 seed;

	g = test_util_load("positions/levis-capture.pos");
	for (seed = 1; seed <= 4; seed++) {
		text = test_choose(g, ROBOT_GREEDY, seed);
		ck_assert_str_eq(text, "A3-B5");
		free(text);
		text = test_choose(g, ROBOT_MCTS, seed);
		ck_assert_str_eq(text, "A3-B5");
		free(text);
	}
	game_free(g);
}
END_TEST

/*
 * Somewhere in a random velox game the candidates carry another
 * explosion order; each applies and gives a board unlike the default
 * and unlike every other order of the same move.
 */
START_TEST(test_orders)
{
	struct game		*g, *x, *y;
	struct action		*a, *list;
	const struct mu_action	*ma;
	struct buf		 px, py;
	char			*cause = NULL;
	struct game_options	 opts;
	int			 turn, n, i, j, same, found = 0, seat;

	memset(&opts, 0, sizeof opts);
	g = game_create(game_find("velox"), &opts, &cause);
	a = game_action_new(g);
	for (turn = 0; turn < 400 && !found; turn++) {
		if ((seat = g->ops->to_move(g)) == -1)
			break;
		n = g->ops->extend(g, NULL, &list);
		for (i = 0; i < n; i++) {
			ma = (const struct mu_action *)game_action_at(g, list,
			    i);
			if (ma->nsteps != 1 || ma->steps[0].nexplode == 0)
				continue;
			found++;
			/* Unlike the default and every other order before. */
			for (j = 0, same = 0; j < i; j++) {
				if (memcmp(&((const struct mu_action *)
				    game_action_at(g, list, j))->steps[0].move,
				    &ma->steps[0].move,
				    sizeof ma->steps[0].move) != 0)
					continue;
				same++;
				x = game_copy(g);
				y = game_copy(g);
				ck_assert_msg(x->ops->apply(x, seat, (const
				    struct action *)ma, NULL, &cause) == 0, "%s",
				    cause);
				ck_assert(y->ops->apply(y, seat,
				    game_action_at(g, list, j), NULL,
				    &cause) == 0);
				buf_init(&px);
				buf_init(&py);
				x->ops->write_position(x, &px);
				y->ops->write_position(y, &py);
				ck_assert_str_ne(px.data, py.data);
				buf_free(&px);
				buf_free(&py);
				game_free(x);
				game_free(y);
			}
			ck_assert_int_gt(same, 0);
		}
		free(list);
		g->ops->random(g, (uint64_t)turn + 3, a);
		ck_assert(g->ops->apply(g, seat, a, NULL, &cause) == 0);
	}
	ck_assert_int_gt(found, 0);
	free(a);
	game_free(g);
}
END_TEST

/* g's position as text, with old (once) replaced by new. */
static struct game *
test_edited(const struct game *g, const char *old, const char *new)
{
	struct buf	 b, e;
	struct game	*x;
	char		*at, *cause = NULL;

	buf_init(&b);
	g->ops->write_position(g, &b);
	ck_assert_ptr_nonnull(at = strstr(b.data, old));
	buf_init(&e);
	buf_add(&e, b.data, (size_t)(at - b.data));
	buf_adds(&e, new);
	buf_adds(&e, at + strlen(old));
	x = game_read_position(e.data, &cause);
	ck_assert_msg(x != NULL, "%s", cause);
	buf_free(&b);
	buf_free(&e);
	return (x);
}

/*
 * The robots' memory (issue 37): a position hashes the same whatever
 * its counters of turns and passes, and differently with another seat
 * to move or a piece moved; a history counts a position's repeats and
 * the turns since the evaluation last changed.
 */
START_TEST(test_history)
{
	struct game_history	 h;
	struct game		*g, *later, *blue, *moved;
	char			*cause = NULL;
	uint64_t		 hash;

	g = test_util_load("positions/levis-capture.pos");
	hash = g->ops->hash(g);
	later = test_edited(g, "turns 2\nallowance 1\npasses 0",
	    "turns 40\nallowance 1\npasses 1");
	ck_assert_uint_eq(later->ops->hash(later), hash);
	blue = test_edited(g, "to-move red", "to-move blue");
	ck_assert_uint_ne(blue->ops->hash(blue), hash);
	moved = game_copy(g);
	ck_assert_msg(game_play(moved, 0, "A3-B5", 5, NULL, NULL, &cause) ==
	    0, "%s", cause);
	ck_assert_uint_ne(moved->ops->hash(moved), hash);

	memset(&h, 0, sizeof h);
	ck_assert_uint_eq(game_history_quiet(&h), 0);
	game_history_add(&h, g);
	game_history_add(&h, moved);
	ck_assert_uint_eq(game_history_quiet(&h), 0);
	game_history_add(&h, later);
	ck_assert_uint_eq(game_history_quiet(&h), 0);
	game_history_add(&h, later);
	game_history_add(&h, g);
	ck_assert_uint_eq(game_history_quiet(&h), 2);
	ck_assert_uint_eq(game_history_count(&h, hash), 4);
	ck_assert_uint_eq(game_history_count(&h, moved->ops->hash(moved)),
	    1);
	ck_assert_uint_eq(game_history_count(&h, blue->ops->hash(blue)), 0);
	game_history_free(&h);
	ck_assert_uint_eq(h.n, 0);
	game_free(g);
	game_free(later);
	game_free(blue);
	game_free(moved);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("robot");
	TCase	*tc = tcase_create("robot");

	/* The slowest test: 1.8 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, test_legal, 0, TEST_NSETUPS);
	tcase_add_loop_test(tc, test_same_seed, 0, TEST_NSETUPS);
	tcase_add_test(tc, test_capture);
	tcase_add_test(tc, test_orders);
	tcase_add_test(tc, test_history);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
