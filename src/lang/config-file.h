/*
 * The daemon's configuration (docs/configuration.md): built-in
 * defaults that need no server, overridden by an INI file.
 */
#ifndef CONFIG_FILE_H
#define CONFIG_FILE_H

#include <stddef.h>

#include "glicko.h"

struct config_file {
	/* [server] */
	char	*address;	/* where players write; replies come from it */
	char	*name;		/* the display name of replies */
	char	*store;		/* database: the SQLite file */
	char	*templates;	/* the operator's templates folder */
	long	 max_size;	/* bytes; larger mail gets a short refusal */
	char	*policy;	/* "token" or "from" */
	long	 rate_burst;	/* mails a sender may send at once; 0: any */
	long	 rate_interval;	/* then one per this many seconds */
	long	 max_commands;	/* commands in one mail; 0: any */
	long	 max_reply;	/* bytes of a reply's text; 0: any */
	long	 max_mails;	/* mails to one address a day; 0: any */
	long	 loop_burst;	/* junk mails answered in a window; 0: any */
	long	 loop_window;	/* seconds */
	int	 pictures;	/* a picture of the board in mail */
	char	*invitations;	/* "proven": only a proven sender's go */
	long	 batch;		/* mails in one transaction, at most */
	long	 max_tries;	/* a mail's tries, then set aside */

	/* [mailbox], from its url and settings */
	char	*source;	/* "maildir" or "imap" */
	char	*maildir;
	char	*imap_url;	/* imaps://host:993/INBOX, imap://host/INBOX */
	char	*imap_user;
	char	*imap_password;
	char	*imap_ca_file;
	int	 imap_insecure;
	int	 imap_idle;
	long	 imap_poll;	/* seconds between checks without IDLE */
	char	*imap_done;	/* folder handled mail moves to, or NULL */

	/* [send], from its url and settings */
	char	*sender;	/* "smtp", "sendmail" or "maildir" */
	char	*smtp_url;
	char	*smtp_user;
	char	*smtp_password;
	int	 smtp_starttls;	/* required */
	char	*smtp_ca_file;
	int	 smtp_insecure;
	char	*sendmail;
	char	*outbox;
	long	 retry;		/* first retry after seconds, doubling */
	long	 retry_max;
	long	 timeout;
	long	 keep_sent;	/* seconds a sent mail's text is kept; 0: ever */

	/* [games] */
	char	*time;		/* the default time control, canonical */
	long	 vacation_days;	/* each player's, a year */
	long	 invitation;	/* seconds an invitation stays open */
	long	 robot_time;	/* CPU seconds a robot thinks a turn */
	long	 robot_budget;	/* a robot's playouts a turn, 0 default */
	long	 remind_share;	/* remind when this percent is left, */
	long	 remind_before;	/* or this many seconds, if less */
	long	 max_games;	/* games a player plays at once; 0: any */
	long	 max_invitations; /* to one address a day; 0: any */

	/* [archive] */
	char	*archive_dir;	/* the web archive's folder, or NULL */
	char	*archive_url;	/* where it is published, or NULL */

	/* [ratings] */
	struct glicko_settings ratings;	/* a newcomer, tau, the period */

	/* [tournaments] */
	long	 stall;		/* seconds without a turn before a
				   tournament game is told to its
				   organiser as stalled; 0: never */
};

void	config_file_defaults(struct config_file *);
int	config_file_load(struct config_file *, const char *, char **);
void	config_file_free(struct config_file *);

#endif
