#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "game-registry.h"
#include "record-cache.h"
#include "record.h"
#include "rng.h"
#include "test-util.h"
#include "xmalloc.h"

/*
 * Records: they parse and write back byte for byte, replay to the same
 * position every time (the positions kept beside them), and every kind
 * of damage is refused naming the line or the first bad turn.  Replays
 * through the cache (record-cache.c) give the game a replay from the
 * start gives, for every beginning of random games of each kind, for
 * records that part from a kept one, and for broken ones.
 */

static const struct {
	const char	*record;
	const char	*position;
} files[] = {
	{ "records/velox-layout.rec", "positions/velox-movement.pos" },
	{ "records/classic-selection.rec", "positions/classic-selection.pos" },
};

START_TEST(test_files)
{
	struct record	 r;
	struct game	*g;
	struct buf	 out;
	char		*text, *pos, *cause = NULL;
	int		 round;

	text = test_util_read(files[_i].record);
	pos = test_util_read(files[_i].position);
	ck_assert_msg(record_parse(&r, text, &cause) == 0, "%s", cause);
	buf_init(&out);
	record_write(&r, &out);
	ck_assert_str_eq(out.data, text);
	for (round = 0; round < 3; round++) {
		g = record_replay(&r, &cause);
		ck_assert_msg(g != NULL, "%s", cause);
		buf_reset(&out);
		g->ops->write_position(g, &out);
		ck_assert_str_eq(out.data, pos);
		game_free(g);
	}
	buf_free(&out);
	record_free(&r);
	free(text);
	free(pos);
}
END_TEST

static const char base[] =
    "mupbem record 1\n"
    "game velox\n"
    "players 2\n"
    "segments 8\n"
    "seed 42\n"
    "\n"
    "1 red @0,0\n"
    "2 blue @3,-1\n"
    "3 red @-1,3\n";

static const struct {
	const char	*from;
	const char	*to;
	const char	*error;		/* from record_parse */
	const char	*replay;	/* or from record_replay */
} damage[] = {
	{ "mupbem record 1\n", "mupbem record\n", "not a mupbem record: the "
	    "first line must be 'mupbem record 1'", NULL },
	{ "game velox", "game go", "record line 2: game: no such game "
	    "(the games are classic, levis, velox and mur)", NULL },
	{ "game velox", "game Velox", "record line 2: not written the way "
	    "mupbem writes it; expected 'game velox'", NULL },
	{ "players 2", "players 02", "record line 3: not written the way "
	    "mupbem writes it; expected 'players 2'", NULL },
	{ "seed 42", "seed  42", "record line 5: not written the way mupbem "
	    "writes it; expected 'seed 42'", NULL },
	{ "players 2\nsegments 8\n", "segments 8\nplayers 2\n", "record "
	    "line 3: not written the way mupbem writes it; expected 'players "
	    "2'", NULL },
	{ "players 2\n", "players 2\nplayers 2\n", "record line 4: 'players' "
	    "is given twice", NULL },
	{ "players 2", "colour red", "record line 3: unknown header field "
	    "'colour' (a record has game, players, segments, match, seed and seat)",
	    NULL },
	{ "seed 42\n", "seed 42\nseat red\n", "record line 6: seat: expected "
	    "a colour and a player, such as 'seat red bob'", NULL },
	{ "seed 42\n", "seed 42\nseat red bob smith\n", "record line 6: "
	    "seat: expected a colour and a player, such as 'seat red bob'",
	    NULL },
	{ "seed 42\n", "seed 42\nseat red bob\n", NULL, "record header: 1 "
	    "seats for 2 players" },
	{ "seed 42\n", "seed 42\nseat blue bob\nseat red ann\n", NULL,
	    "record header: seat 1 is red, not blue" },
	{ "seed 42\n", "seat red bob\nseat blue ann\nseed 42\n", "record "
	    "line 5: not written the way mupbem writes it; expected 'seed "
	    "42'", NULL },
	{ "players 2", "players", "record line 3: expected a header field "
	    "such as 'players 2', or a blank line", NULL },
	{ "players 2", "players 0", "record line 3: players: expected a "
	    "number from 1 to 99", NULL },
	{ "segments 8", "segments x", "record line 4: segments: expected a "
	    "number from 1 to 99", NULL },
	{ "seed 42", "seed -42", "record line 5: seed: expected a whole "
	    "number from 0 to 2^64-1", NULL },
	{ "seed 42", "seed 99999999999999999999", "record line 5: seed: "
	    "expected a whole number from 0 to 2^64-1", NULL },
	{ "seed 42\n", "", "record line 5: the header must give game, "
	    "players and seed", NULL },
	{ "\n1 red", "1 red", "record line 6: a blank line must end the "
	    "header before the turns", NULL },
	{ "3 red @-1,3\n", "3 red @-1,3", "record line 9: the record is "
	    "truncated: its last line has no newline", NULL },
	{ "2 blue", "3 blue", "record line 8: expected turn 2, found "
	    "turn 3", NULL },
	{ "2 blue @3,-1", "2 blue", "record line 8: turn 2: the mover's "
	    "colour or the turn is missing", NULL },
	{ "2 blue @3,-1", "two blue @3,-1", "record line 8: expected a "
	    "turn line: its number, the mover's colour and the turn",
	    NULL },
	{ "2 blue", "2 red", NULL, "turn 2 (line 8, '@3,-1'): it is "
	    "blue's turn, not red's" },
	{ "3 red @-1,3", "3 red @9,9", NULL, "turn 3 (line 9, '@9,9'): "
	    "@9,9: the segment would not touch the board" },
	{ "3 red @-1,3", "3 red @3,-1", NULL, "turn 3 (line 9, '@3,-1'): "
	    "@3,-1: the segment would overlap B0" },
	{ "3 red @-1,3", "3 red clear A", NULL, "turn 3 (line 9, 'clear "
	    "A'): segments are cleared only in the selection phase, and this "
	    "game is in the layout phase" },
	{ "3 red @-1,3", "3 red @-1, 3", NULL, "turn 3 (line 9, '@-1, 3'): "
	    "a record holds turns in canonical notation: write '@-1,3'" },
	{ "1 red @0,0", "1 red a", NULL, "turn 1 (line 7, 'a'): a record "
	    "holds turns in canonical notation: write '@0,0'" },
	{ "2 blue", "2 BLUE", NULL, "turn 2 (line 8, '@3,-1'): write the "
	    "colour as 'blue'" },
	{ "mupbem record 1\n", "mupbem record 1\r\n", "the record has DOS "
	    "line ends (CR LF); records use plain newlines", NULL },
	{ "players 2", "players 3", NULL, "record header: players: velox is "
	    "for exactly 2 players, not 3" },
	{ "segments 8", "segments 9", NULL, "record header: segments: each "
	    "player places 1 to 8 segments, not 9" },
};

START_TEST(test_damage)
{
	struct record	 r;
	const char	*at;
	char		*text, *cause = NULL;
	int		 rc;

	at = strstr(base, damage[_i].from);
	ck_assert_ptr_nonnull(at);
	xasprintf(&text, "%.*s%s%s", (int)(at - base), base, damage[_i].to,
	    at + strlen(damage[_i].from));
	rc = record_parse(&r, text, &cause);
	if (damage[_i].error != NULL) {
		ck_assert_int_eq(rc, -1);
		ck_assert_str_eq(cause, damage[_i].error);
		ck_assert_int_eq(r.nactions, 0);
	} else {
		ck_assert_msg(rc == 0, "%s", cause);
		ck_assert_ptr_null(record_replay(&r, &cause));
		ck_assert_str_eq(cause, damage[_i].replay);
		record_free(&r);
	}
	free(cause);
	free(text);
}
END_TEST

START_TEST(test_comments)
{
	struct record	 r;
	char		*cause = NULL, *text;

	xasprintf(&text, "%s# a note\n\n4 blue @1,-3\n", base);
	ck_assert_int_eq(record_parse(&r, text, &cause), 0);
	ck_assert_int_eq(r.nactions, 4);
	ck_assert_str_eq(r.actions[3].text, "@1,-3");
	ck_assert_int_eq(r.actions[3].line, 12);
	record_free(&r);
	free(text);
}
END_TEST

/*
 * A player whose address changes keeps their seat: the seat line names
 * the new address, a comment says why, and the record still replays.
 */
START_TEST(test_rename)
{
	static char		*names[] = { "alice@x", "bob@x" };
	struct game_options	 opts = { 2, 2, 0 };
	struct record		 r;
	struct game		*g;
	struct buf		 out;
	char			*cause = NULL;

	g = game_create(game_find("velox"), &opts, &cause);
	record_init(&r, g->ops, &opts, 7);
	record_draw(&r, g, names, 1);
	record_add(&r, "red", "@0,0");
	ck_assert_str_eq(record_rename(&r, "Bob@X", "bob@y"), "blue");
	ck_assert_ptr_null(record_rename(&r, "carol@x", "carol@y"));
	record_note(&r, "the operator changed blue's address from bob@x to "
	    "bob@y");
	buf_init(&out);
	record_write(&r, &out);
	ck_assert_str_eq(out.data, "mupbem record 1\ngame velox\nplayers 2\n"
	    "segments 2\nseed 7\nseat red alice@x\nseat blue bob@y\n\n"
	    "1 red @0,0\n# the operator changed blue's address from bob@x to "
	    "bob@y\n");
	game_free(g);
	record_free(&r);
	ck_assert_int_eq(record_parse(&r, out.data, &cause), 0);
	ck_assert_ptr_nonnull(g = record_replay(&r, &cause));
	game_free(g);
	record_free(&r);
	buf_free(&out);
}
END_TEST

/* The draw is fixed by the seed; --ordered keeps the order given. */
START_TEST(test_draw)
{
	static char		*names[] = { "alice", "bob", "carol" };
	struct game_options	 opts = { 3, 2, 0 };
	struct record		 r, back;
	struct game		*g;
	struct buf		 out;
	char			*cause = NULL;

	g = game_create(game_find("classic"), &opts, &cause);
	record_init(&r, g->ops, &opts, 7);
	record_draw(&r, g, names, _i);
	buf_init(&out);
	record_write(&r, &out);
	if (_i == 0) {
		ck_assert_str_eq(out.data, "mupbem record 1\ngame classic\n"
		    "players 3\nsegments 2\nseed 7\nseat red bob\n"
		    "seat blue carol\nseat green alice\n\n");
	} else {
		ck_assert_str_eq(out.data, "mupbem record 1\ngame classic\n"
		    "players 3\nsegments 2\nseed 7\nseat red alice\n"
		    "seat blue bob\nseat green carol\n\n");
	}
	ck_assert_int_eq(record_parse(&back, out.data, &cause), 0);
	ck_assert_int_eq(back.nseats, 3);
	ck_assert_str_eq(back.seats[2].player, _i == 0 ? "alice" : "carol");
	game_free(g);
	ck_assert_ptr_nonnull(g = record_replay(&back, &cause));
	game_free(g);
	record_free(&back);
	record_free(&r);
	buf_free(&out);
}
END_TEST

START_TEST(test_build)
{
	struct game_options	 opts = { 3, 2, 0 };
	struct record		 r;
	struct buf		 out;

	record_init(&r, game_find("levis"), &opts, 18446744073709551615ULL);
	record_add(&r, "red", "@0,0");
	record_add(&r, "blue", "@3,-1");
	buf_init(&out);
	record_write(&r, &out);
	ck_assert_str_eq(out.data, "mupbem record 1\ngame levis\nplayers 3\n"
	    "segments 2\nseed 18446744073709551615\n\n1 red @0,0\n"
	    "2 blue @3,-1\n");
	buf_free(&out);
	record_free(&r);
}
END_TEST

/* The position of g, to compare games by. */
static char *
position(const struct game *g)
{
	struct buf	out;

	buf_init(&out);
	g->ops->write_position(g, &out);
	return (buf_steal(&out));
}

/* Replayed through c and from the start, r's first n make one game. */
static void
same_replay(struct record_cache *c, const struct record *r, size_t n)
{
	struct game	*a, *b;
	char		*pa, *pb, *cause = NULL;

	a = record_cache_replay(c, r, n, &cause);
	ck_assert_msg(a != NULL, "%zu: %s", n, cause);
	b = record_replay_to(r, n, &cause);
	ck_assert_msg(b != NULL, "%zu: %s", n, cause);
	pa = position(a);
	pb = position(b);
	ck_assert_str_eq(pa, pb);
	free(pa);
	free(pb);
	/* The game is the caller's: changing it changes nothing kept. */
	if (a->ops->to_move(a) != -1)
		test_util_random(a, 1, NULL);
	game_free(a);
	game_free(b);
}

/* Play a random action on g and add it to r. */
static void
play_random(struct record *r, struct game *g, uint64_t seed)
{
	struct buf	 text;
	int		 seat = g->ops->to_move(g);

	buf_init(&text);
	test_util_random(g, seed, &text);
	record_add(r, g->ops->seat_name(g, seat), text.data);
	buf_free(&text);
}

static const struct {
	const char	*game;
	int		 players, segments, games;
} kinds[] = {
	{ "velox", 2, 8, 0 },
	{ "levis", 3, 2, 0 },
	{ "classic", 4, 2, 0 },
	{ "mur", 2, 0, 1 },
};

/*
 * Every beginning of a random game, through a cache too small to keep
 * them all, some kept as the service keeps a saved game; and records
 * that part from the game at some turn, which must not be served what
 * was kept for the first.
 */
START_TEST(test_cache)
{
	struct game_options	 opts = { kinds[_i].players,
				     kinds[_i].segments, kinds[_i].games };
	struct record_cache	*c = record_cache_new(4);
	struct record_cache_stats st;
	struct record		 r, other;
	struct game		*g, *h;
	struct rng		 rng;
	char			*cause = NULL;
	size_t			 n, k;
	struct buf		 out;

	g = game_create(game_find(kinds[_i].game), &opts, &cause);
	ck_assert_msg(g != NULL, "%s", cause);
	record_init(&r, g->ops, &opts, 11);
	rng_init(&rng, 5);
	for (n = 0; n < 60 && g->ops->to_move(g) != -1; n++) {
		same_replay(c, &r, r.nactions);
		if (rng_below(&rng, 2) == 0)
			record_cache_put(c, &r, g);
		k = rng_below(&rng, (uint32_t)r.nactions + 1);
		same_replay(c, &r, k);
		play_random(&r, g, n + 1);
	}
	same_replay(c, &r, r.nactions);
	st = record_cache_stats(c);
	ck_assert_int_gt(st.hits, n);
	ck_assert_int_gt(st.skipped, n);

	/*
	 * Another game with the first k turns of r: each of its replays is
	 * checked against its own replay from the start.
	 */
	buf_init(&out);
	record_write(&r, &out);
	for (k = 0; k + 2 < r.nactions; k += 7) {
		ck_assert_int_eq(record_parse(&other, out.data, &cause), 0);
		while (other.nactions > k) {
			other.nactions--;
			free(other.actions[other.nactions].seat);
			free(other.actions[other.nactions].text);
		}
		h = record_replay(&other, &cause);
		ck_assert_msg(h != NULL, "%s", cause);
		play_random(&other, h, 1000 + k);
		play_random(&other, h, 2000 + k);
		same_replay(c, &other, other.nactions);
		game_free(h);
		record_free(&other);
	}
	buf_free(&out);
	game_free(g);
	record_free(&r);
	record_cache_free(c);
}
END_TEST

/*
 * A record that does not replay is refused through the cache as from
 * the start, with the same cause, whether the cache holds its beginning
 * or not; nothing is kept of it.
 */
START_TEST(test_cache_broken)
{
	struct record_cache	*c = record_cache_new(8);
	struct record		 r;
	struct game		*g;
	char			*want = NULL, *got = NULL, *cause = NULL;
	int			 round;

	ck_assert_int_eq(record_parse(&r, base, &cause), 0);
	record_add(&r, "red", "@0,0");
	record_add(&r, "blue", "@2,-3");
	record_add(&r, "red", "@0,0");
	ck_assert_ptr_null(record_replay(&r, &want));
	for (round = 0; round < 2; round++) {
		ck_assert_ptr_null(record_cache_replay(c, &r, r.nactions,
		    &got));
		ck_assert_str_eq(got, want);
		free(got);
		got = NULL;
		/* The first two turns are good, and kept. */
		g = record_cache_replay(c, &r, 2, &cause);
		ck_assert_msg(g != NULL, "%s", cause);
		game_free(g);
	}
	ck_assert_int_eq(record_cache_stats(c).hits, 2);
	free(want);
	record_free(&r);
	record_cache_free(c);
}
END_TEST

int
main(void)
{
	Suite	*s = suite_create("record");
	TCase	*tc = tcase_create("record");

	/* The slowest test: 0.3 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, test_files, 0, sizeof files / sizeof files[0]);
	tcase_add_loop_test(tc, test_damage, 0,
	    sizeof damage / sizeof damage[0]);
	tcase_add_test(tc, test_comments);
	tcase_add_test(tc, test_build);
	tcase_add_test(tc, test_rename);
	tcase_add_loop_test(tc, test_draw, 0, 2);
	tcase_add_loop_test(tc, test_cache, 0, sizeof kinds / sizeof kinds[0]);
	tcase_add_test(tc, test_cache_broken);
	suite_add_tcase(s, tc);
	return (test_util_run(s));
}
