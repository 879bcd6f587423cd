#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive-private.h"
#include "archive-replay.h"
#include "buf.h"
#include "picture-svg.h"
#include "scene.h"
#include "test-util.h"
#include "text.h"

/*
 * The archive's pure parts: escaping for HTML and for JSON inside a
 * <script>, the semantic SVG of a scene (exact elements and data
 * attributes), a replay's union of shapes, whose step-by-step
 * changes must rebuild each step's list exactly, and the pages of a
 * list of games (archive-list.c): which file holds which games, and
 * the links between them.
 */

static const struct {
	const char	*in;
	const char	*html;
	const char	*json;
} escapes[] = {
	{ "<script>alert(1)</script>",
	  "&lt;script&gt;alert(1)&lt;/script&gt;",
	  "\"\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\"" },
	{ "\"><img src=x onerror=alert(1)>",
	  "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;",
	  "\"\\\"\\u003e\\u003cimg src=x onerror=alert(1)\\u003e\"" },
	{ "' onmouseover='x", "&#39; onmouseover=&#39;x",
	  "\"' onmouseover='x\"" },
	{ "&amp;", "&amp;amp;", "\"\\u0026amp;\"" },
	{ "a\\b\n\tc\001", "a\\b\n\tc\001", "\"a\\\\b\\n\\tc\\u0001\"" },
	{ "", "", "\"\"" },
	{ "Zoë", "Zoë", "\"Zoë\"" },
};

static const char *records[] = {
	"records/velox-layout.rec", "records/classic-3p-movement.rec",
	"records/mur-game-two.rec", "records/levis-layout.rec"
};

/* A list of n games, page p: its file, its games, its links. */
static const struct {
	size_t		 n, page;
	const char	*path;
	size_t		 first, count;
	const char	*nav;
} pages[] = {
	{ 0, 0, "index.html", 0, 0, "" },
	{ 1, 0, "index.html", 0, 1, "" },
	{ 100, 0, "index.html", 0, 100, "" },
	{ 101, 0, "index-1.html", 0, 100,
	  "<nav class=\"pages\" aria-label=\"Pages\"><p>Page 1: games 1 "
	  "to 100 from the oldest, newest first.</p><ul><li><a "
	  "href=\"index.html\">Newest</a></li><li><a href=\"index.html\" "
	  "rel=\"prev\">Newer</a></li></ul></nav>\n" },
	{ 101, 1, "index.html", 100, 1,
	  "<nav class=\"pages\" aria-label=\"Pages\"><p>The newest games, "
	  "newest first; 100 games a page.</p><ul><li><a "
	  "href=\"index-1.html\" rel=\"next\">Older</a></li><li><a "
	  "href=\"index-1.html\">Oldest</a></li></ul></nav>\n" },
	{ 250, 1, "index-2.html", 100, 100,
	  "<nav class=\"pages\" aria-label=\"Pages\"><p>Page 2: games 101 "
	  "to 200 from the oldest, newest first.</p><ul><li><a "
	  "href=\"index.html\">Newest</a></li><li><a href=\"index.html\" "
	  "rel=\"prev\">Newer</a></li><li><a href=\"index-1.html\" "
	  "rel=\"next\">Older</a></li><li><a href=\"index-1.html\">"
	  "Oldest</a></li></ul></nav>\n" },
	{ 250, 2, "index.html", 200, 50, NULL },
	{ 301, 1, "index-2.html", 100, 100,
	  "<li><a href=\"index-3.html\" rel=\"prev\">Newer</a></li>" },
};

/* Set on[] to v for each index of list ("0-93,95"). */
static void
archive_test_set(unsigned char *on, char *list, int v)
{
	char	*tok, *last, *end;
	size_t	 a, b;

	for (tok = strtok_r(list, ",", &last); tok != NULL;
	    tok = strtok_r(NULL, ",", &last)) {
		a = b = strtoul(tok, &end, 10);
		if (*end == '-')
			b = strtoul(end + 1, NULL, 10);
		for (; a <= b; a++)
			on[a] = (unsigned char)v;
	}
}

START_TEST(test_escape)
{
	struct buf	b;

	buf_init(&b);
	buf_adds(&b, "");
	text_escape_markup(&b, escapes[_i].in);
	ck_assert_str_eq(b.data, escapes[_i].html);
	buf_reset(&b);
	archive_json_string(&b, escapes[_i].in);
	ck_assert_str_eq(b.data, escapes[_i].json);
	buf_free(&b);
}
END_TEST

/* A cell with a piece on it, a Wall cell, and a mark: exact elements. */
START_TEST(test_svg_shapes)
{
	struct scene			 s;
	struct scene_shape		*sh;
	struct picture_palette_frame	 f;
	struct buf			 b;

	scene_init(&s);
	s.nseats = 2;
	s.seats[0] = "red";
	s.seats[1] = "blue";
	sh = scene_add(&s, SCENE_HEX, SCENE_VIRGIN, 0, 0, 1);
	snprintf(sh->label, sizeof sh->label, "%s", "C4");
	sh = scene_add(&s, SCENE_HEX, SCENE_WALL, 2, 0, 1);
	snprintf(sh->label, sizeof sh->label, "%s", "A0");
	sh = scene_add(&s, SCENE_DISC, SCENE_PIECE, 0, 0, 0.5);
	sh->seat = 1;
	snprintf(sh->label, sizeof sh->label, "%s", "3");
	scene_add(&s, SCENE_MARK, SCENE_EXPLODE, 2, 0, 0.8);
	memset(&f, 0, sizeof f);
	f.palette = picture_palette_default();
	f.scale = 10;
	f.ox = 100;
	f.oy = 50;
	f.width = 300;
	f.height = 200;
	f.legend = 150;
	f.layers = 1;
	buf_init(&b);
	picture_svg_shape(&s, &f, &s.shapes[0], "", &b);
	ck_assert_str_eq(b.data, "<polygon class=\"virgin\" data-cell=\"C4\" "
	    "data-layer=\"V\" points=\"108.7,45 108.7,55 100,60 91.3,55 "
	    "91.3,45 100,40\"/>");
	buf_reset(&b);
	picture_svg_shape(&s, &f, &s.shapes[2], " data-i=\"7\"", &b);
	ck_assert_str_eq(b.data, "<g data-i=\"7\" class=\"piece\" "
	    "data-cell=\"C4\" data-seat=\"blue\" data-height=\"3\"><path "
	    "class=\"square\" d=\"M104.4 54.4L95.6 54.4L95.6 45.6L104.4 "
	    "45.6Z\" fill=\"#0072b2\"/><text x=\"100\" y=\"50\" "
	    "font-size=\"5.3\" fill=\"#fff\">3</text></g>");
	buf_reset(&b);
	picture_svg_shape(&s, &f, &s.shapes[3], "", &b);
	ck_assert(strncmp(b.data, "<g class=\"explode\" data-cell=\"A0\">"
	    "<path class=\"halo\" d=\"M", 57) == 0);
	buf_reset(&b);
	picture_svg_words(&s, &b);
	ck_assert_str_eq(b.data, "red: none. blue: C4 height 3. Wall: A0.");
	buf_reset(&b);
	picture_svg_render(&s, 300, &b);
	ck_assert(strstr(b.data, "<title id=\"board-title\"></title><desc "
	    "id=\"board-desc\">red: none. blue: C4 height 3. Wall: A0."
	    "</desc>") != NULL);
	ck_assert(strstr(b.data, "class=\"wall\" data-cell=\"A0\" "
	    "data-layer=\"W\"") != NULL);
	ck_assert(strstr(b.data, "href=\"http") == NULL);
	buf_free(&b);
	scene_free(&s);
}
END_TEST

/* Each step's list, rebuilt from the changes, is the step's own. */
START_TEST(test_replay_deltas)
{
	struct archive_replay	 rp;
	struct buf		 d;
	char			*text, *cause = NULL, *bar;
	unsigned char		*on;
	size_t			 k, i, n;

	text = test_util_read(records[_i]);
	ck_assert_msg(archive_replay_run(text, &rp, &cause) == 0, "%s",
	    cause);
	ck_assert_uint_eq(rp.nsteps, rp.record.nactions + 1);
	on = calloc(rp.nitems + 1, 1);
	buf_init(&d);
	for (k = 0; k < rp.nsteps; k++) {
		buf_reset(&d);
		archive_replay_delta(&rp, k, &d);
		ck_assert((bar = strchr(d.data, '|')) != NULL);
		*bar = '\0';
		archive_test_set(on, bar + 1, 0);
		archive_test_set(on, d.data, 1);
		for (n = 0, i = 0; i < rp.nitems; i++) {
			if (on[i]) {
				ck_assert_uint_lt(n, rp.nshown[k]);
				ck_assert_uint_eq(rp.shown[k][n], i);
				n++;
			}
		}
		ck_assert_uint_eq(n, rp.nshown[k]);
	}
	/* The last step's report and position are the game's own. */
	ck_assert(rp.reports[rp.record.nactions - 1][0] != '\0');
	ck_assert(strncmp(rp.positions[rp.nsteps - 1], "mupbem position",
	    15) == 0);
	for (i = 0; i < rp.nitems; i++)
		ck_assert(rp.items[i].svg != NULL && rp.items[i].svg[0] == '<');
	buf_free(&d);
	free(on);
	free(text);
	archive_replay_free(&rp);
}
END_TEST

/*
 * The board draws as the picture does (docs/pictures.md): arrows under
 * the pieces, names over the pieces and marks, and a Mu board carries
 * its segment borders, labels and digits.
 */
START_TEST(test_replay_layers)
{
	const struct scene_shape	*sh;
	struct archive_replay		 rp;
	char				*text, *cause = NULL;
	size_t				 i, lastarrow = 0, firstpiece = 0;
	size_t				 lastdrawn = 0, firsttext = 0;
	int				 border = 0, segment = 0, name = 0;

	text = test_util_read(records[_i]);
	ck_assert_msg(archive_replay_run(text, &rp, &cause) == 0, "%s",
	    cause);
	for (i = 0; i < rp.nitems; i++) {
		sh = &rp.items[i].shape;
		if ((int)sh->class == SCENE_NCLASSES)
			continue;
		if (sh->kind == SCENE_ARROW)
			lastarrow = i + 1;
		if (sh->class == SCENE_PIECE && firstpiece == 0)
			firstpiece = i + 1;
		if (sh->kind == SCENE_DISC || sh->kind == SCENE_MARK)
			lastdrawn = i + 1;
		if (sh->kind == SCENE_TEXT && firsttext == 0)
			firsttext = i + 1;
		border |= strstr(rp.items[i].svg, "class=\"border\"") != NULL;
		segment |= strstr(rp.items[i].svg,
		    "class=\"segment\" data-segment=\"A\"") != NULL;
		name |= strstr(rp.items[i].svg, "class=\"name\"") != NULL;
	}
	ck_assert_msg(lastarrow == 0 || lastarrow < firstpiece, "%s: an "
	    "arrow over a piece", records[_i]);
	ck_assert_msg(firsttext > lastdrawn, "%s: a piece or mark over a "
	    "name", records[_i]);
	ck_assert(name);
	if (rp.start.nseats != 2 || strcmp(rp.start.seats[0], "black") != 0)
		ck_assert_msg(border && segment, "%s: no coordinates",
		    records[_i]);
	free(text);
	archive_replay_free(&rp);
}
END_TEST

START_TEST(test_replay_refused)
{
	struct archive_replay	 rp;
	char			*cause = NULL;

	ck_assert_int_eq(archive_replay_run("mupbem record 1\ngame velox\n",
	    &rp, &cause), -1);
	ck_assert(cause != NULL);
	free(cause);
	archive_replay_free(&rp);
}
END_TEST

START_TEST(test_list_pages)
{
	struct archive_list	 l;
	struct buf		 nav;
	char			*path;
	size_t			 i, first, count;

	archive_list_init(&l, "index");
	for (i = 0; i < pages[_i].n; i++)
		archive_list_add(&l, i);
	archive_list_done(&l);
	path = archive_list_path(&l, pages[_i].page);
	ck_assert_str_eq(path, pages[_i].path);
	free(path);
	archive_list_page(&l, pages[_i].page, &first, &count);
	ck_assert_uint_eq(first, pages[_i].first);
	ck_assert_uint_eq(count, pages[_i].count);
	buf_init(&nav);
	buf_adds(&nav, "");
	archive_list_nav(&nav, &l, pages[_i].page, 0);
	if (pages[_i].nav != NULL && strncmp(pages[_i].nav, "<nav", 4) == 0)
		ck_assert_str_eq(nav.data, pages[_i].nav);
	else if (pages[_i].nav != NULL && *pages[_i].nav != '\0')
		ck_assert_ptr_nonnull(strstr(nav.data, pages[_i].nav));
	else if (pages[_i].nav != NULL)
		ck_assert_str_eq(nav.data, "");
	buf_free(&nav);
	archive_list_free(&l);
}
END_TEST

static Suite *
archive_suite(void)
{
	Suite	*s = suite_create("archive");
	TCase	*tc = tcase_create("archive");

	/* The slowest test: 0.2 s under ASan (docs/performance.md). */
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, test_escape, 0,
	    sizeof escapes / sizeof escapes[0]);
	tcase_add_test(tc, test_svg_shapes);
	tcase_add_loop_test(tc, test_replay_deltas, 0,
	    sizeof records / sizeof records[0]);
	tcase_add_loop_test(tc, test_replay_layers, 0,
	    sizeof records / sizeof records[0]);
	tcase_add_test(tc, test_replay_refused);
	tcase_add_loop_test(tc, test_list_pages, 0,
	    sizeof pages / sizeof pages[0]);
	suite_add_tcase(s, tc);
	return (s);
}

int
main(void)
{
	return (test_util_run(archive_suite()));
}
