/*
 * The core of the game service, as its families see it: the service,
 * the mail in hand, a game loaded from the store, the values templates
 * take, and what the core does for every family (load and save a game,
 * its clock, mail, the start of a game, a turn told to everyone).
 * Only src/service and the family folders above it (compete, clocks,
 * play, operate) include this file; the core includes no family.
 */
#ifndef SERVICE_PRIVATE_H
#define SERVICE_PRIVATE_H

#include <stddef.h>

#include "buf.h"
#include "game.h"
#include "identity.h"
#include "record.h"
#include "record-cache.h"
#include "store.h"
#include "template-set.h"

struct command;
struct config_file;
struct glicko;
struct mailloop;
struct message;

struct reply_picture;

struct service_robot;
struct service_picture;

struct service {
	const struct config_file	*config;
	struct store			*store;
	struct template_set		*templates;
	struct service_robot		*robot;	/* a thought in progress */
	int				 robots_inline;	/* think at once */
	long long			 pruned;	/* when the outbox was
							   last pruned */
	long long			 organised;	/* when the organisers'
							   digests and stalls
							   are next due, or 0 */
	struct service_picture		*picture;	/* the last drawn */
	struct record_cache		*replays;	/* games replayed */
};

/* An attachment or a picture of held mail, its own copy. */
struct service_held_part {
	char			*name;
	char			*type;		/* an attachment's */
	char			*alt;		/* a picture's */
	char			*data;
	size_t			 len;
};

/*
 * The first game mail to the sender of the mail in hand, held until the
 * end so that what else is said to them goes in it: one mail in, at
 * most one reply to its sender.
 */
struct service_held {
	char			*to, *subject, *state, *body, *reply_to;
	char			*in_reply_to, *references;
	struct service_held_part *attachments;
	size_t			 nattachments;
	struct service_held_part *picture;	/* or NULL */
	long long		 game, player;
	int			 play;		/* about a turn played */
};

/* One mail being handled. */
struct service_mail {
	struct service		*sv;
	struct mailloop		*ml;
	const struct message	*m;
	struct store_player	 me;		/* the sender */
	long long		 context;	/* the game it is about, or 0 */
	int			 token_game;	/* the token it came to, or 0 */
	long long		 answers;	/* the game of the mail
						   of ours it answers */
	char			 token[IDENTITY_TOKEN_LEN + 1];
	int			 turns;		/* turns it tried */
	int			 played;	/* a turn of it was played */
	int			 announcing;	/* mail about a turn played
						   is being queued */
	int			 helped;	/* the help text is in reply */
	int			 linked;	/* it confirmed a link */
	int			 proven;	/* the sender is (store-proof.c) */
	int			 released;	/* it sent held invitations */
	long long		 rematch;	/* the game a game it makes
						   is a rematch of, or 0 */
	struct buf		 reply;		/* the sender's direct reply */
	struct service_held	*held;		/* game mail to the sender */
	struct service_game	*loaded;	/* its game, read for its
						   first command to take */
	long long		*settle;	/* tournaments whose round
						   may be over: moved on by
						   service_family_settle(),
						   after the mail of the
						   game that ended it */
	size_t			 nsettle;
};

/* A game as the store keeps it, replayed. */
struct service_game {
	struct store_game	 row;
	struct record		 rec;
	struct game		*g;
	struct store_seat	*seats;
	size_t			 nseats;
	const struct record	*shown;		/* the board mail shows, if
						   not rec's (a preview) */
};

/* The values templates may name: template_set_names, in order. */
enum service_var {
	SV_GAME, SV_VARIANT, SV_PLAYER, SV_PLAYERS, SV_INVITER, SV_SEATS,
	SV_BOARD, SV_STATUS, SV_REPORT, SV_TURN, SV_EXAMPLE, SV_ERROR,
	SV_SCORE, SV_SINCE, SV_TOPIC, SV_MOVER, SV_TEXT, SV_ADDRESS,
	SV_CLOCK, SV_DEADLINE, SV_FACTS,
	SV_OLD_MOVE,	/* {{move}}, the old name of {{turn}} */
	SV_N
};

struct service_vars {
	char	*v[SV_N];
};

/* service-limit.c */
struct ratelimit_sender;
int	service_limit_take(struct service *, const struct message *,
	    long long, struct ratelimit_sender *, int *, char **);
int	service_limit_refuse(struct service *, struct mailloop *,
	    const struct message *, struct ratelimit_sender *, char **);
struct command_list;
int	service_limit_acts(const struct command_list *);
int	service_limit_plays(const struct command_list *, long long, int,
	    int);
int	service_limit_quiet(struct service *, const struct message *,
	    long long, struct ratelimit_sender *, int);

/* service.c */
int	service_allowed(struct service_mail *, const struct service_game *,
	    const char *, char **);
void	service_error(struct service_mail *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
void	service_help(struct service_mail *, const char *);
void	service_notice(struct service_mail *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
int	service_operator_begin(struct service_mail *, struct service *,
	    struct mailloop *, char **);
int	service_operator_end(struct service_mail *, int, char **);
int	service_player_add(struct service_mail *, const char *,
	    struct store_player *, char **);
int	service_token_ok(const struct service_mail *,
	    const struct service_game *);

/* service-mail.c */
void	service_vars_init(struct service_vars *);
void	service_vars_set(struct service_vars *, enum service_var,
	    const char *, ...) __attribute__((format(printf, 3, 4)));
void	service_vars_game(struct service_vars *, const struct service_game *);
void	service_vars_free(struct service_vars *);
void	service_label(const struct store_player *, struct buf *);
void	service_mail_subject(const struct service_game *, struct buf *);
void	service_vars_error(struct service_vars *, const char *);
char	*service_mail_board(const struct service_game *,
	    const struct store_player *, enum template_kind,
	    struct service_vars *);
void	service_mail_held_free(struct service_mail *);
void	service_mail_utc(long long, struct buf *);
int	service_mail_game(struct service_mail *, struct service_game *,
	    const struct store_player *, enum template_kind,
	    struct service_vars *, const char *, char **);
void	service_mail_reply(struct service_mail *, enum template_kind,
	    struct service_vars *);
int	service_mail_flush(struct service_mail *, char **);
int	service_mail_notice_in(struct service_mail *, const char *,
	    const char *, const char *, const char *, struct buf *, char **);
int	service_mail_notice(struct service_mail *, const char *,
	    const char *, const char *, char **);

/* service-picture.c */
int	service_picture_get(struct service *, long long,
	    const struct record *, const char *, int, struct reply_picture *);
void	service_picture_free(struct service *);

/* service-game.c */
int	service_game_load(struct service_mail *, long long,
	    struct service_game *, char **);
int	service_game_read(struct service_mail *, long long, int,
	    struct service_game *, char **);
void	service_game_free(struct service_game *);
int	service_game_save(struct service_mail *, struct service_game *,
	    const char *, char **);
struct store_seat *service_game_seat_of(const struct service_game *,
	    long long);
void	service_game_status(const struct service_game *, struct buf *);
void	service_game_waits(const struct service_game *, struct buf *);
#define SERVICE_GAME_FORCED_MAX	1000	/* forced turns in a row, at most */
int	service_game_one_choice(const struct game *, struct buf *);
int	service_game_forced(struct service_mail *, struct service_game *,
	    struct buf *, char **);
int	service_game_find(struct service_mail *, const struct command *,
	    struct service_game *, char **);
int	service_game_everyone(struct service_mail *,
	    const struct service_game *, struct store_player **, size_t *,
	    char **);

/* service-start.c */
int	service_start(struct service_mail *, struct service_game *,
	    int, char **);
int	service_start_invite(struct service_mail *, struct service_game *,
	    char **);

/* service-announce.c */
int	service_announce(struct service_mail *, struct service_game *,
	    int, int, const char *, const char *, const char *, char **);
void	service_announce_who(const struct service_game *, int, struct buf *);
int	service_announce_seat_at(const struct service_game *, size_t);

/* service-set.c */
const char *service_set_get(const struct store_player *, const char *);
int	service_set(struct service_mail *, const struct command *, char **);

/* service-archive.c */
int	service_archive_command(struct service_mail *,
	    const struct command *, char **);

/* service-proof.c */
int	service_proof_needed(const struct service_mail *);
int	service_proof_untold(const struct service_game *,
	    const struct store_seat *);
int	service_proof_check(struct service_mail *, char **);

/* service-clock.c */
int	service_clock_sync(struct service_mail *, struct service_game *,
	    char **);
int	service_clock_save(struct service_mail *, struct service_game *,
	    const char *, char **);
void	service_clock_when(long long, const char *, struct buf *);
char	*service_clock_zone(const char *);
void	service_clock_zone_end(char *);
void	service_clock_line(struct service_mail *,
	    const struct service_game *, const struct store_player *,
	    struct buf *);
void	service_clock_deadline(struct service_mail *,
	    const struct service_game *, const struct store_player *,
	    struct buf *);
int	service_clock_out(struct service_mail *, struct service_game *,
	    struct store_seat *, const char *, char **);
struct store_seat *service_clock_seat(struct service_game *, int);
void	service_clock_words(struct buf *, int);

/* service-link.c */
int	service_link(struct service_mail *, const struct command *, char **);
int	service_link_answer(struct service_mail *, char **);
int	service_link_with(struct service_mail *, const struct command *,
	    char **);

/* service-robot-seat.c */
enum robot_level;
int	service_robot_seat(const struct service_game *, enum robot_level *);
int	service_robot_seat_sync(struct service_mail *, struct service_game *,
	    char **);
int	service_robot_seat_name(struct service_mail *, struct store_player *,
	    enum robot_level, char **);

/* service-press.c */
int	service_press_game(struct service_mail *, struct service_game *,
	    char **);
int	service_press_send(struct service_mail *, struct service_game *,
	    const char *, int, char **);
int	service_press_command(struct service_mail *, const struct command *,
	    char **);

#endif
