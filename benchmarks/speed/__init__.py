"""Speed benchmarks: each prints medians and ratios measured in the same run, and finishes in minutes.
``python -m benchmarks.speed`` (``python3 run.py bench``) runs them all."""
from __future__ import annotations



import argparse
import json
from typing import Callable


def checked_main(doc: str, run: Callable[[int, int], dict], print_report: Callable[[dict], None], count: int,
                 seed: int, argv: list[str] | None = None) -> int:
    """The command line of a solver benchmark whose answers are checked: ``--count``, ``--seed``, ``--json``,
    ``--strict``. Exit status 1 on any disagreement between the solvers, or with ``--strict`` on a missed
    goal."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--count", type=int, default=count)
    ap.add_argument("--seed", type=int, default=seed)
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    ap.add_argument("--strict", action="store_true", help="exit 1 if a goal is missed")
    args = ap.parse_args(argv)
    report = run(args.count, args.seed)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    if report["disagreements"]:
        return 1
    if args.strict and not all(ok for _, ok in report["goals"].values()):
        return 1
    return 0
