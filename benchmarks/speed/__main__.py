"""Run the speed benchmarks one after another: ``python -m benchmarks.speed`` (``python3 run.py bench``).

Each runs as its own process at its default counts; a line before each says which, how far along the set
is and how long it has run. Name fragments run only the matching benchmarks
(``python -m benchmarks.speed solver ui``); the long ones (:data:`LONG`: the 20-minute soak, the install from the wheels) run only when
named in full. ``--record`` also writes each benchmark's output, command,
commit and date to ``benchmarks/results/speed/NAME.json``, from which ``python3 run.py results`` writes
docs/results.md.
"""
from __future__ import annotations

import argparse
import datetime
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "benchmarks" / "results" / "speed"
SPEED = ("engine", "search_engine", "notation", "solver", "fast_solver", "core", "core_search", "tournament",
         "audit", "advisor", "table_advice", "likely_line", "strategy", "puzzles", "ui", "analysis_board", "play_click", "stepping",
         "startup")
"""The speed set, in the order it runs: the rules and the solvers first, the whole app last."""
LONG = ("soak", "install")
"""Benchmarks run only when named (``python3 run.py bench soak --record``): the soak takes 20 minutes, the
install downloads every dependency several times."""


def commit() -> str:
    """The checked-out commit, with ``+`` when the tree has changes (what a record was measured on)."""
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT)
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], capture_output=True, text=True,
                           cwd=ROOT)
    return head.stdout.strip() + ("+" if dirty.stdout.strip() else "") if head.returncode == 0 else "unknown"


def run_one(name: str, record: bool) -> int:
    """Run ``benchmarks.speed.NAME``, its output passed through; with ``record`` keep it under ``RECORDS``."""
    module = f"benchmarks.speed.{name}"
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", module], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - start
    sys.stdout.write(done.stdout)
    sys.stdout.flush()
    if record and done.returncode == 0:
        RECORDS.mkdir(parents=True, exist_ok=True)
        doc = {"name": name, "command": f"python -m {module}", "commit": commit(),
               "date": datetime.date.today().isoformat(), "seconds": round(seconds), "output": done.stdout}
        (RECORDS / f"{name}.json").write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return done.returncode


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help="name fragments: run only the matching benchmarks")
    ap.add_argument("--record", action="store_true", help=f"keep each output under {RECORDS.relative_to(ROOT)}/")
    args = ap.parse_args(argv)
    names = [n for n in SPEED if not args.names or any(a in n for a in args.names)]
    names += [n for n in LONG if n in args.names]  # a long one by its whole name only
    if not names:
        print(f"no speed benchmark matches {' '.join(args.names)!r} (they are: {', '.join((*SPEED, *LONG))})",
              file=sys.stderr)
        return 2
    failed, start = [], time.perf_counter()
    for i, name in enumerate(names, 1):
        print(f"\n=== [{i}/{len(names)}] benchmarks.speed.{name} (set running {time.perf_counter() - start:.0f} s)",
              flush=True)
        if run_one(name, args.record) != 0:
            failed.append(name)
    print(f"\n=== {len(names)} speed benchmarks in {time.perf_counter() - start:.0f} s"
          + (f"; failed: {', '.join(failed)}" if failed else ""), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
