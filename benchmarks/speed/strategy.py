"""Benchmark of ``pennypress strategy``: games per second on the core and the million-game run's estimate.

A 3-player study between the league's evaluator and the value bot (the
command's defaults), in its three parts, each timed on its own: playing the
games recorded on the core (1 and 2 threads), adding them up in Python (the
tally), and one sampled decision point's paired playouts. The machine's load
average is printed beside them: the core's threads share the cores with
whatever else runs, so a loaded machine shows fewer games per second.

Then the command's own path end to end (``run_study`` on two threads). The
estimate of a run of ``--target`` games (default 1,000,000) is its games at
the end-to-end rate (the run's own decision points taken out) plus its
decision points (:data:`~pennypress.engine.strategy.timing.MAX_POINTS` at
most) at the measured time each; and, from the CPU time the process used,
what it would take with every core idle.

    python -m benchmarks.speed.strategy [--games 2000] [--points 6] [--target 1000000] [--json]
"""
from __future__ import annotations

import argparse
import json
import os
import time

from pennypress.engine.strategy.games import StrategySpec, play_recorded
from pennypress.engine.strategy.tally import tally_games
from pennypress.engine.strategy.study import run_study
from pennypress.engine.strategy.timing import MAX_POINTS, SAMPLE_EVERY, sample_point, sampled


def measure(games: int, points: int, target: int, seed: int) -> dict:
    spec = StrategySpec.create(3, games, seed)
    play_recorded(spec, 0, min(games, 30), 2)  # warm: the core's tables, the value model
    per_thread = {}
    played = []
    for threads in (1, 2):
        wall, cpu = time.perf_counter(), time.process_time()
        played = play_recorded(spec, 0, games, threads)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        per_thread[threads] = {"games_per_second": round(games / wall, 1), "cpu_ms_per_game": round(1000 * cpu / games, 3)}
    started = time.perf_counter()
    tally_games(played)
    tally_rate = games / (time.perf_counter() - started)
    started, cpu = time.perf_counter(), time.process_time()
    for k in range(points):
        sample_point(spec, k * SAMPLE_EVERY, threads=2)
    point_seconds = (time.perf_counter() - started) / max(1, points)
    point_cpu = (time.process_time() - cpu) / max(1, points)
    # the command's own path end to end (two threads, the next chunk played while one is added up)
    wall, cpu = time.perf_counter(), time.process_time()
    run_study(spec, threads=2)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    run_points = sum(1 for g in range(games) if sampled(g))
    games_rate = games / max(1e-9, wall - run_points * point_seconds)
    n_points = min(MAX_POINTS, -(-target // SAMPLE_EVERY))
    seconds = target / games_rate + n_points * point_seconds
    cpu_per_game = (cpu - run_points * point_cpu) / games
    quiet = (target * cpu_per_game + n_points * point_cpu) / (os.cpu_count() or 1)
    return {
        "load_average": [round(x, 2) for x in os.getloadavg()], "cores": os.cpu_count(), "games": games,
        "threads": per_thread, "tally_games_per_second": round(tally_rate, 1),
        "seconds_per_decision_point": round(point_seconds, 3),
        "command_games_per_second": round(games_rate, 1),
        "target_games": target, "target_points": n_points, "estimated_hours": round(seconds / 3600, 2),
        "cpu_hours": round((target * cpu_per_game + n_points * point_cpu) / 3600, 2),
        "estimated_hours_quiet": round(quiet / 3600, 2),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--points", type=int, default=6)
    ap.add_argument("--target", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    r = measure(args.games, args.points, args.target, args.seed)
    if args.json:
        print(json.dumps(r, indent=2))
        return 0
    print(f"strategy study, 3 players, evaluator and value bot: {r['games']} games "
          f"(load average {', '.join(map(str, r['load_average']))} on {r['cores']} cores)")
    for threads, v in r["threads"].items():
        print(f"  core, {threads} thread{'s' if threads > 1 else ''}: {v['games_per_second']} games/s "
              f"({v['cpu_ms_per_game']} ms of CPU a game)")
    print(f"  tally: {r['tally_games_per_second']} games/s; a decision point: {r['seconds_per_decision_point']} s")
    print(f"  the command end to end: {r['command_games_per_second']} games/s (decision points aside)")
    print(f"  estimate for {r['target_games']:,} games ({r['target_points']} decision points): "
          f"{r['estimated_hours']} hours at this load; {r['cpu_hours']} CPU-hours in all, so "
          f"{r['estimated_hours_quiet']} hours on {r['cores']} idle cores")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
