#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db.h"
#include "test-db.h"
#include "xmalloc.h"

/*
 * A test's database: by default the file mupbem.db in the test's
 * folder; with MUPBEM_TEST_PG set, a database made for the test on
 * the server that URL names, its URL the same but for the database's
 * name, so that each test starts from nothing as it does on SQLite.
 */

/* Do the tests run on PostgreSQL? */
int
test_db_pg(void)
{
	const char	*url = getenv("MUPBEM_TEST_PG");

	return (url != NULL && *url != '\0');
}

/* A new, empty database for a test whose folder is dir; the caller's. */
char *
test_db_target(const char *dir)
{
	static int	 made;
	const char	*url = getenv("MUPBEM_TEST_PG"), *query, *slash;
	struct db	*db;
	char		*cause = NULL, *name, *sql, *target;

	if (!test_db_pg()) {
		xasprintf(&target, "%s/mupbem.db", dir);
		return (target);
	}
	ck_assert_ptr_nonnull(db = db_open(url, &cause));
	xasprintf(&name, "mupbem_%ld_%d", (long)getpid(), ++made);
	xasprintf(&sql, "CREATE DATABASE %s", name);
	ck_assert_msg(db_exec(db, sql) == 0, "%s: %s", sql, db_errmsg(db));
	free(sql);
	db_close(db);
	/* postgresql://[host]/DB?..., the database between / and ?. */
	if ((query = strchr(url, '?')) == NULL)
		query = url + strlen(url);
	slash = url + strlen("postgresql://");
	if (strncmp(url, "postgres://", 11) == 0)
		slash = url + strlen("postgres://");
	slash = strchr(slash, '/');
	if (slash == NULL || slash > query)
		slash = query;
	xasprintf(&target, "%.*s/%s%s", (int)(slash - url), url, name, query);
	free(name);
	return (target);
}
