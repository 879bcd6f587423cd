#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "address.h"
#include "compete.h"
#include "mailloop.h"
#include "operate.h"
#include "service-private.h"
#include "service.h"
#include "text.h"
#include "xmalloc.h"



/*
 * The operator's tools ("mupbem --db FILE ...", docs/commands.md): what
 * the organiser of a server does about a game its players cannot
 * settle by mail.  stalled lists the games in play that have waited
 * longest.  The others act on one game in play:
 *
 *   cancel      it ends without a result: abandoned, ending cancelled
 *   adjudicate  the operator decides its result: over, adjudicated
 *   replace     a substitute takes a seat, whose clock runs on as it
 *               stood: the bank belongs to the seat
 *   forfeit     a seat loses as if out of time (service_clock_out())
 *   nudge       the player to move gets the board again
 *               (service-nudge.c)
 *
 * service_operator_run() does each in one store transaction with the
 * mail it causes (service_operator_begin() and service_operator_end()
 * in service.c), so that a refusal changes nothing.  Each writes what
 * it did in the game's record, as a comment line dated in UTC, and
 * tells the players by mail.  As for a timer, there is no mail in
 * hand: the service_mail has no message, and its sender is nobody (no
 * player has id 0), so every mail is a new one in the game's thread.
 *
 * The organiser of a tournament adjudicates and replaces by mail
 * (service-organise.c) through service_operator_act(), in the mail's
 * transaction: then the sender is the organiser, and the record and
 * the players' mail name them where they would say "the operator".
 */

#define SERVICE_OPERATOR_RECENT	(180 * 86400)	/* dates without a year */

static void	service_operator_who(const struct service_mail *, int,
		    struct buf *);
static int	service_operator_load(struct service_mail *, long long,
		    const char *, struct service_game *, char **);
static struct store_seat *service_operator_seat(struct service_game *,
		    const char *, char **);
static int	service_operator_tell(struct service_mail *,
		    struct service_game *, long long, enum template_kind,
		    struct service_vars *, const char *, size_t *, char **);
static void	service_operator_date(long long, long long, struct buf *);
static void	service_operator_stalled_line(struct service_mail *,
		    struct service_game *, struct buf *);
static void	service_operator_seats(const struct game *, struct buf *);
static int	service_operator_ranking(const struct service_game *,
		    const char *, int *, char **);
static void	service_operator_result(const struct service_game *,
		    const int *, struct buf *);
static void	service_operator_final(const struct service_game *,
		    const int *, int **);
static int	service_operator_close(struct service_mail *,
		    struct service_game *, const char *, const char *,
		    const char *, char **);
static int	service_operator_address(struct service_mail *, const char *,
		    char **);
static int	service_operator_replaced(struct service_mail *,
		    struct service_game *, int, const struct store_player *,
		    char **);
static int	service_operator_cancel_game(struct service_mail *,
		    struct service_game *, const char *const *, struct buf *,
		    char **);
static int	service_operator_forfeit_game(struct service_mail *,
		    struct service_game *, const char *const *, struct buf *,
		    char **);

/*
 * Load game id into sg, if it is in play: 0, or -1 and *cause, which
 * ends with refusal if the game is not in play ("there is no turn to
 * nudge").
 */
static int
service_operator_load(struct service_mail *sm, long long id,
    const char *refusal, struct service_game *sg, char **cause)
{
	struct store_game	row;
	int			rc;

	if ((rc = store_game_get(sm->sv->store, id, &row, cause)) != 1) {
		if (rc == 0)
			xasprintf(cause, "there is no game G%lld", id);
		return (-1);
	}
	store_game_free(&row);
	if ((rc = service_game_load(sm, id, sg, cause)) != 1) {
		if (rc == 0)
			xasprintf(cause, "G%lld: its record does not replay",
			    id);
		return (-1);
	}
	if (strcmp(sg->row.status, "playing") != 0 ||
	    sg->g->ops->to_move(sg->g) == -1) {
		xasprintf(cause, "G%lld is not in play (it is %s): %s", id,
		    sg->row.status, refusal);
		service_game_free(sg);
		return (-1);
	}
	return (0);
}

/*
 * Do act to game id, which must be in play, through ml's store and
 * configuration, in one transaction: act gets the game and args (its
 * words) and says what it did in done, for the operator.  0, or -1
 * and *cause with nothing changed; refusal ends the cause if the game
 * is not in play.
 */
int
service_operator_run(struct service *sv, struct mailloop *ml, long long id,
    const char *refusal, int (*act)(struct service_mail *,
    struct service_game *, const char *const *, struct buf *, char **),
    const char *const *args, struct buf *done, char **cause)
{
	struct service_mail	sm;
	int			rc;

	if (service_operator_begin(&sm, sv, ml, cause) == -1)
		return (-1);
	rc = service_operator_act(&sm, id, refusal, act, args, done, cause);
	return (service_operator_end(&sm, rc, cause));
}

/*
 * Do act to game id, which must be in play, in sm's transaction: the
 * operator's (service_operator_run()) or a mail's, whose sender is the
 * organiser of the game's tournament (service-organise.c).  0, or -1
 * and *cause; the caller undoes what act did.
 */
int
service_operator_act(struct service_mail *sm, long long id,
    const char *refusal, int (*act)(struct service_mail *,
    struct service_game *, const char *const *, struct buf *, char **),
    const char *const *args, struct buf *done, char **cause)
{
	struct service_game	sg;
	int			rc;

	if ((rc = service_operator_load(sm, id, refusal, &sg, cause)) == 0) {
		rc = act(sm, &sg, args, done, cause);
		service_game_free(&sg);
	}
	return (rc);
}

/*
 * Who acts, for the players' mail (title set: "The operator", or "The
 * organiser, Olga <olga@example.org>,") or for the record ("the
 * operator", "the organiser olga@example.org"): sm's sender is nobody
 * for the operator's tool, the organiser for a mail.
 */
static void
service_operator_who(const struct service_mail *sm, int title,
    struct buf *out)
{
	if (sm->me.id == 0)
		buf_adds(out, title ? "The operator" : "the operator");
	else if (title) {
		buf_adds(out, "The organiser, ");
		service_label(&sm->me, out);
		buf_adds(out, ",");
	} else
		buf_addf(out, "the organiser %s", sm->me.address);
}

/*
 * Say in sg's record what the operator or organiser did ("cancelled the
 * game"), as a comment dated now, and write the record back; the game's
 * status, clock and time of its last change stay as they are.
 */
int
service_operator_note(struct service_mail *sm, struct service_game *sg,
    const char *what, char **cause)
{
	struct buf	note, text;
	int		rc;

	buf_init(&note);
	buf_init(&text);
	service_clock_when(sm->ml->now, NULL, &note);
	buf_adds(&note, ": ");
	service_operator_who(sm, 0, &note);
	buf_addf(&note, " %s", what);
	record_note(&sg->rec, note.data);
	record_write(&sg->rec, &text);
	rc = store_game_update(sm->sv->store, sg->row.id, sg->row.status,
	    text.data, (int)sg->rec.nactions, sg->row.updated, cause);
	if (rc == 0) {
		free(sg->row.record);
		sg->row.record = buf_steal(&text);
	}
	buf_free(&note);
	buf_free(&text);
	return (rc);
}

/* The seat of sg called name, held and still in the game; or NULL. */
static struct store_seat *
service_operator_seat(struct service_game *sg, const char *name,
    char **cause)
{
	const struct game	*g = sg->g;
	struct store_seat	*s;
	struct buf		 seats;
	int			 seat;

	if ((seat = g->ops->seat_parse(g, name, strlen(name))) == -1) {
		buf_init(&seats);
		service_operator_seats(g, &seats);
		xasprintf(cause, "G%lld has no seat '%s': its seats are %s",
		    sg->row.id, name, seats.data);
		buf_free(&seats);
		return (NULL);
	}
	name = g->ops->seat_name(g, seat);
	if ((s = service_clock_seat(sg, seat)) == NULL || s->player.id == 0)
		xasprintf(cause, "G%lld: nobody holds %s", sg->row.id, name);
	else if (strcmp(s->state, "resigned") == 0)
		xasprintf(cause, "G%lld: %s has resigned", sg->row.id, name);
	else if (s->out != NULL)
		xasprintf(cause, "G%lld: %s is out of the game already (%s)",
		    sg->row.id, name, s->out);
	else
		return (s);
	return (NULL);
}

/*
 * Queue a mail of kind about sg to its players and observers but the
 * player but (0: none); *told counts them.
 */
static int
service_operator_tell(struct service_mail *sm, struct service_game *sg,
    long long but, enum template_kind kind, struct service_vars *vars,
    const char *state, size_t *told, char **cause)
{
	struct store_player	*all;
	size_t			 n, i;
	int			 rc = 0;

	if (service_game_everyone(sm, sg, &all, &n, cause) == -1)
		return (-1);
	for (i = 0; i < n && rc == 0; i++) {
		if (all[i].id == but)
			continue;
		rc = service_mail_game(sm, sg, &all[i], kind, vars, state,
		    cause);
		(*told)++;
	}
	store_players_free(all, n);
	return (rc);
}

/*
 * t as a date of 12 columns in UTC, in the manner of ls(1): "18 Nov 11:06",
 * or "18 Nov  2025" if it is half a year or more from now.
 */
static void
service_operator_date(long long t, long long now, struct buf *out)
{
	char		 s[32];
	time_t		 tt = (time_t)t;
	struct tm	 tm;

	gmtime_r(&tt, &tm);
	if (t > now - SERVICE_OPERATOR_RECENT &&
	    t < now + SERVICE_OPERATOR_RECENT)
		strftime(s, sizeof s, "%d %b %H:%M", &tm);
	else
		strftime(s, sizeof s, "%d %b  %Y", &tm);
	buf_adds(out, s);
}

/* One line of stalled for sg, cut to fit TEXT_WIDTH. */
static void
service_operator_stalled_line(struct service_mail *sm,
    struct service_game *sg, struct buf *out)
{
	const struct store_game	*row = &sg->row;
	const struct game	*g = sg->g;
	const struct store_seat	*s;
	struct buf		 line, since, deadline;
	const char		*address = "nobody";
	size_t			 room;
	int			 mover = g->ops->to_move(g);

	buf_init(&line);
	buf_init(&since);
	buf_init(&deadline);
	if ((s = service_clock_seat(sg, mover)) != NULL && s->player.id != 0)
		address = s->player.address;
	service_operator_date(row->clock_since != -1 ? row->clock_since :
	    row->updated, sm->ml->now, &since);
	if (row->clock == NULL)
		buf_adds(&deadline, "no clock");
	else if (row->clock_since == -1)
		buf_adds(&deadline, "on vacation");
	else
		service_operator_date(row->deadline, sm->ml->now, &deadline);
	buf_addf(&line, "G%-5lld %-7s %4d  %-12s  %-12s  %s ", row->id,
	    g->ops->name, row->turns + 1, since.data, deadline.data,
	    mover == -1 ? "-" : g->ops->seat_name(g, mover));
	room = line.len < TEXT_WIDTH ? TEXT_WIDTH - line.len : 0;
	if (strlen(address) <= room)
		buf_adds(&line, address);
	else if (room > 3)
		buf_addf(&line, "%.*s...", (int)(room - 3), address);
	buf_addf(out, "%s\n", line.data);
	buf_free(&line);
	buf_free(&since);
	buf_free(&deadline);
}

/*
 * The at most most games in play that have waited longest, one line
 * each under a heading, into out: the game, its variant, its next
 * turn, since when it has waited, its deadline ("no clock", or "on
 * vacation" when its clock is stopped) and whose turn it is.
 */
int
service_operator_stalled(struct service *sv, struct mailloop *ml,
    long long most, struct buf *out, char **cause)
{
	struct service_mail	 sm;
	struct service_game	 sg;
	long long		*ids;
	size_t			 n, i;
	int			 rc = 0;

	/* One transaction, for one moment's view; it writes nothing. */
	if (service_operator_begin(&sm, sv, ml, cause) == -1)
		return (-1);
	if (store_clock_stalled(sv->store, most, &ids, &n, cause) == -1)
		return (service_operator_end(&sm, -1, cause));
	if (n == 0)
		buf_adds(out, "No game is in play.\n");
	else {
		buf_addf(out, "%-6s %-7s %4s  %-12s  %-12s  %s\n", "GAME",
		    "VARIANT", "TURN", "SINCE (UTC)", "DEADLINE", "TO MOVE");
	}
	for (i = 0; i < n && rc != -1; i++) {
		if ((rc = service_game_load(&sm, ids[i], &sg, cause)) == 0)
			buf_addf(out, "G%-5lld its record does not replay\n",
			    ids[i]);
		if (rc != 1)
			continue;
		service_operator_stalled_line(&sm, &sg, out);
		service_game_free(&sg);
	}
	free(ids);
	return (service_operator_end(&sm, rc == -1 ? -1 : 0, cause));
}

/* g's seats: "red, blue and green". */
static void
service_operator_seats(const struct game *g, struct buf *out)
{
	int	i, n = g->ops->players(g);

	for (i = 0; i < n; i++) {
		buf_addf(out, "%s%s", text_list_sep((size_t)i, (size_t)n),
		    g->ops->seat_name(g, i));
	}
}

/*
 * Read result, the operator's word on sg, into rank[], by seat: 0 for
 * the first place, 1 for the next, -1 for a seat not ranked.  It is a
 * seat's colour (it wins, and the others are not ranked), "draw" (all
 * share the first place), or every colour, best first, with "," between
 * places and "=" between seats that share one: red=blue,green.
 */
static int
service_operator_ranking(const struct service_game *sg, const char *result,
    int *rank, char **cause)
{
	const struct game	*g = sg->g;
	struct buf		 seats;
	const char		*p;
	size_t			 len;
	int			 i, seat, place = 0, named = 0;
	int			 n = g->ops->players(g);

	for (i = 0; i < n; i++)
		rank[i] = strcasecmp(result, "draw") == 0 ? 0 : -1;
	if (rank[0] == 0)
		return (0);
	buf_init(&seats);
	service_operator_seats(g, &seats);
	for (p = result;; p += len + 1) {
		len = strcspn(p, ",=");
		if (len == 0 || (seat = g->ops->seat_parse(g, p, len)) == -1) {
			xasprintf(cause, "'%s' is not a result: write a colour "
			    "(that seat wins), draw, or the colours best first "
			    "with = between tied ones, such as %s; the seats "
			    "are %s", result, n > 2 ? "red=blue,green" :
			    g->ops->seat_name(g, 0), seats.data);
			goto fail;
		}
		if (rank[seat] != -1) {
			xasprintf(cause, "'%s' names %s twice", result,
			    g->ops->seat_name(g, seat));
			goto fail;
		}
		rank[seat] = place;
		named++;
		if (p[len] == '\0')
			break;
		if (p[len] == ',')
			place++;
	}
	for (i = 0; i < n && named > 1; i++) {
		if (rank[i] == -1) {
			xasprintf(cause, "'%s' leaves out %s: a ranking names "
			    "every seat (%s), best first", result,
			    g->ops->seat_name(g, i), seats.data);
			goto fail;
		}
	}
	buf_free(&seats);
	return (0);

fail:
	buf_free(&seats);
	return (-1);
}

/*
 * The final ranks of a result read by service_operator_ranking(), as
 * service_result_end() takes them: 1 first, ties share, and a seat the
 * result leaves out ranks last.  *final is the caller's.
 */
static void
service_operator_final(const struct service_game *sg, const int *rank,
    int **final)
{
	int	i, last = 0, n = sg->g->ops->players(sg->g);

	*final = xreallocarray(NULL, (size_t)n, sizeof **final);
	for (i = 0; i < n; i++) {
		if (rank[i] + 1 > last)
			last = rank[i] + 1;
	}
	for (i = 0; i < n; i++)
		(*final)[i] = rank[i] == -1 ? last + 1 : rank[i] + 1;
}

/*
 * rank in words: "red (alice@example.org) wins by adjudication", "a
 * draw by adjudication", or "red (...) and blue (...) share the first
 * place by adjudication; then green (...)".
 */
static void
service_operator_result(const struct service_game *sg, const int *rank,
    struct buf *out)
{
	int	i, k, place, seen, n = sg->g->ops->players(sg->g);

	for (place = 0;; place++) {
		for (i = 0, k = 0; i < n; i++)
			k += rank[i] == place;
		if (k == 0)
			break;
		if (place == 0 && k == n) {
			buf_adds(out, "a draw by adjudication");
			break;
		}
		if (place > 0)
			buf_adds(out, "; then ");
		for (i = 0, seen = 0; i < n; i++) {
			if (rank[i] != place)
				continue;
			buf_adds(out, text_list_sep((size_t)seen++,
			    (size_t)k));
			service_announce_who(sg, i, out);
		}
		if (place == 0) {
			buf_adds(out, k == 1 ? " wins by adjudication" :
			    " share the first place by adjudication");
		} else if (k > 1)
			buf_adds(out, ", tied");
	}
}

/*
 * End sg with status (over, abandoned), ending and result (in words):
 * in the store, with no timer left, and in sg.
 */
static int
service_operator_close(struct service_mail *sm, struct service_game *sg,
    const char *status, const char *ending, const char *result,
    char **cause)
{
	if (store_clock_end(sm->sv->store, sg->row.id, status, ending,
	    result, sm->ml->now, cause) == -1 ||
	    store_timers_clear(sm->sv->store, sg->row.id, cause) == -1)
		return (-1);
	free(sg->row.status);
	sg->row.status = xstrdup(status);
	free(sg->row.ending);
	sg->row.ending = xstrdup(ending);
	free(sg->row.result);
	sg->row.result = xstrdup(result);
	return (0);
}

/* cancel: args[0] is the reason, or NULL. */
static int
service_operator_cancel_game(struct service_mail *sm,
    struct service_game *sg, const char *const *args, struct buf *done,
    char **cause)
{
	const char		*p;
	struct service_vars	 vars;
	struct buf		 why, result, text;
	size_t			 told = 0;
	int			 rc = -1;

	for (p = args[0]; p != NULL && *p != '\0'; p++) {
		if ((unsigned char)*p < ' ') {
			*cause = xstrdup("the reason must be one line of "
			    "text");
			return (-1);
		}
	}
	buf_init(&why);
	buf_init(&result);
	buf_init(&text);
	buf_adds(&why, "");	/* "" without a reason, never NULL */
	if (args[0] != NULL && *args[0] != '\0')
		buf_addf(&why, ": %s", args[0]);
	/* The seats by colour, as in play, for the mail. */
	service_vars_init(&vars);
	service_vars_game(&vars, sg);
	buf_addf(&result, "cancelled the game%s", why.data);
	if (service_operator_note(sm, sg, result.data, cause) == -1)
		goto out;
	buf_reset(&result);
	buf_addf(&result, "cancelled by the operator%s", why.data);
	if (service_operator_close(sm, sg, "abandoned", "cancelled",
	    result.data, cause) == -1 ||
	    service_result_end(sm, sg, NULL, 0, cause) == -1)
		goto out;
	buf_reset(&result);
	buf_addf(&result, "The operator has cancelled game G%lld (%s)%s. It "
	    "ends without a result: nobody wins or loses.\n", sg->row.id,
	    sg->g->ops->name, why.data);
	text_wrap(&text, result.data, TEXT_WRAP, TEXT_WIDTH);
	buf_addf(&text, "\nThe players:\n%s\n%s", vars.v[SV_SEATS],
	    vars.v[SV_BOARD]);
	service_vars_set(&vars, SV_TEXT, "%s", text.data);
	if (service_operator_tell(sm, sg, 0, TEMPLATE_NOTICE, &vars,
	    "game cancelled", &told, cause) == -1)
		goto out;
	buf_addf(done, "cancelled; %zu told by mail", told);
	rc = 0;
out:
	service_vars_free(&vars);
	buf_free(&why);
	buf_free(&result);
	buf_free(&text);
	return (rc);
}

/*
 * cancel G [REASON]: game id ends without a result, and everyone in it
 * is told why.
 */
int
service_operator_cancel(struct service *sv, struct mailloop *ml, long long id,
    const char *reason, struct buf *done, char **cause)
{
	const char	*args[] = { reason };

	return (service_operator_run(sv, ml, id, "there is nothing to "
	    "cancel", service_operator_cancel_game, args, done, cause));
}

/*
 * adjudicate: args[0] is the result (service_operator_ranking()), and
 * args[1] is "rated" if the result may change ratings (the game's own
 * flag still decides), else NULL: an adjudicated result is not rated
 * unless the operator says so.
 */
int
service_operator_adjudicate_game(struct service_mail *sm,
    struct service_game *sg, const char *const *args, struct buf *done,
    char **cause)
{
	struct service_vars	 vars;
	struct buf		 result, what, text;
	size_t			 told = 0;
	int			*rank, *final = NULL, rc = -1;

	rank = xreallocarray(NULL, (size_t)sg->g->ops->players(sg->g),
	    sizeof *rank);
	if (service_operator_ranking(sg, args[0], rank, cause) == -1) {
		free(rank);
		return (-1);
	}
	buf_init(&result);
	buf_init(&what);
	buf_init(&text);
	service_operator_result(sg, rank, &result);
	buf_addf(&what, "decided the result: %s", result.data);
	service_operator_final(sg, rank, &final);
	if (service_operator_note(sm, sg, what.data, cause) == -1 ||
	    service_operator_close(sm, sg, "over", "adjudicated", result.data,
	    cause) == -1 ||
	    service_result_end(sm, sg, final, args[1] != NULL, cause) == -1)
		goto out;
	buf_reset(&what);
	service_operator_who(sm, 1, &what);
	buf_addf(&what, " has decided the result of game G%lld (%s), which "
	    "ends here: %s.\n", sg->row.id, sg->g->ops->name, result.data);
	text_wrap(&text, what.data, TEXT_WRAP, TEXT_WIDTH);
	service_vars_init(&vars);
	service_vars_game(&vars, sg);
	service_vars_set(&vars, SV_REPORT, "%s", text.data);
	rc = service_operator_tell(sm, sg, 0, TEMPLATE_OVER, &vars,
	    "game over", &told, cause);
	service_vars_free(&vars);
	if (rc == 0)
		buf_addf(done, "over: %s; %zu told by mail", result.data, told);
out:
	free(rank);
	free(final);
	buf_free(&result);
	buf_free(&what);
	buf_free(&text);
	return (rc);
}

/*
 * adjudicate G RESULT [rated]: the operator decides the result of game
 * id, which is over then, and everyone in it gets the mail of a game
 * over.  It changes ratings only if rated is set.
 */
int
service_operator_adjudicate(struct service *sv, struct mailloop *ml,
    long long id, const char *result, int rated, struct buf *done,
    char **cause)
{
	const char	*args[] = { result, rated ? "rated" : NULL };

	return (service_operator_run(sv, ml, id, "there is nothing to "
	    "adjudicate", service_operator_adjudicate_game, args, done,
	    cause));
}

/* Is address one a substitute may have? */
static int
service_operator_address(struct service_mail *sm, const char *address,
    char **cause)
{
	if (address_check(address, strlen(address)) == -1) {
		xasprintf(cause, "'%s' is not an address; write it like "
		    "dave@example.org", address);
		return (-1);
	}
	if (strcasecmp(address, sm->sv->config->address) == 0) {
		xasprintf(cause, "%s is this server's address, not a "
		    "player's", address);
		return (-1);
	}
	return (0);
}

/*
 * Tell of seat's new player in sg: the substitute gets the board (the
 * your-turn mail if it is their turn, so that they can play at once),
 * old that they no longer play, and the others who plays now.
 */
static int
service_operator_replaced(struct service_mail *sm, struct service_game *sg,
    int seat, const struct store_player *old, char **cause)
{
	const char		*colour = sg->g->ops->seat_name(sg->g, seat);
	struct store_seat	*s = service_clock_seat(sg, seat);
	struct service_vars	 vars;
	struct buf		 by, line, text;
	char			 state[64];
	size_t			 told = 0;
	int			 rc;

	buf_init(&by);
	buf_init(&line);
	buf_init(&text);
	service_label(old, &by);
	service_vars_init(&vars);
	service_vars_game(&vars, sg);
	service_operator_who(sm, 1, &line);
	buf_addf(&line, " has given you the seat of %s in game G%lld (%s), "
	    "in place of %s.\n", colour, sg->row.id, sg->g->ops->name,
	    by.data);
	text_wrap(&text, line.data, TEXT_WRAP, TEXT_WIDTH);
	if (sg->g->ops->to_move(sg->g) == seat) {
		service_vars_set(&vars, SV_REPORT, "%s", text.data);
		snprintf(state, sizeof state, "your turn %d",
		    sg->row.turns + 1);
		rc = service_mail_game(sm, sg, &s->player, TEMPLATE_YOUR_TURN,
		    &vars, state, cause);
	} else {
		service_vars_set(&vars, SV_TEXT, "%s\nThe players:\n%s\n%s\n%s",
		    text.data, vars.v[SV_SEATS], vars.v[SV_BOARD],
		    vars.v[SV_STATUS]);
		snprintf(state, sizeof state, "you play %s", colour);
		rc = service_mail_game(sm, sg, &s->player, TEMPLATE_NOTICE,
		    &vars, state, cause);
	}
	buf_reset(&line);
	buf_reset(&text);
	service_label(&s->player, &line);
	service_operator_who(sm, 1, &text);
	buf_addf(&text, " has given your seat in game G%lld (%s), %s, to "
	    "%s: you no longer play in this game, and mail from you about it "
	    "is not read as a turn.\n", sg->row.id, sg->g->ops->name, colour,
	    line.data);
	buf_reset(&line);
	text_wrap(&line, text.data, TEXT_WRAP, TEXT_WIDTH);
	service_vars_set(&vars, SV_TEXT, "%s", line.data);
	if (rc == 0)
		rc = service_mail_game(sm, sg, old, TEMPLATE_NOTICE, &vars,
		    "you no longer play", cause);
	buf_reset(&text);
	buf_reset(&line);
	service_announce_who(sg, seat, &line);
	buf_addf(&line, " takes over in game G%lld (%s), in place of %s, by "
	    "the %s's decision.\n", sg->row.id, sg->g->ops->name, by.data,
	    sm->me.id == 0 ? "operator" : "organiser");
	text_wrap(&text, line.data, TEXT_WRAP, TEXT_WIDTH);
	service_vars_set(&vars, SV_TEXT, "%s\n%s", text.data,
	    vars.v[SV_STATUS]);
	snprintf(state, sizeof state, "%s has a new player", colour);
	if (rc == 0)
		rc = service_operator_tell(sm, sg, s->player.id,
		    TEMPLATE_NOTICE, &vars, state, &told, cause);
	service_vars_free(&vars);
	buf_free(&by);
	buf_free(&line);
	buf_free(&text);
	return (rc);
}

/* replace: args[0] is the seat, args[1] the substitute's address. */
int
service_operator_replace_game(struct service_mail *sm,
    struct service_game *sg, const char *const *args, struct buf *done,
    char **cause)
{
	struct store_seat	*s, *has;
	struct store_player	 p, old;
	struct buf		 what;
	const char		*colour;
	int			 rc = -1;

	if ((s = service_operator_seat(sg, args[0], cause)) == NULL ||
	    service_operator_address(sm, args[1], cause) == -1 ||
	    service_player_add(sm, args[1], &p, cause) == -1)
		return (-1);
	colour = sg->g->ops->seat_name(sg->g, s->seat);
	if ((has = service_game_seat_of(sg, p.id)) != NULL) {
		xasprintf(cause, "%s plays %s in G%lld already", p.address,
		    sg->g->ops->seat_name(sg->g, has->seat), sg->row.id);
		store_player_free(&p);
		return (-1);
	}
	buf_init(&what);
	old = s->player;
	store_player_copy(&s->player, &p);
	record_rename(&sg->rec, old.address, p.address);
	buf_addf(&what, "gave %s to %s, in place of %s", colour, p.address,
	    old.address);
	/* The clock stays, but stops or runs for the new player's vacation. */
	if (store_seat_set(sm->sv->store, sg->row.id, s->seat, p.id, s->state,
	    cause) == -1 || service_operator_note(sm, sg, what.data,
	    cause) == -1 || service_clock_sync(sm, sg, cause) == -1 ||
	    service_operator_replaced(sm, sg, s->seat, &old, cause) == -1)
		goto out;
	buf_addf(done, "%s takes %s over from %s", p.address, colour,
	    old.address);
	rc = 0;
out:
	store_player_free(&old);
	store_player_free(&p);
	buf_free(&what);
	return (rc);
}

/*
 * replace G SEAT ADDRESS: address (registered if new) takes seat of game
 * id over, with its clock as it stands, and everyone is told.
 */
int
service_operator_replace(struct service *sv, struct mailloop *ml,
    long long id, const char *seat, const char *address, struct buf *done,
    char **cause)
{
	const char	*args[] = { seat, address };

	return (service_operator_run(sv, ml, id, "there is no seat to give",
	    service_operator_replace_game, args, done, cause));
}

/* forfeit: args[0] is the seat. */
static int
service_operator_forfeit_game(struct service_mail *sm,
    struct service_game *sg, const char *const *args, struct buf *done,
    char **cause)
{
	struct store_seat	*s;
	struct store_game	 row;
	int			 seat;

	if ((s = service_operator_seat(sg, args[0], cause)) == NULL)
		return (-1);
	seat = s->seat;
	service_announce_who(sg, seat, done);
	if (service_clock_out(sm, sg, s, "forfeit", cause) == -1)
		return (-1);
	if (strcmp(sg->row.status, "playing") == 0) {
		buf_addf(done, " forfeits and is out: mupbem plays for %s "
		    "until it may resign", sg->g->ops->seat_name(sg->g, seat));
		return (0);
	}
	if (store_game_get(sm->sv->store, sg->row.id, &row, cause) != 1)
		return (-1);
	buf_addf(done, " forfeits: %s", row.result != NULL ? row.result :
	    "the game is over");
	store_game_free(&row);
	return (0);
}

/*
 * forfeit G SEAT: seat of game id loses by the operator's decision, as
 * on time: of two players it resigns, of more the server plays for it
 * until it may resign (service_clock_out()).
 */
int
service_operator_forfeit(struct service *sv, struct mailloop *ml,
    long long id, const char *seat, struct buf *done, char **cause)
{
	const char	*args[] = { seat };

	return (service_operator_run(sv, ml, id, "there is no seat to "
	    "forfeit", service_operator_forfeit_game, args, done, cause));
}
