/*
 * A picture of a board, neutral and pure: a list of shapes in model
 * units (a Mu cell's radius, a Mur ring's spacing), each with a kind
 * (how it is drawn) and a class (what it means), which a renderer
 * (src/picture/) turns into pixels or vectors with its own palette.
 */
#ifndef SCENE_H
#define SCENE_H

#include <stddef.h>

#define SCENE_LABEL_MAX		16
#define SCENE_SEATS_MAX		8
#define SCENE_TITLE_MAX		160
#define SCENE_RESULT_MAX	96

enum scene_kind {
	SCENE_HEX,		/* a pointy-top hexagon: x, y, radius r */
	SCENE_DISC,		/* a filled circle: x, y, r */
	SCENE_CIRCLE,		/* an outline circle: x, y, r */
	SCENE_LINE,		/* a line from x, y to x2, y2 */
	SCENE_ARROW,		/* a line with a head at x2, y2 */
	SCENE_MARK,		/* a mark around x, y of radius r */
	SCENE_TEXT		/* the label centred on x, y, within r of it */
};

enum scene_class {
	SCENE_VIRGIN,		/* HEX: a cell of Virginity */
	SCENE_COMMON,		/* HEX: a cell of the Commonwealth */
	SCENE_WALL,		/* HEX: a cell of the Wall */
	SCENE_BOARD,		/* DISC: Mur's round board */
	SCENE_RING,		/* CIRCLE: a ring of Mur */
	SCENE_SPOKE,		/* LINE: a diameter of Mur */
	SCENE_POINT,		/* DISC: an intersection of Mur */
	SCENE_PIECE,		/* DISC: a piece of seat, label its height */
	SCENE_MUR,		/* DISC: Mur's mur stone */
	SCENE_FROM,		/* MARK: where the last move left */
	SCENE_TO,		/* MARK: where it landed; ARROW: the move */
	SCENE_EXPLODE,		/* MARK: a cell that exploded */
	SCENE_CAPTURE,		/* MARK: a capture, or a trapped stone */
	SCENE_SPROUT,		/* MARK: a man sprouted */
	SCENE_NEWWALL,		/* MARK: a cell turned into Wall */
	SCENE_REMOVE,		/* MARK: men or stones taken off */
	SCENE_PLACE,		/* MARK: a segment or stone placed */
	SCENE_REST,		/* MARK: where a bumped stone came to rest */
	SCENE_BORDER,		/* LINE: where two segments meet, or the edge */
	SCENE_NAME,		/* TEXT: a cell's digit, or a point's name */
	SCENE_SEGMENT,		/* TEXT: a segment's label */
	SCENE_SITE,		/* TEXT: a place of the layout phase, "(a)" */
	SCENE_NCLASSES
};

struct scene_shape {
	enum scene_kind		 kind;
	enum scene_class	 class;
	int			 seat;		/* PIECE: the seat, else -1 */
	double			 x, y;
	double			 x2, y2;	/* LINE, ARROW: the end */
	double			 r;
	char			 label[SCENE_LABEL_MAX];	/* or "" */
};

/*
 * The seats are named as the game names them ("red", "black"); the
 * renderer finds its colour by that name.  A game over has its result
 * in words ("red wins 11-0"), which ends the title too; in play it is
 * "".  Names of cells and points
 * are in the labels of the HEX and POINT shapes, for the renderer's
 * data; what a player reads is in TEXT shapes, placed by the game
 * where no piece or mark covers them (docs/pictures.md, Coordinates).
 */
struct scene {
	char			 title[SCENE_TITLE_MAX];
	char			 result[SCENE_RESULT_MAX];	/* once over */
	int			 nseats;
	const char		*seats[SCENE_SEATS_MAX];
	int			 to_move;	/* seat, or -1 */
	struct scene_shape	*shapes;
	size_t			 n;
	size_t			 size;
};

void	scene_init(struct scene *);
void	scene_free(struct scene *);
struct scene_shape *scene_add(struct scene *, enum scene_kind,
	    enum scene_class, double, double, double);
void	scene_line(struct scene *, enum scene_kind, enum scene_class,
	    double, double, double, double);
struct scene_shape *scene_text(struct scene *, enum scene_class, double,
	    double, double, const char *);
size_t	scene_count(const struct scene *, int, int);
void	scene_bounds(const struct scene *, double *);
const char *scene_class_name(enum scene_class);

#endif
