#include "config.h"

#include <unistd.h>

#include <cairo.h>
#include <cairo-ft.h>
#include <fontconfig/fontconfig.h>

#include "picture-font.h"

/*
 * The pictures draw in one family, in a regular and a bold face.
 * Asking fontconfig for it by name (cairo's toy faces) first loads
 * fontconfig's configuration, its XML files and the cache of every
 * font, about 24 million instructions, which a process that draws one
 * picture pays for a few words (docs/performance.md).  So each face is
 * opened straight from its file, PICTURE_FONT_REGULAR or
 * PICTURE_FONT_BOLD, with the options fontconfig gives it on Debian
 * (antialiased, slight hinting, no autohinter), which draws the same
 * pixels.  A face whose file cannot be read is asked of fontconfig by
 * family, as before.
 *
 * Each face is made once and kept for the life of the process, so
 * that cairo keeps its scaled fonts and glyphs across pictures;
 * picture_font_done() lets them go before cairo's caches are reset.
 * Pictures are drawn from one thread.
 */

static cairo_font_face_t	*picture_font_faces[2];
static int			 picture_font_from_file[2];

static cairo_font_face_t *picture_font_open(const char *, const char *,
			    int, int *);

/* Open the face of family in weight bold, from its file if it can. */
static cairo_font_face_t *
picture_font_open(const char *family, const char *path, int bold,
    int *direct)
{
	FcPattern		*p;
	cairo_font_face_t	*face;

	*direct = 0;
	if (access(path, R_OK) == 0 && (p = FcPatternCreate()) != NULL) {
		FcPatternAddString(p, FC_FILE, (const FcChar8 *)path);
		FcPatternAddInteger(p, FC_INDEX, 0);
		FcPatternAddBool(p, FC_ANTIALIAS, FcTrue);
		FcPatternAddBool(p, FC_HINTING, FcTrue);
		FcPatternAddInteger(p, FC_HINT_STYLE, FC_HINT_SLIGHT);
		FcPatternAddBool(p, FC_AUTOHINT, FcFalse);
		face = cairo_ft_font_face_create_for_pattern(p);
		FcPatternDestroy(p);
		if (cairo_font_face_status(face) == CAIRO_STATUS_SUCCESS) {
			*direct = 1;
			return (face);
		}
		cairo_font_face_destroy(face);
	}
	return (cairo_toy_font_face_create(family, CAIRO_FONT_SLANT_NORMAL,
	    bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL));
}

/*
 * The face of family, bold or not, kept by this file: the caller does
 * not destroy it.
 */
cairo_font_face_t *
picture_font_face(const char *family, int bold)
{
	bold = bold != 0;
	if (picture_font_faces[bold] == NULL) {
		picture_font_faces[bold] = picture_font_open(family,
		    bold ? PICTURE_FONT_BOLD : PICTURE_FONT_REGULAR, bold,
		    &picture_font_from_file[bold]);
	}
	return (picture_font_faces[bold]);
}

/* Whether the face, bold or not, came straight from its file. */
int
picture_font_direct(int bold)
{
	return (picture_font_from_file[bold != 0]);
}

/* Let the faces go; the next picture opens them again. */
void
picture_font_done(void)
{
	int	i;

	for (i = 0; i < 2; i++) {
		cairo_font_face_destroy(picture_font_faces[i]);
		picture_font_faces[i] = NULL;
		picture_font_from_file[i] = 0;
	}
}
