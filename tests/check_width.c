#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "test-util.h"

/*
 * Everything a game writes into a mail fits a narrow screen: over
 * seeded random games of every game and every player count, with the
 * default and the most segments, the board after every turn, every
 * report and the score have no line over 78 columns, counted in UTF-8
 * code points; and a two-player Mu board with the default segments
 * takes at most 40 lines.
 */

#define WIDTH		78
#define TWO_LINES	40
#define TURNS		160	/* at most, per game */

static const struct {
	const char	*game;
	int		 players;
	int		 segments;	/* 0: the default */
} setups[] = {
	{ "classic", 2, 0 }, { "classic", 3, 0 }, { "classic", 4, 0 },
	{ "classic", 5, 0 }, { "classic", 6, 0 }, { "classic", 2, 8 },
	{ "classic", 3, 8 }, { "classic", 6, 8 },
	{ "levis", 2, 0 }, { "levis", 3, 0 }, { "levis", 4, 0 },
	{ "levis", 5, 0 }, { "levis", 6, 0 }, { "levis", 6, 8 },
	{ "velox", 2, 0 }, { "velox", 2, 3 },
	{ "mur", 0, 0 },
};

/* Fail unless every line of text is at most WIDTH code points. */
static int
check_lines(const char *text, const char *what, int turn)
{
	const char	*p, *start = text;
	int		 col = 0, lines = 0;

	for (p = text; *p != '\0'; p++) {
		if (*p == '\n') {
			ck_assert_msg(col <= WIDTH, "%s after turn %d: %d "
			    "columns: %.*s", what, turn, col, (int)(p - start),
			    start);
			col = 0;
			lines++;
			start = p + 1;
		} else if (((unsigned char)*p & 0xc0) != 0x80)
			col++;
	}
	ck_assert_msg(col <= WIDTH, "%s after turn %d: %d columns", what,
	    turn, col);
	return (lines);
}

/* Play seeded random games of setup _i, measuring all they write. */
START_TEST(test_width)
{
	struct game	*g;
	struct action	*a;
	struct buf	 out;
	char		*cause = NULL;
	uint64_t	 seed;
	int		 turn, lines, seat, two;

	two = setups[_i].players == 2 && setups[_i].segments == 0;
	for (seed = 1; seed <= 2; seed++) {
		g = test_util_game(setups[_i].game, setups[_i].players,
		    setups[_i].segments, NULL);
		a = game_action_new(g);
		buf_init(&out);
		for (turn = 0; turn < TURNS; turn++) {
			buf_reset(&out);
			g->ops->render(g, &out);
			lines = check_lines(out.data, "board", turn);
			ck_assert_msg(!two || lines <= TWO_LINES,
			    "%s board after turn %d: %d lines:\n%s",
			    setups[_i].game, turn, lines, out.data);
			buf_reset(&out);
			g->ops->score(g, &out);
			check_lines(out.data, "score", turn);
			if ((seat = g->ops->to_move(g)) == -1)
				break;
			g->ops->random(g, seed * 1000 + (uint64_t)turn, a);
			buf_reset(&out);
			ck_assert_msg(g->ops->apply(g, seat, a, &out,
			    &cause) == 0, "turn %d: %s", turn, cause);
			check_lines(out.data, "report", turn);
		}
		buf_free(&out);
		free(a);
		game_free(g);
	}
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("width");
	TCase	*tc = tcase_create("width");

	/* The slowest test: 0.3 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_width, 0,
	    sizeof setups / sizeof setups[0]);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
