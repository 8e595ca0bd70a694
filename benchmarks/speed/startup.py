"""Benchmark of the command line's start-up: wall seconds of whole ``pennypress`` commands, as a player waits.

Each command runs ``--repeat`` times in a fresh process (the ``pennypress`` script of the environment
running this benchmark); the median is printed beside the median of a bare interpreter (``python -c pass``)
measured in the same run, and their ratio:

- ``position validate FILE``: read and check a position (no search, no solver);
- ``advise FILE --budget fast``: the whole advice at the smallest named budget.

``FILE`` is a shipped example position (``--position``). The commands run as an installed package runs: with
the bytecode cached (pip compiles it on install), so each command is run once untimed to write the cache and
``PYTHONDONTWRITEBYTECODE`` is left out of their environment (a development shell may set it, and then every
start compiles every module again).

    python -m benchmarks.speed.startup [--repeat 5] [--position examples/positions/rulebook-12-points.json] [--json]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_POSITION = ROOT / "examples" / "positions" / "rulebook-12-points.json"


def installed_env() -> dict[str, str]:
    """This process's environment without ``PYTHONDONTWRITEBYTECODE``: the commands keep their bytecode."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def wall(cmd: list[str], repeat: int) -> float:
    """Median wall seconds of ``cmd`` over ``repeat`` fresh processes, after one untimed run that writes the
    bytecode cache; a failing command is an error."""
    env = installed_env()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT, env=env)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT, env=env)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5, help="runs of each command (default 5)")
    ap.add_argument("--position", type=Path, default=DEFAULT_POSITION, help="the position file the commands read")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.repeat < 1:
        ap.error(f"--repeat must be at least 1, got {args.repeat}")
    if not args.position.is_file():
        ap.error(f"--position: no such file {args.position}")
    pennypress = str(Path(sys.executable).with_name("pennypress"))
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "pennypress position validate FILE": [pennypress, "position", "validate", str(args.position)],
        "pennypress advise FILE --budget fast": [pennypress, "advise", str(args.position), "--budget", "fast"],
    }
    medians = {name: wall(cmd, args.repeat) for name, cmd in commands.items()}
    bare = medians["python -c pass"]
    if args.json:
        print(json.dumps({"repeat": args.repeat, "position": str(args.position), "median_seconds": medians}, indent=2))
        return 0
    print(f"command-line start-up, wall seconds, median of {args.repeat} fresh processes, bytecode cached "
          f"(position {args.position.name})")
    print("| command | median wall | × bare interpreter |\n|---|---|---|")
    for name, seconds in medians.items():
        print(f"| `{name}` | {seconds:.3f} s | {seconds / bare:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
