/*
 * mupbem-bench archive: how long writing the archive of a store full
 * of finished games takes.
 */
#ifndef BENCH_ARCHIVE_H
#define BENCH_ARCHIVE_H

int	bench_archive_run(int, char **);

#endif
