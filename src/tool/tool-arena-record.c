#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "file-sync.h"
#include "tool-arena.h"
#include "tool-arena-record.h"
#include "xmalloc.h"

/*
 * An arena game's record is the record mupbem new and play write
 * (docs/record.md): the game's options, the game's own seed, a seat
 * line a seat naming the arena's player there ("seat red A:greedy"),
 * then every turn in canonical notation, so that mupbem replay plays
 * it to the position the arena ended in.  Two comment lines say what
 * the record cannot: the first, before the turns, which game of the
 * arena it was; the last, after them, how it ended, with each seat's
 * rank as the arena counted it, or that it was stopped at the turns'
 * cap and counted as a draw.
 *
 * Its file in DIR is named by the game, its number from 1 (four digits
 * at least, more if the arena has more games, so that the names sort),
 * and the players in seat order, the first to move first, a budget
 * without its colon: velox-0007-mcts2000-v-greedy.rec.  A capped
 * game's name ends in -capped.  A file of that name is replaced.  Each
 * game's record is written by the process that played it, so a record
 * is the same whatever --jobs is.
 */

static void	tool_arena_record_name(const struct tool_arena *,
		    const struct tool_arena_result *, struct buf *);
static void	tool_arena_record_player(struct buf *, const char *);
static int	tool_arena_record_write(const char *, const char *, char **);

/* Check that DIR is a folder the arena can write its records in. */
int
tool_arena_record_check(const char *dir, char **cause)
{
	struct stat	 sb;
	char		*probe;
	int		 fd;

	if (stat(dir, &sb) == -1 && errno == ENOENT) {
		xasprintf(cause, "--records: %s: no such folder", dir);
		return (-1);
	}
	if (stat(dir, &sb) == -1) {
		xasprintf(cause, "--records: %s: %s", dir, strerror(errno));
		return (-1);
	}
	if (!S_ISDIR(sb.st_mode)) {
		xasprintf(cause, "--records: %s: not a folder", dir);
		return (-1);
	}
	xasprintf(&probe, "%s/.arena.XXXXXX", dir);
	if ((fd = mkstemp(probe)) == -1) {
		xasprintf(cause, "--records: %s: cannot write a record "
		    "there: %s", dir, strerror(errno));
		free(probe);
		return (-1);
	}
	close(fd);
	unlink(probe);
	free(probe);
	return (0);
}

/* A player's name as a part of a file name: "mcts:2000" is mcts2000. */
static void
tool_arena_record_player(struct buf *b, const char *name)
{
	for (; *name != '\0'; name++) {
		if (*name != ':')
			buf_addc(b, *name);
	}
}

/* The file of res's game: DIR/velox-0007-mcts2000-v-greedy.rec. */
static void
tool_arena_record_name(const struct tool_arena *ar,
    const struct tool_arena_result *res, struct buf *b)
{
	long	n;
	int	width = 4, seat;

	for (n = ar->games; n >= 10000; n /= 10)
		width++;
	buf_addf(b, "%s/%s-%0*ld", ar->records, ar->ops->name, width,
	    res->game + 1);
	for (seat = 0; seat < ar->nplayers; seat++) {
		buf_adds(b, seat == 0 ? "-" : "-v-");
		tool_arena_record_player(b, ar->players[(seat + res->game) %
		    ar->nplayers].name);
	}
	if (res->capped)
		buf_adds(b, "-capped");
	buf_adds(b, ".rec");
}

/* Begin game index's record, g being the new game and seed its own. */
void
tool_arena_record_start(const struct tool_arena *ar, long index,
    uint64_t seed, const struct game *g, struct record *r)
{
	struct buf	 b;
	char		*player;
	int		 seat, k = ar->nplayers;

	record_init(r, ar->ops, &ar->opts, seed);
	for (seat = 0; seat < k; seat++) {
		xasprintf(&player, "%c:%s", 'A' + (int)((seat + index) % k),
		    ar->players[(seat + index) % k].name);
		record_seat(r, g->ops->seat_name(g, seat), player);
		free(player);
	}
	buf_init(&b);
	buf_addf(&b, "arena: game %ld of %ld from seed %" PRIu64, index + 1,
	    ar->games, ar->seed);
	record_note(r, b.data);
	buf_free(&b);
}

/* Add the turn seat is about to play, a, in canonical notation. */
void
tool_arena_record_turn(struct record *r, const struct game *g, int seat,
    const struct action *a)
{
	struct buf	b;

	buf_init(&b);
	g->ops->format(g, a, &b);
	record_add(r, g->ops->seat_name(g, seat), b.data);
	buf_free(&b);
}

/* Write path whole; a cause if it could not be. */
static int
tool_arena_record_write(const char *path, const char *text, char **cause)
{
	int	fd;

	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644)) == -1) {
		xasprintf(cause, "%s: %s", path, strerror(errno));
		return (-1);
	}
	if (file_sync_write(fd, text, strlen(text)) == -1) {
		xasprintf(cause, "%s: %s", path, strerror(errno));
		close(fd);
		return (-1);
	}
	if (close(fd) == -1) {
		xasprintf(cause, "%s: %s", path, strerror(errno));
		return (-1);
	}
	return (0);
}

/*
 * End the record of res's game, g as the arena left it: note how it
 * ended, write the record to its file, and free it.
 */
int
tool_arena_record_end(const struct tool_arena *ar,
    const struct tool_arena_result *res, const struct game *g,
    struct record *r, char **cause)
{
	struct buf	note, name, text;
	int		ranks[TOOL_ARENA_MAX], seat, rc;

	buf_init(&note);
	if (res->capped) {
		buf_addf(&note, "arena: stopped at the cap of %ld turns and "
		    "counted as a draw", res->turns);
	} else {
		g->ops->ranks(g, ranks);
		buf_addf(&note, "arena: over after %ld turns; ranks",
		    res->turns);
		for (seat = 0; seat < ar->nplayers; seat++) {
			buf_addf(&note, "%s %s %d", seat == 0 ? "" : ",",
			    g->ops->seat_name(g, seat), ranks[seat]);
		}
	}
	record_note(r, note.data);
	buf_free(&note);

	buf_init(&text);
	record_write(r, &text);
	record_free(r);
	buf_init(&name);
	tool_arena_record_name(ar, res, &name);
	rc = tool_arena_record_write(name.data, text.data, cause);
	buf_free(&name);
	buf_free(&text);
	return (rc);
}
