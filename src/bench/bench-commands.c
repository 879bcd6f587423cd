#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "bench-archive.h"
#include "bench-clocks.h"
#include "bench-commands.h"
#include "bench-engine.h"
#include "bench-mail.h"
#include "bench-pairing.h"
#include "bench.h"

/*
 * mupbem-bench runs one benchmark, named by its first argument, from a
 * table: each prints figures (docs/performance.md) and checks nothing.
 * They are for the people who work on mupbem, not for players or
 * operators, and are kept out of the mupbem tool.  Exit status: 0
 * done, 1 a bad value or a failure (one line on stderr), 2 a usage
 * error.  --help, alone or after a subcommand, prints the usage (of
 * that subcommand) on standard output and exits 0.
 */

struct bench_command {
	const char	*name;
	int		 (*run)(int, char **);
	const char	*usage;
};

static int	bench_commands_help(FILE *, const char *);

static const struct bench_command bench_commands[] = {
	{ "engine", bench_engine_run, "engine [--game classic|levis|velox|"
	  "mur] [--games N] [--seed S]" },
	{ "mail", bench_mail_run, "mail [--messages N] CORPUS-DIR" },
	{ "clocks", bench_clocks_run, "clocks [--calls N] DATABASE" },
	{ "pairing", bench_pairing_run, "pairing [--players N] "
	  "[--divisions-of K]" },
	{ "archive", bench_archive_run, "archive [--games N] [--seed S] "
	  "[--assets DIR] DATABASE DIR" },
	{ NULL, NULL, NULL }
};

/*
 * The usage on out (of the subcommand only, if not NULL): 2 on stderr,
 * for a usage error, 0 on stdout, for --help.
 */
static int
bench_commands_help(FILE *out, const char *only)
{
	int	i;

	fprintf(out, "usage:\n");
	for (i = 0; bench_commands[i].name != NULL; i++) {
		if (only != NULL && strcmp(only, bench_commands[i].name) != 0)
			continue;
		fprintf(out, "  mupbem-bench %s\n", bench_commands[i].usage);
	}
	if (only == NULL) {
		fprintf(out, "  mupbem-bench --help\n");
		fprintf(out, "  mupbem-bench COMMAND --help\n");
	}
	return (out == stderr ? 2 : 0);
}

/* Run the benchmark named by argv[1]. */
int
bench_commands_main(int argc, char **argv)
{
	int	i, rc;

	if (argc < 2)
		return (bench_commands_help(stderr, NULL));
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)
		return (bench_commands_help(stdout, NULL));
	for (i = 0; bench_commands[i].name != NULL; i++) {
		if (strcmp(argv[1], bench_commands[i].name) != 0)
			continue;
		for (rc = 2; rc < argc; rc++) {
			if (strcmp(argv[rc], "--help") == 0)
				return (bench_commands_help(stdout, argv[1]));
		}
		rc = bench_commands[i].run(argc - 1, argv + 1);
		if (rc == -1)
			return (bench_commands_help(stderr, NULL));
		if (fflush(stdout) != 0 || ferror(stdout))
			return (bench_error("standard output: %s",
			    strerror(errno)));
		return (rc);
	}
	bench_error("unknown command '%s'", argv[1]);
	return (bench_commands_help(stderr, NULL));
}
