/*
 * What a Mu action did, event by event, for replies, archives and the
 * invariant tests: placements, clears, where the men start, moves,
 * captures, explosions, sprouts, new Wall, men removed against
 * oscillation, passes and the final score.
 */
#ifndef MU_REPORT_H
#define MU_REPORT_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "mu-board.h"

enum mu_event_type {
	MU_EVENT_MOVE,		/* seat moved men from cell to cell2 */
	MU_EVENT_CAPTURE,	/* seat took other's piece of men on cell */
	MU_EVENT_EXPLODE,	/* cell of seat sent men and kept men2 */
	MU_EVENT_SPROUT,	/* a man of seat sprouted on cell */
	MU_EVENT_WALL,		/* cell turned from Virginity into Wall */
	MU_EVENT_REMOVE,	/* men of seat removed from cell (oscillation) */
	MU_EVENT_UNUSED,	/* cell: an explosion (men 0) or removal
				   (men 1) list entry that was not needed */
	MU_EVENT_PASS,		/* seat passed; men 1 if automatically */
	MU_EVENT_RESIGN,	/* seat resigned */
	MU_EVENT_END,		/* the game is over */
	MU_EVENT_PLACE,		/* seat placed the segment centred on cell */
	MU_EVENT_CLEAR,		/* seat cleared the segment centred on cell */
	MU_EVENT_START		/* seat's men start on cell's segment, or
				   (cell MU_NONE) on every segment it placed */
};

struct mu_event {
	uint8_t		type;
	int8_t		seat;
	int8_t		other;		/* CAPTURE: the captured colour */
	uint8_t		layer;		/* EXPLODE: the layer before */
	uint8_t		layer2;		/* EXPLODE: the layer after */
	int16_t		cell;
	int16_t		cell2;
	uint16_t	men;
	uint16_t	men2;
};

/* The score of a finished game (MU-RULINGS, "End and score"). */
struct mu_score {
	int		points[MU_MAX_PLAYERS];
	int		neutral;	/* cells of neutral regions */
	int		winner;		/* seat, or MU_NONE for a draw */
	unsigned	tied;		/* a draw: the seats sharing the top */
	int		resigned;	/* won because the other resigned */
};

struct mu_report {
	struct mu_event	*events;
	size_t		 n;
	size_t		 size;
	int		 over;		/* the game ended; score is set */
	struct mu_score	 score;
};

struct mu_game;

void	mu_report_init(struct mu_report *);
void	mu_report_free(struct mu_report *);
struct mu_event *mu_report_event(struct mu_report *, int, int, int);
void	mu_report_text(const struct mu_game *, const struct mu_report *,
	    struct buf *);
void	mu_report_score_text(const struct mu_game *, const struct mu_score *,
	    struct buf *);
void	mu_report_regions_text(const struct mu_game *, struct buf *);

#endif
