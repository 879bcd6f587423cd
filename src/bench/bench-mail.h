/*
 * mupbem-bench mail: how fast mail is read from a Maildir and parsed.
 */
#ifndef BENCH_MAIL_H
#define BENCH_MAIL_H

int	bench_mail_run(int, char **);

#endif
