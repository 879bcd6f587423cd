/*
 * The command language of mail (docs/commands.md): what a player's
 * command text asks for, line by line, and what in it is conversation.
 */
#ifndef COMMAND_H
#define COMMAND_H

#include <stddef.h>

#define COMMAND_MAX_WITH	8	/* invited addresses in one "new" */
#define COMMAND_MAX_MATCH	99	/* games in a match, as Mur allows */
#define COMMAND_CODE_LEN	8	/* digits of a code confirming a link */

/* What a command word inside chat may mean, for command_parse. */
#define COMMAND_CHAT_INVITED	0x1	/* accept and decline: invited */
#define COMMAND_CHAT_TO_MOVE	0x2	/* resign and pass: to move */

enum command_type {
	COMMAND_HELP,
	COMMAND_RULES,
	COMMAND_NEW,
	COMMAND_ACCEPT,
	COMMAND_DECLINE,
	COMMAND_JOIN,
	COMMAND_WITHDRAW,
	COMMAND_PLAY,		/* a turn in the game's notation */
	COMMAND_PREVIEW,	/* a turn to try, not to store */
	COMMAND_BOARD,
	COMMAND_HISTORY,
	COMMAND_GAMES,
	COMMAND_OBSERVE,
	COMMAND_UNOBSERVE,
	COMMAND_NAME,
	COMMAND_SET,	/* a player's setting: KEY VALUE */
	COMMAND_REMATCH,	/* a new game like a finished one */
	COMMAND_PRESS,		/* a message to the other players */
	COMMAND_VACATION,	/* vacation [5d | until DATE | off] */
	COMMAND_LINK,		/* another address of the sender's */
	COMMAND_UNLINK,
	COMMAND_CONFIRM,	/* the code that confirms a link */
	COMMAND_TOURNAMENT,	/* tournament new|join|...|pause NAME */
	COMMAND_TOURNAMENTS,
	COMMAND_LEAGUE,		/* league new|join|leave|start|move */
	COMMAND_LEAGUES,
	COMMAND_SEEK,		/* an open game, for a rating range */
	COMMAND_RATINGS,	/* ratings [KIND] */
	COMMAND_STATS,		/* stats [ADDRESS | NAME] */
	COMMAND_ARCHIVE		/* archive [G]: the record, and its page */
};

struct command {
	enum command_type	 type;
	int			 line;		/* 0: from the subject */
	int			 game;		/* G number, or 0 */
	int			 guard;		/* #N: the move it answers, or 0 */
	char			*arg;		/* topic, variant, name, turn,
						   address or code */
	char			*with[COMMAND_MAX_WITH];
	int			 nwith;
	int			 open;		/* new, seek: open seats */
	int			 segments;	/* new: segments each, or 0 */
	int			 match;		/* new: a match's games, or 0 */
	char			*time;		/* new: time control, canonical,
						   or NULL for the default */
	int			 unrated;	/* new, seek: not rated */
	int			 low, high;	/* seek: the rating range, 0
						   for no bound */
};

struct command_list {
	struct command	*v;
	size_t		 n;
	char		*talk;		/* the conversation, or NULL */
	char		*unclear;	/* a line that could be a command
					   but has no single reading: what
					   to tell the sender, or NULL */
};

struct game;

int		 command_parse(const char *, const char *, const struct game *,
		     int, struct command_list *, char **);
void		 command_list_free(struct command_list *);
int		 command_subject_game(const char *);
const char	*command_name(enum command_type);
int		 command_name_check(const char *, char **);

#endif
