#include "config.h"

#include "bench-commands.h"

/*
 * mupbem-bench: the benchmarks of the engine, the mail reader, the
 * clocks, the pairing and the archive (src/bench/), a program of their
 * own, apart from the mupbem tool that players and operators use.
 */

int
main(int argc, char **argv)
{
	return (bench_commands_main(argc, argv));
}
