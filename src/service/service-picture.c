#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "log.h"
#include "picture-cairo.h"
#include "reply.h"
#include "scene-record.h"
#include "scene.h"
#include "service-private.h"
#include "xmalloc.h"

/*
 * The picture of the board that goes with a board in mail
 * (docs/pictures.md): the position after a game's record, its last
 * turn marked, drawn as a PNG PICTURE_CAIRO_WIDTH pixels wide.
 *
 * Every player and observer of one turn gets the same picture, so the
 * service keeps the last one drawn, with the record it was drawn from
 * as written: a mail whose record is the same takes it as it is.  A
 * record that cannot be drawn is kept too, as no picture, so that it
 * is tried once.  A picture is never worth a failed turn: a failure is
 * logged and the mail goes as text.
 */

struct service_picture {
	char		*record;	/* drawn from, as record_write writes */
	struct buf	 png;		/* empty: no picture */
	char		*alt;
	char		 name[64];
	int		 drawn;		/* cairo was used */
};

static void	service_picture_draw(struct service_picture *, long long,
		    const struct record *);

/* Draw the picture of game's record rec into p. */
static void
service_picture_draw(struct service_picture *p, long long game,
    const struct record *rec)
{
	struct picture_cairo_options	 o;
	struct scene			 s;
	struct timespec			 t0, t1;
	char				*why = NULL;

	free(p->alt);
	p->alt = NULL;
	buf_reset(&p->png);
	snprintf(p->name, sizeof p->name, "G%lld-%zu.png", game,
	    rec->nactions);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	scene_init(&s);
	memset(&o, 0, sizeof o);
	if (scene_record_build(rec, &s, &why) == 0) {
		p->drawn = 1;
		if (picture_cairo_render(&s, &o, PICTURE_CAIRO_PNG, &p->png,
		    &why) == 0)
			xasprintf(&p->alt, "The board of G%lld: %s", game,
			    s.title);
	}
	scene_free(&s);
	if (p->alt == NULL) {
		log_warnx("game G%lld: no picture of turn %zu: %s; the mail "
		    "goes as text", game, rec->nactions, why);
		free(why);
		buf_reset(&p->png);
		return;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	log_debug("game G%lld: picture of turn %zu, %zu bytes, in %.1f ms",
	    game, rec->nactions, p->png.len, (t1.tv_sec - t0.tv_sec) * 1e3 +
	    (t1.tv_nsec - t0.tv_nsec) / 1e6);
}

/*
 * The picture of game's record rec, in out (borrowed from the service
 * until the next call): 0, or -1 if there is none.
 */
int
service_picture_get(struct service *sv, long long game,
    const struct record *rec, struct reply_picture *out)
{
	struct service_picture	*p = sv->picture;
	struct buf		 text;

	buf_init(&text);
	record_write(rec, &text);
	if (p == NULL) {
		p = sv->picture = xcalloc(1, sizeof *p);
		buf_init(&p->png);
	}
	if (p->record == NULL || strcmp(p->record, text.data) != 0) {
		free(p->record);
		p->record = buf_steal(&text);
		service_picture_draw(p, game, rec);
	}
	buf_free(&text);
	if (p->alt == NULL)
		return (-1);
	out->name = p->name;
	out->alt = p->alt;
	out->data = p->png.data;
	out->len = p->png.len;
	return (0);
}

/* Forget the picture; release cairo's caches if it was used. */
void
service_picture_free(struct service *sv)
{
	struct service_picture	*p = sv->picture;

	if (p == NULL)
		return;
	if (p->drawn)
		picture_cairo_done();
	free(p->record);
	free(p->alt);
	buf_free(&p->png);
	free(p);
	sv->picture = NULL;
}
