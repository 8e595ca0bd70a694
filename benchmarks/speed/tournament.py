"""Benchmark of the tournament harness: games per minute with 1 and 2 workers, and the speed-up.

Greedy bots in every seat of 3-player games. Each measurement runs the same
seeded tournament in fresh worker processes (a pool of 1, a pool of 2), so both
start with cold solver caches; repeated, and the median is printed. Also the
heuristic bot's time per decision (median, in this process, warm cache), and
what keeping every game's record costs (the Tournament page keeps them for the
audit page): the same tournament in this process with and without records,
alternated, medians and their ratio, and the record's size as JSON.

    python -m benchmarks.speed.tournament [--games 24] [--repeats 3] [--seed 1] [--json]
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from pennypress.engine import new_game
from pennypress.engine.arena.seats import make_bot
from pennypress.engine.play.heuristic import HeuristicBot
from pennypress.engine.arena.tournament import TournamentSpec, run_tournament
from benchmarks.speed.report import upper_percentile


def games_per_minute(spec: TournamentSpec, workers: int) -> float:
    with ProcessPoolExecutor(max_workers=workers) as pool:
        started = time.perf_counter()
        run_tournament(spec, pool, batch_size=1)
        seconds = time.perf_counter() - started
    return 60 * spec.games / seconds


def records_cost(spec: TournamentSpec, repeats: int) -> dict:
    """Games per minute in this process without and with records (alternated, medians), and kB of JSON a record."""
    with_records = TournamentSpec.create(spec.players, spec.seats, spec.games, spec.seed, records=True)
    run_tournament(spec)  # warm the solver caches for both
    plain, kept, sizes = [], [], []
    for _ in range(repeats):
        for which, out in ((spec, plain), (with_records, kept)):
            got: list[dict] = []
            started = time.perf_counter()
            run_tournament(which, on_result=got.append)
            out.append(60 * spec.games / (time.perf_counter() - started))
            sizes += [len(json.dumps(r["record"])) for r in got if "record" in r]
    a, b = statistics.median(plain), statistics.median(kept)
    return {"games_per_minute_plain": round(a, 1), "games_per_minute_records": round(b, 1),
            "records_slowdown": round(a / b, 2), "record_kb_median": round(statistics.median(sizes) / 1024, 2)}


def heuristic_decision_us(games: int, seed: int) -> tuple[float, float]:
    """Median and p99 microseconds per heuristic decision over seeded games (second pass: warm caches)."""
    times: list[float] = []
    for rep in range(2):
        times = []
        for g in range(games):
            s = new_game(3, seed=seed + g)
            bots = [HeuristicBot(k) for k in range(2)] + [make_bot("greedy", 2)]
            while not s.is_over:
                bot = bots[s.current]
                if isinstance(bot, HeuristicBot):
                    t = time.perf_counter()
                    move = bot.choose(s)
                    times.append(time.perf_counter() - t)
                else:
                    move = bot.choose(s)
                s.play(move)
    return 1e6 * statistics.median(times), 1e6 * upper_percentile(times, 0.99)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=24)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    spec = TournamentSpec.create(3, "greedy,greedy,greedy", args.games, args.seed)
    one = statistics.median(games_per_minute(spec, 1) for _ in range(args.repeats))
    two = statistics.median(games_per_minute(spec, 2) for _ in range(args.repeats))
    med, p99 = heuristic_decision_us(6, args.seed)
    rec = records_cost(spec, args.repeats)
    out = {"games": args.games, "repeats": args.repeats, "games_per_minute_1_worker": round(one, 1),
           "games_per_minute_2_workers": round(two, 1), "speedup": round(two / one, 2),
           "heuristic_decision_median_us": round(med), "heuristic_decision_p99_us": round(p99), **rec}
    if args.json:
        print(json.dumps(out))
    else:
        print(f"tournament throughput, 3 greedy seats, {args.games} games, median of {args.repeats}:")
        print(f"  1 worker : {one:8.1f} games/min")
        print(f"  2 workers: {two:8.1f} games/min   speed-up x{two / one:.2f}")
        print(f"heuristic bot, per decision (warm caches): median {med:.0f} us, p99 {p99:.0f} us")
        print(f"records kept (as the Tournament page does), in this process, median of {args.repeats}:")
        print(f"  without: {rec['games_per_minute_plain']:8.1f} games/min")
        print(f"  with   : {rec['games_per_minute_records']:8.1f} games/min   x{rec['records_slowdown']:.2f} slower;"
              f" a record is {rec['record_kb_median']:.1f} kB of JSON (median)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
