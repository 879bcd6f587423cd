#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "mur-legal.h"
#include "mur-position.h"
#include "text.h"
#include "xmalloc.h"

/*
 * A Mur position is fifteen lines, in this order:
 *
 *	mupbem position 2
 *	game mur
 *	match 6			games in the match
 *	playing 2		the game being played (the last, once over)
 *	to-move white		or - once the match is over
 *	turns 31		turns played in the match (record lines)
 *	quiet 5			turns since the last trap, this game
 *	traps 1 0		traps made this game by black and white
 *	results black-mur	each finished game: winner and how, or -
 *	black n1 ne1 e2		the stones on the board, or -
 *	white s2
 *	mur c
 *	withdraw -		what the player to move must withdraw
 *	knocked -		the knocked-back stone among them
 *	last n1 e1 e2		the last move: from, to, the bumped stone's
 *				rest (- if none); or - if no move
 *
 * A result is black, white or drawn, a dash, and mur, traps, stuck,
 * quiet or resign (enum mur_end).  Writing is canonical and reading
 * strict: the text must be exactly what the game it describes writes,
 * and the game must be one that play could reach in its essentials (no
 * two stones on a point, at most seven a side, the withdrawals owed
 * exactly the trapped and knocked-back stones, no game left running
 * that should have ended).
 *
 * Version 1, written before turns were counted over the match, has
 * "turn N" in place of "turns N": the turns played in this game only.
 * It still reads, N taken as the match's turns (the turns of earlier
 * games are not in it), and is written back as version 2.  A key of
 * one version under the other's first line is refused.
 */

#define MUR_POSITION_LINES	15
#define MUR_POSITION_TURNS	5	/* the line of the turns */
#define MUR_POSITION_VERSION	2	/* the version written */

static const char *mur_position_keys[MUR_POSITION_LINES] = {
	NULL, "game", "match", "playing", "to-move", "turns", "quiet",
	"traps", "results", "black", "white", "mur", "withdraw", "knocked",
	"last"
};

/* The turns line's key in versions 1 and 2, and what it counts. */
static const char *mur_position_turns[] = { "turn", "turns" };
static const char *mur_position_counts[] = {
	"the turns played in this game", "the turns played in the match"
};

static const char *mur_position_ends[] = {
	"", "mur", "traps", "stuck", "quiet", "resign"
};

static const char *mur_position_winners[] = { "black", "white", "drawn" };

struct mur_position_line {
	const char	*key;
	const char	*s;
	size_t		 len;
};

static int	mur_position_fail(char **, int, const char *, ...)
		    __attribute__((format(printf, 3, 4)));
static void	mur_position_emit(const struct mur_game *, int,
		    struct buf *);
static const char *mur_position_key(int, int);
static int	mur_position_value(const char *, const char *, const char *,
		    struct mur_position_line *);
static int	mur_position_split(const char *, struct mur_position_line *,
		    int *, char **);
static int	mur_position_number(const struct mur_position_line *, int,
		    long, long, int *, char **);
static int	mur_position_points(const struct mur_position_line *, int,
		    int, uint32_t *, char **);
static int	mur_position_results(struct mur_game *,
		    const struct mur_position_line *, char **);
static int	mur_position_last(struct mur_game *,
		    const struct mur_position_line *, char **);
static int	mur_position_fields(struct mur_game *,
		    const struct mur_position_line *, char **);
static int	mur_position_check(const struct mur_game *, char **);
static void	mur_position_list(uint32_t, struct buf *);
static int	mur_position_excused(const struct mur_game *);

static int
mur_position_fail(char **cause, int line, const char *fmt, ...)
{
	va_list	 ap;
	char	*why;

	va_start(ap, fmt);
	xvasprintf(&why, fmt, ap);
	va_end(ap);
	xasprintf(cause, "position line %d: %s", line, why);
	free(why);
	return (-1);
}

/* Points as names separated by spaces, or "-". */
static void
mur_position_list(uint32_t m, struct buf *out)
{
	if (m == 0)
		buf_addc(out, '-');
	mur_board_words(m, out);
}

void
mur_position_write(const struct mur_game *g, struct buf *out)
{
	mur_position_emit(g, MUR_POSITION_VERSION, out);
}

/* Write g as version writes it: 1 only to check a version 1 text. */
static void
mur_position_emit(const struct mur_game *g, int version, struct buf *out)
{
	int	i;

	buf_addf(out, "mupbem position %d\ngame mur\n", version);
	buf_addf(out, "match %d\nplaying %d\n", g->games, g->game);
	buf_addf(out, "to-move %s\n", g->over ? "-" :
	    mur_game_side(g->to_move));
	buf_addf(out, "%s %d\nquiet %d\n", mur_position_key(version,
	    MUR_POSITION_TURNS), g->turns, g->quiet);
	buf_addf(out, "traps %d %d\nresults", g->traps[0], g->traps[1]);
	for (i = 0; i < g->nresults; i++)
		buf_addf(out, " %s-%s", mur_position_winners[g->winner[i]],
		    mur_position_ends[g->end[i]]);
	buf_adds(out, g->nresults == 0 ? " -\nblack " : "\nblack ");
	mur_position_list(g->pos.stones[MUR_BLACK], out);
	buf_adds(out, "\nwhite ");
	mur_position_list(g->pos.stones[MUR_WHITE], out);
	buf_addf(out, "\nmur %s\nwithdraw ", mur_board_name(g->pos.mur));
	mur_position_list(g->withdraw, out);
	buf_adds(out, "\nknocked ");
	mur_position_list(g->knocked, out);
	if (g->last_from == -1)
		buf_adds(out, "\nlast -\n");
	else {
		buf_addf(out, "\nlast %s %s %s\n", mur_board_name(g->last_from),
		    mur_board_name(g->last_to), g->last_rest == -1 ? "-" :
		    mur_board_name(g->last_rest));
	}
}

/* The key of line i in version. */
static const char *
mur_position_key(int version, int i)
{
	if (i == MUR_POSITION_TURNS)
		return (mur_position_turns[version - 1]);
	return (mur_position_keys[i]);
}

/* The line from p to nl as "key value" into *l; -1 if not key's. */
static int
mur_position_value(const char *p, const char *nl, const char *key,
    struct mur_position_line *l)
{
	size_t	klen = strlen(key);

	if ((size_t)(nl - p) <= klen + 1 || strncmp(p, key, klen) != 0 ||
	    p[klen] != ' ')
		return (-1);
	l->key = key;
	l->s = p + klen + 1;
	l->len = (size_t)(nl - p) - klen - 1;
	return (0);
}

/*
 * Split text into its lines, each "key value"; values in line[], and
 * the version line 1 names in *version.
 */
static int
mur_position_split(const char *text, struct mur_position_line *line,
    int *version, char **cause)
{
	const char	*p = text, *nl, *end = text + strlen(text), *key;
	int		 i, other;

	for (i = 0; i < MUR_POSITION_LINES; i++) {
		if (p == end)
			return (mur_position_fail(cause, i + 1, "the position "
			    "ends before its '%s' line", i == 0 ?
			    "mupbem position" :
			    mur_position_key(*version, i)));
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			return (mur_position_fail(cause, i + 1, "the position "
			    "is truncated: its last line has no newline"));
		if (i == 0) {
			if (nl - p != 17 || strncmp(p, "mupbem position ",
			    16) != 0 || (p[16] != '1' && p[16] != '2'))
				return (mur_position_fail(cause, 1, "expected "
				    "'mupbem position %d'",
				    MUR_POSITION_VERSION));
			*version = p[16] - '0';
			p = nl + 1;
			continue;
		}
		key = mur_position_key(*version, i);
		if (mur_position_value(p, nl, key, &line[i]) == 0) {
			p = nl + 1;
			continue;
		}
		other = 3 - *version;
		if (i == MUR_POSITION_TURNS && mur_position_value(p, nl,
		    mur_position_key(other, i), &line[i]) == 0)
			return (mur_position_fail(cause, i + 1, "a version %d "
			    "position (line 1) has '%s', %s, not version %d's "
			    "'%s'", *version, key,
			    mur_position_counts[*version - 1], other,
			    mur_position_key(other, i)));
		return (mur_position_fail(cause, i + 1, "expected '%s' and "
		    "its value", key));
	}
	if (p != end)
		return (mur_position_fail(cause, MUR_POSITION_LINES + 1,
		    "the position has more lines than a Mur position"));
	return (0);
}

static int
mur_position_number(const struct mur_position_line *line, int i, long min,
    long max, int *out, char **cause)
{
	long	n;

	if (line[i].len == 0 || line[i].s[0] == '-' || line[i].s[0] == '+' ||
	    text_parse_int(line[i].s, line[i].len, min, max, &n) == -1)
		return (mur_position_fail(cause, i + 1, "%s: expected a "
		    "number from %ld to %ld", line[i].key, min, max));
	*out = (int)n;
	return (0);
}

/* Line i as point names separated by spaces, or "-"; at most max. */
static int
mur_position_points(const struct mur_position_line *line, int i, int max,
    uint32_t *out, char **cause)
{
	const char	*p = line[i].s, *end = p + line[i].len, *sp;
	int		 pt;

	*out = 0;
	if (line[i].len == 1 && p[0] == '-')
		return (0);
	while (p < end) {
		if ((sp = memchr(p, ' ', (size_t)(end - p))) == NULL)
			sp = end;
		if ((pt = mur_board_parse(p, (size_t)(sp - p))) == -1)
			return (mur_position_fail(cause, i + 1, "%s: '%.*s' "
			    "is not a point", line[i].key,
			    (int)(sp - p), p));
		if (*out & (1U << pt))
			return (mur_position_fail(cause, i + 1, "%s: %s is "
			    "named twice", line[i].key,
			    mur_board_name(pt)));
		*out |= 1U << pt;
		p = sp + 1;
	}
	if (mur_board_count(*out) > max)
		return (mur_position_fail(cause, i + 1, "%s: more than %d "
		    "point%s", line[i].key, max, max == 1 ? "" :
		    "s"));
	return (0);
}

static int
mur_position_results(struct mur_game *g, const struct mur_position_line *l,
    char **cause)
{
	const char	*p = l[8].s, *end = p + l[8].len, *sp, *dash;
	size_t		 wlen;
	int		 w, e;

	g->nresults = 0;
	if (l[8].len == 1 && p[0] == '-')
		return (0);
	while (p < end) {
		if ((sp = memchr(p, ' ', (size_t)(end - p))) == NULL)
			sp = end;
		dash = memchr(p, '-', (size_t)(sp - p));
		wlen = dash == NULL ? 0 : (size_t)(dash - p);
		for (w = 0; w < 3; w++) {
			if (strlen(mur_position_winners[w]) == wlen &&
			    strncmp(p, mur_position_winners[w], wlen) == 0)
				break;
		}
		for (e = 1; w < 3 && e <= MUR_END_RESIGN; e++) {
			if (strlen(mur_position_ends[e]) == (size_t)(sp -
			    dash - 1) && strncmp(dash + 1,
			    mur_position_ends[e], (size_t)(sp - dash - 1)) == 0)
				break;
		}
		if (w == 3 || e > MUR_END_RESIGN || (w == 2) !=
		    (e == MUR_END_QUIET) || g->nresults == g->games)
			return (mur_position_fail(cause, 9, "results: '%.*s' "
			    "is not a result such as black-mur, white-traps "
			    "or drawn-quiet, or there are more results than "
			    "games", (int)(sp - p), p));
		g->winner[g->nresults] = (uint8_t)w;
		g->end[g->nresults] = (uint8_t)e;
		g->nresults++;
		p = sp + 1;
	}
	return (0);
}

static int
mur_position_last(struct mur_game *g, const struct mur_position_line *l,
    char **cause)
{
	const char	*p = l[14].s, *end = p + l[14].len, *sp;
	int		 n, pt[3];

	g->last_from = g->last_to = g->last_rest = -1;
	if (l[14].len == 1 && p[0] == '-')
		return (0);
	for (n = 0; n < 3 && p <= end; n++, p = sp + 1) {
		if ((sp = memchr(p, ' ', (size_t)(end - p))) == NULL)
			sp = end;
		pt[n] = mur_board_parse(p, (size_t)(sp - p));
		if (pt[n] == -1 && (n < 2 || sp - p != 1 || *p != '-'))
			break;
	}
	if (n != 3 || p <= end)
		return (mur_position_fail(cause, 15, "last: expected the last "
		    "move's departure, landing and bumped stone's rest (or "
		    "-), such as 'last n1 e1 -', or '-'"));
	g->last_from = pt[0];
	g->last_to = pt[1];
	g->last_rest = pt[2];
	return (0);
}

/* Read the values of lines 3 to 15 into g. */
static int
mur_position_fields(struct mur_game *g, const struct mur_position_line *l,
    char **cause)
{
	uint32_t	mur;

	if (mur_position_number(l, 2, 1, MUR_GAMES_MAX, &g->games,
	    cause) == -1 || mur_position_number(l, 3, 1, g->games, &g->game,
	    cause) == -1)
		return (-1);
	if (l[4].len == 1 && l[4].s[0] == '-')
		g->over = 1;
	else if (l[4].len == 5 && strncmp(l[4].s, "black", 5) == 0)
		g->to_move = MUR_BLACK;
	else if (l[4].len == 5 && strncmp(l[4].s, "white", 5) == 0)
		g->to_move = MUR_WHITE;
	else
		return (mur_position_fail(cause, 5, "to-move: expected black, "
		    "white or - (the match is over)"));
	if (mur_position_number(l, MUR_POSITION_TURNS, 0, 1000000,
	    &g->turns, cause) == -1 ||
	    mur_position_number(l, 6, 0, MUR_QUIET_CAP + 1, &g->quiet,
	    cause) == -1)
		return (-1);
	if (l[7].len != 3 || l[7].s[1] != ' ' || l[7].s[0] < '0' ||
	    l[7].s[0] > '0' + MUR_TRAPS_TO_WIN + 1 || l[7].s[2] < '0' ||
	    l[7].s[2] > '0' + MUR_TRAPS_TO_WIN + 1)
		return (mur_position_fail(cause, 8, "traps: expected black's "
		    "and white's traps this game, each 0 to %d, such as "
		    "'traps 1 0'", MUR_TRAPS_TO_WIN + 1));
	g->traps[0] = l[7].s[0] - '0';
	g->traps[1] = l[7].s[2] - '0';
	if (mur_position_results(g, l, cause) == -1 ||
	    mur_position_points(l, 9, MUR_STONES, &g->pos.stones[MUR_BLACK],
	    cause) == -1 || mur_position_points(l, 10, MUR_STONES,
	    &g->pos.stones[MUR_WHITE], cause) == -1 ||
	    mur_position_points(l, 11, 1, &mur, cause) == -1 ||
	    mur_position_points(l, 12, 2 * MUR_STONES, &g->withdraw,
	    cause) == -1 || mur_position_points(l, 13, 1, &g->knocked,
	    cause) == -1)
		return (-1);
	if (mur == 0)
		return (mur_position_fail(cause, 12, "mur: the mur stone is "
		    "always on the board"));
	g->pos.mur = __builtin_ctz(mur);
	return (mur_position_last(g, l, cause));
}

/*
 * A trapped stone of the player who moved last can only be one that
 * entered an eye to trap: it touches a stone its opponent must now
 * withdraw.
 */
static int
mur_position_excused(const struct mur_game *g)
{
	uint32_t	m, owed = mur_rules_trapped(&g->pos, g->to_move);

	for (m = mur_rules_trapped(&g->pos, 1 - g->to_move); m != 0;
	    m &= m - 1) {
		if ((mur_board_adjacent[__builtin_ctz(m)] & owed) == 0)
			return (-1);
	}
	return (0);
}

/* Is g a state that play could reach, in its essentials? */
static int
mur_position_check(const struct mur_game *g, char **cause)
{
	const struct mur_pos	*pos = &g->pos;
	uint32_t		 owed, mine;
	int			 done;

	done = g->nresults > 0 && (g->nresults == g->games ||
	    g->end[g->nresults - 1] == MUR_END_RESIGN);
	if (g->over != done || g->nresults != g->game - 1 + g->over)
		return (mur_position_fail(cause, 9, "results: %d game%s "
		    "finished, which does not fit game %d of %d %s",
		    g->nresults, g->nresults == 1 ? "" : "s", g->game,
		    g->games, g->over ? "with the match over" : "in play"));
	if (pos->stones[0] & pos->stones[1])
		return (mur_position_fail(cause, 11, "white: a point holds "
		    "a black and a white stone"));
	if ((pos->stones[0] | pos->stones[1]) & (1U << pos->mur))
		return (mur_position_fail(cause, 12, "mur: the mur stone's "
		    "point holds a stone"));
	if (g->quiet > g->turns)
		return (mur_position_fail(cause, 7, "quiet: more turns "
		    "without a trap than turns played"));
	if (g->over) {
		if (g->withdraw != 0 || g->knocked != 0 || g->last_from != -1)
			return (mur_position_fail(cause, 13, "withdraw: a "
			    "match that is over owes nothing and has no last "
			    "move"));
		return (0);
	}
	if (g->traps[0] >= MUR_TRAPS_TO_WIN || g->traps[1] >= MUR_TRAPS_TO_WIN)
		return (mur_position_fail(cause, 8, "traps: %d traps win, so "
		    "the game is over", MUR_TRAPS_TO_WIN));
	mine = pos->stones[g->to_move];
	owed = mur_rules_trapped(pos, g->to_move) | g->knocked;
	if ((g->knocked & (g->knocked - 1)) != 0 || (g->knocked & ~mine) ||
	    (g->knocked != 0 && g->last_rest != __builtin_ctz(g->knocked)))
		return (mur_position_fail(cause, 14, "knocked: one stone of "
		    "the player to move at most, where the last move's "
		    "bumped stone came to rest"));
	if (g->withdraw != owed)
		return (mur_position_fail(cause, 13, "withdraw: the player "
		    "to move must withdraw exactly their trapped and "
		    "knocked-back stones"));
	if (mur_position_excused(g) == -1)
		return (mur_position_fail(cause, 11 - g->to_move, "%s: a stone of the "
		    "player who moved last is trapped, and no withdrawal owed "
		    "would free it", mur_game_side(1 - g->to_move)));
	if (g->last_from != -1 && (mur_rules_owner(pos, g->last_to) !=
	    1 - g->to_move || (g->last_rest != -1 &&
	    mur_rules_owner(pos, g->last_rest) == -1)))
		return (mur_position_fail(cause, 15, "last: the last move "
		    "must have landed on a stone of the player who moved "
		    "last, and its bumped stone on a point that is taken"));
	if (g->quiet >= MUR_QUIET_CAP && g->withdraw == 0)
		return (mur_position_fail(cause, 7, "quiet: %d turns without "
		    "a trap and nothing owed, so the game is drawn",
		    g->quiet));
	if (mur_rules_mur_trapped(pos) != -1)
		return (mur_position_fail(cause, 12, "mur: the mur stone is "
		    "trapped, so the game is over"));
	if (!mur_legal_any(g))
		return (mur_position_fail(cause, 5, "to-move: %s has no "
		    "legal turn, so the game is over",
		    mur_game_side(g->to_move)));
	return (0);
}

/*
 * Read position text, version 1 or 2, into g; on failure g is
 * undefined.
 */
int
mur_position_read(struct mur_game *g, const char *text, char **cause)
{
	struct mur_position_line	 line[MUR_POSITION_LINES];
	struct buf			 out;
	char				*want;
	int				 n, version = 0;

	memset(g, 0, sizeof *g);
	if (mur_position_split(text, line, &version, cause) == -1 ||
	    mur_position_fields(g, line, cause) == -1 ||
	    mur_position_check(g, cause) == -1)
		return (-1);
	buf_init(&out);
	mur_position_emit(g, version, &out);
	want = text_difference(text, strlen(text), out.data, &n);
	buf_free(&out);
	if (want == NULL)
		return (0);
	xasprintf(cause, "position line %d: not written the way mupbem "
	    "writes it; expected '%s'", n, want);
	free(want);
	return (-1);
}
