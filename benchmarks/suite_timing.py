"""How long the test suite takes from a clean clone: the CI run and the quick tier, timed and recorded.

Each run clones the committed ``HEAD`` of this checkout into a fresh temporary folder (nothing built, no
``.venv``) and times one tier there, wall clock:

- ``ci``: ``CI=true bash .ci/run``, everything CI does -- the virtual environment, the native core's
  release build, the crate's ``cargo test`` and the whole pytest suite on every core;
- ``quick``: ``python3 run.py setup`` first (not timed), then ``python3 run.py test --quick`` (timed).

It prints each run's seconds and tests, then the median per tier. ``--record`` appends the runs to
``benchmarks/results/suite/timings.json`` (command, commit, date, seconds, tests passed) and keeps the last
``ci`` run's durations record (every test's seconds, ``tests/durations_plugin.py``) as
``benchmarks/results/suite/durations.json``; ``python3 run.py results`` renders both into docs/results.md.
A run that fails is reported and never recorded.

    python -m benchmarks.suite_timing --tier ci --runs 3 --record
    python -m benchmarks.suite_timing --tier quick --runs 3 --record
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "benchmarks" / "results" / "suite"
TIMINGS = FOLDER / "timings.json"
DURATIONS = FOLDER / "durations.json"
TIERS = {
    "ci": (None, ["bash", ".ci/run"]),
    "quick": (["python3", "run.py", "setup"], ["python3", "run.py", "test", "--quick"]),
}
COMMANDS = {"ci": "CI=true bash .ci/run", "quick": "python3 run.py test --quick"}


def _git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), *args], check=True, capture_output=True, text=True).stdout.strip()


def passed(output: str) -> int:
    """The tests pytest's closing line says passed (0 when it says none)."""
    found = re.findall(r"(\d+) passed", output)
    return int(found[-1]) if found else 0


def time_once(tier: str, log: Path) -> dict:
    """One timed run of ``tier`` in a fresh clone of ``HEAD``; its output goes to ``log``."""
    before, command = TIERS[tier]
    env = dict(os.environ, CI="true")
    with tempfile.TemporaryDirectory(prefix="pennypress-suite-") as home:
        clone = Path(home) / "pennypress"
        subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
        with log.open("w", encoding="utf-8") as out:
            if before:
                subprocess.run(before, cwd=clone, env=env, stdout=out, stderr=subprocess.STDOUT, check=True)
            start = time.perf_counter()
            status = subprocess.run(command, cwd=clone, env=env, stdout=out, stderr=subprocess.STDOUT).returncode
            seconds = time.perf_counter() - start
        text = log.read_text(encoding="utf-8", errors="replace")
        durations = clone / "test-artifacts" / "durations.json"
        record = {"tier": tier, "command": COMMANDS[tier], "seconds": round(seconds, 1), "status": status,
                  "tests_passed": passed(text)}
        if durations.exists():
            record["durations"] = json.loads(durations.read_text(encoding="utf-8"))
        return record


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.suite_timing", description=__doc__.split("\n\n")[0])
    ap.add_argument("--tier", choices=sorted(TIERS), required=True)
    ap.add_argument("--runs", type=int, default=3, help="timed runs, one after the other (default 3)")
    ap.add_argument("--record", action="store_true", help="append the runs to benchmarks/results/suite/")
    ap.add_argument("--log", type=Path, default=Path(tempfile.gettempdir()) / "pennypress-suite.log",
                    help="each run's output goes here, overwritten by the next (default: the temp folder)")
    args = ap.parse_args(argv)
    if args.runs < 1:
        ap.error("--runs: expected 1 or more")
    if _git("status", "--porcelain", "--untracked-files=no"):
        print("note: uncommitted changes are not timed; each run clones HEAD", file=sys.stderr)
    commit, date = _git("rev-parse", "--short", "HEAD"), datetime.date.today().isoformat()
    runs = []
    for k in range(args.runs):
        print(f"[{k + 1}/{args.runs}] {COMMANDS[args.tier]} in a fresh clone of {commit} (output: {args.log})",
              file=sys.stderr, flush=True)
        run = time_once(args.tier, args.log)
        print(f"  {run['seconds']:.0f} s, {run['tests_passed']} passed, exit status {run['status']}", flush=True)
        if run["status"] != 0:
            print(f"the run failed (exit status {run['status']}); nothing recorded -- see {args.log}", file=sys.stderr)
            return 1
        runs.append(run)
    median = statistics.median(r["seconds"] for r in runs)
    print(f"median of {len(runs)}: {median:.0f} s ({median / 60:.1f} min)")
    if args.record:
        FOLDER.mkdir(parents=True, exist_ok=True)
        doc = json.loads(TIMINGS.read_text(encoding="utf-8")) if TIMINGS.exists() else {"runs": []}
        for r in runs:
            doc["runs"].append({k: v for k, v in r.items() if k not in ("durations", "status")}
                               | {"commit": commit, "date": date})
        TIMINGS.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
        last = runs[-1].get("durations")
        if args.tier == "ci" and last:
            DURATIONS.write_text(json.dumps(last | {"commit": commit, "date": date}, indent=1) + "\n",
                                 encoding="utf-8")
        print(f"recorded in {TIMINGS.relative_to(ROOT)}; python3 run.py results writes docs/results.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
