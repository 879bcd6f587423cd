/*
 * The store: everything mupbem must not forget, in one SQLite file:
 * the mail it has handled (for exactly-once handling), the mail it has
 * still to send, the players, games, seats, actions and observers of
 * the game service (store-game.c), the games' clocks (store-clock.c),
 * the players' further addresses (store-address.c), and their ratings
 * (store-rating.c).
 */
#ifndef STORE_H
#define STORE_H

#include <stddef.h>

#define STORE_VERSION	17	/* the number of migrations */

struct buf;
struct store;

/* A mail waiting in the outbox. */
struct store_outmail {
	long long	 id;
	char		*message_id;
	char		*sender;	/* envelope sender */
	char		*rcpt;		/* envelope recipient */
	char		*data;
	size_t		 len;
	int		 attempts;
};

struct ratelimit_sender;

struct store	*store_open(const char *, char **);
void		 store_close(struct store *);
int		 store_writable(const char *, char **);

int		 store_sender_get(struct store *, const char *,
		     struct ratelimit_sender *, char **);
int		 store_sender_put(struct store *, const char *,
		     const struct ratelimit_sender *, char **);
int		 store_sender_rcpt_get(struct store *, const char *,
		     struct ratelimit_sender *, char **);
int		 store_sender_rcpt_put(struct store *, const char *,
		     const struct ratelimit_sender *, char **);
int		 store_sender_hold(struct store *, const char *, long long,
		     char **);
/* How store_tries_note() changes a mail's tries. */
enum store_tries {
	STORE_TRIES_ADD,
	STORE_TRIES_WHY,
	STORE_TRIES_UNDO,
	STORE_TRIES_CLEAR
};

int		 store_tries_get(struct store *, const char *, char **,
		     char **);
int		 store_tries_note(struct store *, const char *,
		     enum store_tries, const char *, long long, char **);
int		 store_tries_clear(struct store *, const char *, char **);
int		 store_refused(struct store *);
int		 store_begin(struct store *, char **);
int		 store_commit(struct store *, char **);
void		 store_rollback(struct store *);
int		 store_in_transaction(struct store *);
int		 store_savepoint(struct store *, char **);
int		 store_savepoint_release(struct store *, char **);
void		 store_savepoint_rollback(struct store *);
int		 store_handled(struct store *, const char *, char **);
int		 store_handle(struct store *, const char *, const char *,
		     long long, char **);
int		 store_queue(struct store *, const char *, const char *,
		     const char *, const char *, size_t, long long, int,
		     char **);
int		 store_due_some(struct store *, long long,
		     struct store_outmail *, int, char **);
int		 store_due(struct store *, long long, struct store_outmail *,
		     char **);
int		 store_sent(struct store *, long long, long long, char **);
int		 store_failed(struct store *, long long, const char *,
		     long long, char **);
int		 store_gave_up(struct store *, long long, const char *,
		     long long, char **);
long long	 store_next_try(struct store *);
int		 store_release(struct store *, long long, char **);
int		 store_unclaim(struct store *, long long, char **);
int		 store_connected(struct store *);
int		 store_prune(struct store *, long long, int, char **);
void		 store_outmail_free(struct store_outmail *);

/* A player: an address that has written to us or been invited. */
struct store_player {
	long long	 id;
	char		*address;
	char		*name;		/* NULL until set */
	char		*secret;
	char		*settings;	/* "key=value ...", '' for none */
};

/* A game, with its whole record (docs/record.md). */
struct store_game {
	long long	 id;
	char		*variant;
	char		*status;	/* inviting, playing, over, abandoned */
	char		*record;
	int		 turns;		/* turns played: the record's lines */
	char		*thread;	/* Message-ID later mail refers to */
	char		*topic;		/* "Mu velox: Alice v Bob", or NULL */
	long long	 created;
	long long	 updated;

	/* Its clock (store-clock.c); -1 for none. */
	char		*clock;		/* time control, or NULL for none */
	long long	 clock_seat;	/* whose clock runs or is paused */
	long long	 clock_since;	/* when it started running */
	int		 clock_turn;	/* turns played when it started */
	int		 reminded;	/* the reminder for it went */
	long long	 deadline;	/* when it runs out */
	char		*ending;	/* time, cancelled, adjudicated, ... */
	char		*result;	/* how it ended, in words */

	/* Its place in ratings and tournaments (store-league.c). */
	int		 rated;		/* its result changes ratings */
	long long	 finished;	/* when its result was counted, or -1 */
	long long	 tournament;	/* or -1 */
	char		*seek;		/* a seek's rating range, or NULL */
	int		 held;		/* its invitations wait for the
					   creator's proof (store-proof.c) */
};

/* A seat of a game, and who holds (or is invited to) it. */
struct store_seat {
	int			 seat;
	char			*state;	/* invited, accepted, open, resigned */
	struct store_player	 player;	/* id 0: nobody (open) */
	long long		 bank;	/* seconds on its clock, or -1 */
	char			*out;	/* time, forfeit: the server plays
					   for it; NULL */
	int			 rank;	/* the final rank, or -1 */
};

int		 store_player_get(struct store *, const char *,
		     struct store_player *, char **);
int		 store_player_by_id(struct store *, long long,
		     struct store_player *, char **);
int		 store_player_add(struct store *, const char *, const char *,
		     long long, struct store_player *, char **);
int		 store_player_settings(struct store *, long long,
		     const char *, char **);
int		 store_player_rename(struct store *, long long, const char *,
		     char **);
void		 store_player_copy(struct store_player *,
		     const struct store_player *);
void		 store_player_free(struct store_player *);

int		 store_game_add(struct store *, const char *, const char *,
		     const char *, const char *, long long, long long *,
		     char **);
int		 store_game_get(struct store *, long long, struct store_game *,
		     char **);
int		 store_game_update(struct store *, long long, const char *,
		     const char *, int, long long, char **);
int		 store_game_thread(struct store *, long long, const char *,
		     char **);
int		 store_game_list(struct store *, long long,
		     struct store_game **, size_t *, char **);
void		 store_game_free(struct store_game *);
void		 store_game_list_free(struct store_game *, size_t);

int		 store_seat_add(struct store *, long long, int, long long,
		     const char *, char **);
int		 store_seat_set(struct store *, long long, int, long long,
		     const char *, char **);
int		 store_seats_clear(struct store *, long long, char **);
int		 store_seats(struct store *, long long, struct store_seat **,
		     size_t *, char **);
void		 store_seats_free(struct store_seat *, size_t);

int		 store_action_add(struct store *, long long, long long, int,
		     const char *, const char *, long long, char **);
int		 store_observe(struct store *, long long, long long, int,
		     char **);
int		 store_observers(struct store *, long long,
		     struct store_player **, size_t *, char **);
void		 store_players_free(struct store_player *, size_t);

int		 store_mail_add(struct store *, const char *, long long,
		     long long, char **);
int		 store_mail_game(struct store *, const char *, long long *,
		     long long *, char **);
int		 store_mail_last(struct store *, long long,
		     struct store_outmail **, size_t *, char **);

/* A due event (store-clock.c). */
struct store_timer {
	long long	 id;
	long long	 at;
	char		 kind[16];	/* remind, timeout, expire, return,
					   start (a tournament: game) */
	long long	 game;		/* or -1 */
	int		 seat;		/* or -1 */
	long long	 player;	/* or -1 */
};

/* The most timers a game has at once: remind and timeout, or expire. */
#define STORE_TIMERS_GAME	4

/* What finding the timers costs SQLite (store_timer_cost()). */
struct store_timer_cost {
	char		*next_plan;	/* store_timer_next()'s query plan */
	char		*due_plan;	/* store_timer_due()'s */
	long long	 next_steps;	/* VM steps since the last call */
	long long	 due_steps;
};

int		 store_clock_control(struct store *, long long, const char *,
		     char **);
int		 store_clock_set(struct store *, const struct store_game *,
		     char **);
int		 store_clock_game(struct store *, const struct store_game *,
		     const char *, long long, char **);
int		 store_clock_seat(struct store *, long long, int, long long,
		     const char *, char **);
int		 store_clock_end(struct store *, long long, const char *,
		     const char *, const char *, long long, char **);
int		 store_clock_games(struct store *, long long, long long **,
		     size_t *, char **);
int		 store_clock_stalled(struct store *, long long, long long **,
		     size_t *, char **);
int		 store_timers_clear(struct store *, long long, char **);
int		 store_timers_set(struct store *, long long,
		     const struct store_timer *, size_t, char **);
int		 store_timer_add(struct store *, long long, const char *,
		     long long, int, long long, char **);
int		 store_timer_due(struct store *, long long,
		     struct store_timer *, char **);
int		 store_timer_del(struct store *, long long, char **);
long long	 store_timer_next(struct store *);
long long	 store_timer_count(struct store *, char **);
int		 store_timer_cost(struct store *, struct store_timer_cost *,
		     char **);
void		 store_timer_cost_free(struct store_timer_cost *);
int		 store_away_get(struct store *, long long, long long *,
		     char **);
int		 store_away_set(struct store *, long long, long long,
		     long long, char **);
int		 store_vacation_used(struct store *, long long, long long,
		     long long, long long *, char **);

/* A further address of a player (store-address.c). */
struct store_address {
	char		*address;
	long long	 player;
	char		*code;		/* to confirm it, or NULL once done */
	long long	 confirmed;	/* when, or -1 while it waits */
	long long	 created;	/* when it was asked for */
};

int		 store_address_get(struct store *, const char *,
		     struct store_address *, char **);
int		 store_address_code(struct store *, const char *,
		     struct store_address *, char **);
int		 store_address_list(struct store *, long long,
		     struct store_address **, size_t *, char **);
int		 store_address_add(struct store *, const char *, long long,
		     const char *, long long, char **);
int		 store_address_confirm(struct store *, const char *, long long,
		     char **);
int		 store_address_del(struct store *, const char *, char **);
int		 store_address_sent(struct store *, const char *, const char *,
		     const char *, char **);
int		 store_address_sender(struct store *, const char *, char **,
		     char **);
int		 store_address_games(struct store *, long long, int *,
		     char **);
int		 store_address_active(struct store *, long long, int *,
		     char **);
int		 store_address_invited(struct store *, long long, long long,
		     int *, char **);
int		 store_address_merge(struct store *, long long, long long,
		     char **);
int		 store_address_move(struct store *, long long, const char *,
		     char **);
void		 store_address_free(struct store_address *);
void		 store_address_list_free(struct store_address *, size_t);

/* A tournament, or a division of a league's season (store-league.c). */
struct store_tournament {
	long long	 id;
	char		*name;
	char		*variant;
	char		*format;	/* roundrobin, swiss, knockout */
	int		 seats;		/* players a game */
	int		 segments;	/* Mu: segments each, or 0 */
	int		 rounds;	/* 0: as the format says */
	int		 max;		/* entrants at most, or 0 */
	char		*clock;		/* time control, or NULL for none */
	int		 rated;
	long long	 starts;	/* when it starts by itself, or -1 */
	long long	 organiser;	/* a player, or -1 */
	char		*state;		/* open, playing, paused, over,
					   cancelled */
	int		 round;		/* the round in play, 0 before */
	long long	 league;	/* or -1 */
	int		 season;	/* the league's season, or 0 */
	int		 division;	/* 1 the top division, or 0 */
	long long	 created;
};

/* An entrant of a tournament. */
struct store_entrant {
	struct store_player	 player;
	int			 number;	/* the starting number */
	double			 rating;	/* when the tournament began */
	char			*state;		/* in, out (withdrew), lost */
};

/* A table of a round: a game, or unplayed (a bye, a forfeit). */
struct store_pairing {
	int		 round;
	int		 board;
	int		 leg;		/* a knockout match's game, else 1 */
	long long	 game;		/* or -1 for a table not played */
	long long	 players[6];	/* by seat (as the game's seats) */
	int		 n;
	int		 ranks[6];	/* final ranks by seat, 0 unknown */
	int		 done;		/* the result is known */
	char		*status;	/* the game's, or NULL */
};

/* A league. */
struct store_league {
	long long	 id;
	char		*name;
	char		*variant;
	int		 seats;
	int		 segments;
	int		 division;	/* players a division */
	int		 promote;	/* up from each division */
	int		 relegate;	/* down from each division */
	char		*clock;
	long long	 organiser;
	int		 season;	/* the season in play, 0 before */
	char		*state;		/* open, playing, closed */
	long long	 created;
};

/* A member of a league. */
struct store_member {
	struct store_player	 player;
	int			 division;	/* this season's, 0 new */
	char			*state;		/* in, left */
};

int		 store_game_event(struct store *, long long, int, long long,
		     const char *, char **);
int		 store_game_finish(struct store *, long long, long long,
		     char **);
int		 store_seat_rank(struct store *, long long, int, int, char **);
int		 store_games_open(struct store *, struct store_game **,
		     size_t *, char **);

int		 store_tournament_add(struct store *, struct store_tournament *,
		     char **);
int		 store_tournament_get(struct store *, long long, const char *,
		     struct store_tournament *, char **);
int		 store_tournament_list(struct store *, long long,
		     struct store_tournament **, size_t *, char **);
int		 store_tournament_state(struct store *, long long, const char *,
		     int, char **);
void		 store_tournament_free(struct store_tournament *);
void		 store_tournament_list_free(struct store_tournament *, size_t);
int		 store_entrant_add(struct store *, long long, long long, int,
		     double, long long, char **);
int		 store_entrant_del(struct store *, long long, long long,
		     char **);
int		 store_entrant_state(struct store *, long long, long long,
		     const char *, char **);
int		 store_entrant_number(struct store *, long long, long long,
		     int, double, char **);
int		 store_entrant_replace(struct store *, long long, long long,
		     long long, char **);
int		 store_entrants(struct store *, long long,
		     struct store_entrant **, size_t *, char **);
void		 store_entrants_free(struct store_entrant *, size_t);
int		 store_pairing_add(struct store *, long long,
		     const struct store_pairing *, char **);
int		 store_pairings(struct store *, long long, int,
		     struct store_pairing **, size_t *, char **);
void		 store_pairings_free(struct store_pairing *, size_t);
int		 store_pairing_of(struct store *, long long, long long *,
		     char **);

/* store-table.c */
struct league_table;
void		 store_table_fill(struct league_table *,
		     const struct store_tournament *,
		     const struct store_entrant *, size_t,
		     const struct store_pairing *, size_t);

int		 store_league_add(struct store *, struct store_league *,
		     char **);
int		 store_league_get(struct store *, long long, const char *,
		     struct store_league *, char **);
int		 store_league_list(struct store *, struct store_league **,
		     size_t *, char **);
int		 store_league_season(struct store *, long long, int,
		     const char *, char **);
void		 store_league_free(struct store_league *);
void		 store_league_list_free(struct store_league *, size_t);
int		 store_member_set(struct store *, long long, long long, int,
		     const char *, long long, char **);
int		 store_members(struct store *, long long,
		     struct store_member **, size_t *, char **);
void		 store_members_free(struct store_member *, size_t);

/* A player's rating in one kind of game (store-rating.c). */
struct store_rating {
	struct store_player	 player;	/* id, address, name */
	char			*kind;		/* velox, classic3, ... */
	double			 rating, rd, volatility;
	int			 games;		/* rated games of the kind */
	long long		 updated;	/* when the last one ended */
};

/* A change of a rating, or a win over player (store_rating_best()). */
struct store_rating_change {
	long long		 game;
	char			*kind;
	long long		 at;
	double			 before;	/* the rating before the game */
	double			 rating, rd;	/* after it */
	double			 score;		/* the sum of pairwise scores */
	struct store_player	 player;	/* id, address, name */
};

/* A player's games with a result. */
struct store_stats {
	int	games, wins, losses, draws, timeouts;
};

int		 store_rating_get(struct store *, long long, const char *,
		     struct store_rating *, char **);
int		 store_rating_set(struct store *, long long, const char *,
		     long long, double, const struct store_rating *, double,
		     long long, char **);
int		 store_ratings(struct store *, const char *,
		     struct store_rating **, size_t *, char **);
int		 store_ratings_of(struct store *, long long,
		     struct store_rating **, size_t *, char **);
int		 store_rating_history(struct store *, long long, int,
		     struct store_rating_change **, size_t *, char **);
int		 store_rating_best(struct store *, long long, int,
		     struct store_rating_change **, size_t *, char **);
int		 store_rating_stats(struct store *, long long,
		     struct store_stats *, char **);
int		 store_rating_player_named(struct store *, const char *,
		     struct store_player *, char **);
void		 store_rating_free(struct store_rating *);
void		 store_ratings_free(struct store_rating *, size_t);
void		 store_rating_changes_free(struct store_rating_change *,
		     size_t);

/* A robot's turn to think (store-robot.c). */
int		 store_robot_job_set(struct store *, long long, int, long long,
		     char **);
int		 store_robot_job_del(struct store *, long long, char **);
int		 store_robot_job_next(struct store *, long long, long long *,
		     int *, char **);
int		 store_robot_job_get(struct store *, long long, int *, char **);
long long	 store_robot_job_count(struct store *, char **);
/* A game the web archive has to write again, at its change. */
struct store_touched {
	long long	 game;
	long long	 change;
};

int	store_touched_some(struct store *, size_t, struct store_touched **,
	    char **);
int	store_touched_done(struct store *, const struct store_touched *,
	    size_t, char **);

/* The organiser's mail (store-organiser.c): threads, notes, stalls. */
struct store_stall {
	long long	 game;
	long long	 tournament;
	int		 turns;
};

int	store_thread_get(struct store *, const char *, char **, char **);
int	store_thread_add(struct store *, const char *, const char *,
	    char **);
int	store_note_add(struct store *, long long, const char *, const char *,
	    long long, char **);
int	store_note_due(struct store *, long long, long long *, char **);
int	store_note_take(struct store *, long long, long long, struct buf *,
	    char **);
int	store_stalled(struct store *, long long, size_t, struct store_stall **,
	    char **);
int	store_stall_set(struct store *, long long, int, char **);

/* Proof of a player's address, and invitations held until it comes. */
int	store_proof_get(struct store *, long long, int *, char **);
int	store_proof_set(struct store *, long long, char **);
int	store_proof_hold(struct store *, long long, int, char **);
int	store_proof_held(struct store *, long long, long long **, size_t *,
	    char **);

/* One statement's plan (store-plan.c). */
struct store_plan {
	char		*where;		/* "store-game.c 3", "trigger x" */
	char		*sql;
	char		*plan;		/* its steps, a line each */
};

int	store_plan_all(struct store *, struct store_plan **, size_t *,
	    char **);
void	store_plan_free(struct store_plan *, size_t);

#endif
