#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mu-explode.h"
#include "mu-layout.h"
#include "mu-name.h"
#include "mu-position.h"
#include "mu-select.h"
#include "mu-turn.h"
#include "text.h"
#include "xmalloc.h"

/*
 * A position is its first line, "mupbem position 2", a header of "key
 * value" lines in a fixed order, then one line per segment in label
 * order:
 *
 *	A @0,0 red Vr1 V V V V V V
 *
 * the label, the centre, the colour of the seat that placed it, then
 * cells 0 to 6, each a layer letter (V, C or W) followed by the piece,
 * if any, as colour letter and height.  Commonwealth sections are not
 * written: they are the connected Commonwealth areas, recomputed on
 * reading.  Writing is canonical and reading is strict: a text that is
 * not exactly what its game would write is refused, so reading and
 * writing again always gives the same bytes.
 *
 * Version 2 is written.  Version 1, from before docs/notation.md's
 * words, still reads: it calls the header's "turns" (the turns played,
 * the record's lines) "ply" and its "allowance" (velox's T) "turn",
 * with the same values.  A position is read and checked in the words of
 * the version its first line names, so an error names the key the text
 * has, and one version's key in the other's position is refused.
 *
 * Reading checks the whole position before it is used: the segments
 * are re-placed one by one under the layout rule, the header must
 * agree with them, and in the movement phase no cell may be hot and
 * the player to move must be one who could be, so no impossible board
 * gets into a game.
 */

struct mu_position_reader {
	int		 version;	/* 1 or 2, as the first line says */
	const char	*p;
	const char	*end;
	int		 line;
	const char	*text;		/* the current line */
	size_t		 len;
	int		 named;		/* a game over names a seat to move
					   (as mupbem wrote it before) */
};

#define MU_POSITION_VERSION	2	/* the version written */
#define MU_POSITION_NKEYS	9
#define MU_POSITION_TURNS	5	/* the keys versions spell apart */
#define MU_POSITION_ALLOWANCE	6

/* The header's keys in order, as versions 1 and 2 spell them. */
static const char *mu_position_keys[2][MU_POSITION_NKEYS] = {
	{ "game", "players", "segments", "phase", "to-move", "ply", "turn",
	  "passes", "resigned" },
	{ "game", "players", "segments", "phase", "to-move", "turns",
	  "allowance", "passes", "resigned" }
};

static void	mu_position_emit(const struct mu_game *, int, int,
		    struct buf *);
static const char *mu_position_key(int, int);
static int	mu_position_next(struct mu_position_reader *);
static int	mu_position_fail(struct mu_position_reader *, char **,
		    const char *);
static int	mu_position_field(struct mu_position_reader *, int,
		    const char **, size_t *, char **);
static int	mu_position_version(struct mu_position_reader *, char **);
static int	mu_position_number(struct mu_position_reader *, const char *,
		    size_t, long, long, long *, char **);
static int	mu_position_header(struct mu_position_reader *,
		    struct mu_game *, char **);
static int	mu_position_resigned(struct mu_position_reader *,
		    struct mu_game *, const char *, size_t, char **);
static int	mu_position_segment(struct mu_position_reader *,
		    struct mu_game *, char **);
static int	mu_position_piece(struct mu_game *, int, const char *,
		    size_t);
static int	mu_position_opening(struct mu_game *, int, char **);
static int	mu_position_check(struct mu_game *, int, char **);
static int	mu_position_moving(struct mu_game *, char **);
static int	mu_position_canonical(const struct mu_game *, int, int,
		    const char *, char **);

/* Write game g as a position. */
void
mu_position_write(const struct mu_game *g, struct buf *out)
{
	mu_position_emit(g, MU_POSITION_VERSION, 0, out);
}

/* The name that position version gives header key i. */
static const char *
mu_position_key(int version, int i)
{
	return (mu_position_keys[version - 1][i]);
}

/* Write game g as a position of the given version. */
static void
mu_position_emit(const struct mu_game *g, int version, int named,
    struct buf *out)
{
	const struct mu_board	*b = &g->board;
	const struct mu_cell	*cell;
	char			 name[MU_NAME_MAX];
	int			 s, k, seat, first = 1;

	buf_addf(out, "mupbem position %d\n", version);
	buf_addf(out, "game %s\n", g->variant->name);
	buf_addf(out, "players %d\n", g->players);
	buf_addf(out, "segments %d\n", g->segments);
	buf_addf(out, "phase %s\n", mu_game_phase_name(g->phase));
	/* A game over has no one to move: "-" (named: the old form). */
	buf_addf(out, "to-move %s\n", g->phase == MU_PHASE_OVER && !named ?
	    "-" : mu_game_colour(g->to_move));
	buf_addf(out, "%s %d\n", mu_position_key(version, MU_POSITION_TURNS),
	    g->turns);
	buf_addf(out, "%s %d\n", mu_position_key(version,
	    MU_POSITION_ALLOWANCE), g->allowance);
	buf_addf(out, "passes %d\n", g->passes);
	buf_adds(out, "resigned ");
	for (seat = 0; seat < g->players; seat++) {
		if (g->resigned & (1U << seat)) {
			buf_addf(out, "%s%s", first ? "" : ",",
			    mu_game_colour(seat));
			first = 0;
		}
	}
	buf_adds(out, first ? "-\n" : "\n");
	for (s = 0; s < b->nsegments; s++) {
		mu_name_label(s, name, sizeof name);
		buf_adds(out, name);
		buf_addc(out, ' ');
		mu_name_placement(b->segments[s].centre, name, sizeof name);
		buf_adds(out, name);
		buf_addc(out, ' ');
		buf_adds(out, mu_game_colour(b->segments[s].owner));
		for (k = 0; k < MU_SEGMENT_CELLS; k++) {
			cell = &b->cells[s * MU_SEGMENT_CELLS + k];
			/* By hand: a position is written for every turn. */
			buf_addc(out, ' ');
			buf_addc(out, "VCW"[cell->layer]);
			if (cell->colour != MU_NONE) {
				buf_addc(out, mu_game_colour_letter(
				    cell->colour));
				if (cell->height < 10)
					buf_addc(out, (char)('0' +
					    cell->height));
				else
					buf_addf(out, "%u", cell->height);
			}
		}
		buf_addc(out, '\n');
	}
}

/* Step to the next line; 0, or -1 at the end of the text. */
static int
mu_position_next(struct mu_position_reader *rd)
{
	const char	*nl;

	if (rd->p >= rd->end)
		return (-1);
	rd->line++;
	rd->text = rd->p;
	if ((nl = memchr(rd->p, '\n', (size_t)(rd->end - rd->p))) == NULL) {
		rd->len = (size_t)(rd->end - rd->p);
		rd->p = rd->end;
		return (1);	/* a last line with no newline: truncated */
	}
	rd->len = (size_t)(nl - rd->p);
	rd->p = nl + 1;
	return (0);
}

static int
mu_position_fail(struct mu_position_reader *rd, char **cause,
    const char *why)
{
	xasprintf(cause, "position line %d: %s", rd->line, why);
	return (-1);
}

/*
 * Read the next line as "key value", key being header key i in the
 * position's version; returns the value.
 */
static int
mu_position_field(struct mu_position_reader *rd, int i,
    const char **value, size_t *vlen, char **cause)
{
	const char	*key = mu_position_key(rd->version, i);
	const char	*other = mu_position_key(3 - rd->version, i);
	size_t		 klen = strlen(key), olen = strlen(other);
	char		 why[256];
	int		 rc;

	if ((rc = mu_position_next(rd)) == -1) {
		xasprintf(cause, "position ends before its '%s' line", key);
		return (-1);
	}
	if (rc == 1)
		return (mu_position_fail(rd, cause, "the position is "
		    "truncated: its last line has no newline"));
	if (rd->len <= klen + 1 || strncmp(rd->text, key, klen) != 0 ||
	    rd->text[klen] != ' ') {
		if (strcmp(key, other) != 0 && rd->len > olen &&
		    strncmp(rd->text, other, olen) == 0 &&
		    rd->text[olen] == ' ') {
			snprintf(why, sizeof why, "'%s' belongs to version "
			    "%d, but the first line says version %d; expected "
			    "'%s' and its value", other, 3 - rd->version,
			    rd->version, key);
			return (mu_position_fail(rd, cause, why));
		}
		snprintf(why, sizeof why, "expected '%s' and its value", key);
		return (mu_position_fail(rd, cause, why));
	}
	*value = rd->text + klen + 1;
	*vlen = rd->len - klen - 1;
	return (0);
}

static int
mu_position_number(struct mu_position_reader *rd, const char *v,
    size_t vlen, long min, long max, long *out, char **cause)
{
	char	why[128];

	if (vlen > 0 && v[0] != '-' && v[0] != '+' &&
	    text_parse_int(v, vlen, min, max, out) == 0)
		return (0);
	snprintf(why, sizeof why, "expected a number from %ld to %ld",
	    min, max);
	return (mu_position_fail(rd, cause, why));
}

static int
mu_position_resigned(struct mu_position_reader *rd, struct mu_game *g,
    const char *v, size_t vlen, char **cause)
{
	const char	*comma;
	size_t		 n;
	int		 seat, last = -1;

	g->resigned = 0;
	if (vlen == 1 && v[0] == '-')
		return (0);
	while (vlen > 0) {
		comma = memchr(v, ',', vlen);
		n = comma == NULL ? vlen : (size_t)(comma - v);
		seat = mu_game_colour_parse(v, n);
		if (n <= 1 || seat == -1 || seat >= g->players ||
		    seat <= last) {
			return (mu_position_fail(rd, cause, "resigned: "
			    "expected '-' or colours in seat order, separated "
			    "by commas"));
		}
		g->resigned |= 1U << seat;
		last = seat;
		if (comma == NULL)
			break;
		vlen -= n + 1;
		v = comma + 1;
		if (vlen == 0)
			return (mu_position_fail(rd, cause, "resigned: "
			    "a colour is missing after the last comma"));
	}
	return (0);
}

/* Read the first line: version 1 or 2. */
static int
mu_position_version(struct mu_position_reader *rd, char **cause)
{
	if (mu_position_next(rd) != 0 || rd->len != 17 ||
	    memcmp(rd->text, "mupbem position ", 16) != 0 ||
	    (rd->text[16] != '1' && rd->text[16] != '2')) {
		xasprintf(cause, "not a mupbem position: it must start with "
		    "'mupbem position %d' and a 'game' line",
		    MU_POSITION_VERSION);
		return (-1);
	}
	rd->version = rd->text[16] - '0';
	return (0);
}

static int
mu_position_header(struct mu_position_reader *rd, struct mu_game *g,
    char **cause)
{
	const struct mu_variant	*v;
	const char		*val;
	char			*name, *sub;
	size_t			 vlen;
	long			 n[MU_POSITION_NKEYS];
	int			 i, seat;

	if (mu_position_version(rd, cause) == -1)
		return (-1);
	if (mu_position_field(rd, 0, &val, &vlen, cause) == -1)
		return (-1);
	name = xstrndup(val, vlen);
	v = mu_variant_find(name);
	free(name);
	if (v == NULL)
		return (mu_position_fail(rd, cause, "game: expected classic, "
		    "levis or velox"));
	for (i = 1; i < (int)MU_POSITION_NKEYS; i++) {
		if (mu_position_field(rd, i, &val, &vlen, cause) == -1)
			return (-1);
		switch (i) {
		case 3:
			for (n[i] = 0; n[i] <= MU_PHASE_OVER; n[i]++) {
				name = (char *)mu_game_phase_name(n[i]);
				if (vlen == strlen(name) &&
				    memcmp(val, name, vlen) == 0)
					break;
			}
			if (n[i] > MU_PHASE_OVER)
				return (mu_position_fail(rd, cause, "phase: "
				    "expected layout, selection, movement or "
				    "over"));
			break;
		case 4:
			if (vlen == 1 && *val == '-') {
				if (n[3] != MU_PHASE_OVER)
					return (mu_position_fail(rd, cause,
					    "to-move: - is for a game that is "
					    "over; expected the colour of a "
					    "seat in play"));
				n[i] = 0;
				break;
			}
			seat = mu_game_colour_parse(val, vlen);
			if (vlen <= 1 || seat == -1 || seat >= n[1])
				return (mu_position_fail(rd, cause,
				    n[3] == MU_PHASE_OVER ? "to-move: expected "
				    "- once the game is over" : "to-move: "
				    "expected the colour of a seat in play"));
			rd->named = n[3] == MU_PHASE_OVER;
			n[i] = seat;
			break;
		case 8:
			if (mu_position_resigned(rd, g, val, vlen,
			    cause) == -1)
				return (-1);
			break;
		default:
			if (mu_position_number(rd, val, vlen, 0,
			    i == 1 || i == 2 ? 99 : 1000000, &n[i],
			    cause) == -1)
				return (-1);
			if (i == 1 && mu_game_init(g, v, (int)n[1],
			    v->default_segments, &sub) == -1) {
				mu_position_fail(rd, cause, sub);
				free(sub);
				return (-1);
			}
			if (i == 2 && mu_game_init(g, v, (int)n[1],
			    (int)n[2], &sub) == -1) {
				mu_position_fail(rd, cause, sub);
				free(sub);
				return (-1);
			}
			break;
		}
	}
	g->phase = (enum mu_phase)n[3];
	g->to_move = (int)n[4];
	g->turns = (int)n[MU_POSITION_TURNS];
	g->allowance = (int)n[MU_POSITION_ALLOWANCE];
	g->passes = (int)n[7];
	return (0);
}

/* Put the piece written as s[0..len) ("r12") on cell; 0 or -1. */
static int
mu_position_piece(struct mu_game *g, int cell, const char *s, size_t len)
{
	long	height;
	int	seat;

	if (len < 2 || (seat = mu_game_colour_parse(s, 1)) == -1 ||
	    seat >= g->players || s[1] == '0' ||
	    text_parse_int(s + 1, len - 1, 1, MU_MAX_HEIGHT, &height) == -1 ||
	    !isdigit((unsigned char)s[1]))
		return (-1);
	mu_board_set_piece(&g->board, cell, seat, (int)height);
	return (0);
}

static int
mu_position_segment(struct mu_position_reader *rd, struct mu_game *g,
    char **cause)
{
	struct mu_board	*b = &g->board;
	const char	*tok[10], *p, *end;
	size_t		 toklen[10];
	char		 label[MU_NAME_MAX], why[256], *sub = NULL;
	struct hex	 centre;
	int		 ntok = 0, owner, k, cell;

	p = rd->text;
	end = rd->text + rd->len;
	while (p < end && ntok < 10) {
		tok[ntok] = p;
		while (p < end && *p != ' ')
			p++;
		toklen[ntok] = (size_t)(p - tok[ntok]);
		ntok++;
		if (p < end)
			p++;
	}
	if (ntok != 10 || p != end)
		return (mu_position_fail(rd, cause, "a segment line has a "
		    "label, a centre, an owner and 7 cells"));
	mu_name_label(b->nsegments, label, sizeof label);
	if (toklen[0] != strlen(label) || memcmp(tok[0], label,
	    toklen[0]) != 0) {
		snprintf(why, sizeof why, "expected segment %s next", label);
		return (mu_position_fail(rd, cause, why));
	}
	if (b->nsegments >= g->players * g->segments)
		return (mu_position_fail(rd, cause, "more segments than the "
		    "players place"));
	if (mu_name_placement_parse(tok[1], toklen[1], &centre,
	    &sub) == -1 || mu_layout_check(b, centre, &sub) == -1) {
		snprintf(why, sizeof why, "segment %s: %s", label, sub);
		free(sub);
		return (mu_position_fail(rd, cause, why));
	}
	owner = mu_game_colour_parse(tok[2], toklen[2]);
	if (toklen[2] <= 1 || owner != b->nsegments % g->players) {
		snprintf(why, sizeof why, "segment %s was placed by %s", label,
		    mu_game_colour(b->nsegments % g->players));
		return (mu_position_fail(rd, cause, why));
	}
	mu_board_add_segment(b, centre, owner);
	for (k = 0; k < MU_SEGMENT_CELLS; k++) {
		cell = (b->nsegments - 1) * MU_SEGMENT_CELLS + k;
		p = strchr("VCW", tok[3 + k][0]);
		if (p == NULL || *p == '\0' || (toklen[3 + k] > 1 &&
		    mu_position_piece(g, cell, tok[3 + k] + 1,
		    toklen[3 + k] - 1) == -1)) {
			snprintf(why, sizeof why, "cell %s%d: expected V, C or "
			    "W, then a piece such as r3", label, k);
			return (mu_position_fail(rd, cause, why));
		}
		mu_board_set_layer(b, cell, (int)(p - "VCW"));
	}
	return (0);
}

/*
 * Before the movement phase the board can only hold untouched Virginity
 * and single men on the centres of their owners' segments (or nothing,
 * on a segment cleared in the selection phase).
 */
static int
mu_position_opening(struct mu_game *g, int version, char **cause)
{
	const struct mu_board	*b = &g->board;
	const struct mu_cell	*cell;
	char			 name[MU_NAME_MAX];
	int			 c, owner, cleared = 0;

	for (c = 0; c < mu_board_ncells(b); c++) {
		cell = &b->cells[c];
		owner = b->segments[mu_board_cell_segment(c)].owner;
		mu_name_cell(c, name, sizeof name);
		if (cell->layer != MU_LAYER_VIRGIN) {
			xasprintf(cause, "position: cell %s: before the "
			    "movement phase every cell is Virginity", name);
			return (-1);
		}
		if (mu_board_cell_k(c) != 0 && cell->colour == MU_NONE)
			continue;
		if (mu_board_cell_k(c) == 0 && cell->colour == MU_NONE &&
		    g->phase == MU_PHASE_SELECTION) {
			cleared++;
			continue;
		}
		if (mu_board_cell_k(c) != 0 || cell->colour != owner ||
		    cell->height != 1) {
			xasprintf(cause, "position: cell %s: before the "
			    "movement phase only one man of the segment's "
			    "owner stands on each centre", name);
			return (-1);
		}
	}
	if (g->turns != b->nsegments + cleared || g->allowance != 0 ||
	    g->passes != 0 || g->resigned != 0) {
		xasprintf(cause, "position: before the movement phase '%s' "
		    "is %d (placements and clears), and '%s', 'passes' and "
		    "'resigned' are 0, 0 and -", mu_position_key(version,
		    MU_POSITION_TURNS), b->nsegments + cleared,
		    mu_position_key(version, MU_POSITION_ALLOWANCE));
		return (-1);
	}
	return (0);
}

/* Check that the header, in version's words, agrees with the board. */
static int
mu_position_check(struct mu_game *g, int version, char **cause)
{
	int	total = g->players * g->segments, n = g->board.nsegments;
	int	segs[MU_MAX_SEGMENTS];

	if (g->phase == MU_PHASE_LAYOUT) {
		if (n >= total) {
			xasprintf(cause, "position: all %d segments are "
			    "placed, so the layout phase is over", total);
			return (-1);
		}
		if (g->to_move != n % g->players) {
			xasprintf(cause, "position: with %d segments placed, "
			    "%s places next", n,
			    mu_game_colour(n % g->players));
			return (-1);
		}
		return (mu_position_opening(g, version, cause));
	}
	/* A two-player game may end by resignation in any phase. */
	if (g->phase == MU_PHASE_OVER && g->players == 2 &&
	    g->resigned != 0 && (n < total || g->allowance == 0))
		return (mu_position_moving(g, cause));
	if (n != total) {
		xasprintf(cause, "position: after the layout phase the "
		    "board has all %d segments, not %d", total, n);
		return (-1);
	}
	if (g->phase == MU_PHASE_SELECTION) {
		if (!g->variant->selection) {
			xasprintf(cause, "position: %s has no selection "
			    "phase", g->variant->name);
			return (-1);
		}
		if (mu_select_list(g, g->to_move, segs) < 2) {
			xasprintf(cause, "position: %s has no segment left "
			    "to clear", mu_game_colour(g->to_move));
			return (-1);
		}
		return (mu_position_opening(g, version, cause));
	}
	if (g->allowance < 1) {
		xasprintf(cause, "position: in the %s phase '%s' counts from "
		    "1", mu_game_phase_name(g->phase), mu_position_key(version,
		    MU_POSITION_ALLOWANCE));
		return (-1);
	}
	return (mu_position_moving(g, cause));
}

/*
 * Between turns no cell is hot; and while the game goes on, not
 * every player has passed, and the player to move has men and has not
 * resigned (they would have passed automatically).
 */
static int
mu_position_moving(struct mu_game *g, char **cause)
{
	char	name[MU_NAME_MAX];
	int	c, seat = g->to_move;

	for (c = 0; c < mu_board_ncells(&g->board); c++) {
		if (!mu_explode_hot(&g->board, c))
			continue;
		mu_name_cell(c, name, sizeof name);
		xasprintf(cause, "position: cell %s is hot (%d %s, capacity "
		    "%d); between turns no cell is", name,
		    g->board.cells[c].height, g->board.cells[c].height == 1 ?
		    "man" : "men", mu_board_capacity(&g->board, c));
		return (-1);
	}
	if (g->phase == MU_PHASE_OVER)
		return (0);
	if (g->passes >= g->players) {
		xasprintf(cause, "position: every player has passed, so the "
		    "game is over");
		return (-1);
	}
	if (g->players == 2 && g->resigned != 0) {
		xasprintf(cause, "position: a player of two has resigned, so "
		    "the game is over");
		return (-1);
	}
	if ((g->resigned & (1U << seat)) || !mu_turn_has_men(g, seat)) {
		xasprintf(cause, "position: %s has %s, so it cannot be their "
		    "turn", mu_game_colour(seat), (g->resigned & (1U << seat)) ?
		    "resigned" : "no men");
		return (-1);
	}
	return (0);
}

/*
 * A position must be written exactly as mupbem writes it: compare the
 * text with what the game it describes writes in the text's version,
 * and name the first line that differs.
 */
static int
mu_position_canonical(const struct mu_game *g, int version, int named,
    const char *text, char **cause)
{
	struct buf	 out;
	char		*want;
	int		 line;

	buf_init(&out);
	mu_position_emit(g, version, named, &out);
	want = text_difference(text, strlen(text), out.data, &line);
	buf_free(&out);
	if (want == NULL)
		return (0);
	xasprintf(cause, "position line %d: not written the way mupbem "
	    "writes it; expected '%s'", line, want);
	free(want);
	return (-1);
}

/* Read position text, version 1 or 2, into g; on failure g is undefined. */
int
mu_position_read(struct mu_game *g, const char *text, char **cause)
{
	struct mu_position_reader	 rd;
	int				 rc;

	memset(&rd, 0, sizeof rd);
	rd.p = text;
	rd.end = text + strlen(text);
	if (mu_position_header(&rd, g, cause) == -1)
		return (-1);
	while ((rc = mu_position_next(&rd)) != -1) {
		if (rc == 1)
			return (mu_position_fail(&rd, cause, "the position is "
			    "truncated: its last line has no newline"));
		if (mu_position_segment(&rd, g, cause) == -1)
			return (-1);
	}
	mu_board_sections(&g->board);
	if (mu_position_check(g, rd.version, cause) == -1)
		return (-1);
	return (mu_position_canonical(g, rd.version, rd.named, text, cause));
}
