#!/bin/bash
# Games a second through mupbem engine (one process, many games) against
# the tool's subcommands (a process a call: new once, then robot and
# play each turn, each replaying the record), for the random and the
# greedy robot playing both seats (issue 39, docs/engine.md).  Game i
# has seed i and its turn t the robot's seed i * 100000 + t, in both
# drivers, so the first CLI_GAMES games are played by both, and their
# records must come out the same (the script says so, or stops).  The
# arena's own figure, robots in-process without any protocol, is
# printed beside them: mupbem arena --jobs 1 with the same level.
#
# Both drivers are Python 3: the engine's writes a command and reads
# its answer (up to the empty line) over pipes; the CLI's runs each
# call with subprocess.  Figures are wall-clock seconds and the CPU
# seconds of the children (the engine, or every call of the tool; not
# the Python driver's own), and games a second of each.  It prints figures and checks nothing else;
# docs/performance.md ("Engine protocol") records them.
#
# With the argument "playouts" it measures instead the mcts robot's
# playouts a second in each game (issue 39, section 4): in velox, levis
# and classic (2 players, default options) and Mur (a match of 6), a
# midgame is made by the random robot (seeds 1001 to 1060 for turns 1
# to 60, from a game of seed 1), then mupbem robot --level mcts
# --budget BUDGET (2000) --seed 1 chooses the turn 61, and the same
# with --level random prices the start and the replay: playouts a
# second are BUDGET over the CPU time between the two (the median of
# RUNS, 5, of each).
#
# Usage, after a non-sanitizer build: bash scripts/bench-engine.sh
# (from the source folder, or with MUPBEM set).  The environment may
# set GAME (velox), LEVELS ("random greedy"), ENGINE_GAMES (100),
# CLI_GAMES (2) and CAP (1000): a game still going after CAP turns is
# stopped there, by both drivers and the arena (two greedy robots may
# shuffle men for ever).
set -euo pipefail

cd "$(dirname "$0")/.."
: "${MUPBEM:=$PWD/mupbem}"
: "${GAME:=velox}"
: "${LEVELS:=random greedy}"
: "${ENGINE_GAMES:=100}"
: "${CLI_GAMES:=2}"
: "${CAP:=1000}"
export MUPBEM GAME ENGINE_GAMES CLI_GAMES CAP

if [ "${1:-}" = playouts ]; then
	: "${BUDGET:=2000}"
	: "${RUNS:=5}"
	export BUDGET RUNS
	exec python3 - <<'EOF'
import os, resource, subprocess, tempfile

mupbem = os.environ["MUPBEM"]
budget = int(os.environ["BUDGET"])
runs = int(os.environ["RUNS"])


def cpu(args):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([mupbem] + args, stdout=subprocess.DEVNULL, check=True)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (r1.ru_utime + r1.ru_stime) - (r0.ru_utime + r0.ru_stime)


print("mcts at a budget of %d playouts, turn 61, median of %d runs"
      % (budget, runs))
print("  %-8s %12s %12s %14s" % ("game", "random, s", "mcts, s",
                                 "playouts/s"))
with tempfile.TemporaryDirectory() as folder:
    for game in ("velox", "levis", "classic", "mur"):
        path = os.path.join(folder, game + ".rec")
        with open(path, "w") as f:
            subprocess.run([mupbem, "new", "--game", game, "--seed", "1"],
                           stdout=f, check=True)
        for t in range(1, 61):
            turn = subprocess.run([mupbem, "robot", "--seed",
                                   str(1000 + t), path], check=True,
                                  capture_output=True, text=True)
            subprocess.run([mupbem, "play", path, turn.stdout.strip()],
                           stdout=subprocess.DEVNULL, check=True)
        base = sorted(cpu(["robot", path]) for _ in range(runs))
        mcts = sorted(cpu(["robot", "--level", "mcts", "--budget",
                           str(budget), path]) for _ in range(runs))
        b, m = base[runs // 2], mcts[runs // 2]
        print("  %-8s %12.4f %12.4f %14.0f" % (game, b, m,
                                               budget / (m - b)))
EOF
fi

for level in $LEVELS; do
	LEVEL=$level python3 - <<'EOF'
import os, resource, subprocess, sys, tempfile, time

mupbem = os.environ["MUPBEM"]
game = os.environ["GAME"]
level = os.environ["LEVEL"]
engine_games = int(os.environ["ENGINE_GAMES"])
cli_games = int(os.environ["CLI_GAMES"])
cap = int(os.environ["CAP"])


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def ask(eng, command):
    eng.stdin.write(command + "\n")
    eng.stdin.flush()
    lines = []
    while True:
        line = eng.stdout.readline()
        if line == "":
            sys.exit("engine: the end of its output after " + command)
        if line == "\n":
            break
        lines.append(line.rstrip("\n"))
    # "= " or "? ", then the text; a line of one space is an empty one.
    lines[0] = lines[0][2:]
    return ["" if x == " " else x for x in lines]


def engine_run(n):
    eng = subprocess.Popen([mupbem, "engine"], stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, text=True)
    records, turns = [], 0
    for i in range(1, n + 1):
        ask(eng, "new %s seed %d" % (game, i))
        t = 1
        while t <= cap:
            a = ask(eng, "genmove %s seed %d" % (level, i * 100000 + t))
            if a[0].startswith("genmove: the game is over"):
                break
            t += 1
        turns += t - 1
        if i <= cli_games:
            records.append("\n".join(ask(eng, "record")))
    ask(eng, "quit")
    eng.wait()
    return records, turns


def cli_run(n, folder):
    records, turns = [], 0
    for i in range(1, n + 1):
        path = os.path.join(folder, "%d.rec" % i)
        with open(path, "w") as f:
            subprocess.run([mupbem, "new", "--game", game, "--seed",
                            str(i)], stdout=f, check=True)
        t = 1
        while t <= cap:
            p = subprocess.run([mupbem, "robot", "--level", level,
                                "--seed", str(i * 100000 + t), path],
                               capture_output=True, text=True)
            if p.returncode != 0:
                break
            subprocess.run([mupbem, "play", path, p.stdout.strip()],
                           stdout=subprocess.DEVNULL, check=True)
            t += 1
        turns += t - 1
        with open(path) as f:
            records.append(f.read().rstrip("\n"))
    return records, turns


def timed(f, *args, **kwargs):
    w, c = time.monotonic(), children_cpu()
    out = f(*args, **kwargs)
    return out, time.monotonic() - w, children_cpu() - c


def line(what, games, turns, wall, cpu):
    print("  %-24s %4d %7d %8.2f %8.2f %8.3g %8.3g"
          % (what, games, turns, wall, cpu, games / wall, games / cpu),
          flush=True)


print("== %s, %s against %s" % (game, level, level))
print("  %-24s %4s %7s %8s %8s %8s %8s" % ("", "games", "turns", "wall s",
                                           "CPU s", "games/s", "/CPU s"))
(erec, eturns), ewall, ecpu = timed(engine_run, engine_games)
line("mupbem engine", engine_games, eturns, ewall, ecpu)
with tempfile.TemporaryDirectory() as folder:
    (crec, cturns), cwall, ccpu = timed(cli_run, cli_games, folder)
line("mupbem new, robot, play", cli_games, cturns, cwall, ccpu)
if erec[:cli_games] != crec:
    sys.exit("the engine's records are not the CLI's")
print("  the first %d games' records are the same through both"
      % cli_games)
(p, aw, ac) = timed(subprocess.run, [mupbem, "arena", "--game", game,
                    "--players", level + "," + level, "--games",
                    str(engine_games), "--jobs", "1", "--cap", str(cap)],
                    capture_output=True, text=True, check=True)
mean = [x for x in p.stdout.split("\n") if x.startswith("Game length:")]
aturns = round(float(mean[0].split()[-1]) * engine_games) if mean else 0
line("mupbem arena --jobs 1", engine_games, aturns, aw, ac)
print("  engine / CLI: %.0f times the games a second, %.0f times a CPU"
      " second" % ((engine_games / ewall) / (cli_games / cwall),
                   (engine_games / ecpu) / (cli_games / ccpu)))
EOF
done
