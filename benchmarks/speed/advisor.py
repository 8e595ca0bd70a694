"""Benchmark of the advisor (engine/advisor): time per budget and how well the answers converge.

Held-out positions: from seeded greedy 3-player games (default seed 7331, never
used while choosing the caps, which were set on seed 500), the first position
with 40-60 legal moves after ply 6, before the final edition.

- **budgets**: wall seconds and CPU seconds (the process, all its threads) per
  answer on 2 workers, the playouts used (the second ply's replies counted), how
  often the search converged, for ``fast``, ``normal`` and ``deep`` (deep on the
  first ``--deep`` positions); for ``normal`` and ``deep``, how often the second
  ply put another first move than the analysis, and how often ``deep`` names
  the first move ``normal`` names.
  CPU seconds are the machine-independent figure: on a shared machine the wall
  time depends on the other sessions' load (printed).
- **stability**: ``fast`` under 3 seeds -- the share of positions where all three
  give the same best move, and where the three are at least within each other's
  noise (each seed's best is rank 1 or "equal to the best" under the others).
- **against a 20x larger search**: the share of positions where ``fast``'s best
  (seed 0) is the best of a search with 20 times ``fast``'s cap (seed 99), or
  within its noise (equal to its best there).
- **Python engine** (``PENNYPRESS_ENGINE=python``): ``fast`` on the first
  ``--python`` positions, time and playouts (its own smaller cap).
- **exact final edition**: seconds and memo nodes to solve the final edition
  exactly from its first position, over seeded games (Python; the core beside).

    python -m benchmarks.speed.advisor [--positions N] [--deep N] [--python N] [--seed S] [--json]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from dataclasses import replace

from pennypress.engine import Phase, native, new_game
from pennypress.engine.advisor import ExactSearch, advise, budget_for
from pennypress.engine.native.search import ExactSearch as NativeExactSearch
from pennypress.engine.play.bots import GreedyBot

SEEDS = (0, 1, 2)
REFERENCE_SEED = 99
SCALE = 20


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


def on_python(fn):
    """``fn()`` with the native core switched off."""
    os.environ[native.ENGINE_VARIABLE] = "python"
    try:
        return fn()
    finally:
        os.environ.pop(native.ENGINE_VARIABLE, None)


def timed(fn):
    """``(wall seconds, CPU seconds of the process, fn())``."""
    t, c = time.perf_counter(), time.process_time()
    value = fn()
    return time.perf_counter() - t, time.process_time() - c, value


def within(best: str, advice) -> bool:
    """``best`` is rank 1 of ``advice`` or equal to its best (paired 95%)."""
    m = advice.find(best)
    return m is not None and (m.rank == 1 or m.equal_to_best)


def budget_figures(states, name: str) -> dict:
    runs = [timed(lambda s=s: advise(s, name, seed=0, workers=2)) for s in states]
    return {
        "wall_median_s": round(statistics.median(w for w, _, _ in runs), 3),
        "wall_max_s": round(max(w for w, _, _ in runs), 3),
        "cpu_median_s": round(statistics.median(c for _, c, _ in runs), 3),
        "cpu_max_s": round(max(c for _, c, _ in runs), 3),
        "playouts_median": statistics.median(a.playouts for _, _, a in runs),
        "cap": budget_for(name).cap_for(runs[0][2].engine),
        "converged": sum(a.converged for _, _, a in runs),
        "positions": len(runs),
        "cpu_us_per_playout": round(1e6 * sum(c for _, c, _ in runs) / sum(a.playouts for _, _, a in runs), 1),
        "replies": budget_for(name).replies,
        "second_ply_changed": sum(a.reranked for _, _, a in runs),
        "_advice": [a for _, _, a in runs],
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=10)
    ap.add_argument("--deep", type=int, default=4, help="positions analysed at deep (the first N)")
    ap.add_argument("--python", type=int, default=2, help="positions analysed on the Python engine at fast")
    ap.add_argument("--seed", type=int, default=7331)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    states = midgame_positions(args.positions, args.seed)
    report: dict = {"positions": len(states), "legal_moves": [len(s.legal_moves()) for s in states],
                    "load_average": [round(x, 1) for x in os.getloadavg()]}
    cold, _, first = timed(lambda: advise(states[0], "fast", seed=0, workers=2))
    report["cold_first_fast_s"] = round(cold, 3)
    report["engine"] = first.engine
    for name, subset in (("fast", states), ("normal", states), ("deep", states[:args.deep])):
        if subset:
            report[name] = budget_figures(subset, name)
    fast = report["fast"].pop("_advice")
    answers = {name: report[name].pop("_advice") for name in ("normal", "deep") if name in report}
    if "deep" in answers:  # does the larger analysis under the same second ply name another move?
        report["deep"]["same_first_as_normal"] = sum(
            d.best.move == n.best.move for d, n in zip(answers["deep"], answers["normal"]))
    seeded = [[a] + [advise(s, "fast", seed=k, workers=2) for k in SEEDS[1:]] for s, a in zip(states, fast)]
    same = sum(len({a.best.move for a in runs}) == 1 for runs in seeded)
    noise = sum(all(within(a.best.move, b) for a in runs for b in runs) for runs in seeded)
    plan = budget_for("fast")
    big = replace(plan, name=f"{SCALE}x fast", cap=SCALE * plan.cap, python_cap=SCALE * plan.python_cap)
    ref = [timed(lambda s=s: advise(s, big, seed=REFERENCE_SEED, workers=2)) for s in states]
    report["stability"] = {"same_best_3_seeds": same, "within_noise_3_seeds": noise, "positions": len(states)}
    report["against_20x"] = {
        "same_best": sum(a.best.move == r.best.move for a, (_, _, r) in zip(fast, ref)),
        "within_its_noise": sum(within(a.best.move, r) for a, (_, _, r) in zip(fast, ref)),
        "positions": len(states),
        "reference_cpu_median_s": round(statistics.median(c for _, c, _ in ref), 3),
        "reference_converged": sum(r.converged for _, _, r in ref),
        "reference_playouts_median": statistics.median(r.playouts for _, _, r in ref),
        "mean_loss_of_fast_best_by_reference": round(statistics.fmean(
            r.find(a.best.move).loss for a, (_, _, r) in zip(fast, ref)), 4),
    }
    if first.engine == "native" and args.python:
        py = on_python(lambda: [timed(lambda s=s: advise(s, "fast", seed=0, workers=2)) for s in states[:args.python]])
        report["python_fast"] = {
            "wall_median_s": round(statistics.median(w for w, _, _ in py), 3),
            "playouts_median": statistics.median(a.playouts for _, _, a in py),
            "cap": budget_for("fast").cap_for("python"), "engine": py[0][2].engine,
            "equal_to_best_median": statistics.median(sum(m.equal_to_best for m in a.moves) for _, _, a in py),
            "native_equal_to_best_median": statistics.median(
                sum(m.equal_to_best for m in a.moves) for a in fast[:args.python]),
        }
    finals = final_positions(5, args.seed)
    ex = []
    for s in finals:
        search = ExactSearch()
        dt, _, _ = timed(lambda s=s: search.value(s))
        ex.append((dt, search.nodes, len(s.legal_moves())))
    report["exact_final_edition"] = {
        "median_s": round(statistics.median(d for d, _, _ in ex), 3), "max_s": round(max(d for d, _, _ in ex), 3),
        "median_nodes": statistics.median(n for _, n, _ in ex),
    }
    if native.available():
        core = [timed(lambda s=s: NativeExactSearch().value(s))[0] for s in finals]
        report["exact_final_edition"]["core_median_s"] = round(statistics.median(core), 4)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"{report['positions']} held-out seeded 3-player midgame positions (seed {args.seed}), legal moves "
          f"{report['legal_moves']}; engine {report['engine']}; load average {report['load_average']}")
    print(f"first analysis of the run (cold), fast: {report['cold_first_fast_s']} s")
    for name in ("fast", "normal", "deep"):
        if name not in report:
            continue
        r = report[name]
        ply = "" if not r["replies"] else (
            f" + a second ply over {r['replies']} moves (first move changed in {r['second_ply_changed']}/"
            f"{r['positions']}" + (f"; the same first move as normal in {r['same_first_as_normal']}/{r['positions']}"
                                   if "same_first_as_normal" in r else "") + ")")
        print(f"{name:>6}: cap {r['cap']} playouts{ply}; median {r['playouts_median']} used; converged "
              f"{r['converged']}/{r['positions']}; CPU median {r['cpu_median_s']} s (max {r['cpu_max_s']} s), "
              f"{r['cpu_us_per_playout']} us a playout; wall median {r['wall_median_s']} s (max {r['wall_max_s']} s) "
              f"on 2 threads")
    f = report["fast"]["cpu_median_s"]
    print("CPU ratios in this run: " + ", ".join(
        f"{n}/fast x{report[n]['cpu_median_s'] / f:.1f}" for n in ("normal", "deep") if n in report))
    st, rf = report["stability"], report["against_20x"]
    print(f"fast under seeds {SEEDS}: the same best move in {st['same_best_3_seeds']}/{st['positions']} positions; "
          f"every seed's best within the others' noise in {st['within_noise_3_seeds']}/{st['positions']}")
    print(f"fast (seed 0) against a {SCALE}x larger search (seed {REFERENCE_SEED}; CPU median "
          f"{rf['reference_cpu_median_s']} s, {rf['reference_playouts_median']} playouts, converged "
          f"{rf['reference_converged']}/{rf['positions']}): the same best in {rf['same_best']}/{rf['positions']}, "
          f"within its noise in {rf['within_its_noise']}/{rf['positions']}; mean loss of fast's pick by its "
          f"estimate {rf['mean_loss_of_fast_best_by_reference']:.1%}")
    if "python_fast" in report:
        p = report["python_fast"]
        print(f"Python engine, fast: cap {p['cap']}, median {p['playouts_median']} playouts, wall median "
              f"{p['wall_median_s']} s on 2 processes; moves equal to the best: median {p['equal_to_best_median']} "
              f"(native: {p['native_equal_to_best_median']})")
    e = report["exact_final_edition"]
    print(f"exact final edition from its first position: median {e['median_s']} s (max {e['max_s']} s), "
          f"median {e['median_nodes']} memo nodes" + (f"; on the core {e['core_median_s']} s" if "core_median_s" in e
                                                      else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
