"""Tune the heuristic bot's weights by seat-rotated tournaments against two greedy bots (reproducible).

Coordinate search: starting from the defaults, each weight in turn is tried at
a few values; a value is kept when its tournament's win share beats the best
so far. Every tournament is seeded (the same decks for every candidate:
common random numbers), so a rerun gives the same table.

    python -m benchmarks.training.tune_heuristic [--games 90] [--seed 100] [--workers 2] [--weights tempo,wait]

Prints a Markdown table of every run and the final weights (docs/lab/heuristic.md
holds the recorded run).
"""
from __future__ import annotations

import argparse
import functools
import sys
from dataclasses import asdict, replace

from pennypress.engine.arena.seats import register_seat
from pennypress.engine.arena.executors import open_executor
from pennypress.engine.play.heuristic import HeuristicBot, Weights
from pennypress.engine.arena.tournament import TournamentSpec, run_tournament

GRID = {
    "wait": (0.75, 0.95),
    "tempo": (1.0, 3.0),
    "small_press": (0.2, 0.5),
    "threat": (0.4, 0.8),
    "scoop_given": (0.4, 1.0),
    "bonus": (0.3, 0.8),
}


def share(weights: Weights, games: int, seed: int, workers: int) -> tuple[float, list[float]]:
    """Win share (and interval) of a heuristic bot with ``weights`` against two greedy bots."""
    register_seat("candidate", functools.partial(HeuristicBot, weights=weights))  # forked workers inherit it
    spec = TournamentSpec.create(3, "candidate,greedy,greedy", games, seed)
    with open_executor("local", workers) as ex:
        report = run_tournament(spec, ex)
    bot = report["bots"][0]
    return bot["win_share"], bot["win_interval"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=90)
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--weights", default=",".join(GRID), help=f"weights to search, in order (default {','.join(GRID)})")
    args = ap.parse_args(argv)
    grid = {name: GRID[name] for name in args.weights.split(",")}
    best = Weights()
    best_share, interval = share(best, args.games, args.seed, args.workers)
    print("| run | weight | value | win share | 95% interval | kept |")
    print("|---|---|---|---|---|---|")
    print(f"| 0 | (defaults) | | {best_share:.3f} | {interval[0]:.3f}-{interval[1]:.3f} | yes |", flush=True)
    run = 0
    for name, values in grid.items():
        for value in values:
            run += 1
            candidate = replace(best, **{name: value})
            got, interval = share(candidate, args.games, args.seed, args.workers)
            kept = got > best_share
            print(f"| {run} | {name} | {value} | {got:.3f} | {interval[0]:.3f}-{interval[1]:.3f} | "
                  f"{'yes' if kept else 'no'} |", flush=True)
            if kept:
                best, best_share = candidate, got
    print("\nfinal weights:", asdict(best))
    print(f"final win share (tuning decks): {best_share:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
