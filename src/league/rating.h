/*
 * The kinds of rating (docs/ratings.md, What is rated): each kind of
 * game has its own rating, and classic Mu has one per number of
 * players.
 */
#ifndef RATING_H
#define RATING_H

#define RATING_KIND_MAX	16	/* a kind's name, with its NUL */

const char	*rating_kind(const char *, int);
const char	*rating_kind_find(const char *);
const char	*rating_kind_at(int);
const char	*rating_kind_title(const char *);

#endif
