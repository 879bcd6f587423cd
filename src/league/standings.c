#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "standings.h"
#include "text.h"
#include "xmalloc.h"

/*
 * A game of n players scores each (the players ranked below them + the
 * others ranked the same / 2) / (n - 1): win 1, draw ½, loss 0 for two;
 * a bye scores 1.  Against one opponent of a game a player scores 1,
 * ½ or 0 by their ranks.  Sonneborn-Berger adds, over the games, those
 * pairwise scores times the opponents' totals, divided by n - 1;
 * Buchholz adds the opponents' totals, averaged over each game's
 * opponents.  Byes add nothing to either.  A game is a win for the
 * player alone at its best rank, a draw for those sharing it, and a
 * loss for the rest.
 *
 * Rows rank by points, then by the format's tie-breaks in turn: a
 * round robin's Sonneborn-Berger, head-to-head, wins and lot; a Swiss's
 * (and a knockout's) Buchholz, Sonneborn-Berger, head-to-head, wins and
 * lot.  Head-to-head is what a row scored, pairwise, in the games among
 * exactly the rows tied with it on everything before: the rows are
 * sorted once with no head-to-head, which keeps each such group
 * together, and again with it.  The lot is given by the caller, a value
 * per entrant that it draws the same way each time (standings_lot() of
 * a seed and the player); the lower goes first, and so the order is
 * total and the place is the row's position.  Each row keeps the
 * criterion that put it below the row above it.
 *
 * The text is UTF-8 and no line is wider than 78 characters: points
 * are written "3½", "2", "0½" (or with two decimals when a game of more
 * than two makes them finer), "½" counting as one column, and a name
 * too long is cut with "…".  The table shows every tie-break of the
 * format, head-to-head only for a row tied with others, and which one
 * put a row below the one above it.  The crosstable is a grid, one
 * cell per opponent, when its widest row fits (about 25 players, fewer
 * with return games or names); otherwise each player gets a line of
 * results in round order, "W5" for a win against number 5, "D2,7" for
 * a draw in a game of three, "+" for a bye, continued on indented
 * lines.
 */

#define STANDINGS_WIDTH		78
#define STANDINGS_EPSILON	1e-9
#define STANDINGS_NAME		22	/* the table's name column */
#define STANDINGS_SHORT		12	/* the crosstable's, at most */

/* The crosstable's columns. */
struct standings_layout {
	int	*num;		/* by player: the number in the standings */
	int	 numw;
	size_t	 namew;
	size_t	 cellw;		/* a grid's cell and the space before it */
	size_t	 totw;
};

static double	standings_pairwise(const struct standings_game *, int, int);
static int	standings_best(const struct standings_game *, int);
static int	standings_equal(double, double);
static int	standings_differ(const struct standings_row *,
		    const struct standings_row *, enum standings_criterion);
static const enum standings_criterion *standings_criteria(
		    enum standings_tiebreak);
static int	standings_cmp(const void *, const void *);
static void	standings_h2h(int, const struct standings_game *, size_t,
		    struct standings_row *);
static size_t	standings_width(const char *);
static void	standings_pad(struct buf *, const char *, size_t, int);
static void	standings_name(char *, size_t, const char *const *, int,
		    size_t);
static void	standings_score(char *, size_t, double);
static void	standings_value(char *, size_t, const struct standings_row *,
		    enum standings_criterion);
static void	standings_cell(struct buf *, int, const struct standings_game *,
		    size_t, int, int);
static void	standings_grid(int, const struct standings_game *, size_t,
		    const struct standings_row *, const char *const *,
		    const struct standings_layout *, struct buf *);
static void	standings_list(int, const struct standings_game *, size_t,
		    const struct standings_row *, const char *const *,
		    const struct standings_layout *, struct buf *);
static void	standings_token(struct buf *, const struct standings_game *,
		    int, const int *);

double
standings_points(const struct standings_game *g, int i)
{
	int	j, below = 0, same = 0;

	if (g->n <= 1)
		return (1);
	for (j = 0; j < g->n; j++) {
		if (g->rank[j] > g->rank[i])
			below++;
		else if (j != i && g->rank[j] == g->rank[i])
			same++;
	}
	return ((below + same / 2.0) / (g->n - 1));
}

/* What the i-th player of g scores against the j-th: 1, ½ or 0. */
static double
standings_pairwise(const struct standings_game *g, int i, int j)
{
	if (g->rank[i] < g->rank[j])
		return (1);
	return (g->rank[i] == g->rank[j] ? 0.5 : 0);
}

/* How many players of g share the best rank with its i-th: 0 if none. */
static int
standings_best(const struct standings_game *g, int i)
{
	int	j, best = g->rank[0], same = 0;

	for (j = 1; j < g->n; j++) {
		if (g->rank[j] < best)
			best = g->rank[j];
	}
	if (g->rank[i] != best)
		return (0);
	for (j = 0; j < g->n; j++)
		same += g->rank[j] == best;
	return (same);
}

static int
standings_equal(double a, double b)
{
	return (a - b < STANDINGS_EPSILON && b - a < STANDINGS_EPSILON);
}

/* The order of each format: points, its tie-breaks, then lot. */
static const enum standings_criterion standings_roundrobin[] = {
	STANDINGS_BY_POINTS, STANDINGS_BY_SONNEBORN, STANDINGS_BY_H2H,
	STANDINGS_BY_WINS, STANDINGS_BY_LOT, STANDINGS_BY_NONE
};
static const enum standings_criterion standings_swiss[] = {
	STANDINGS_BY_POINTS, STANDINGS_BY_BUCHHOLZ, STANDINGS_BY_SONNEBORN,
	STANDINGS_BY_H2H, STANDINGS_BY_WINS, STANDINGS_BY_LOT,
	STANDINGS_BY_NONE
};

static const enum standings_criterion *
standings_criteria(enum standings_tiebreak order)
{
	return (order == STANDINGS_SONNEBORN ? standings_roundrobin :
	    standings_swiss);
}

/* Whether a goes before b (-1), after (1) or level (0) on c. */
static int
standings_differ(const struct standings_row *a, const struct standings_row *b,
    enum standings_criterion c)
{
	double	x, y;

	switch (c) {
	case STANDINGS_BY_POINTS:
		x = a->points;
		y = b->points;
		break;
	case STANDINGS_BY_BUCHHOLZ:
		x = a->buchholz;
		y = b->buchholz;
		break;
	case STANDINGS_BY_SONNEBORN:
		x = a->sb;
		y = b->sb;
		break;
	case STANDINGS_BY_H2H:
		x = a->h2h;
		y = b->h2h;
		break;
	case STANDINGS_BY_WINS:
		return (a->wins > b->wins ? -1 : a->wins < b->wins);
	case STANDINGS_BY_LOT:
		return (a->lot < b->lot ? -1 : a->lot > b->lot);
	default:
		return (0);
	}
	if (standings_equal(x, y))
		return (0);
	return (x > y ? -1 : 1);
}

/* The format's order, then index up. */
static int
standings_cmp(const void *va, const void *vb)
{
	const struct standings_row	 *a = va, *b = vb;
	const enum standings_criterion	 *c;
	int				  d;

	for (c = standings_criteria(a->order); *c != STANDINGS_BY_NONE; c++) {
		if ((d = standings_differ(a, b, *c)) != 0)
			return (d);
	}
	return (a->player < b->player ? -1 : a->player > b->player);
}

/*
 * The criterion on which above goes before below (in the order of
 * above's format): points, a tie-break, or NONE if they are level on
 * all.  Any two rows may be asked, not only consecutive ones.
 */
enum standings_criterion
standings_decided(const struct standings_row *above,
    const struct standings_row *below)
{
	const enum standings_criterion	*c;

	for (c = standings_criteria(above->order); *c != STANDINGS_BY_NONE;
	    c++) {
		if (standings_differ(above, below, *c) != 0)
			return (*c);
	}
	return (STANDINGS_BY_NONE);
}

/* A criterion in words, for a sentence: "Sonneborn-Berger". */
const char *
standings_criterion_name(enum standings_criterion c)
{
	switch (c) {
	case STANDINGS_BY_POINTS:
		return ("points");
	case STANDINGS_BY_BUCHHOLZ:
		return ("Buchholz");
	case STANDINGS_BY_SONNEBORN:
		return ("Sonneborn-Berger");
	case STANDINGS_BY_H2H:
		return ("head-to-head");
	case STANDINGS_BY_WINS:
		return ("wins");
	case STANDINGS_BY_LOT:
		return ("lot");
	default:
		return ("nothing");
	}
}

/* A tie-break as the table's columns name it, "" for points or none. */
const char *
standings_criterion_mark(enum standings_criterion c)
{
	switch (c) {
	case STANDINGS_BY_BUCHHOLZ:
		return ("Buch");
	case STANDINGS_BY_SONNEBORN:
		return ("SB");
	case STANDINGS_BY_H2H:
		return ("H2H");
	case STANDINGS_BY_WINS:
		return ("W");
	case STANDINGS_BY_LOT:
		return ("lot");
	default:
		return ("");
	}
}

/* Row's value on c as the text writes it: "1.50", "1½", "2". */
static void
standings_value(char *out, size_t size, const struct standings_row *r,
    enum standings_criterion c)
{
	switch (c) {
	case STANDINGS_BY_BUCHHOLZ:
		snprintf(out, size, "%.2f", r->buchholz);
		break;
	case STANDINGS_BY_SONNEBORN:
		snprintf(out, size, "%.2f", r->sb);
		break;
	case STANDINGS_BY_H2H:
		standings_score(out, size, r->h2h);
		break;
	case STANDINGS_BY_WINS:
		snprintf(out, size, "%d", r->wins);
		break;
	default:
		standings_score(out, size, r->points);
		break;
	}
}

/*
 * Say why row is where it is against other (named other_name) when
 * they are level on points: "level on 1 point with Rafael Mendes,
 * behind on Sonneborn-Berger (1.00 against 1.50)".  Adds nothing when
 * points decide; returns the criterion that decides.
 */
enum standings_criterion
standings_explain(struct buf *b, const struct standings_row *row,
    const struct standings_row *other, const char *other_name)
{
	const struct standings_row	*above, *below;
	enum standings_criterion	 c;
	char				 pts[32], mine[32], theirs[32];
	const char			*side;

	above = row->place < other->place ? row : other;
	below = above == row ? other : row;
	c = standings_decided(above, below);
	if (c == STANDINGS_BY_POINTS || c == STANDINGS_BY_NONE)
		return (c);
	side = above == row ? "ahead" : "behind";
	standings_score(pts, sizeof pts, row->points);
	/* Prose, not a column: "½ point", not "0½ points". */
	buf_addf(b, "level on %s point%s with ", strncmp(pts, "0½", 3) == 0 ?
	    pts + 1 : pts, row->points > STANDINGS_EPSILON &&
	    row->points < 1 + STANDINGS_EPSILON ? "" : "s");
	text_list_name(b, other_name != NULL ? other_name : "?");
	if (c == STANDINGS_BY_LOT) {
		buf_addf(b, " and on every tie-break, %s by lot", side);
		return (c);
	}
	standings_value(mine, sizeof mine, row, c);
	standings_value(theirs, sizeof theirs, other, c);
	buf_addf(b, ", %s on %s (%s against %s", side,
	    standings_criterion_name(c), mine, theirs);
	if (c == STANDINGS_BY_H2H && row->tied > 2)
		buf_addf(b, " in the games among the %d tied", row->tied);
	buf_addc(b, ')');
	return (c);
}

/* Seed a drawing of lots with text (a tournament's name): FNV-1a. */
uint64_t
standings_seed(const char *s)
{
	uint64_t	h = 14695981039346656037ULL;

	for (; *s != '\0'; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ULL;
	}
	return (h);
}

/* Player's lot in the drawing seeded with seed: splitmix64. */
uint64_t
standings_lot(uint64_t seed, long long player)
{
	uint64_t	z = seed ^ (uint64_t)player;

	z += 0x9e3779b97f4a7c15ULL;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return (z ^ (z >> 31));
}

/*
 * Head-to-head of sorted rows: within each run of rows level on every
 * criterion before it, what each scored against the others of the run.
 */
static void
standings_h2h(int nplayers, const struct standings_game *games,
    size_t ngames, struct standings_row *rows)
{
	const enum standings_criterion	*c;
	const struct standings_game	*g;
	int				*group, *pos, i, j, start, level;
	size_t				 k;

	group = xreallocarray(NULL, (size_t)nplayers + 1, sizeof *group);
	pos = xreallocarray(NULL, (size_t)nplayers + 1, sizeof *pos);
	for (start = 0, i = 0; i < nplayers; i++) {
		level = i > 0;
		for (c = standings_criteria(rows[i].order); level &&
		    *c != STANDINGS_BY_H2H; c++)
			level = standings_differ(&rows[i - 1], &rows[i],
			    *c) == 0;
		if (!level)
			start = i;
		group[rows[i].player] = start;
		pos[rows[i].player] = i;
	}
	for (i = 0; i < nplayers; i++)
		rows[group[rows[i].player]].tied++;
	for (i = 0; i < nplayers; i++)
		rows[i].tied = rows[group[rows[i].player]].tied;
	for (k = 0; k < ngames; k++) {
		g = &games[k];
		for (i = 0; i < g->n && g->n > 1; i++) {
			for (j = 0; j < g->n; j++) {
				if (j != i && group[g->player[i]] ==
				    group[g->player[j]])
					rows[pos[g->player[i]]].h2h +=
					    standings_pairwise(g, i, j);
			}
		}
	}
	free(group);
	free(pos);
}

/*
 * The standings of nplayers from games, in the order of the format's
 * tie-breaks; lot (by player, or NULL: by index) draws the lots.
 */
void
standings_compute(int nplayers, const struct standings_game *games,
    size_t ngames, enum standings_tiebreak tiebreak, const uint64_t *lot,
    struct standings_row *rows)
{
	const struct standings_game	*g;
	struct standings_row		*r;
	double				*total, sb, buch;
	size_t				 k;
	int				 i, j, best;

	memset(rows, 0, (size_t)nplayers * sizeof *rows);
	for (i = 0; i < nplayers; i++) {
		rows[i].player = i;
		rows[i].order = tiebreak;
		rows[i].lot = lot != NULL ? lot[i] : (uint64_t)i;
	}
	for (k = 0; k < ngames; k++) {
		g = &games[k];
		for (i = 0; i < g->n; i++) {
			r = &rows[g->player[i]];
			r->points += standings_points(g, i);
			if (g->n == 1) {
				r->byes++;
				continue;
			}
			r->played++;
			best = standings_best(g, i);
			if (best == 1)
				r->wins++;
			else if (best > 1)
				r->draws++;
			else
				r->losses++;
		}
	}
	/* The tie-breaks need every total first. */
	total = xreallocarray(NULL, (size_t)nplayers + 1, sizeof *total);
	for (i = 0; i < nplayers; i++)
		total[i] = rows[i].points;
	for (k = 0; k < ngames; k++) {
		g = &games[k];
		for (i = 0; i < g->n && g->n > 1; i++) {
			sb = buch = 0;
			for (j = 0; j < g->n; j++) {
				if (j == i)
					continue;
				sb += standings_pairwise(g, i, j) *
				    total[g->player[j]];
				buch += total[g->player[j]];
			}
			rows[g->player[i]].sb += sb / (g->n - 1);
			rows[g->player[i]].buchholz += buch / (g->n - 1);
		}
	}
	free(total);
	for (i = 0; i < nplayers; i++)
		rows[i].tiebreak = tiebreak == STANDINGS_SONNEBORN ?
		    rows[i].sb : rows[i].buchholz;
	qsort(rows, (size_t)nplayers, sizeof *rows, standings_cmp);
	standings_h2h(nplayers, games, ngames, rows);
	qsort(rows, (size_t)nplayers, sizeof *rows, standings_cmp);
	for (i = 0; i < nplayers; i++) {
		rows[i].place = i + 1;
		rows[i].by = i > 0 ? standings_decided(&rows[i - 1], &rows[i]) :
		    STANDINGS_BY_NONE;
	}
}

/* The width of UTF-8 text in characters. */
static size_t
standings_width(const char *s)
{
	size_t	n = 0;

	for (; *s != '\0'; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return (n);
}

/* Add s in a column of width characters, to the right if right. */
static void
standings_pad(struct buf *b, const char *s, size_t width, int right)
{
	size_t	w = standings_width(s);

	if (right) {
		for (; w < width; w++)
			buf_addc(b, ' ');
		buf_adds(b, s);
		return;
	}
	buf_adds(b, s);
	for (; w < width; w++)
		buf_addc(b, ' ');
}

/*
 * The name of player p in at most width characters, control bytes
 * replaced, cut with "…" if longer; "#N" when there is none.
 */
static void
standings_name(char *out, size_t size, const char *const *names, int p,
    size_t width)
{
	const char	*s;
	size_t		 o = 0, w = 0, full;
	char		 c;

	if (names == NULL || names[p] == NULL) {
		snprintf(out, size, "#%d", p + 1);
		return;
	}
	s = names[p];
	full = standings_width(s);
	for (; *s != '\0' && o + 4 < size; s++) {
		c = *s;
		if ((c & 0xc0) != 0x80) {
			if (w == width - (full > width))
				break;
			w++;
		}
		out[o++] = (unsigned char)c < 0x20 || c == 0x7f ? '?' : c;
	}
	if (full > width) {
		memcpy(out + o, "…", 3);
		o += 3;
	}
	out[o] = '\0';
}

/* Points as "3½", "2", "0½", or "2.33" when finer than halves. */
static void
standings_score(char *out, size_t size, double points)
{
	double	halves = points * 2;
	long	h = (long)(halves + 0.5);

	if (standings_equal(halves, (double)h)) {
		if (h % 2 == 0)
			snprintf(out, size, "%ld", h / 2);
		else
			snprintf(out, size, "%ld½", h / 2);
	} else
		snprintf(out, size, "%.2f", points);
}

/*
 * The table: place, name, games, wins, draws, losses, points, the
 * format's tie-breaks and which one put each row below the one above.
 */
void
standings_table(const struct standings_row *rows, int n,
    const char *const *names, enum standings_tiebreak tiebreak,
    struct buf *b)
{
	const struct standings_row	*r;
	char				 name[STANDINGS_NAME * 4 + 8];
	char				 pts[32], h2h[32];
	size_t				 start;
	int				 i, swiss;

	swiss = tiebreak == STANDINGS_BUCHHOLZ;
	buf_addf(b, "%3s ", "#");
	standings_pad(b, "Name", STANDINGS_NAME, 0);
	buf_addf(b, " %3s %3s %3s %3s %6s", "G", "W", "D", "L", "Pts");
	if (swiss)
		buf_addf(b, " %6s", "Buch");
	buf_addf(b, " %6s %4s %s\n", "SB", "H2H", "Tie-break");
	for (i = 0; i < n; i++) {
		r = &rows[i];
		start = b->len;
		standings_name(name, sizeof name, names, r->player,
		    STANDINGS_NAME);
		standings_score(pts, sizeof pts, r->points);
		if (r->tied > 1)
			standings_score(h2h, sizeof h2h, r->h2h);
		else
			h2h[0] = '\0';
		buf_addf(b, "%3d ", r->place);
		standings_pad(b, name, STANDINGS_NAME, 0);
		buf_addf(b, " %3d %3d %3d %3d ", r->played, r->wins, r->draws,
		    r->losses);
		standings_pad(b, pts, 6, 1);
		if (swiss)
			buf_addf(b, " %6.2f", r->buchholz);
		buf_addf(b, " %6.2f ", r->sb);
		standings_pad(b, h2h, 4, 1);
		buf_addf(b, " %s", standings_criterion_mark(r->by));
		while (b->len > start && b->data[b->len - 1] == ' ')
			b->len--;
		b->data[b->len] = '\0';
		buf_addc(b, '\n');
	}
}

/*
 * How player pa did against pb, a game each: "1", "0", "½" ("1½" for
 * two games), "x" against themself, "-" if they have not met.
 */
void
standings_pair(struct buf *b, const struct standings_game *games,
    size_t ngames, int pa, int pb)
{
	const struct standings_game	*g;
	size_t				 k, len = b->len;
	int				 i, ia, ib;
	double				 s;

	for (k = 0; k < ngames && pa != pb; k++) {
		g = &games[k];
		for (ia = ib = -1, i = 0; i < g->n; i++) {
			if (g->player[i] == pa)
				ia = i;
			if (g->player[i] == pb)
				ib = i;
		}
		if (ia == -1 || ib == -1)
			continue;
		s = standings_pairwise(g, ia, ib);
		buf_adds(b, s == 1 ? "1" : s == 0 ? "0" : "½");
	}
	if (pa == pb)
		buf_adds(b, "x");
	else if (b->len == len)
		buf_adds(b, "-");
}

/*
 * The grid's cell of player a against player b, right-aligned in width:
 * a's score in each game they shared, "-" if none, "x" for a itself.
 * With width 0, add a byte a character instead: a measure.
 */
static void
standings_cell(struct buf *b, int width, const struct standings_game *games,
    size_t ngames, int pa, int pb)
{
	struct buf	cell;
	int		j;

	buf_init(&cell);
	standings_pair(&cell, games, ngames, pa, pb);
	if (width == 0) {
		for (j = (int)standings_width(cell.data); j > 0; j--)
			buf_addc(b, '.');
	} else
		standings_pad(b, cell.data, (size_t)width, 1);
	buf_free(&cell);
}

void
standings_crosstable(int nplayers, const struct standings_game *games,
    size_t ngames, const struct standings_row *rows,
    const char *const *names, struct buf *b)
{
	struct standings_layout	 l;
	struct buf		 m;
	char			 name[STANDINGS_SHORT * 4 + 8], pts[32];
	int			 a, c, x;
	size_t			 w, width;

	memset(&l, 0, sizeof l);
	l.num = xreallocarray(NULL, (size_t)nplayers + 1, sizeof *l.num);
	l.numw = 1;
	for (x = nplayers; x >= 10; x /= 10)
		l.numw++;
	l.namew = 4;
	l.totw = 3;
	l.cellw = 1;
	for (a = 0; a < nplayers; a++) {
		l.num[rows[a].player] = a + 1;
		standings_score(pts, sizeof pts, rows[a].points);
		if ((w = standings_width(pts)) > l.totw)
			l.totw = w;
		standings_name(name, sizeof name, names, rows[a].player,
		    STANDINGS_SHORT);
		if ((w = standings_width(name)) > l.namew)
			l.namew = w;
	}
	/* The widest cell, only while a grid may still fit. */
	buf_init(&m);
	for (a = 0; a < nplayers && nplayers * 2 < STANDINGS_WIDTH; a++) {
		for (c = 0; c < nplayers; c++) {
			buf_reset(&m);
			standings_cell(&m, 0, games, ngames, rows[a].player,
			    rows[c].player);
			if (m.len > l.cellw)
				l.cellw = m.len;
		}
	}
	buf_free(&m);
	if ((size_t)l.numw > l.cellw)
		l.cellw = (size_t)l.numw;
	l.cellw++;
	width = (size_t)l.numw + 1 + l.namew + 1 +
	    (size_t)nplayers * l.cellw + 2 + l.totw;
	/* Names give way down to four characters. */
	if (width > STANDINGS_WIDTH && width - STANDINGS_WIDTH <= l.namew - 4) {
		l.namew -= width - STANDINGS_WIDTH;
		width = STANDINGS_WIDTH;
	}
	if (width <= STANDINGS_WIDTH)
		standings_grid(nplayers, games, ngames, rows, names, &l, b);
	else {
		l.namew = STANDINGS_SHORT;
		standings_list(nplayers, games, ngames, rows, names, &l, b);
	}
	free(l.num);
}

/* The crosstable as a grid: a row per player, a column per opponent. */
static void
standings_grid(int nplayers, const struct standings_game *games,
    size_t ngames, const struct standings_row *rows,
    const char *const *names, const struct standings_layout *l,
    struct buf *b)
{
	char	name[STANDINGS_SHORT * 4 + 8], pts[32];
	int	a, c;

	buf_addf(b, "%*s ", l->numw, "#");
	standings_pad(b, "Name", l->namew, 0);
	buf_addc(b, ' ');
	for (c = 0; c < nplayers; c++)
		buf_addf(b, "%*d", (int)l->cellw, c + 1);
	buf_adds(b, "  ");
	standings_pad(b, "Pts", l->totw, 1);
	buf_addc(b, '\n');
	for (a = 0; a < nplayers; a++) {
		standings_name(name, sizeof name, names, rows[a].player,
		    l->namew);
		buf_addf(b, "%*d ", l->numw, a + 1);
		standings_pad(b, name, l->namew, 0);
		buf_addc(b, ' ');
		for (c = 0; c < nplayers; c++)
			standings_cell(b, (int)l->cellw, games, ngames,
			    rows[a].player, rows[c].player);
		standings_score(pts, sizeof pts, rows[a].points);
		buf_adds(b, "  ");
		standings_pad(b, pts, l->totw, 1);
		buf_addc(b, '\n');
	}
}

/* A game as player p saw it: "+", or W/D/L and the others' numbers. */
static void
standings_token(struct buf *b, const struct standings_game *g, int p,
    const int *num)
{
	int	i, me = 0, sep = 0;

	if (g->n <= 1) {
		buf_addc(b, '+');
		return;
	}
	for (i = 0; i < g->n; i++) {
		if (g->player[i] == p)
			me = i;
	}
	i = standings_best(g, me);
	buf_addc(b, i == 1 ? 'W' : i > 1 ? 'D' : 'L');
	for (i = 0; i < g->n; i++) {
		if (i == me)
			continue;
		if (sep++)
			buf_addc(b, ',');
		buf_addf(b, "%d", num[g->player[i]]);
	}
}

/*
 * The crosstable as lists: a line per player of their games in round
 * order, wrapped under the first game.
 */
static void
standings_list(int nplayers, const struct standings_game *games,
    size_t ngames, const struct standings_row *rows,
    const char *const *names, const struct standings_layout *l,
    struct buf *b)
{
	struct buf	 tok;
	char		 name[STANDINGS_SHORT * 4 + 8], pts[32];
	size_t		*mine, n, k, i, j, x, indent, col;
	int		 a, p;

	indent = (size_t)l->numw + 1 + l->namew + 1 + l->totw;
	mine = xreallocarray(NULL, ngames + 1, sizeof *mine);
	buf_init(&tok);
	buf_addf(b, "%*s ", l->numw, "#");
	standings_pad(b, "Name", l->namew, 0);
	buf_addc(b, ' ');
	standings_pad(b, "Pts", l->totw, 1);
	buf_adds(b, " Games: W(in), D(raw), L(oss) v. number; + bye\n");
	for (a = 0; a < nplayers; a++) {
		p = rows[a].player;
		/* The player's games, by round (insertion keeps order). */
		for (n = k = 0; k < ngames; k++) {
			for (i = 0; i < (size_t)games[k].n; i++) {
				if (games[k].player[i] != p)
					continue;
				for (j = n++; j > 0 &&
				    games[mine[j - 1]].round > games[k].round;
				    j--)
					mine[j] = mine[j - 1];
				mine[j] = k;
				break;
			}
		}
		standings_name(name, sizeof name, names, p, l->namew);
		standings_score(pts, sizeof pts, rows[a].points);
		buf_addf(b, "%*d ", l->numw, a + 1);
		standings_pad(b, name, l->namew, 0);
		buf_addc(b, ' ');
		standings_pad(b, pts, l->totw, 1);
		for (col = indent, x = 0; x < n; x++) {
			buf_reset(&tok);
			standings_token(&tok, &games[mine[x]], p, l->num);
			if (col + 1 + tok.len > STANDINGS_WIDTH) {
				buf_addc(b, '\n');
				for (col = 0; col < indent; col++)
					buf_addc(b, ' ');
			}
			buf_addc(b, ' ');
			buf_adds(b, tok.data);
			col += 1 + tok.len;
		}
		buf_addc(b, '\n');
	}
	buf_free(&tok);
	free(mine);
}
