"""Benchmark of the native core against the Python engine, measured in the same run.

- **random playouts**: complete games from seeded new positions (2-5 players,
  the public view) with the random policy in every seat -- ``play_match`` with
  ``RandomBot``s on the Python engine, ``Position.playout_random`` on the core
  (the same seeds: the very same games, which the script checks) -- in games
  and transitions (moves + card draws) per CPU second, medians of ``--rounds``
  rounds, and the ratio core / Python.
- **conversion**: a State to the core (``State.to_json()`` + ``pennypress_core.Position``)
  and back through every check of the loader (``State.from_json``), microseconds.

    python -m benchmarks.speed.core [--games N] [--rounds R] [--seed S]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from pennypress.engine import native, new_game
from pennypress.engine.io.state import public_view
from pennypress.engine.play.bots import RandomBot
from pennypress.engine.play.match import play_match


def _starts(games: int, seed: int):
    rng = random.Random(seed)
    out = []
    for g in range(games):
        players = 2 + g % 4
        variants = ["newsboy"] if players >= 4 and (g // 4) % 2 else []
        s = public_view(new_game(players, seed=rng.getrandbits(32), variants=variants))
        out.append((s, [rng.getrandbits(32) for _ in range(players)], rng.getrandbits(32)))
    return out


def _python_round(starts):
    t = time.process_time()
    ends = [play_match(s, [RandomBot(b) for b in bots], seed=random.Random(c)).state for s, bots, c in starts]
    return time.process_time() - t, ends


def _core_round(core, natives, starts):
    t = time.process_time()
    ends = [p.playout_random(core.Random(c), bots) for p, (_, bots, c) in zip(natives, starts)]
    return time.process_time() - t, ends


def _transitions(ends) -> int:
    return sum(e.ply + len(e.discard) - e.n_players for e in ends)  # moves + draws after setup


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args(argv)
    if not native.available():
        print("the native core is not installed (python3 run.py builds it with a Rust toolchain); nothing to compare")
        return 0
    core = native.core_module()
    starts = _starts(args.games, args.seed)
    natives = [native.native_position(s) for s, _, _ in starts]
    py_times, core_times = [], []
    for _ in range(args.rounds):
        seconds, py_ends = _python_round(starts)
        py_times.append(seconds)
        seconds, core_ends = _core_round(core, natives, starts)
        core_times.append(seconds)
    for a, b in zip(py_ends, core_ends):
        assert b.to_json() == a.to_json(), "the engines played different games"
    transitions = _transitions(py_ends)
    py, nat = statistics.median(py_times), statistics.median(core_times)
    print(f"random playouts: {args.games} games, {transitions:,} transitions (moves + draws), the same games on both "
          f"engines; medians of {args.rounds} rounds, CPU seconds")
    print(f"  python: {args.games / py:,.0f} games/s, {transitions / py:,.0f} transitions/s")
    print(f"  core:   {args.games / nat:,.0f} games/s, {transitions / nat:,.0f} transitions/s")
    print(f"  core / python: x{py / nat:,.0f}")

    sample = [s for s, _, _ in starts[:50]]
    t = time.perf_counter()
    for s in sample:
        core.Position(s.to_json())
    to_core = (time.perf_counter() - t) / len(sample) * 1e6
    docs = [native.native_position(s) for s in sample]
    t = time.perf_counter()
    for p in docs:
        native.to_state(p)
    back = (time.perf_counter() - t) / len(sample) * 1e6
    print(f"conversion: State -> core {to_core:,.0f} µs (State.to_json + Position); core -> State through every "
          f"check of the loader {back:,.0f} µs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
