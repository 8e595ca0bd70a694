"""Benchmark of the audit (engine/audit): seconds to audit a whole recorded 3-player game.

Seeded greedy 3-player self-play games are recorded (``record_selfplay``) and
audited at a budget (default ``fast``) on 2 workers and on 1 worker; the
first audit of the run (pool start, cold caches) is reported apart. Prints the
moves per game, the median seconds per game and per decision, and the
2-worker/1-worker ratio measured in the same run. Goal: a game of about 45
moves at ``fast`` in 30 s or less on the 2-core machine.

    python benchmarks/bench_audit.py [--games N] [--budget fast] [--seed S] [--json]
"""
from __future__ import annotations

import argparse
import json
import statistics
import time

from pennypress.engine import GameDefinition
from pennypress.engine.audit import audit
from pennypress.engine.record import record_selfplay


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--budget", default="fast")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    docs = [record_selfplay(GameDefinition.create(3), seed=args.seed + g, bot="greedy")[0] for g in range(args.games)]
    moves = [len(d["moves"]) for d in docs]
    t0 = time.perf_counter()
    audit(docs[0], args.budget, seed=0, workers=2)
    first = time.perf_counter() - t0
    timings = {}
    for workers in (2, 1):
        secs = []
        for d in docs:
            t = time.perf_counter()
            audit(d, args.budget, seed=0, workers=workers)
            secs.append(time.perf_counter() - t)
        timings[workers] = secs
    med2, med1 = statistics.median(timings[2]), statistics.median(timings[1])
    per_decision = statistics.median(s / m for s, m in zip(timings[2], moves))
    out = {
        "budget": args.budget, "games": args.games, "moves": moves,
        "first_audit_s": round(first, 2),
        "median_s_2_workers": round(med2, 2), "max_s_2_workers": round(max(timings[2]), 2),
        "median_s_1_worker": round(med1, 2),
        "median_s_per_decision_2_workers": round(per_decision, 3),
        "speedup_2_over_1": round(med1 / med2, 2),
    }
    if args.json:
        print(json.dumps(out))
        return
    print(f"audit of seeded 3-player greedy games at budget {args.budget}: moves {moves}")
    print(f"  first audit of the run (pool start, cold caches): {first:.1f} s")
    print(f"  2 workers: median {med2:.1f} s per game, max {max(timings[2]):.1f} s; {per_decision * 1000:.0f} ms per decision")
    print(f"  1 worker:  median {med1:.1f} s per game; speed-up of 2 workers x{med1 / med2:.2f}")


if __name__ == "__main__":
    main()
