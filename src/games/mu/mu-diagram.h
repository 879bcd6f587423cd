/*
 * The ASCII diagram of a Mu position, as it is mailed to players.
 */
#ifndef MU_DIAGRAM_H
#define MU_DIAGRAM_H

#include "buf.h"
#include "mu-game.h"
#include "text.h"

/* What a line of a mail may hold, and where prose wraps. */
#define MU_DIAGRAM_WIDTH	TEXT_WIDTH
#define MU_DIAGRAM_WRAP		TEXT_WRAP
/* The most lines a two-player board with the default segments takes. */
#define MU_DIAGRAM_LINES	40

enum mu_diagram_form {
	MU_DIAGRAM_AUTO,	/* the first below that fits */
	MU_DIAGRAM_FULL,	/* every cell outlined, 6 columns by 3 lines */
	MU_DIAGRAM_COMPACT,	/* a line per row, 4 columns a cell */
	MU_DIAGRAM_LIST		/* a map of segments, cells by segment */
};

void	mu_diagram_board(const struct mu_game *, const struct hex *, int,
	    struct buf *);
void	mu_diagram_status(const struct mu_game *, int, struct buf *);
void	mu_diagram_legend(const struct mu_game *, struct buf *);
void	mu_diagram_render(const struct mu_game *, struct buf *);
void	mu_diagram_render_form(const struct mu_game *,
	    enum mu_diagram_form, struct buf *);
int	mu_diagram_form_parse(const char *);
int	mu_diagram_measure(const char *, int *);

#endif
