#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "log.h"
#include "picture-cairo.h"
#include "picture-palette.h"
#include "reply.h"
#include "scene-record.h"
#include "scene.h"
#include "service-private.h"
#include "xmalloc.h"

/*
 * The picture of the board that goes with a board in mail
 * (docs/pictures.md): the position after a game's record, its last
 * turn marked, drawn as a PNG in the palette the player chose (set
 * palette), PICTURE_CAIRO_WIDTH pixels wide or, for a player who
 * wrote set pictures small, SERVICE_PICTURE_SMALL: a phone's picture,
 * cut to the board in play (picture-palette.c).
 *
 * Every player and observer of one turn gets a picture of the same
 * record, so the service keeps the pictures drawn of the last record,
 * as written, one a palette and width: a mail whose record is the
 * same, in a palette and width drawn already, takes it as it is.  A
 * record that cannot be drawn is kept too, as no picture, so that it
 * is tried once.  A picture is never worth a failed turn: a failure is
 * logged and the mail goes as text.
 */

#define SERVICE_PICTURE_SMALL	400	/* a phone's width, in pixels */
#define SERVICE_PICTURE_KINDS	8	/* palettes times widths kept */

struct service_picture_one {
	const struct picture_palette *palette;
	int		 width;
	struct buf	 png;		/* empty: no picture */
	char		*alt;
	char		 name[64];
};

struct service_picture {
	char		*record;	/* drawn from, as record_write writes */
	struct service_picture_one pictures[SERVICE_PICTURE_KINDS];
	size_t		 n;
	int		 drawn;		/* cairo was used */
};

static void	service_picture_draw(struct service_picture *,
		    struct service_picture_one *, long long,
		    const struct record *);
static void	service_picture_forget(struct service_picture *);

/* Draw the picture of game's record rec into one, as it asks. */
static void
service_picture_draw(struct service_picture *p,
    struct service_picture_one *one, long long game, const struct record *rec)
{
	struct picture_cairo_options	 o;
	struct scene			 s;
	struct timespec			 t0, t1;
	char				*why = NULL;

	free(one->alt);
	one->alt = NULL;
	buf_reset(&one->png);
	snprintf(one->name, sizeof one->name, "G%lld-%zu.png", game,
	    rec->nactions);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	scene_init(&s);
	memset(&o, 0, sizeof o);
	o.width = one->width;
	o.palette = one->palette;
	if (scene_record_build(rec, &s, &why) == 0) {
		p->drawn = 1;
		if (picture_cairo_render(&s, &o, PICTURE_CAIRO_PNG, &one->png,
		    &why) == 0)
			xasprintf(&one->alt, "The board of G%lld: %s", game,
			    s.title);
	}
	scene_free(&s);
	if (one->alt == NULL) {
		log_warnx("game G%lld: no picture of turn %zu: %s; the mail "
		    "goes as text", game, rec->nactions, why);
		free(why);
		buf_reset(&one->png);
		return;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	log_debug("game G%lld: picture of turn %zu (%s, %d pixels), %zu "
	    "bytes, in %.1f ms", game, rec->nactions, one->palette->name,
	    one->width, one->png.len, (t1.tv_sec - t0.tv_sec) * 1e3 +
	    (t1.tv_nsec - t0.tv_nsec) / 1e6);
}

/* Forget the pictures of the last record. */
static void
service_picture_forget(struct service_picture *p)
{
	size_t	i;

	for (i = 0; i < p->n; i++) {
		free(p->pictures[i].alt);
		p->pictures[i].alt = NULL;
		buf_free(&p->pictures[i].png);
	}
	p->n = 0;
	free(p->record);
	p->record = NULL;
}

/*
 * The picture of game's record rec, in palette (a name of set palette;
 * the default if it is no palette), small for a phone, in out
 * (borrowed from the service until the record changes): 0, or -1 if
 * there is none.
 */
int
service_picture_get(struct service *sv, long long game,
    const struct record *rec, const char *palette, int small,
    struct reply_picture *out)
{
	struct service_picture		*p = sv->picture;
	struct service_picture_one	*one = NULL;
	const struct picture_palette	*pal;
	struct buf			 text;
	int				 width;
	size_t				 i;

	if ((pal = picture_palette_find(palette)) == NULL)
		pal = picture_palette_default();
	width = small ? SERVICE_PICTURE_SMALL : PICTURE_CAIRO_WIDTH;
	buf_init(&text);
	record_write(rec, &text);
	if (p == NULL)
		p = sv->picture = xcalloc(1, sizeof *p);
	if (p->record == NULL || strcmp(p->record, text.data) != 0) {
		service_picture_forget(p);
		p->record = buf_steal(&text);
	}
	buf_free(&text);
	for (i = 0; i < p->n; i++) {
		if (p->pictures[i].palette == pal &&
		    p->pictures[i].width == width)
			one = &p->pictures[i];
	}
	if (one == NULL) {
		/* More kinds than kept: the first is drawn again. */
		one = &p->pictures[p->n < SERVICE_PICTURE_KINDS ? p->n++ : 0];
		if (one->png.data == NULL)
			buf_init(&one->png);
		one->palette = pal;
		one->width = width;
		service_picture_draw(p, one, game, rec);
	}
	if (one->alt == NULL)
		return (-1);
	out->name = one->name;
	out->alt = one->alt;
	out->data = one->png.data;
	out->len = one->png.len;
	return (0);
}

/* Forget the pictures; release cairo's caches if it was used. */
void
service_picture_free(struct service *sv)
{
	struct service_picture	*p = sv->picture;

	if (p == NULL)
		return;
	if (p->drawn)
		picture_cairo_done();
	service_picture_forget(p);
	free(p);
	sv->picture = NULL;
}
