"""Benchmark of the advisor (engine/advisor).

- **budgets**: seconds per analysis for fixed seeded 3-player midgame positions
  with 40-60 legal moves, per budget (fast, normal, deep), on 2 workers; the
  first analysis of the run (cold solver cache, pool start) is reported apart,
  then the median over the positions (the solver cache warms as a table-side
  session would). Also the median on 1 worker and the 2-worker speed-up.
- **playout**: median milliseconds per search playout (heuristic bots) and per
  screening playout (greedy bots), one worker, warm, and their ratio.
- **exact final edition**: seconds and memo nodes to solve the final edition
  exactly from its first position, over seeded games.

    python benchmarks/bench_advisor.py [--positions N] [--budgets fast,normal,deep] [--seed S] [--json]
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from pennypress.engine import Phase, new_game
from pennypress.engine.advisor import ExactSearch, advise
from pennypress.engine.advisor.playout import playout
from pennypress.engine.advisor.policy import SCREEN
from pennypress.engine.play.bots import GreedyBot
from pennypress.engine.io.state import public_view


def first_positions(count: int, seed: int, wanted) -> list:
    """From seeded greedy 3-player games, the first position of each for which ``wanted(state)`` holds."""
    out, g = [], 0
    while len(out) < count:
        s = new_game(3, seed=seed + g)
        bots = [GreedyBot(seed + g * 3 + i) for i in range(3)]
        rng = random.Random(seed + g)
        g += 1
        while not s.is_over:
            if wanted(s):
                out.append(s.clone())
                break
            s.play(bots[s.current].choose(s), rng)
    return out


def midgame_positions(count: int, seed: int, low: int = 40, high: int = 60) -> list:
    """The first position with ``low``..``high`` legal moves after ply 6, before the final edition."""
    return first_positions(count, seed, lambda s: s.phase is Phase.NORMAL and s.ply >= 6
                           and low <= len(s.legal_moves()) <= high)


def final_positions(count: int, seed: int) -> list:
    """The first position of the final edition."""
    return first_positions(count, seed, lambda s: s.phase is Phase.FINAL_TURNS)


def timed(fn):
    t = time.perf_counter()
    value = fn()
    return time.perf_counter() - t, value


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=7)
    ap.add_argument("--budgets", default="fast,normal,deep")
    ap.add_argument("--seed", type=int, default=500)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    states = midgame_positions(args.positions, args.seed)
    report: dict = {"positions": len(states), "legal_moves": [len(s.legal_moves()) for s in states]}
    cold, first = timed(lambda: advise(states[0], "fast", seed=0, workers=2))
    report["cold_first_fast_s"] = round(cold, 3)
    for name in args.budgets.split(","):
        two = [timed(lambda s=s: advise(s, name, seed=0, workers=2))[0] for s in states]
        one = [timed(lambda s=s: advise(s, name, seed=0, workers=1))[0] for s in states] if name != "deep" else []
        report[name] = {
            "median_s_2_workers": round(statistics.median(two), 3),
            "max_s_2_workers": round(max(two), 3),
            **({"median_s_1_worker": round(statistics.median(one), 3),
                "speedup": round(statistics.median(one) / statistics.median(two), 2)} if one else {}),
        }
    v = public_view(states[0])
    moves = v.legal_moves()
    per = [timed(lambda k=k: playout(v, moves[k % len(moves)], 7, k))[0] * 1000 for k in range(40)]
    report["playout_ms_median"] = round(statistics.median(per), 2)
    screen = [timed(lambda k=k: playout(v, moves[k % len(moves)], 7, k, policy=SCREEN))[0] * 1000 for k in range(40)]
    report["screen_playout_ms_median"] = round(statistics.median(screen), 2)
    report["search_over_screen"] = round(report["playout_ms_median"] / report["screen_playout_ms_median"], 1)
    finals = final_positions(5, args.seed)
    ex = []
    for s in finals:
        search = ExactSearch()
        dt, _ = timed(lambda s=s: search.value(s))
        ex.append((dt, search.nodes, len(s.legal_moves())))
    report["exact_final_edition"] = {
        "median_s": round(statistics.median(d for d, _, _ in ex), 3), "max_s": round(max(d for d, _, _ in ex), 3),
        "median_nodes": statistics.median(n for _, n, _ in ex),
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"{report['positions']} seeded 3-player midgame positions, legal moves {report['legal_moves']}")
    print(f"first analysis of the run (cold solver cache, pool start), fast: {report['cold_first_fast_s']} s")
    for name in args.budgets.split(","):
        r = report[name]
        extra = (f"; 1 worker {r['median_s_1_worker']} s, speed-up x{r['speedup']}" if "speedup" in r else "")
        print(f"{name:>6}: median {r['median_s_2_workers']} s on 2 workers (max {r['max_s_2_workers']} s){extra}")
    print(f"one playout (warm, 1 worker): search (heuristic bots) median {report['playout_ms_median']} ms, "
          f"screening (greedy bots) {report['screen_playout_ms_median']} ms: x{report['search_over_screen']}")
    e = report["exact_final_edition"]
    print(f"exact final edition from its first position: median {e['median_s']} s (max {e['max_s']} s), "
          f"median {e['median_nodes']} memo nodes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
