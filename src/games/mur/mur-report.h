/*
 * What a Mur action did, as sentences for the players' mail.
 */
#ifndef MUR_REPORT_H
#define MUR_REPORT_H

#include "buf.h"
#include "mur-game.h"

const char	*mur_report_side(int);
void		 mur_report_effect(const struct mur_game *, int,
		     const struct mur_effect *, struct buf *);
void		 mur_report_owed(const struct mur_game *, struct buf *);
void		 mur_report_withdraw(const struct mur_game *, int, uint32_t,
		     uint32_t, struct buf *);
void		 mur_report_resign(const struct mur_game *, int,
		     struct buf *);
void		 mur_report_end(const struct mur_game *, int, int,
		     struct buf *);
void		 mur_report_match(const struct mur_game *, struct buf *);
void		 mur_report_setup(const struct mur_game *, int, uint32_t, int,
		     struct buf *);
void		 mur_report_score(const struct mur_game *, struct buf *);

#endif
