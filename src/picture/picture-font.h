/*
 * The font of the pictures, DejaVu Sans, loaded once a process.
 */
#ifndef PICTURE_FONT_H
#define PICTURE_FONT_H

#include <cairo.h>

/* The files fontconfig finds for "DejaVu Sans" on Debian. */
#ifndef PICTURE_FONT_REGULAR
#define PICTURE_FONT_REGULAR \
	"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
#endif
#ifndef PICTURE_FONT_BOLD
#define PICTURE_FONT_BOLD \
	"/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
#endif

cairo_font_face_t *picture_font_face(const char *, int);
int	picture_font_direct(int);
void	picture_font_done(void);

#endif
