#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "mu-canvas.h"
#include "xmalloc.h"

/*
 * A canvas is a rectangle of blank lines addressed by the drawing's
 * own coordinates: column x from minx and line y from miny.  Writes
 * outside it are dropped.  It is written out without the blank lines
 * above and below the drawing and without trailing blanks.
 */

/* An empty box, which the first piece added sets. */
void
mu_canvas_box_init(struct mu_canvas_box *box)
{
	box->minx = box->miny = 1 << 20;
	box->maxx = box->maxy = -(1 << 20);
}

/* Grow box to hold columns x0 to x1 of line y. */
void
mu_canvas_box_add(struct mu_canvas_box *box, int x0, int x1, int y)
{
	if (x0 < box->minx)
		box->minx = x0;
	if (x1 > box->maxx)
		box->maxx = x1;
	if (y < box->miny)
		box->miny = y;
	if (y > box->maxy)
		box->maxy = y;
}

/* Make a blank canvas of columns minx to maxx and lines miny to maxy. */
void
mu_canvas_init(struct mu_canvas *cv, int minx, int maxx, int miny, int maxy)
{
	int	i;

	cv->minx = minx;
	cv->miny = miny;
	cv->width = maxx - minx + 1;
	cv->lines = maxy - miny + 1;
	cv->text = xreallocarray(NULL, (size_t)cv->lines, sizeof *cv->text);
	for (i = 0; i < cv->lines; i++) {
		cv->text[i] = xmalloc((size_t)cv->width + 1);
		memset(cv->text[i], ' ', (size_t)cv->width);
		cv->text[i][cv->width] = '\0';
	}
}

void
mu_canvas_free(struct mu_canvas *cv)
{
	int	i;

	for (i = 0; i < cv->lines; i++)
		free(cv->text[i]);
	free(cv->text);
	cv->text = NULL;
}

void
mu_canvas_put(struct mu_canvas *cv, int x, int y, char ch)
{
	x -= cv->minx;
	y -= cv->miny;
	if (x >= 0 && x < cv->width && y >= 0 && y < cv->lines)
		cv->text[y][x] = ch;
}

void
mu_canvas_puts(struct mu_canvas *cv, int x, int y, const char *s)
{
	for (; *s != '\0'; s++)
		mu_canvas_put(cv, x++, y, *s);
}

/* Whether len columns from x on line y are inside and blank. */
int
mu_canvas_blank(const struct mu_canvas *cv, int x, int y, int len)
{
	x -= cv->minx;
	y -= cv->miny;
	if (x < 0 || x + len > cv->width || y < 0 || y >= cv->lines)
		return (0);
	for (; len > 0; len--, x++) {
		if (cv->text[y][x] != ' ')
			return (0);
	}
	return (1);
}

/* Append the drawn lines, from the first that is not blank to the last. */
void
mu_canvas_write(const struct mu_canvas *cv, struct buf *out)
{
	int	i, len, first = -1, last = -1;

	for (i = 0; i < cv->lines; i++) {
		len = cv->width;
		while (len > 0 && cv->text[i][len - 1] == ' ')
			len--;
		if (len == 0)
			continue;
		if (first == -1)
			first = i;
		last = i;
	}
	for (i = first; first != -1 && i <= last; i++) {
		len = cv->width;
		while (len > 0 && cv->text[i][len - 1] == ' ')
			len--;
		buf_add(out, cv->text[i], (size_t)len);
		buf_addc(out, '\n');
	}
}
