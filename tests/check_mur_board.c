#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "mur-board.h"
#include "mur-rules.h"
#include "test-util.h"

/*
 * The Mur board (seed 004, "The mur board is a round grid with 25
 * intersections"): names, neighbours, the trap sizes they give, the
 * paths of moves, where a bumped stone rests, and orders.
 */

static uint32_t	points(const char *);
static char	*path_text(int, int, int);

/* The mask of the points named in s ("n1 e2"). */
static uint32_t
points(const char *s)
{
	const char	*sp;
	uint32_t	 m = 0;
	int		 p;

	for (; *s != '\0'; s = *sp == '\0' ? sp : sp + 1) {
		if ((sp = strchr(s, ' ')) == NULL)
			sp = s + strlen(s);
		p = mur_board_parse(s, (size_t)(sp - s));
		ck_assert_msg(p != -1, "no point %.*s", (int)(sp - s), s);
		m |= 1U << p;
	}
	return (m);
}

/* The first n points of a path, as names. */
static char *
path_text(int p, int dir, int n)
{
	uint8_t		path[MUR_PATH_MAX];
	struct buf	out;
	int		k;

	ck_assert_int_eq(mur_board_path(p, dir, n, path), n);
	buf_init(&out);
	for (k = 0; k < n; k++)
		buf_addf(&out, "%s%s", k > 0 ? " " : "",
		    mur_board_name(path[k]));
	return (buf_steal(&out));
}

START_TEST(test_names)
{
	int	p;

	ck_assert_int_eq(MUR_POINTS, 25);
	for (p = 0; p < MUR_POINTS; p++) {
		ck_assert_int_eq(mur_board_parse(mur_board_name(p),
		    strlen(mur_board_name(p))), p);
	}
	ck_assert_str_eq(mur_board_name(0), "c");
	ck_assert_str_eq(mur_board_name(mur_board_point(1, 0)), "n1");
	ck_assert_str_eq(mur_board_name(mur_board_point(3, 1)), "ne3");
	ck_assert_str_eq(mur_board_name(mur_board_point(2, 7)), "nw2");
	ck_assert_int_eq(mur_board_parse("NE3", 3), mur_board_point(3, 1));
	ck_assert_int_eq(mur_board_parse("C", 1), MUR_CENTRE);
	ck_assert_int_eq(mur_board_parse("n4", 2), -1);
	ck_assert_int_eq(mur_board_parse("n0", 2), -1);
	ck_assert_int_eq(mur_board_parse("n", 1), -1);
	ck_assert_int_eq(mur_board_parse("c1", 2), -1);
	ck_assert_int_eq(mur_board_parse("", 0), -1);
}
END_TEST

START_TEST(test_centre)
{
	ck_assert_uint_eq(mur_board_adjacent[MUR_CENTRE],
	    points("n1 ne1 e1 se1 s1 sw1 w1 nw1"));
}
END_TEST

START_TEST(test_rings)
{
	ck_assert_uint_eq(mur_board_adjacent[mur_board_parse("n1", 2)],
	    points("nw1 ne1 c n2"));
	ck_assert_uint_eq(mur_board_adjacent[mur_board_parse("e2", 2)],
	    points("ne2 se2 e1 e3"));
	ck_assert_uint_eq(mur_board_adjacent[mur_board_parse("nw3", 3)],
	    points("w3 n3 nw2"));
	ck_assert_uint_eq(mur_board_adjacent[mur_board_parse("n3", 2)],
	    points("nw3 ne3 n2"));
}
END_TEST

START_TEST(test_symmetric)
{
	int	p, q;

	for (p = 0; p < MUR_POINTS; p++) {
		ck_assert((mur_board_adjacent[p] & (1U << p)) == 0);
		for (q = 0; q < MUR_POINTS; q++) {
			ck_assert_int_eq(!!(mur_board_adjacent[p] & (1U << q)),
			    !!(mur_board_adjacent[q] & (1U << p)));
		}
	}
}
END_TEST

/* The lane arithmetic gives the table's neighbours, for any set. */
START_TEST(test_neighbours)
{
	uint32_t	set, want, m;
	int		p, i, first, n, d;

	for (p = 0; p < MUR_POINTS; p++) {
		ck_assert_uint_eq(mur_board_neighbours(1U << p),
		    mur_board_adjacent[p]);
		first = mur_board_dirs(p, &n);
		for (d = 0; d < MUR_DIRS; d++)
			ck_assert_int_eq(d >= first && d < first + n,
			    mur_board_dir_valid(p, d));
	}
	for (i = 0, set = 12345; i < 1000; i++) {
		set = (set * 1103515245U + 12345U) & MUR_ALL;
		for (want = 0, m = set; m != 0; m &= m - 1)
			want |= mur_board_adjacent[__builtin_ctz(m)];
		ck_assert_uint_eq(mur_board_neighbours(set), want);
		ck_assert_int_eq(mur_board_count(set),
		    __builtin_popcount(set));
	}
}
END_TEST

/* The trap sizes: 3 on ring 3, 4 on rings 2 and 1, 8 at the centre. */
START_TEST(test_trap_sizes)
{
	static const int	want[4] = { 8, 4, 4, 3 };
	int			p;

	for (p = 0; p < MUR_POINTS; p++) {
		ck_assert_int_eq(__builtin_popcount(mur_board_adjacent[p]),
		    want[mur_board_ring(p)]);
	}
	ck_assert_int_gt(want[0], MUR_STONES);
}
END_TEST

static const struct {
	const char	*from;
	int		 dir;
	const char	*want;
} paths[] = {
	{ "n1", MUR_CW, "ne1 e1 se1 s1 sw1 w1 nw1 n1 ne1" },
	{ "n1", MUR_CCW, "nw1 w1 sw1 s1 se1 e1 ne1 n1" },
	{ "e3", MUR_CW, "se3 s3 sw3" },
	{ "n3", MUR_IN, "n2 n1 c s1 s2 s3 s2 s1 c n1 n2 n3 n2" },
	{ "s2", MUR_IN, "s1 c n1 n2 n3 n2 n1 c s1 s2" },
	{ "n1", MUR_OUT, "n2 n3 n2 n1 c s1 s2 s3 s2" },
	{ "sw2", MUR_OUT, "sw3 sw2 sw1 c ne1 ne2 ne3 ne2" },
	{ "c", MUR_SPOKE + 1, "ne1 ne2 ne3 ne2 ne1 c sw1 sw2 sw3 sw2" },
	{ "c", MUR_SPOKE + 6, "w1 w2 w3 w2 w1 c e1 e2 e3 e2" },
};

START_TEST(test_paths)
{
	const char	*p;
	char		*have;
	int		 n;

	for (n = 1, p = paths[_i].want; *p != '\0'; p++)
		n += *p == ' ';
	have = path_text(mur_board_parse(paths[_i].from,
	    strlen(paths[_i].from)), paths[_i].dir, n);
	ck_assert_str_eq(have, paths[_i].want);
	free(have);
}
END_TEST

START_TEST(test_dirs)
{
	int	d;

	for (d = 0; d < MUR_DIRS; d++)
		ck_assert_int_eq(mur_board_dir_valid(MUR_CENTRE, d),
		    d >= MUR_SPOKE);
	ck_assert(mur_board_dir_valid(mur_board_parse("n3", 2), MUR_IN));
	ck_assert(!mur_board_dir_valid(mur_board_parse("n3", 2), MUR_OUT));
	ck_assert(mur_board_dir_valid(mur_board_parse("n2", 2), MUR_OUT));
	ck_assert(!mur_board_dir_valid(mur_board_parse("n2", 2),
	    MUR_SPOKE));
}
END_TEST

/* Where a bumped stone rests; with every point taken, nowhere. */
START_TEST(test_rest)
{
	struct mur_walk	w;

	mur_board_walk(&w, mur_board_parse("n3", 2), MUR_IN);
	ck_assert_int_eq(mur_rules_rest(points("n2 n1 c s1"), &w),
	    mur_board_parse("s2", 2));
	mur_board_walk(&w, mur_board_parse("n3", 2), MUR_IN);
	ck_assert_int_eq(mur_rules_rest(points("n2 n1 c s1 s2 s3"), &w),
	    mur_board_parse("n3", 2));
	mur_board_walk(&w, mur_board_parse("e1", 2), MUR_CW);
	ck_assert_int_eq(mur_rules_rest(points("se1 s1 sw1"), &w),
	    mur_board_parse("w1", 2));
	mur_board_walk(&w, mur_board_parse("n3", 2), MUR_IN);
	ck_assert_int_eq(mur_rules_rest(MUR_ALL, &w), -1);
}
END_TEST

/* Orders: group sizes of one colour; the mur stone links nothing. */
START_TEST(test_orders)
{
	struct mur_pos	pos;
	uint8_t		order[MUR_POINTS];

	pos.stones[MUR_BLACK] = points("n1 s1 e2 e3 se3 w1");
	pos.stones[MUR_WHITE] = points("ne2 ne3 se2");
	pos.mur = MUR_CENTRE;
	mur_rules_orders(&pos, order);
	ck_assert_int_eq(order[mur_board_parse("n1", 2)], 1);
	ck_assert_int_eq(order[mur_board_parse("s1", 2)], 1);
	ck_assert_int_eq(order[mur_board_parse("w1", 2)], 1);
	ck_assert_int_eq(order[mur_board_parse("e2", 2)], 3);
	ck_assert_int_eq(order[mur_board_parse("se3", 3)], 3);
	ck_assert_int_eq(order[mur_board_parse("ne2", 3)], 2);
	ck_assert_int_eq(order[mur_board_parse("se2", 3)], 1);
	ck_assert_int_eq(order[MUR_CENTRE], MUR_MUR_ORDER);
	ck_assert_int_eq(order[mur_board_parse("s3", 2)], 0);
}
END_TEST

int
main(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("mur board");
	tc = tcase_create("board");
	/* The slowest test: 0.1 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_names);
	tcase_add_test(tc, test_centre);
	tcase_add_test(tc, test_rings);
	tcase_add_test(tc, test_symmetric);
	tcase_add_test(tc, test_neighbours);
	tcase_add_test(tc, test_trap_sizes);
	tcase_add_loop_test(tc, test_paths, 0, sizeof paths / sizeof paths[0]);
	tcase_add_test(tc, test_dirs);
	tcase_add_test(tc, test_rest);
	tcase_add_test(tc, test_orders);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
