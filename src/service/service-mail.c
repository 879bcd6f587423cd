#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "clock.h"
#include "config-file.h"
#include "log.h"
#include "mailloop.h"
#include "message.h"
#include "ratelimit.h"
#include "reply.h"
#include "robot-address.h"
#include "service-private.h"
#include "text.h"
#include "xmalloc.h"

/*
 * The mail the service sends.  Two kinds:
 *
 *   game mail    about one game, to one player or observer: subject
 *                "[mupbem G12] velox: STATE", Reply-To the player's
 *                token address for that game (identity.c), threaded
 *                under the game's first mail, or under the player's
 *                own mail when it answers it.  Each is remembered in
 *                game_mail so that replies find their game.
 *   the reply    everything else said to the sender (help, errors,
 *                lists), gathered while the mail's commands run and
 *                sent as one mail answering theirs.
 *
 * One mail in, one mail back to its sender for each of their games:
 * the first game mail to the sender is held, the game mail after it
 * about the same game, or about a game they have no seat in, is added
 * to it (a text it holds already is not said twice), and the reply
 * goes at its end.  Mail about another game of theirs goes alone, so
 * that its answer reaches that game.
 * Whatever goes to one recipient is bounded by [server] max_mails a
 * day; past it, mail is held in the outbox until the bucket refills.
 *
 * Bodies come from the templates; the values they may name are the
 * service_vars, which every mail supplies in full ("" where a value
 * has no meaning), so that a template never fails to render.
 *
 * A game mail whose text shows the board ({{board}}, or a text that
 * holds it) shows it as a picture too (service-picture.c), unless the
 * server ([server] pictures) or its recipient (set pictures off) says
 * no; robots read no mail, so theirs has none.  The held mail keeps
 * its own copies of its attachments and picture, bytes and lengths.
 */

#define SERVICE_MAIL_REFS	(20 * 253)	/* bytes of References */
/* Marks that stand for the board and a player's press until wrapped. */
#define SERVICE_MAIL_MARK_BOARD	"\036"
#define SERVICE_MAIL_MARK_TEXT	"\037"

static char	*service_mail_dup(const char *);
static void	service_mail_hold(struct service_mail *,
		    const struct mailloop_mail *, long long, long long);
static void	service_mail_merge(struct service_mail *,
		    const struct mailloop_mail *, long long);
static int	service_mail_flush_held(struct service_mail *, char **);
static void	service_mail_cut(struct service_mail *,
		    const struct mailloop_mail *, struct buf *);
static int	service_mail_queue(struct service_mail *,
		    const struct mailloop_mail *, struct buf *, int, char **);
static void	service_mail_render(struct service_mail *, enum template_kind,
		    struct service_vars *, struct buf *);
static int	service_mail_passes(const struct game *);
static int	service_mail_pictured(struct service_mail *,
		    const struct store_player *, const struct service_vars *,
		    const char *);
static void	service_mail_part(struct service_held_part *, const char *,
		    const char *, const char *, const char *, size_t);
static void	service_mail_part_free(struct service_held_part *);

void
service_vars_init(struct service_vars *vars)
{
	memset(vars, 0, sizeof *vars);
}

void
service_vars_set(struct service_vars *vars, enum service_var v,
    const char *fmt, ...)
{
	va_list	ap;

	free(vars->v[v]);
	va_start(ap, fmt);
	if (vasprintf(&vars->v[v], fmt, ap) == -1)
		abort();
	va_end(ap);
}

/*
 * {{error}}: why, which the templates indent by four spaces, wrapped so
 * that no line of it passes 78 columns there.
 */
void
service_vars_error(struct service_vars *vars, const char *why)
{
	struct buf	 in, out;

	buf_init(&in);
	buf_init(&out);
	buf_addf(&in, "    %s", why);
	text_wrap(&out, in.data, TEXT_WRAP, TEXT_WIDTH);
	while (out.len > 0 && out.data[out.len - 1] == '\n')
		out.data[--out.len] = '\0';
	service_vars_set(vars, SV_ERROR, "%s", out.data + 4);
	buf_free(&in);
	buf_free(&out);
}

void
service_vars_free(struct service_vars *vars)
{
	int	i;

	for (i = 0; i < SV_N; i++)
		free(vars->v[i]);
	memset(vars, 0, sizeof *vars);
}

/* "Alice <alice@example.org>", or the bare address without a name. */
void
service_label(const struct store_player *p, struct buf *out)
{
	if (p->id == 0)
		buf_adds(out, "nobody");
	else if (p->name != NULL)
		buf_addf(out, "%s <%s>", p->name, p->address);
	else
		buf_adds(out, p->address);
}

/* Can g's players pass (Mu), or is there no passing (Mur)? */
static int
service_mail_passes(const struct game *g)
{
	struct action	*a;
	char		*why = NULL;
	int		 rc;

	a = game_action_new(g);
	rc = g->ops->parse(g, "pass", 4, a, &why) == 0;
	free(why);
	free(a);
	return (rc);
}

/*
 * The values every mail about game sg has.  The example is the first
 * legal action, or, where the game lists none, "pass" in a game that
 * has passing and "resign", which every game takes, in one that has not.
 */
void
service_vars_game(struct service_vars *vars, const struct service_game *sg)
{
	const struct game	*g = sg->g;
	struct clock_control	 c;
	struct action		*list;
	struct buf		 b;
	size_t			 i;
	int			 n;

	service_vars_set(vars, SV_GAME, "G%lld", sg->row.id);
	service_vars_set(vars, SV_VARIANT, "%s", g->ops->name);
	service_vars_set(vars, SV_TURN, "%d", sg->row.turns + 1);
	service_vars_set(vars, SV_PLAYERS, "%d", g->ops->players(g));
	buf_init(&b);
	if (clock_parse(sg->row.clock != NULL ? sg->row.clock : "none", &c,
	    NULL) == 0) {
		clock_format(&c, &b);
		buf_adds(&b, " (");
		clock_describe(&c, &b);
		buf_addc(&b, ')');
	}
	service_vars_set(vars, SV_CLOCK, "%s", b.data != NULL ? b.data : "");
	buf_reset(&b);
	g->ops->render(g, &b);
	service_vars_set(vars, SV_BOARD, "%s", b.data);
	buf_reset(&b);
	service_game_status(sg, &b);
	service_vars_set(vars, SV_STATUS, "%s", b.len > 0 ? b.data : "");
	buf_reset(&b);
	g->ops->score(g, &b);
	service_vars_set(vars, SV_SCORE, "%s", b.len > 0 ? b.data : "");
	buf_reset(&b);
	for (i = 0; i < sg->nseats; i++) {
		/* Places until the draw; a game cancelled in play has seats. */
		if (strcmp(sg->row.status, "inviting") == 0 ||
		    (strcmp(sg->row.status, "abandoned") == 0 &&
		    sg->rec.nseats == 0))
			buf_addf(&b, "  seat %zu: ", i + 1);
		else
			buf_addf(&b, "  %s: ", g->ops->seat_name(g,
			    sg->seats[i].seat));
		service_label(&sg->seats[i].player, &b);
		buf_addf(&b, " (%s)\n", sg->seats[i].state);
	}
	service_vars_set(vars, SV_SEATS, "%s", b.len > 0 ? b.data : "");
	buf_reset(&b);
	if (g->ops->to_move(g) != -1 && (n = g->ops->legal(g, &list)) > 0) {
		g->ops->format(g, list, &b);
		free(list);
	} else if (g->ops->to_move(g) != -1)
		free(list);
	if (b.len == 0)
		buf_adds(&b, service_mail_passes(g) ? "pass" : "resign");
	service_vars_set(vars, SV_EXAMPLE, "%s", b.data);
	buf_free(&b);
}

/*
 * Render the template kind with vars into out, every line that the
 * service writes fitted to a mail (text_wrap()): not the board, which
 * is drawn to fit and never broken, nor, in press, the player's own
 * words, which go as they were written.  Each is rendered as a mark,
 * a control character no value holds, and put in after the wrapping.
 */
static void
service_mail_render(struct service_mail *sm, enum template_kind kind,
    struct service_vars *vars, struct buf *out)
{
	struct template_var	 tv[SV_N];
	struct buf		 raw, wrapped;
	const char		*p;
	char			*cause = NULL;
	int			 i;

	for (i = 0; i < SV_N; i++) {
		tv[i].name = template_set_names[i];
		tv[i].value = vars->v[i] != NULL ? vars->v[i] : "";
	}
	tv[SV_OLD_MOVE].value = tv[SV_TURN].value;
	tv[SV_BOARD].value = SERVICE_MAIL_MARK_BOARD;
	if (kind == TEMPLATE_PRESS)
		tv[SV_TEXT].value = SERVICE_MAIL_MARK_TEXT;
	buf_init(&raw);
	buf_init(&wrapped);
	if (template_set_render(sm->sv->templates, kind, tv, SV_N, &raw,
	    &cause) == -1) {
		/* Cannot happen: templates are checked when loaded. */
		log_warnx("template %s: %s", template_set_file(kind), cause);
		free(cause);
	}
	text_wrap(&wrapped, raw.data, TEXT_WRAP, TEXT_WIDTH);
	for (p = wrapped.data; p != NULL && *p != '\0'; p++) {
		if (*p == SERVICE_MAIL_MARK_BOARD[0] && vars->v[SV_BOARD])
			buf_adds(out, vars->v[SV_BOARD]);
		else if (*p == SERVICE_MAIL_MARK_TEXT[0] &&
		    kind == TEMPLATE_PRESS && vars->v[SV_TEXT] != NULL)
			buf_adds(out, vars->v[SV_TEXT]);
		else if (*p != SERVICE_MAIL_MARK_BOARD[0] &&
		    *p != SERVICE_MAIL_MARK_TEXT[0])
			buf_addc(out, *p);
	}
	buf_free(&raw);
	buf_free(&wrapped);
}

/*
 * The one subject of every mail about sg: "[mupbem G12] Mu velox: Alice
 * v Bob", its topic fixed when it was made, so that mail clients keep
 * a thread per game; a game older than topics has its title only.
 */
void
service_mail_subject(const struct service_game *sg, struct buf *out)
{
	buf_addf(out, "[mupbem G%lld] %s", sg->row.id, sg->row.topic != NULL ?
	    sg->row.topic : sg->g->ops->title);
}

/*
 * The board in the form player to chose ("set board compact"): put in
 * vars, and the board it replaces returned, for the caller to put
 * back; NULL if there is nothing to change (the automatic form, a
 * preview's board, a form the game does not draw).
 */
char *
service_mail_board(const struct service_game *sg,
    const struct store_player *to, enum template_kind kind,
    struct service_vars *vars)
{
	const char	*form = service_set_get(to, "board");
	struct buf	 b;
	char		*why = NULL, *old;

	if (strcmp(form, "auto") == 0 || kind == TEMPLATE_PREVIEW ||
	    vars->v[SV_BOARD] == NULL || sg->g->ops->render_form == NULL)
		return (NULL);
	buf_init(&b);
	if (sg->g->ops->render_form(sg->g, form, &b, &why) == -1) {
		free(why);
		buf_free(&b);
		return (NULL);
	}
	old = vars->v[SV_BOARD];
	vars->v[SV_BOARD] = buf_steal(&b);
	return (old);
}

/*
 * Cut the body of mail to [server] max_reply bytes, less what its
 * headers echo of the mail it answers (its subject, the ids it refers
 * to), at a line's end, with a last line that says so: one mail never
 * grows without end, whatever the mail it answers holds.
 */
static void
service_mail_cut(struct service_mail *sm, const struct mailloop_mail *mail,
    struct buf *body)
{
	size_t	max = (size_t)sm->sv->config->max_reply, cut, echo = 0;

	if (max == 0)
		return;
	if (mail->subject != NULL)
		echo += strlen(mail->subject);
	if (mail->in_reply_to != NULL)
		echo += strlen(mail->in_reply_to);
	/* reply.c writes 20 ids at most, of 250 bytes at most. */
	if (mail->references != NULL)
		echo += strlen(mail->references) < SERVICE_MAIL_REFS ?
		    strlen(mail->references) : SERVICE_MAIL_REFS;
	cut = max > echo ? max - echo : 0;
	if (body->len <= cut)
		return;
	while (cut > 0 && body->data[cut - 1] != '\n')
		cut--;
	log_info("mail %s: a reply of %zu bytes to %s cut to %zu",
	    sm->m->id, body->len, sm->me.address, cut);
	body->len = cut;
	body->data[cut] = '\0';
	buf_addf(body, "\n[The rest of this reply was cut: a reply holds at "
	    "most %zu bytes.]\n", max);
}

/*
 * Queue mail.  Past [server] max_mails mails to its recipient today
 * (ratelimit.c's bucket: that many at once, then one every 24 hours /
 * max_mails, kept in the store's recipients in the same transaction)
 * it is held: queued, but due only when the bucket has room for it,
 * and the last mail that goes at once says so at its end.  Mail about
 * no game (help, errors) is held for a day's worth at most; after
 * that it is logged and dropped, and id stays empty.  Game mail is
 * always held, never dropped.  Mail about a turn played (play) is
 * neither counted nor held: limits are for floods, not for play, and
 * a game bounds its turns.
 */
static int
service_mail_queue(struct service_mail *sm, const struct mailloop_mail *mail,
    struct buf *id, int play, char **cause)
{
	struct store		*st = sm->sv->store;
	struct ratelimit_rules	 rules;
	struct ratelimit_sender	 rs;
	struct mailloop_mail	 out;
	struct buf		 body, own;
	enum robot_level	 level;
	long long		 due, next;
	int			 rc;

	memset(&rules, 0, sizeof rules);
	rules.burst = sm->sv->config->max_mails;
	if (play || rules.burst <= 0 ||
	    robot_address_level(mail->to, &level) == 0)
		return (mailloop_queue(sm->ml, mail, id, cause));
	rules.interval = CLOCK_DAY / rules.burst;
	if ((rc = store_sender_rcpt_get(st, mail->to, &rs, cause)) == -1)
		return (-1);
	if (rc == 0)
		ratelimit_sender_new(&rs, sm->ml->now);
	if (!mail->kept && ratelimit_next(&rules, &rs, sm->ml->now) >=
	    sm->ml->now + CLOCK_DAY) {
		log_warnx("mail to %s: over %ld mails a day, and a day's "
		    "held; not sent", mail->to, rules.burst);
		return (store_sender_rcpt_put(st, mail->to, &rs, cause));
	}
	due = ratelimit_reserve(&rules, &rs, sm->ml->now);
	if (store_sender_rcpt_put(st, mail->to, &rs, cause) == -1)
		return (-1);
	out = *mail;
	buf_init(&body);
	buf_init(&own);
	next = ratelimit_next(&rules, &rs, sm->ml->now);
	if (due == sm->ml->now && next > sm->ml->now) {
		/* The last mail that goes at once: it says what follows. */
		buf_adds(&own, "[You have had the most mail mupbem sends to "
		    "one address in a day. Mail to you after this one is kept "
		    "and sent from ");
		service_mail_utc(next, &own);
		buf_adds(&own, ", one mail at a time.]\n");
		buf_adds(&body, mail->body);
		buf_addc(&body, '\n');
		text_wrap(&body, own.data, TEXT_WRAP, TEXT_WIDTH);
		buf_reset(&own);
		out.body = body.data;
	}
	rc = mailloop_queue(sm->ml, &out, &own, cause);
	if (rc == 0 && due > sm->ml->now && own.len > 0) {
		log_warnx("mail to %s: over %ld mails a day; held until %lld",
		    mail->to, rules.burst, due);
		rc = store_sender_hold(st, own.data, due, cause);
	}
	if (rc == 0 && id != NULL)
		buf_adds(id, own.data);
	buf_free(&own);
	buf_free(&body);
	return (rc);
}

/* "2026-11-29 01:10 UTC": time t, for a player. */
void
service_mail_utc(long long t, struct buf *out)
{
	struct tm	tm;
	time_t		tt = (time_t)t;
	char		s[64];

	if (gmtime_r(&tt, &tm) == NULL ||
	    strftime(s, sizeof s, "%Y-%m-%d %H:%M UTC", &tm) == 0)
		snprintf(s, sizeof s, "%lld", t);
	buf_adds(out, s);
}

/*
 * Does the game mail to player to with text body get a picture: does
 * it show the board (vars' board, in the form it was written in) and
 * do the server and the player want pictures?
 */
static int
service_mail_pictured(struct service_mail *sm, const struct store_player *to,
    const struct service_vars *vars, const char *body)
{
	const char		*board = vars->v[SV_BOARD];
	enum robot_level	 level;

	if (!sm->sv->config->pictures || board == NULL || *board == '\0' ||
	    strstr(body, board) == NULL)
		return (0);
	if (robot_address_level(to->address, &level) == 0)
		return (0);
	return (strcmp(service_set_get(to, "pictures"), "off") != 0);
}

/*
 * Queue a game mail of kind about sg to player to.  Its first line, and
 * its X-Mupbem-State header, say state ("your turn 14"); the player's
 * name goes in {{player}}.
 */
int
service_mail_game(struct service_mail *sm, struct service_game *sg,
    const struct store_player *to, enum template_kind kind,
    struct service_vars *vars, const char *state, char **cause)
{
	struct mailloop_mail	 mail;
	struct reply_attachment	 rec;
	struct reply_picture	 picture;
	struct buf		 body, subject, refs, id;
	char			 token[IDENTITY_TOKEN_LEN + 1], name[32];
	char			*board;
	char			 reply_to[512];
	int			 rc = -1, pictured;

	service_vars_set(vars, SV_PLAYER, "%s", to->name != NULL ? to->name :
	    to->address);
	buf_init(&body);
	service_clock_deadline(sm, sg, to, &body);
	service_vars_set(vars, SV_DEADLINE, "%s", body.len > 0 ? body.data :
	    "");
	buf_reset(&body);
	buf_init(&subject);
	buf_init(&refs);
	buf_init(&id);
	/* Where the game stands opens the body; the subject never changes. */
	buf_addf(&body, "%c%s.\n\n", toupper((unsigned char)state[0]),
	    state + 1);
	board = service_mail_board(sg, to, kind, vars);
	service_mail_render(sm, kind, vars, &body);
	pictured = service_mail_pictured(sm, to, vars, body.data);
	if (board != NULL) {
		free(vars->v[SV_BOARD]);
		vars->v[SV_BOARD] = board;
	}
	service_mail_subject(sg, &subject);
	identity_token(to->secret, (int)sg->row.id, token, sizeof token);
	memset(&mail, 0, sizeof mail);
	mail.to = to->address;
	mail.subject = subject.data;
	mail.state = state;
	mail.body = body.data;
	mail.kept = 1;		/* the game's last to them */
	/* The end of a game comes with its whole record. */
	if (kind == TEMPLATE_OVER && sg->row.record != NULL) {
		snprintf(name, sizeof name, "G%lld.rec", sg->row.id);
		rec.name = name;
		rec.type = "text/plain; charset=utf-8";
		rec.data = sg->row.record;
		rec.len = strlen(sg->row.record);
		mail.attachments = &rec;
		mail.nattachments = 1;
	}
	if (pictured && service_picture_get(sm->sv, sg->row.id,
	    sg->shown != NULL ? sg->shown : &sg->rec,
	    service_set_get(to, "palette"),
	    strcmp(service_set_get(to, "pictures"), "small") == 0,
	    &picture) == 0)
		mail.picture = &picture;
	if (identity_address(sm->sv->config->address, (int)sg->row.id, token,
	    reply_to, sizeof reply_to) == 0)
		mail.reply_to = reply_to;
	if (to->id == sm->me.id && sm->m->message_id != NULL) {
		mail.in_reply_to = sm->m->message_id;
		if (sg->row.thread != NULL)
			buf_adds(&refs, sg->row.thread);
		if (sm->m->references != NULL) {
			if (refs.len > 0)
				buf_addc(&refs, ' ');
			buf_adds(&refs, sm->m->references);
		}
		mail.references = refs.len > 0 ? refs.data : NULL;
	} else
		mail.in_reply_to = sg->row.thread;
	if (to->id == sm->me.id && sm->held == NULL) {
		service_mail_hold(sm, &mail, sg->row.id, to->id);
		rc = 0;
		goto out;
	}
	/*
	 * Another game of the sender's has its own mail, which its
	 * answer must reach; anything else goes in the held mail.
	 */
	if (to->id == sm->me.id && (sm->held->game == sg->row.id ||
	    service_game_seat_of(sg, to->id) == NULL)) {
		service_mail_merge(sm, &mail, sg->row.id);
		rc = 0;
		goto out;
	}
	if (service_mail_queue(sm, &mail, &id, sm->announcing, cause) == -1 ||
	    (id.len > 0 && store_mail_add(sm->sv->store, id.data, sg->row.id,
	    to->id, cause) == -1))
		goto out;
	if (sg->row.thread == NULL && id.len > 0) {
		if (store_game_thread(sm->sv->store, sg->row.id, id.data,
		    cause) == -1)
			goto out;
		sg->row.thread = xstrdup(id.data);
	}
	rc = 0;
out:
	buf_free(&body);
	buf_free(&subject);
	buf_free(&refs);
	buf_free(&id);
	return (rc);
}

/* Add a part of kind to the sender's direct reply. */
void
service_mail_reply(struct service_mail *sm, enum template_kind kind,
    struct service_vars *vars)
{
	if (sm->reply.len > 0)
		buf_adds(&sm->reply, "\n----\n\n");
	service_vars_set(vars, SV_PLAYER, "%s", sm->me.name != NULL ?
	    sm->me.name : sm->me.address);
	service_mail_render(sm, kind, vars, &sm->reply);
}

static char *
service_mail_dup(const char *s)
{
	return (s != NULL ? xstrdup(s) : NULL);
}

/* Fill part with copies of name, type, alt and data[0..len). */
static void
service_mail_part(struct service_held_part *part, const char *name,
    const char *type, const char *alt, const char *data, size_t len)
{
	part->name = service_mail_dup(name);
	part->type = service_mail_dup(type);
	part->alt = service_mail_dup(alt);
	part->data = xmalloc(len > 0 ? len : 1);
	memcpy(part->data, data, len);
	part->len = len;
}

static void
service_mail_part_free(struct service_held_part *part)
{
	free(part->name);
	free(part->type);
	free(part->alt);
	free(part->data);
}

/* Hold mail, the first game mail to the sender, until the flush. */
static void
service_mail_hold(struct service_mail *sm, const struct mailloop_mail *mail,
    long long game, long long player)
{
	const struct reply_attachment	*a;
	const struct reply_picture	*p = mail->picture;
	struct service_held		*h;
	size_t				 i;

	h = xcalloc(1, sizeof *h);
	h->to = service_mail_dup(mail->to);
	h->subject = service_mail_dup(mail->subject);
	h->state = service_mail_dup(mail->state);
	h->body = service_mail_dup(mail->body);
	h->reply_to = service_mail_dup(mail->reply_to);
	h->in_reply_to = service_mail_dup(mail->in_reply_to);
	h->references = service_mail_dup(mail->references);
	if (mail->nattachments > 0) {
		h->attachments = xcalloc(mail->nattachments,
		    sizeof *h->attachments);
		h->nattachments = mail->nattachments;
	}
	for (i = 0; i < mail->nattachments; i++) {
		a = &mail->attachments[i];
		service_mail_part(&h->attachments[i], a->name, a->type, NULL,
		    a->data, a->len);
	}
	if (p != NULL) {
		h->picture = xcalloc(1, sizeof *h->picture);
		service_mail_part(h->picture, p->name, NULL, p->alt, p->data,
		    p->len);
	}
	h->game = game;
	h->player = player;
	h->play = sm->announcing;
	sm->held = h;
}

/*
 * Add mail, game mail to the sender after the first, to the held mail:
 * one mail in, one mail back, whatever it asks.  A text the held mail
 * holds already (the same board asked for twice) is not said again;
 * the state and the picture are the newest of the game's.
 */
static void
service_mail_merge(struct service_mail *sm, const struct mailloop_mail *mail,
    long long game)
{
	const struct reply_attachment	*a;
	struct service_held		*h = sm->held;
	struct buf			 body;
	size_t				 i, n;

	if (strstr(h->body, mail->body) == NULL) {
		buf_init(&body);
		buf_adds(&body, h->body);
		buf_adds(&body, "\n----\n\n");
		buf_adds(&body, mail->body);
		free(h->body);
		h->body = buf_steal(&body);
	}
	h->play |= sm->announcing;
	if (game == h->game && mail->state != NULL) {
		free(h->state);
		h->state = xstrdup(mail->state);
	}
	if (mail->picture != NULL) {
		if (h->picture != NULL)
			service_mail_part_free(h->picture);
		else
			h->picture = xcalloc(1, sizeof *h->picture);
		service_mail_part(h->picture, mail->picture->name, NULL,
		    mail->picture->alt, mail->picture->data,
		    mail->picture->len);
	}
	if (mail->nattachments == 0)
		return;
	n = h->nattachments + mail->nattachments;
	h->attachments = xreallocarray(h->attachments, n,
	    sizeof *h->attachments);
	for (i = 0; i < mail->nattachments; i++) {
		a = &mail->attachments[i];
		service_mail_part(&h->attachments[h->nattachments + i],
		    a->name, a->type, NULL, a->data, a->len);
	}
	h->nattachments = n;
}

void
service_mail_held_free(struct service_mail *sm)
{
	struct service_held	*h = sm->held;
	size_t			 i;

	if (h == NULL)
		return;
	free(h->to);
	free(h->subject);
	free(h->state);
	free(h->body);
	free(h->reply_to);
	free(h->in_reply_to);
	free(h->references);
	for (i = 0; i < h->nattachments; i++)
		service_mail_part_free(&h->attachments[i]);
	free(h->attachments);
	if (h->picture != NULL)
		service_mail_part_free(h->picture);
	free(h->picture);
	free(h);
	sm->held = NULL;
}

/*
 * Send the held game mail, with the direct reply (if any) after its own
 * text, so that the sender gets one mail that says everything.
 */
static int
service_mail_flush_held(struct service_mail *sm, char **cause)
{
	struct service_held	*h = sm->held;
	struct mailloop_mail	 mail;
	struct reply_attachment	*attachments = NULL;
	struct reply_picture	 picture;
	struct buf		 body, id;
	size_t			 i;
	int			 rc;

	buf_init(&body);
	buf_init(&id);
	buf_adds(&body, h->body);
	if (sm->reply.len > 0) {
		buf_adds(&body, "\n----\n\n");
		buf_add(&body, sm->reply.data, sm->reply.len);
	}
	memset(&mail, 0, sizeof mail);
	mail.to = h->to;
	mail.subject = h->subject;
	mail.state = h->state;
	mail.kept = 1;		/* the game's last to them */
	mail.reply_to = h->reply_to;
	mail.in_reply_to = h->in_reply_to;
	mail.references = h->references;
	service_mail_cut(sm, &mail, &body);
	mail.body = body.data;
	if (h->nattachments > 0)
		attachments = xcalloc(h->nattachments, sizeof *attachments);
	for (i = 0; i < h->nattachments; i++) {
		attachments[i].name = h->attachments[i].name;
		attachments[i].type = h->attachments[i].type;
		attachments[i].data = h->attachments[i].data;
		attachments[i].len = h->attachments[i].len;
	}
	mail.attachments = attachments;
	mail.nattachments = h->nattachments;
	if (h->picture != NULL) {
		picture.name = h->picture->name;
		picture.alt = h->picture->alt;
		picture.data = h->picture->data;
		picture.len = h->picture->len;
		mail.picture = &picture;
	}
	rc = service_mail_queue(sm, &mail, &id, h->play, cause);
	if (rc == 0 && id.len > 0)
		rc = store_mail_add(sm->sv->store, id.data, h->game, h->player,
		    cause);
	if (rc == 0 && id.len > 0)
		rc = store_game_thread(sm->sv->store, h->game, id.data, cause);
	free(attachments);
	buf_free(&body);
	buf_free(&id);
	service_mail_held_free(sm);
	return (rc);
}

/*
 * Send the direct reply, if there is one, answering the mail.  When
 * the mail was about a game, the reply is game mail too: its Reply-To
 * is the sender's token address for the game and the store ties it to
 * the game, so that answering it works like answering any game mail.
 */
int
service_mail_flush(struct service_mail *sm, char **cause)
{
	struct mailloop_mail	 mail;
	struct store_game	 row;
	struct buf		 subject, id;
	char			 token[IDENTITY_TOKEN_LEN + 1];
	char			 reply_to[512];
	int			 rc;

	if (sm->held != NULL)
		return (service_mail_flush_held(sm, cause));
	if (sm->reply.len == 0)
		return (0);
	buf_init(&subject);
	buf_init(&id);
	memset(&mail, 0, sizeof mail);
	/* About a game that is there, it is the game's last to them. */
	if (sm->context != 0 && (rc = store_game_get(sm->sv->store,
	    sm->context, &row, cause)) != 0) {
		if (rc == -1)
			goto out;
		/* In the game's thread, whatever the sender's client added. */
		if (row.topic != NULL)
			buf_addf(&subject, "Re: [mupbem G%lld] %s", row.id,
			    row.topic);
		store_game_free(&row);
		mail.kept = 1;
	}
	if (subject.len == 0)
		reply_subject(sm->m->subject, &subject);
	mail.to = sm->me.address;
	mail.subject = subject.data;
	mail.body = sm->reply.data;
	mail.in_reply_to = sm->m->message_id;
	mail.references = sm->m->references;
	if (sm->context != 0) {
		identity_token(sm->me.secret, (int)sm->context, token,
		    sizeof token);
		if (identity_address(sm->sv->config->address,
		    (int)sm->context, token, reply_to, sizeof reply_to) == 0)
			mail.reply_to = reply_to;
	}
	service_mail_cut(sm, &mail, &sm->reply);
	mail.body = sm->reply.data;
	rc = service_mail_queue(sm, &mail, &id, 0, cause);
	if (rc == 0 && id.len > 0 && mail.kept)
		rc = store_mail_add(sm->sv->store, id.data, sm->context,
		    sm->me.id, cause);
out:
	buf_free(&subject);
	buf_free(&id);
	return (rc == -1 ? -1 : 0);
}

/*
 * Queue a notice saying text (wrapped to fit) to address to: a new mail
 * under subject, about no game, as when a link is to be confirmed or the
 * operator changes a player's address.
 */
int
service_mail_notice(struct service_mail *sm, const char *to,
    const char *subject, const char *text, char **cause)
{
	return (service_mail_notice_in(sm, to, subject, text, NULL, NULL,
	    cause));
}

/*
 * As service_mail_notice(), answering thread, the Message-ID of the
 * thread's first mail (NULL: it begins one); the new mail's Message-ID
 * is added to id if it is not NULL.
 */
int
service_mail_notice_in(struct service_mail *sm, const char *to,
    const char *subject, const char *text, const char *thread,
    struct buf *id, char **cause)
{
	struct mailloop_mail	mail;
	struct service_vars	vars;
	struct buf		body;
	int			rc;

	service_vars_init(&vars);
	buf_init(&body);
	text_wrap(&body, text, TEXT_WRAP, TEXT_WIDTH);
	service_vars_set(&vars, SV_TEXT, "%s", body.data);
	service_vars_set(&vars, SV_PLAYER, "%s", to);
	buf_reset(&body);
	service_mail_render(sm, TEMPLATE_NOTICE, &vars, &body);
	memset(&mail, 0, sizeof mail);
	mail.to = to;
	mail.subject = subject;
	mail.body = body.data;
	mail.in_reply_to = thread;	/* and so References too */
	rc = service_mail_queue(sm, &mail, id, 0, cause);
	buf_free(&body);
	service_vars_free(&vars);
	return (rc);
}
