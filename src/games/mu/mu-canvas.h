/*
 * A page of ASCII lines that the diagram forms draw on.
 */
#ifndef MU_CANVAS_H
#define MU_CANVAS_H

#include "buf.h"

struct mu_canvas {
	int	  minx;
	int	  miny;
	int	  width;
	int	  lines;
	char	**text;
};

/* The columns and lines a drawing needs, grown a piece at a time. */
struct mu_canvas_box {
	int	  minx, maxx;
	int	  miny, maxy;
};

void	mu_canvas_box_init(struct mu_canvas_box *);
void	mu_canvas_box_add(struct mu_canvas_box *, int, int, int);
void	mu_canvas_init(struct mu_canvas *, int, int, int, int);
void	mu_canvas_free(struct mu_canvas *);
void	mu_canvas_put(struct mu_canvas *, int, int, char);
void	mu_canvas_puts(struct mu_canvas *, int, int, const char *);
int	mu_canvas_blank(const struct mu_canvas *, int, int, int);
void	mu_canvas_write(const struct mu_canvas *, struct buf *);

#endif
