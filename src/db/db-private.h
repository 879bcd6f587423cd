/*
 * What db.c and its backends share: the ops a backend gives, and the
 * handles db.c wraps around the backend's own.
 */
#ifndef DB_PRIVATE_H
#define DB_PRIVATE_H

#include <pthread.h>

#include "db.h"

struct db_ops {
	const char	*name;
	enum db_kind	 kind;
	void		*(*open)(const char *, char **);
	void		 (*close)(void *);
	const char	*(*errmsg)(void *);
	int		 (*exec)(void *, const char *);
	int		 (*begin)(void *);
	int		 (*begin_rows)(void *);
	int		 (*in_transaction)(void *);
	int		 (*changes)(void *);
	int		 (*version)(void *, int *);
	int		 (*set_version)(void *, int);
	int		 (*migrate)(void *, const char *, const char *);
	int		 (*plan)(void *, const char *, char **);
	long long	 (*steps)(void *);
	void		*(*prepare)(void *, const char *);
	void		 (*finalize)(void *);
	int		 (*bind_count)(void *);
	void		 (*bind_null)(void *, int);
	void		 (*bind_int64)(void *, int, long long);
	void		 (*bind_double)(void *, int, double);
	void		 (*bind_text)(void *, int, const char *);
	void		 (*bind_blob)(void *, int, const void *, size_t);
	int		 (*step)(void *);
	void		 (*reset)(void *);
	int		 (*column_null)(void *, int);
	long long	 (*column_int64)(void *, int);
	double		 (*column_double)(void *, int);
	const char	*(*column_text)(void *, int);
	const void	*(*column_blob)(void *, int);
	size_t		 (*column_bytes)(void *, int);
	int		 (*refused)(void *);	/* or NULL: never */
	int		 (*connected)(void *);	/* NULL: always */
	void		 (*defer)(void *);	/* NULL: writes run at once */
};

struct db {
	const struct db_ops	*ops;
	void			*impl;
	pthread_t		 owner;		/* the thread that opened it */
};

struct db_stmt {
	struct db		*db;
	void			*impl;
};

extern const struct db_ops db_sqlite_ops;
extern const struct db_ops db_pg_ops;

#endif
