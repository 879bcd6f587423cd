#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "standings.h"
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
 * loss for the rest.  Rows rank by points, the tie-break, wins and
 * index, and rows equal in the first three share a place.
 *
 * The text is UTF-8 and no line is wider than 78 characters: points
 * are written "3½", "2", "0½" (or with two decimals when a game of more
 * than two makes them finer), "½" counting as one column, and a name
 * too long is cut with "…".  The crosstable is a grid, one cell per
 * opponent, when its widest row fits (about 25 players, fewer with
 * return games or names); otherwise each player gets a line of results
 * in round order, "W5" for a win against number 5, "D2,7" for a draw
 * in a game of three, "+" for a bye, continued on indented lines.
 */

#define STANDINGS_WIDTH		78
#define STANDINGS_EPSILON	1e-9
#define STANDINGS_NAME		24	/* the table's name column */
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
static int	standings_cmp(const void *, const void *);
static size_t	standings_width(const char *);
static void	standings_pad(struct buf *, const char *, size_t, int);
static void	standings_name(char *, size_t, const char *const *, int,
		    size_t);
static void	standings_score(char *, size_t, double);
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

/* Points, tie-break and wins down, then index up. */
static int
standings_cmp(const void *va, const void *vb)
{
	const struct standings_row	*a = va, *b = vb;

	if (!standings_equal(a->points, b->points))
		return (a->points > b->points ? -1 : 1);
	if (!standings_equal(a->tiebreak, b->tiebreak))
		return (a->tiebreak > b->tiebreak ? -1 : 1);
	if (a->wins != b->wins)
		return (a->wins > b->wins ? -1 : 1);
	return (a->player < b->player ? -1 : a->player > b->player);
}

void
standings_compute(int nplayers, const struct standings_game *games,
    size_t ngames, enum standings_tiebreak tiebreak,
    struct standings_row *rows)
{
	const struct standings_game	*g;
	struct standings_row		*r;
	double				*total, sum;
	size_t				 k;
	int				 i, j, best;

	memset(rows, 0, (size_t)nplayers * sizeof *rows);
	for (i = 0; i < nplayers; i++)
		rows[i].player = i;
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
			sum = 0;
			for (j = 0; j < g->n; j++) {
				if (j == i)
					continue;
				if (tiebreak == STANDINGS_SONNEBORN)
					sum += standings_pairwise(g, i, j) *
					    total[g->player[j]];
				else
					sum += total[g->player[j]];
			}
			rows[g->player[i]].tiebreak += sum / (g->n - 1);
		}
	}
	free(total);
	qsort(rows, (size_t)nplayers, sizeof *rows, standings_cmp);
	for (i = 0; i < nplayers; i++) {
		r = &rows[i];
		if (i > 0 && standings_equal(r->points, r[-1].points) &&
		    standings_equal(r->tiebreak, r[-1].tiebreak) &&
		    r->wins == r[-1].wins)
			r->place = r[-1].place;
		else
			r->place = i + 1;
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

void
standings_table(const struct standings_row *rows, int n,
    const char *const *names, enum standings_tiebreak tiebreak,
    struct buf *b)
{
	const struct standings_row	*r;
	char				 name[STANDINGS_NAME * 4 + 8];
	char				 pts[32];
	int				 i;

	buf_addf(b, "%4s  ", "#");
	standings_pad(b, "Name", STANDINGS_NAME, 0);
	buf_addf(b, " %5s %4s %4s %4s %7s %9s\n", "Games", "W", "D", "L",
	    "Points", tiebreak == STANDINGS_SONNEBORN ? "SB" : "Buch.");
	for (i = 0; i < n; i++) {
		r = &rows[i];
		standings_name(name, sizeof name, names, r->player,
		    STANDINGS_NAME);
		standings_score(pts, sizeof pts, r->points);
		buf_addf(b, "%4d  ", r->place);
		standings_pad(b, name, STANDINGS_NAME, 0);
		buf_addf(b, " %5d %4d %4d %4d ", r->played, r->wins, r->draws,
		    r->losses);
		standings_pad(b, pts, 7, 1);
		buf_addf(b, " %9.2f\n", r->tiebreak);
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
