"""Benchmark of the audit (engine/audit): seconds to audit a whole recorded 3-player game.

Seeded greedy 3-player self-play games are recorded (``record_selfplay``) and
audited at a budget (default ``fast``) on 2 workers and on 1 worker; the
first audit of the run (pool start, cold caches) is reported apart. Prints the
moves per game, the median seconds per game and per decision (wall, and CPU
seconds of the process with all its threads: the figure a shared machine's
load does not change), the 2-worker/1-worker ratio measured in the same run, and
the decisions counted by class over the games (within_noise included), and each game's seconds on 2
workers by its length. Goal (issue #37): a game of 45 moves at ``fast`` in 5 s or less on 2 workers of
the 2-core machine; the default five games are 31 to 50 moves long.

    python -m benchmarks.speed.audit [--games N] [--budget fast] [--seed S] [--json]
"""
from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter

from pennypress.engine import GameDefinition
from pennypress.engine.audit import audit
from pennypress.engine.arena.recorded import record_selfplay


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--budget", default="fast")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", default="2,1", help="worker counts to time, e.g. 2,1 (the ratio needs both)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    docs = [record_selfplay(GameDefinition.create(3), seed=args.seed + g, bot="greedy")[0] for g in range(args.games)]
    moves = [len(d["moves"]) for d in docs]
    t0 = time.perf_counter()
    audit(docs[0], args.budget, seed=0, workers=2)
    first = time.perf_counter() - t0
    timings, cpu = {}, {}
    classes: Counter = Counter()
    counts = [int(w) for w in args.workers.split(",")]
    for workers in counts:
        secs, cpus = [], []
        for d in docs:
            t, c = time.perf_counter(), time.process_time()
            result = audit(d, args.budget, seed=0, workers=workers)
            secs.append(time.perf_counter() - t)
            cpus.append(time.process_time() - c)
            if workers == counts[0]:
                classes.update(x.klass for x in result.decisions)
        timings[workers], cpu[workers] = secs, cpus
    out: dict = {"budget": args.budget, "games": args.games, "moves": moves, "first_audit_s": round(first, 2),
                 "classes": dict(classes)}
    for w, cpus in cpu.items():
        out[f"cpu_median_s_{w}_workers"] = round(statistics.median(cpus), 2)
    for w, secs in timings.items():
        out[f"median_s_{w}_workers"] = round(statistics.median(secs), 2)
        out[f"max_s_{w}_workers"] = round(max(secs), 2)
        out[f"median_ms_per_decision_{w}_workers"] = round(1000 * statistics.median(s / m for s, m in zip(secs, moves)))
    out["seconds_by_moves"] = sorted([m, round(s, 2)] for m, s in zip(moves, timings[counts[0]]))
    if 1 in timings and 2 in timings:
        out["speedup_2_over_1"] = round(statistics.median(timings[1]) / statistics.median(timings[2]), 2)
    if args.json:
        print(json.dumps(out))
        return
    print(f"audit of seeded 3-player greedy games at budget {args.budget}: moves {moves}")
    print(f"  first audit of the run (pool start, cold caches, 2 workers): {first:.1f} s")
    for w, secs in timings.items():
        print(f"  {w} worker{'s' if w > 1 else ''}: median {statistics.median(secs):.1f} s per game, max {max(secs):.1f} s; "
              f"{out[f'median_ms_per_decision_{w}_workers']} ms per decision; CPU median "
              f"{out[f'cpu_median_s_{w}_workers']} s per game")
    print("  decisions by class: " + ", ".join(f"{k} {classes[k]}" for k in sorted(classes, key=str)))
    if "speedup_2_over_1" in out:
        print(f"  speed-up of 2 workers over 1: x{out['speedup_2_over_1']:.2f}")
    print(f"  each game on {counts[0]} worker{'s' if counts[0] > 1 else ''}: "
          + ", ".join(f"{m} moves {s:.1f} s" for m, s in sorted(zip(moves, timings[counts[0]]))))


if __name__ == "__main__":
    main()
