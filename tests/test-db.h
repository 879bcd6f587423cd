/*
 * The database the store's tests run on: a SQLite file, or, when
 * MUPBEM_TEST_PG holds a postgresql:// URL, a fresh PostgreSQL
 * database on that server for each test (tests/pg-lib.sh).
 */
#ifndef TEST_DB_H
#define TEST_DB_H

int	 test_db_pg(void);
char	*test_db_target(const char *);

#endif
