"""Benchmark of the rules engine.

- **legal moves**: ``legal_moves(state)`` per position, over every position of
  seeded random games (2-5 players); median / p99 microseconds, and the median
  number of moves listed.
- **apply + clone**: cloning a position and applying one random legal move
  (press moves included: they call the solver, usually from its cache).
- **self-play**: complete games per minute with the greedy bot (every seat),
  with the invariant checks on (as ``pennypress selfplay`` runs them) and off;
  and with the random bot for comparison.

    python -m benchmarks.speed.engine [--games N] [--greedy-games N] [--seed S] [--json]
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

from pennypress.engine import GameDefinition, legal_moves, new_game
from pennypress.engine.play.bots import RandomBot
from pennypress.engine.arena.selfplay import play_game
from pennypress.solver import cache_info, clear_cache
from benchmarks.speed.report import upper_percentile


def positions(games: int, seed: int):
    rng = random.Random(seed)
    out = []
    for g in range(games):
        players = 2 + g % 4
        variants = ["newsboy"] if players >= 4 and g % 2 else []
        s = new_game(players, seed=rng.getrandbits(32), variants=variants)
        bot = RandomBot(g)
        while not s.is_over:
            out.append(s.clone())
            s.play(bot.choose(s))
    return out


def bench_legal_moves(states, repeat=5):
    per = []
    sizes = []
    for s in states:
        best = float("inf")
        for _ in range(repeat):
            t = time.perf_counter()
            moves = legal_moves(s)
            best = min(best, time.perf_counter() - t)
        per.append(best * 1e6)
        sizes.append(len(moves))
    return per, sizes


def bench_apply(states, seed):
    rng = random.Random(seed)
    per = []
    for s in states:
        move = rng.choice(legal_moves(s))
        t = time.perf_counter()
        c = s.clone()
        c.play(move)
        per.append((time.perf_counter() - t) * 1e6)
    return per


def bench_games(bot: str, games: int, seed: int, check: bool):
    rng = random.Random(seed)
    moves = 0
    t = time.perf_counter()
    for g in range(games):
        players = 2 + g % 4
        r = play_game(GameDefinition.create(players), rng.getrandbits(32), bot=bot, check=check)
        assert r["over"] and not r["invariant_violations"], r["invariant_violations"][:3]
        moves += r["moves"]
    elapsed = time.perf_counter() - t
    return {"games": games, "seconds": round(elapsed, 2), "games_per_minute": round(games * 60 / elapsed, 1),
            "moves_per_game": round(moves / games, 1), "ms_per_move": round(elapsed * 1000 / moves, 2)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40, help="random games for positions and random self-play")
    ap.add_argument("--greedy-games", type=int, default=12, help="greedy self-play games")
    ap.add_argument("--seed", type=int, default=2015)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    states = positions(args.games, args.seed)
    lm, sizes = bench_legal_moves(states)
    ap_us = bench_apply(states, args.seed)
    clear_cache()
    greedy_cold = bench_games("greedy", args.greedy_games, args.seed, check=True)
    greedy_warm = bench_games("greedy", args.greedy_games, args.seed, check=True)
    greedy_nocheck = bench_games("greedy", args.greedy_games, args.seed + 1, check=False)
    rand = bench_games("random", args.games, args.seed, check=True)
    report = {
        "positions": len(states),
        "legal_moves_us": {"median": round(statistics.median(lm), 1),
                           "p99": round(upper_percentile(lm, 0.99), 1), "max": round(max(lm), 1)},
        "moves_listed": {"median": statistics.median(sizes), "max": max(sizes)},
        "clone_apply_us": {"median": round(statistics.median(ap_us), 1),
                           "p99": round(upper_percentile(ap_us, 0.99), 1)},
        "greedy_selfplay_cold_cache": greedy_cold,
        "greedy_selfplay_warm_cache": greedy_warm,
        "greedy_selfplay_no_checks": greedy_nocheck,
        "random_selfplay": rand,
        "solver_cache": cache_info().__dict__,
    }
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
        return 0
    print(f"positions from {args.games} seeded random games (2-5 players): {len(states)}")
    print(f"legal_moves: median {report['legal_moves_us']['median']} µs, p99 {report['legal_moves_us']['p99']} µs, "
          f"max {report['legal_moves_us']['max']} µs; moves listed median {report['moves_listed']['median']}, "
          f"max {report['moves_listed']['max']}")
    print(f"clone + apply one random legal move: median {report['clone_apply_us']['median']} µs, "
          f"p99 {report['clone_apply_us']['p99']} µs")
    for name in ("greedy_selfplay_cold_cache", "greedy_selfplay_warm_cache", "greedy_selfplay_no_checks", "random_selfplay"):
        r = report[name]
        print(f"{name}: {r['games_per_minute']} games/min ({r['games']} games in {r['seconds']} s, "
              f"{r['moves_per_game']} moves/game, {r['ms_per_move']} ms/move)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
