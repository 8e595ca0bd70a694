"""Benchmark of Quick advice with the table read, on positions with a 40-move history.

Seeded 3-player games (seed 562120), each seat's style drawn from the population (the MCTS bot included), played
on the native core; the position after the game's first 40 moves, for the player to move, which reads the other
two. Per position, in one process on this machine:

- **read cold**: the reading of all 40 moves from scratch (``read_moves``: what ``pennypress table`` does);
- **read a move**: one more move read by a reading kept over the game (``TableWatch``: what Play and the
  analysis board do at each click: the moves since the last one);
- **advise, table**: ``advise(position, "fast", table=...)`` with the opponents seated as read;
- **advise, plain**: the same without a table, in the same run, for the ratio;
- **advise, read as MCTS**: the same with both others taken for the MCTS bot (``assume``), the costliest reading:
  its stand-in searches at every move of every playout (:func:`~pennypress.engine.arena.seats.playout_seat`);
- **the command line**, on the first ``--cli`` positions written to files with their readings: the wall time of
  ``pennypress advise POSITION --budget fast --table READING`` (and with ``--assume all=mcts``, and without a
  table), each the median of ``--repeat`` fresh processes with the bytecode cached
  (:func:`benchmarks.speed.startup.wall`): what a player at a terminal waits, start-up included.

Medians over the positions, in milliseconds, and the same-run ratio of the medians (with a table / plain). A click's
cost with the table read is *read a move* + *advise, table*; the machine's load is printed (wall times grow with it). the target (#58) is Quick within 0.5 s on a position
with a 40-move history (the app and the command line keep the reading, so a click reads only the new moves).

    python -m benchmarks.speed.table_advice [--positions N] [--cli K] [--repeat R] [--json]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.speed.startup import wall
from benchmarks.strength.table_reading import game
from pennypress.engine import native
from pennypress.engine.advisor import advise
from pennypress.engine.arena.table_reading import ReadingSettings, TableWatch, assume, opponent_table, read_moves

SEED, HISTORY, POSITIONS, CLI, REPEAT = 562120, 40, 10, 3, 5
"""The games' seed (a speed benchmark's own), the moves read before the position, the positions by default, the
positions also timed on the command line, and the fresh processes a command is timed over."""

CLI_COMMANDS = (("advise, no table", ()), ("advise --table", ("--table",)),
                ("advise --table --assume all=mcts", ("--table", "--assume", "all=mcts")))
"""The command lines timed: a label and the arguments after ``advise POSITION --budget fast`` (``--table``
takes the position's reading file)."""


def positions(count: int) -> list[tuple]:
    """``count`` positions after :data:`HISTORY` moves with a choice to make: (the steps before it, the position)."""
    out, g = [], 0
    styles = ReadingSettings().styles
    while len(out) < count:
        _, steps = game(SEED, g, 3, styles)
        g += 1
        if len(steps) <= HISTORY + 1:
            continue
        view = steps[HISTORY][0]
        if len(view.legal_moves()) > 1:
            out.append((steps[:HISTORY + 1], view))
    return out


def cli_times(chosen: list[tuple], repeat: int) -> dict[str, float]:
    """Per command line of :data:`CLI_COMMANDS`, the median over ``chosen``'s positions (each with its reading) of
    its median wall seconds (each position and its reading written to files, as a player would keep them)."""
    pennypress = str(Path(sys.executable).with_name("pennypress"))
    per: dict[str, list[float]] = {label: [] for label, _ in CLI_COMMANDS}
    with tempfile.TemporaryDirectory() as folder:
        for i, (view, reading) in enumerate(chosen):
            position, reading_file = Path(folder) / f"position-{i}.json", Path(folder) / f"table-{i}.json"
            position.write_text(json.dumps(view.to_json()))
            reading_file.write_text(json.dumps(reading.to_json()))
            for label, extra in CLI_COMMANDS:
                args = list(extra)
                if "--table" in args:
                    args.insert(args.index("--table") + 1, str(reading_file))
                per[label].append(wall([pennypress, "advise", str(position), "--budget", "fast", *args], repeat))
    return {label: statistics.median(times) for label, times in per.items()}


def measure(count: int, cli: int = CLI, repeat: int = REPEAT) -> dict:
    chosen = positions(count)
    cold, warm, table_ms, plain_ms, mcts_ms, read = [], [], [], [], [], []
    for steps, view in chosen:
        you = view.current
        start = time.perf_counter()
        read_moves(steps[:HISTORY], 3, you)
        cold.append(1000 * (time.perf_counter() - start))
        watch = TableWatch(3, you)
        watch.update(steps[:HISTORY - 1])
        start = time.perf_counter()
        reading = watch.update(steps[:HISTORY])
        warm.append(1000 * (time.perf_counter() - start))
        read.append((view, reading))
        table = opponent_table(reading, 3)
        start = time.perf_counter()
        advise(view, "fast", seed=0, table=table)
        table_ms.append(1000 * (time.perf_counter() - start))
        start = time.perf_counter()
        advise(view, "fast", seed=0)
        plain_ms.append(1000 * (time.perf_counter() - start))
        searcher = opponent_table(assume(reading, {p: "mcts" for p in range(3) if p != you}), 3)
        start = time.perf_counter()
        advise(view, "fast", seed=0, table=searcher)
        mcts_ms.append(1000 * (time.perf_counter() - start))
    med = statistics.median
    return {"positions": count, "seed": SEED, "history": HISTORY, "read_cold_ms": med(cold),
            "read_a_move_ms": med(warm), "advise_table_ms": med(table_ms), "advise_plain_ms": med(plain_ms),
            "ratio_table_to_plain": med(table_ms) / med(plain_ms),
            "click_ms": med(warm) + med(table_ms), "advise_read_as_mcts_ms": med(mcts_ms),
            "ratio_mcts_to_plain": med(mcts_ms) / med(plain_ms), "click_read_as_mcts_ms": med(warm) + med(mcts_ms),
            "cli_positions": min(cli, count), "cli_repeat": repeat,
            "cli_seconds": cli_times(read[:cli], repeat) if cli > 0 else {}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=POSITIONS, help=f"positions (default {POSITIONS})")
    ap.add_argument("--cli", type=int, default=CLI,
                    help=f"of them, timed on the command line too (default {CLI}; 0: none)")
    ap.add_argument("--repeat", type=int, default=REPEAT,
                    help=f"fresh processes each command line is timed over (default {REPEAT})")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    if args.positions < 1 or args.cli < 0 or args.repeat < 1:
        ap.error("--positions and --repeat must be at least 1, --cli at least 0")
    if not native.available():
        print("Quick advice with the table read -- not measured: the native core is not built")
        return 0
    load = os.getloadavg()[0]
    out = {**measure(args.positions, args.cli, args.repeat), "load_before": load, "load_after": os.getloadavg()[0]}
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    print(f"Quick advice with the table read: {args.positions} positions after {HISTORY} moves (seed {SEED}), medians")
    print(f"  read the 40 moves from scratch   {out['read_cold_ms']:7.0f} ms")
    print(f"  read one more move (kept)        {out['read_a_move_ms']:7.1f} ms")
    print(f"  advise fast, table read          {out['advise_table_ms']:7.0f} ms")
    print(f"  advise fast, no table            {out['advise_plain_ms']:7.0f} ms")
    print(f"  advise fast, both read as MCTS   {out['advise_read_as_mcts_ms']:7.0f} ms")
    print(f"  with a table / without (medians): {out['ratio_table_to_plain']:.2f}; read as MCTS / without: "
          f"{out['ratio_mcts_to_plain']:.2f}")
    for label, key in (("a click (one more move read + advice)", "click_ms"),
                       ("a click with both others read as MCTS", "click_read_as_mcts_ms")):
        print(f"  {label}: {out[key]:.0f} ms; target ≤ 500 ms: " + ("met" if out[key] <= 500 else "NOT met"))
    if out["cli_seconds"]:
        print(f"  the command line, wall seconds (start-up included; median over {out['cli_positions']} positions of "
              f"the median of {out['cli_repeat']} fresh processes):")
        for label, seconds in out["cli_seconds"].items():
            print(f"    pennypress {label:<34} {seconds:.3f} s; target ≤ 0.5 s: "
                  + ("met" if seconds <= 0.5 else "NOT met"))
    print(f"  machine load (1-minute average) before and after: {out['load_before']:.2f}, {out['load_after']:.2f} "
          f"on {os.cpu_count()} cores: wall times grow with it; the ratio is the same-run figure")
    return 0


if __name__ == "__main__":
    sys.exit(main())
