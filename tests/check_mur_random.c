#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "game-registry.h"
#include "game.h"
#include "mur-game.h"
#include "mur-legal.h"
#include "record.h"
#include "rng.h"
#include "test-util.h"
#include "xmalloc.h"

/*
 * Invariants of Mur on seeded random matches, played through the game
 * interface as the tool and the service play them:
 *
 * - stones are conserved: at most seven a side on the board (the rest
 *   are off it), never two on a point, the mur stone on a free point;
 * - once the player to move owes nothing, no stone of theirs is
 *   trapped, and after a withdrawal the withdrawer has none trapped;
 * - every action the legal list gives is accepted, and every other
 *   candidate (each placement and each move) is refused;
 * - every position reached is read back as itself (the reader's
 *   checks accept whatever play reaches);
 * - the record of the match replays to the same position;
 * - a match ends, and its results add up.
 */

#define RANDOM_GAMES	2000	/* matches of one game each */
#define RANDOM_FULL	100	/* of which the legal list is checked fully */
#define RANDOM_MATCHES	20	/* matches of six games */

static void	check_position(const struct mur_game *, int);
static void	check_legal(struct game *);
static void	check_read_back(const struct game *);
static void	play_match(uint64_t, int, int);

/* The invariants of one position; withdrew is the side that just did. */
static void
check_position(const struct mur_game *mg, int withdrew)
{
	const struct mur_pos	*pos = &mg->pos;
	int			 side;

	for (side = 0; side < 2; side++)
		ck_assert_int_le(__builtin_popcount(pos->stones[side]),
		    MUR_STONES);
	ck_assert((pos->stones[0] & pos->stones[1]) == 0);
	ck_assert(((pos->stones[0] | pos->stones[1]) & (1U << pos->mur)) ==
	    0);
	if (withdrew != -1)
		ck_assert_uint_eq(mur_rules_trapped(pos, withdrew), 0);
	if (mg->over)
		return;
	if (mg->withdraw == 0) {
		ck_assert_uint_eq(mur_rules_trapped(pos, mg->to_move), 0);
		ck_assert_uint_eq(mur_rules_trapped(pos, 1 - mg->to_move), 0);
	} else {
		ck_assert_uint_eq(mg->withdraw, mur_rules_trapped(pos,
		    mg->to_move) | mg->knocked);
	}
	ck_assert_int_eq(mur_rules_mur_trapped(pos), -1);
}

/* The position, written and read again, is the same. */
static void
check_read_back(const struct game *g)
{
	struct buf	 pos, again;
	struct game	*read;
	char		*cause = NULL;

	buf_init(&pos);
	buf_init(&again);
	g->ops->write_position(g, &pos);
	read = game_read_position(pos.data, &cause);
	ck_assert_msg(read != NULL, "%s\n%s", cause, pos.data);
	read->ops->write_position(read, &again);
	ck_assert_str_eq(pos.data, again.data);
	game_free(read);
	buf_free(&pos);
	buf_free(&again);
}

/* Every listed action is accepted; every other candidate refused. */
static void
check_legal(struct game *g)
{
	const struct mur_game	*mg = g->state;
	struct action		*list;
	struct mur_action	 a;
	const struct mur_action	*ml;
	struct game		*copy;
	int			 n, i, p, dir, listed, accepted, seat;
	char			*cause;

	seat = g->ops->to_move(g);
	n = g->ops->legal(g, &list);
	ck_assert_int_gt(n, 0);
	/* Mur counts its list (no choices op of its own). */
	ck_assert_int_eq(game_choices(g, 2), n < 2 ? n : 2);
	ck_assert_int_eq(game_choices(g, n + 1), n);
	for (i = 0; i < n; i++) {
		copy = game_copy(g);
		cause = NULL;
		ck_assert_msg(g->ops->apply(copy, seat,
		    game_action_at(g, list, i), NULL,
		    &cause) == 0, "a listed action is refused: %s", cause);
		game_free(copy);
	}
	if (mg->withdraw != 0) {
		free(list);
		return;
	}
	memset(&a, 0, sizeof a);
	for (p = 0; p < MUR_POINTS; p++) {
		for (dir = -1; dir < MUR_DIRS; dir++) {
			if (dir != -1 && !mur_board_dir_valid(p, dir))
				continue;
			a.type = dir == -1 ? MUR_PLACE : MUR_MOVE;
			a.point = p;
			a.dir = dir == -1 ? 0 : dir;
			ml = (const struct mur_action *)list;
			for (listed = 0, i = 0; i < n; i++) {
				listed |= ml[i].type == a.type &&
				    ml[i].point == p && ml[i].dir == a.dir;
			}
			copy = game_copy(g);
			cause = NULL;
			accepted = g->ops->apply(copy, seat,
			    (struct action *)&a, NULL, &cause) == 0;
			free(cause);
			game_free(copy);
			ck_assert_int_eq(listed, accepted);
		}
	}
	free(list);
}

/* One seeded random match of games games, through the interface. */
static void
play_match(uint64_t seed, int games, int full)
{
	struct game_options	 opts = { 0, 0, games };
	struct record		 r;
	struct game		*g, *replayed;
	struct mur_game		*mg;
	struct mur_action	 a;
	struct buf		 text, report, pos, again;
	char			*cause = NULL;
	int			 seat, actions = 0, withdrew;

	g = game_create(game_find("mur"), &opts, &cause);
	ck_assert(g != NULL);
	record_init(&r, g->ops, &opts, seed);
	buf_init(&text);
	buf_init(&report);
	while ((seat = g->ops->to_move(g)) != -1) {
		if (full)
			check_legal(g);
		g->ops->random(g, seed * 1000003 + (uint64_t)actions,
		    (struct action *)&a);
		buf_reset(&text);
		g->ops->format(g, (struct action *)&a, &text);
		withdrew = a.type == MUR_WITHDRAW ? seat : -1;
		buf_reset(&report);
		ck_assert_msg(game_play(g, seat, text.data, text.len, NULL,
		    &report, &cause) == 0, "seed %llu action %d '%s': %s",
		    (unsigned long long)seed, actions + 1, text.data, cause);
		ck_assert_int_gt(report.len, 0);
		record_add(&r, g->ops->seat_name(g, seat), text.data);
		mg = g->state;
		check_position(mg, withdrew);
		check_read_back(g);
		actions++;
		ck_assert_int_lt(actions, games * (MUR_QUIET_CAP * 3 + 100));
	}
	mg = g->state;
	ck_assert(mg->nresults == games || mg->end[mg->nresults - 1] ==
	    MUR_END_RESIGN);
	replayed = record_replay(&r, &cause);
	ck_assert_msg(replayed != NULL, "seed %llu: %s",
	    (unsigned long long)seed, cause);
	buf_init(&pos);
	buf_init(&again);
	g->ops->write_position(g, &pos);
	replayed->ops->write_position(replayed, &again);
	ck_assert_str_eq(pos.data, again.data);
	buf_free(&pos);
	buf_free(&again);
	buf_free(&text);
	buf_free(&report);
	game_free(replayed);
	game_free(g);
	record_free(&r);
}

START_TEST(test_games)
{
	uint64_t	seed;

	for (seed = 1; seed <= RANDOM_GAMES; seed++)
		play_match(seed, 1, seed <= RANDOM_FULL);
}
END_TEST

START_TEST(test_matches)
{
	uint64_t	seed;

	for (seed = 1; seed <= RANDOM_MATCHES; seed++)
		play_match(seed + 100000, 6, 0);
}
END_TEST

int
main(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("mur random");
	tc = tcase_create("random");
	/* The slowest test: 45.3 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_games);
	tcase_add_test(tc, test_matches);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
