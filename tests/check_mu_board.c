#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "mu-board.h"
#include "test-util.h"

/*
 * The board: cell numbering and positions, neighbour links kept in
 * step with positions, capacity per layer, Commonwealth sections.
 */

static const struct {
	int	k, q, r;
} offsets[MU_SEGMENT_CELLS] = {
	{ 0, 0, 0 }, { 1, 1, -1 }, { 2, 1, 0 }, { 3, 0, 1 },
	{ 4, -1, 1 }, { 5, -1, 0 }, { 6, 0, -1 }
};

START_TEST(test_offsets)
{
	struct mu_board	b;
	int		c;

	mu_board_init(&b);
	mu_board_add_segment(&b, (struct hex){ 0, 0 }, 0);
	mu_board_add_segment(&b, (struct hex){ 2, 1 }, 1);
	c = MU_SEGMENT_CELLS + offsets[_i].k;
	ck_assert_int_eq(b.cells[c].pos.q, 2 + offsets[_i].q);
	ck_assert_int_eq(b.cells[c].pos.r, 1 + offsets[_i].r);
	ck_assert_int_eq(mu_board_find(&b, b.cells[c].pos), c);
	ck_assert_int_eq(mu_board_cell_segment(c), 1);
	ck_assert_int_eq(mu_board_cell_k(c), offsets[_i].k);
	ck_assert_int_eq(b.cells[c].layer, MU_LAYER_VIRGIN);
	ck_assert_int_eq(b.cells[c].colour, MU_NONE);
	ck_assert_int_eq(b.cells[c].section, MU_NONE);
}
END_TEST

/* On full random boards every link matches a position lookup. */
START_TEST(test_links)
{
	struct game		*g;
	const struct mu_board	*b;
	int			 c, d;

	g = test_util_game(_i == 0 ? "velox" : "classic", _i == 0 ? 2 : 6,
	    8, NULL);
	test_util_layout(g, 11 + (unsigned)_i);
	b = &test_util_mu(g)->board;
	for (c = 0; c < mu_board_ncells(b); c++) {
		for (d = 0; d < HEX_NDIRS; d++) {
			ck_assert_int_eq(b->cells[c].nb[d], mu_board_find(b,
			    hex_step(b->cells[c].pos, d, 1)));
		}
	}
	game_free(g);
}
END_TEST

START_TEST(test_capacity)
{
	struct mu_board	b;
	int		k;

	mu_board_init(&b);
	mu_board_add_segment(&b, (struct hex){ 0, 0 }, 0);
	ck_assert_int_eq(mu_board_capacity(&b, 0), 6);
	for (k = 1; k < MU_SEGMENT_CELLS; k++)
		ck_assert_int_eq(mu_board_capacity(&b, k), 3);

	/* A0 Commonwealth, A1 Wall: A2 (Virgin) counts A3 only. */
	mu_board_set_layer(&b, 0, MU_LAYER_COMMON);
	mu_board_set_layer(&b, 1, MU_LAYER_WALL);
	ck_assert_int_eq(mu_board_capacity(&b, 2), 1);
	/* A0 counts the five Virgin rim cells, not the Wall. */
	ck_assert_int_eq(mu_board_capacity(&b, 0), 5);
	/* A1 on the Wall has no Wall neighbours. */
	ck_assert_int_eq(mu_board_capacity(&b, 1), 0);
	mu_board_set_layer(&b, 2, MU_LAYER_WALL);
	ck_assert_int_eq(mu_board_capacity(&b, 1), 1);
}
END_TEST

START_TEST(test_sections)
{
	struct mu_board	b;

	mu_board_init(&b);
	mu_board_add_segment(&b, (struct hex){ 0, 0 }, 0);
	mu_board_add_segment(&b, (struct hex){ 2, 1 }, 1);
	/* A5-A0 walled off from the rest; B2-B3 a second section. */
	mu_board_set_layer(&b, 5, MU_LAYER_COMMON);
	mu_board_set_layer(&b, 0, MU_LAYER_COMMON);
	mu_board_set_layer(&b, 1, MU_LAYER_WALL);
	mu_board_set_layer(&b, 2, MU_LAYER_WALL);
	mu_board_set_layer(&b, 3, MU_LAYER_WALL);
	mu_board_set_layer(&b, 7 + 2, MU_LAYER_COMMON);		/* B2 */
	mu_board_set_layer(&b, 7 + 3, MU_LAYER_COMMON);		/* B3 */
	mu_board_sections(&b);
	ck_assert_int_eq(b.nsections, 2);
	ck_assert_int_eq(b.cells[0].section, 0);
	ck_assert_int_eq(b.cells[5].section, 0);
	ck_assert_int_eq(b.cells[9].section, 1);
	ck_assert_int_eq(b.cells[10].section, 1);
	ck_assert_int_eq(b.cells[4].section, MU_NONE);
	ck_assert_int_eq(b.cells[1].section, MU_NONE);
}
END_TEST

START_TEST(test_pieces)
{
	struct mu_board	b;

	mu_board_init(&b);
	mu_board_add_segment(&b, (struct hex){ 0, 0 }, 0);
	mu_board_set_piece(&b, 3, 2, 5);
	ck_assert_int_eq(b.cells[3].colour, 2);
	ck_assert_int_eq(b.cells[3].height, 5);
	mu_board_set_piece(&b, 3, 2, 0);
	ck_assert_int_eq(b.cells[3].colour, MU_NONE);
	ck_assert_int_eq(b.cells[3].height, 0);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("mu_board");
	TCase	*tc = tcase_create("board");

	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, test_offsets, 0, MU_SEGMENT_CELLS);
	tcase_add_loop_test(tc, test_links, 0, 2);
	tcase_add_test(tc, test_capacity);
	tcase_add_test(tc, test_sections);
	tcase_add_test(tc, test_pieces);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
