"""Benchmark of what the likely lines and why cost: the advice with them against the advice without them.

The same held-out positions as the advisor benchmark (seeded greedy 3-player games, seed 7331: the first
position with 40-60 legal moves after ply 6), each advised at ``fast`` on 2 workers with the lines and
why (``advise(..., lines=True)``, the default) and without (``lines=False``), alternately in the same run,
``--repeat`` times each: per position the median of each and their ratio; then the median ratio over the
positions. The target is at most 1.10 (the lines are a replay of a few traced events per future, not
another search).

    python -m benchmarks.speed.likely_line [--positions 12] [--repeat 5] [--seed 7331] [--json]
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from pennypress.engine import Phase
from pennypress.engine.advisor import advise

from .advisor import first_positions

TARGET = 1.10


def timed(state, lines: bool) -> float:
    start = time.perf_counter()
    advise(state, "fast", seed=0, workers=2, lines=lines)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=12)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--seed", type=int, default=7331)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.positions < 1 or args.repeat < 1:
        ap.error("--positions and --repeat must be at least 1")
    states = first_positions(args.positions, args.seed, lambda s: s.ply > 6 and s.phase is Phase.NORMAL
                             and 40 <= len(s.legal_moves()) <= 60)
    rows = []
    for i, state in enumerate(states):
        timed(state, True)  # warm: the core's pools and the value model
        with_, without = [], []
        for _ in range(args.repeat):
            without.append(timed(state, False))
            with_.append(timed(state, True))
        a, b = statistics.median(with_), statistics.median(without)
        rows.append({"position": i, "with_lines": a, "without": b, "ratio": a / b})
        print(f"  position {i + 1}/{len(states)}: {b:.3f} s without, {a:.3f} s with ({a / b:.2f}×)",
              file=sys.stderr, flush=True)
    ratio = statistics.median(r["ratio"] for r in rows)
    if args.json:
        print(json.dumps({"positions": rows, "median_ratio": ratio, "target": TARGET}, indent=2))
        return 0
    print(f"likely lines and why: advice at fast with them against without, {len(rows)} positions, "
          f"median of {args.repeat} runs each, same run")
    print("| | median seconds |\n|---|---|")
    print(f"| without the lines | {statistics.median(r['without'] for r in rows):.3f} |")
    print(f"| with the lines and why | {statistics.median(r['with_lines'] for r in rows):.3f} |")
    print(f"median ratio over the positions: **{ratio:.3f}×** (target ≤ {TARGET:.2f}×)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
