/*
 * The subcommands of mupbem-bench, the benchmarks.
 */
#ifndef BENCH_COMMANDS_H
#define BENCH_COMMANDS_H

int	bench_commands_main(int, char **);

#endif
