#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game-registry.h"
#include "mu-position.h"
#include "test-util.h"
#include "xmalloc.h"

/*
 * The position format: positions written from play and kept under
 * tests/data/positions read back and write out byte for byte, version
 * 1 positions (tests/data/positions/v1) read to the same games, and
 * every kind of damage gets its own error.
 */

static const char *files[] = {
	"positions/velox-movement.pos",
	"positions/velox-walls.pos",
	"positions/classic-selection.pos",
	"positions/levis-empty-pair.pos",
};
#define NFILES	(sizeof files / sizeof files[0])

/* Read position text and check that it is written as want. */
static void
read_write(const char *text, const char *want)
{
	struct mu_game	*g;
	struct buf	 out;
	char		*cause = NULL;

	g = xmalloc(sizeof *g);
	ck_assert_msg(mu_position_read(g, text, &cause) == 0, "%s", cause);
	buf_init(&out);
	mu_position_write(g, &out);
	ck_assert_str_eq(out.data, want);
	buf_free(&out);
	free(g);
}

static void
roundtrip(const char *text)
{
	read_write(text, text);
}

START_TEST(test_files)
{
	char	*text;

	text = test_util_read(files[_i]);
	roundtrip(text);
	free(text);
}
END_TEST

/* A version 1 position reads and writes as the version 2 file. */
START_TEST(test_version_1)
{
	char	*old, *text, path[64];

	snprintf(path, sizeof path, "positions/v1/%s", files[_i] +
	    strlen("positions/"));
	old = test_util_read(path);
	text = test_util_read(files[_i]);
	ck_assert_int_eq(strncmp(old, "mupbem position 1\n", 18), 0);
	read_write(old, text);
	free(text);
	free(old);
}
END_TEST

/*
 * A game over names no one to move: after a resignation the position
 * says "to-move -", reads back, and "-" is refused in a game in play;
 * the form written before, a seat's colour, still reads.
 */
START_TEST(test_over_to_move)
{
	struct game	*g;
	struct mu_game	*read;
	struct buf	 out, canon, report, text;
	char		*cause = NULL, *p;

	g = test_util_game("velox", 2, 0, NULL);
	while (g->ops->to_move(g) != -1 &&
	    ((struct mu_game *)g->state)->phase != MU_PHASE_MOVEMENT)
		ck_assert(test_util_walk(g, NULL));
	buf_init(&canon);
	buf_init(&report);
	ck_assert_int_eq(game_play(g, 1, "resign", 6, &canon, &report,
	    &cause), 0);
	ck_assert_int_eq(g->ops->to_move(g), -1);
	buf_init(&out);
	g->ops->write_position(g, &out);
	ck_assert_ptr_nonnull(strstr(out.data, "\nphase over\nto-move -\n"));
	read = xmalloc(sizeof *read);
	ck_assert_int_eq(mu_position_read(read, out.data, &cause), 0);
	/* The old form: the colour of the seat that was to move. */
	p = strstr(out.data, "to-move -\n");
	buf_init(&text);
	buf_add(&text, out.data, (size_t)(p - out.data));
	buf_addf(&text, "to-move blue\n%s", p + strlen("to-move -\n"));
	ck_assert_int_eq(mu_position_read(read, text.data, &cause), 0);
	/* "-" in a game in play is refused, naming the line. */
	buf_reset(&text);
	p = strstr(out.data, "phase over\n");
	buf_add(&text, out.data, (size_t)(p - out.data));
	buf_addf(&text, "phase movement\n%s", p + strlen("phase over\n"));
	ck_assert_int_eq(mu_position_read(read, text.data, &cause), -1);
	ck_assert_str_eq(cause, "position line 6: to-move: - is for a game "
	    "that is over; expected the colour of a seat in play");
	free(cause);
	buf_free(&text);
	free(read);
	buf_free(&out);
	buf_free(&canon);
	buf_free(&report);
	game_free(g);
}
END_TEST

/* Positions at every step of random games read back the same. */
START_TEST(test_every_step)
{
	static const char	*variants[] = { "classic", "levis", "velox" };
	struct game		*g;
	struct mu_game		*read;
	struct buf		 out;
	char			*cause = NULL;
	int			 players;

	players = _i == 2 ? 2 : 2 + _i * 2;
	g = test_util_game(variants[_i], players, 0, NULL);
	read = xmalloc(sizeof *read);
	do {
		buf_init(&out);
		g->ops->write_position(g, &out);
		roundtrip(out.data);
		ck_assert_int_eq(mu_position_read(read, out.data, &cause), 0);
		/* A game over names no one to move ("to-move -"). */
		if (read->phase == MU_PHASE_OVER) {
			ck_assert_ptr_nonnull(strstr(out.data, "\nto-move -\n"));
			read->to_move = ((struct mu_game *)g->state)->to_move;
		}
		ck_assert(mu_game_same(read, g->state));
		buf_free(&out);
	} while (test_util_walk(g, NULL));
	free(read);
	game_free(g);
}
END_TEST

static const char base[] =
    "mupbem position 2\n"
    "game classic\n"
    "players 2\n"
    "segments 2\n"
    "phase layout\n"
    "to-move blue\n"
    "turns 3\n"
    "allowance 0\n"
    "passes 0\n"
    "resigned -\n"
    "A @0,0 red Vr1 V V V V V V\n"
    "B @3,-1 blue Vb1 V V V V V V\n"
    "C @-1,3 red Vr1 V V V V V V\n";

static const struct {
	const char	*from;
	const char	*to;
	const char	*error;
} damage[] = {
	{ "mupbem position 2\n", "mupbem position 3\n", "not a mupbem "
	    "position: it must start with 'mupbem position 2' and a 'game' "
	    "line" },
	{ "mupbem position 2\n", "mupbem position 1\n", "position line 7: "
	    "'turns' belongs to version 2, but the first line says version 1; "
	    "expected 'ply' and its value" },
	{ "turns 3", "ply 3", "position line 7: 'ply' belongs to version 1, "
	    "but the first line says version 2; expected 'turns' and its "
	    "value" },
	{ "allowance 0", "turn 0", "position line 8: 'turn' belongs to "
	    "version 1, but the first line says version 2; expected "
	    "'allowance' and its value" },
	{ "turns 3", "turn 3", "position line 7: expected 'turns' and its "
	    "value" },
	{ "game classic", "game chess", "position line 2: game: expected "
	    "classic, levis or velox" },
	{ "players 2\n", "", "position line 3: expected 'players' and its "
	    "value" },
	{ "players 2", "players two", "position line 3: expected a number "
	    "from 0 to 99" },
	{ "players 2", "players 7", "position line 3: players: classic is "
	    "for 2 to 6 players, not 7" },
	{ "segments 2", "segments 9", "position line 4: segments: each "
	    "player places 1 to 8 segments, not 9" },
	{ "phase layout", "phase setup", "position line 5: phase: expected "
	    "layout, selection, movement or over" },
	{ "to-move blue", "to-move green", "position line 6: to-move: "
	    "expected the colour of a seat in play" },
	{ "to-move blue", "to-move b", "position line 6: to-move: expected "
	    "the colour of a seat in play" },
	{ "to-move blue", "to-move red", "position: with 3 segments placed, "
	    "blue places next" },
	{ "turns 3", "turns -3", "position line 7: expected a number from 0 "
	    "to 1000000" },
	{ "turns 3", "turns 4", "position: before the movement phase 'turns' "
	    "is 3 (placements and clears), and 'allowance', 'passes' and "
	    "'resigned' are 0, 0 and -" },
	{ "allowance 0", "allowance 2", "position: before the movement phase "
	    "'turns' is 3 (placements and clears), and 'allowance', 'passes' "
	    "and 'resigned' are 0, 0 and -" },
	{ "resigned -", "resigned red", "position: before the movement phase "
	    "'turns' is 3 (placements and clears), and 'allowance', 'passes' "
	    "and 'resigned' are 0, 0 and -" },
	{ "turns 3", "turns 03", "position line 7: not written the way "
	    "mupbem writes it; expected 'turns 3'" },
	{ "game classic", "game Classic", "position line 2: not written the "
	    "way mupbem writes it; expected 'game classic'" },
	{ "B @3,-1 blue", "B @+3,-1 blue", "position line 12: not written "
	    "the way mupbem writes it; expected 'B @3,-1 blue Vb1 V V V V V "
	    "V'" },
	{ "B @3,-1 blue", "B @3,-1 Blue", "position line 12: not written the "
	    "way mupbem writes it; expected 'B @3,-1 blue Vb1 V V V V V V'" },
	{ "Vb1 V V V V V V\n", "VB1 V V V V V V\n", "position line 12: not "
	    "written the way mupbem writes it; expected 'B @3,-1 blue Vb1 V V "
	    "V V V V'" },
	{ "phase layout", "phase selection", "position: after the layout "
	    "phase the board has all 4 segments, not 3" },
	{ "Vb1 V V V V V V\n", "Vb1 W V V V V V\n", "position: cell B1: "
	    "before the movement phase every cell is Virginity" },
	{ "Vb1 V V V V V V\n", "Vb1 Vb1 V V V V V\n", "position: cell B1: "
	    "before the movement phase only one man of the segment's owner "
	    "stands on each centre" },
	{ "Vb1 V V V V V V\n", "Vb2 V V V V V V\n", "position: cell B0: "
	    "before the movement phase only one man of the segment's owner "
	    "stands on each centre" },
	{ "Vb1 V V V V V V\n", "Vr1 V V V V V V\n", "position: cell B0: "
	    "before the movement phase only one man of the segment's owner "
	    "stands on each centre" },
	{ "Vb1 V V V V V V\n", "V V V V V V V\n", "position: cell B0: "
	    "before the movement phase only one man of the segment's owner "
	    "stands on each centre" },
	{ "resigned -", "resigned green", "position line 10: resigned: "
	    "expected '-' or colours in seat order, separated by commas" },
	{ "resigned -", "resigned blue,red", "position line 10: resigned: "
	    "expected '-' or colours in seat order, separated by commas" },
	{ "resigned -", "resigned red,", "position line 10: resigned: a "
	    "colour is missing after the last comma" },
	{ "B @3,-1", "C @3,-1", "position line 12: expected segment B "
	    "next" },
	{ "B @3,-1 blue", "B @3,0 blue", "position line 12: segment B: "
	    "@3,0: only 1 cell of the segment would touch the board, and at "
	    "least 2 must" },
	{ "B @3,-1 blue", "B @1,0 blue", "position line 12: segment B: "
	    "@1,0: the segment would overlap A2" },
	{ "B @3,-1 blue", "B 3,-1 blue", "position line 12: segment B: "
	    "'3,-1': not a placement (write @q,r, such as @3,-1, or a letter "
	    "from the diagram)" },
	{ "B @3,-1 blue", "B @3,-1 red", "position line 12: segment B was "
	    "placed by blue" },
	{ "Vb1 V V V V V V\n", "Vb1 V V V V V\n", "position line 12: a "
	    "segment line has a label, a centre, an owner and 7 cells" },
	{ "Vb1 V V V V V V\n", "Vb1 V V V V V V V\n", "position line 12: "
	    "a segment line has a label, a centre, an owner and 7 cells" },
	{ "Vb1 V V V V V V\n", "Vb1  V V V V V V\n", "position line 12: "
	    "a segment line has a label, a centre, an owner and 7 cells" },
	{ "Vb1 V V V V V V\n", "Xb1 V V V V V V\n", "position line 12: cell "
	    "B0: expected V, C or W, then a piece such as r3" },
	{ "Vb1 V V V V V V\n", "Vg1 V V V V V V\n", "position line 12: cell "
	    "B0: expected V, C or W, then a piece such as r3" },
	{ "Vb1 V V V V V V\n", "Vb0 V V V V V V\n", "position line 12: cell "
	    "B0: expected V, C or W, then a piece such as r3" },
	{ "Vb1 V V V V V V\n", "Vb01 V V V V V V\n", "position line 12: "
	    "cell B0: expected V, C or W, then a piece such as r3" },
	{ "Vb1 V V V V V V\n", "Vb1 V V V V V v\n", "position line 12: cell "
	    "B6: expected V, C or W, then a piece such as r3" },
	{ "Vb1 V V V V V V\n", "Vb1000 V V V V V V\n", "position line 12: "
	    "cell B0: expected V, C or W, then a piece such as r3" },
	{ "V V V V V V\nC @-1,3 red Vr1 V V V V V V\n",
	    "V V V V V V\nC @-1,3 red Vr1 V V V V V V",
	    "position line 13: the position is truncated: its last line has "
	    "no newline" },
	{ "\nA @0,0", "\n\nA @0,0", "position line 11: a segment line has "
	    "a label, a centre, an owner and 7 cells" },
};

START_TEST(test_damage)
{
	struct mu_game	*g;
	const char	*at;
	char		*text, *cause = NULL;
	size_t		 pre;

	at = strstr(base, damage[_i].from);
	ck_assert_ptr_nonnull(at);
	pre = (size_t)(at - base);
	xasprintf(&text, "%.*s%s%s", (int)pre, base, damage[_i].to,
	    at + strlen(damage[_i].from));
	g = xmalloc(sizeof *g);
	ck_assert_int_eq(mu_position_read(g, text, &cause), -1);
	ck_assert_str_eq(cause, damage[_i].error);
	free(cause);
	free(g);
	free(text);
}
END_TEST

/* Errors about a position's keys name the keys its version has. */
static const struct {
	const char	*file;
	const char	*from;
	const char	*to;
	const char	*error;
} words[] = {
	{ "positions/v1/velox-movement.pos", "turn 1\n", "turn 0\n",
	    "position: in the movement phase 'turn' counts from 1" },
	{ "positions/velox-movement.pos", "allowance 1\n", "allowance 0\n",
	    "position: in the movement phase 'allowance' counts from 1" },
	{ "positions/v1/classic-selection.pos", "ply 11\n", "ply 10\n",
	    "position: before the movement phase 'ply' is 11 (placements "
	    "and clears), and 'turn', 'passes' and 'resigned' are 0, 0 and "
	    "-" },
	{ "positions/v1/velox-movement.pos", "ply 16\n", "turns 16\n",
	    "position line 7: 'turns' belongs to version 2, but the first "
	    "line says version 1; expected 'ply' and its value" },
	{ "positions/v1/velox-movement.pos", "turn 1\n", "allowance 1\n",
	    "position line 8: 'allowance' belongs to version 2, but the "
	    "first line says version 1; expected 'turn' and its value" },
	{ "positions/v1/velox-movement.pos", "ply 16\n", "ply 016\n",
	    "position line 7: not written the way mupbem writes it; expected "
	    "'ply 16'" },
};

START_TEST(test_words)
{
	struct mu_game	*g;
	const char	*at;
	char		*file, *text, *cause = NULL;

	file = test_util_read(words[_i].file);
	at = strstr(file, words[_i].from);
	ck_assert_ptr_nonnull(at);
	xasprintf(&text, "%.*s%s%s", (int)(at - file), file, words[_i].to,
	    at + strlen(words[_i].from));
	g = xmalloc(sizeof *g);
	ck_assert_int_eq(mu_position_read(g, text, &cause), -1);
	ck_assert_str_eq(cause, words[_i].error);
	free(cause);
	free(g);
	free(text);
	free(file);
}
END_TEST

START_TEST(test_base)
{
	roundtrip(base);
}
END_TEST

START_TEST(test_short_header)
{
	struct mu_game	*g;
	char		*cause = NULL;

	g = xmalloc(sizeof *g);
	ck_assert_int_eq(mu_position_read(g, "mupbem position 2\ngame "
	    "classic\nplayers 2", &cause), -1);
	ck_assert_str_eq(cause, "position line 3: the position is truncated: "
	    "its last line has no newline");
	free(cause);
	ck_assert_int_eq(mu_position_read(g, "mupbem position 2\ngame "
	    "classic\nplayers 2\n", &cause), -1);
	ck_assert_str_eq(cause, "position ends before its 'segments' line");
	free(cause);
	ck_assert_int_eq(mu_position_read(g, "", &cause), -1);
	ck_assert_str_eq(cause, "not a mupbem position: it must start with "
	    "'mupbem position 2' and a 'game' line");
	free(cause);
	free(g);
}
END_TEST

START_TEST(test_too_many_segments)
{
	struct mu_game	*g;
	char		*text, *cause = NULL;

	g = xmalloc(sizeof *g);
	xasprintf(&text, "%s%s", base,
	    "D @1,-3 blue Vb1 V V V V V V\nE @-3,1 red Vr1 V V V V V V\n");
	ck_assert_int_eq(mu_position_read(g, text, &cause), -1);
	ck_assert_str_eq(cause, "position line 15: more segments than the "
	    "players place");
	free(cause);
	free(text);
	xasprintf(&text, "%s%s", base, "D @1,-3 blue Vb1 V V V V V V\n");
	ck_assert_int_eq(mu_position_read(g, text, &cause), -1);
	ck_assert_str_eq(cause, "position: all 4 segments are placed, so the "
	    "layout phase is over");
	free(cause);
	free(text);
	free(g);
	ck_assert_ptr_null(game_read_position("mupbem position 2\r\ngame "
	    "classic\r\n", &cause));
	ck_assert_str_eq(cause, "the position has DOS line ends (CR LF); "
	    "positions use plain newlines");
	free(cause);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("mu_position");
	TCase	*tc = tcase_create("position");

	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_files, 0, NFILES);
	tcase_add_loop_test(tc, test_version_1, 0, NFILES);
	tcase_add_loop_test(tc, test_every_step, 0, 3);
	tcase_add_test(tc, test_over_to_move);
	tcase_add_test(tc, test_base);
	tcase_add_loop_test(tc, test_damage, 0,
	    sizeof damage / sizeof damage[0]);
	tcase_add_loop_test(tc, test_words, 0, sizeof words / sizeof words[0]);
	tcase_add_test(tc, test_too_many_segments);
	tcase_add_test(tc, test_short_header);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
