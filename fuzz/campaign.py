"""The fuzz campaigns, short (CI) or long: ``python -m fuzz.campaign --target all --runs 1000000``.

    python -m fuzz.campaign --target all --runs 1000000            # every target, a million inputs each
    python -m fuzz.campaign --target position --max-time 600       # one target, ten minutes
    python -m fuzz.campaign --target core --runs 10000000          # the native core's cargo-fuzz targets
    python -m fuzz.campaign --target all --max-time 3000 --record  # ... and write benchmarks/results/fuzz/

Targets: the Python loaders (``position``, ``notation``, ``record``, ``move_list``, ``puzzles``,
``page``, and ``core_reader``: the core's own PyO3 reader handed unchecked documents; atheris, ``fuzz/python/run.py``), the core's (``core-position``, ``core-moves``;
``cargo +nightly fuzz``, ``core/fuzz/``), ``python`` or ``core`` for a group, ``all`` for both.
Each target runs in its own process under ``nice -n 19`` (``--jobs`` at once), from the committed
seed corpus ``fuzz/corpus/<target>/`` (``core/fuzz/corpus/<target>/``) into a working corpus
``fuzz/work/<target>/`` that grows between runs (not committed). Progress -- libFuzzer's
lines -- goes to ``fuzz/work/<target>.log``; this prints each target's executions every
``--every`` seconds, then a summary: executions, corpus size, findings (the inputs libFuzzer wrote
as ``fuzz/work/findings/<target>-crash-*``), time. A finding is a defect: see docs/developer/fuzzing.md.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "fuzz" / "work"
FINDINGS = WORK / "findings"
PYTHON_TARGETS = ("position", "notation", "record", "move_list", "puzzles", "page", "core_reader")
CORE_TARGETS = ("core-position", "core-moves")
CORE_FUZZ = ROOT / "core" / "fuzz"
CORE_MAX_LEN = {"position": 1024, "moves": 1024}  # a document is < 600 bytes; 1024 bytes of moves is ~500 steps
FINDING_KINDS = ("crash", "timeout", "oom", "leak")  # libFuzzer's slow-unit-* files are notes, not findings
RECORD = ROOT / "benchmarks" / "results" / "fuzz" / "campaigns.json"


@dataclass
class Outcome:
    target: str
    executions: int
    corpus: int
    findings: list[str]
    seconds: float
    exit_status: int
    command: str


def corpus_of(target: str) -> Path:
    if target in CORE_TARGETS:
        return CORE_FUZZ / "corpus" / target.removeprefix("core-")
    if target == "core_reader":  # the core's reader reads position documents
        target = "position"
    return ROOT / "fuzz" / "corpus" / target


def core_tools() -> str | None:
    """Why the core's campaign cannot run here (``None`` when ``cargo +nightly fuzz`` is present)."""
    if shutil.which("cargo") is None:
        return "no cargo on the PATH"
    probe = subprocess.run(["cargo", "+nightly", "fuzz", "--version"], capture_output=True, text=True, cwd=CORE_FUZZ)
    if probe.returncode != 0:
        return "no `cargo +nightly fuzz` (rustup toolchain install nightly; cargo install cargo-fuzz)"
    return None


def command(target: str, runs: int | None, max_time: int | None, seed: int, work: Path) -> list[str]:
    limits = [f"-seed={seed}", "-print_final_stats=1", f"-artifact_prefix={FINDINGS}/{target}-"]
    if runs is not None:
        limits.append(f"-runs={runs}")
    if max_time is not None:
        limits.append(f"-max_total_time={max_time}")
    if target in CORE_TARGETS:
        name = target.removeprefix("core-")
        return ["cargo", "+nightly", "fuzz", "run", "--fuzz-dir", str(CORE_FUZZ), name, str(work), str(corpus_of(target)),
                "--", "-timeout=60", f"-max_len={CORE_MAX_LEN[name]}", *limits]
    return [sys.executable, "-m", "fuzz.python.run", target, "-timeout=120", "-rss_limit_mb=2048", *limits,
            str(work), str(corpus_of(target))]


def _executions(log: Path) -> int:
    """The executions a libFuzzer log reports so far (its final stat, else its last ``#N`` line)."""
    if not log.exists():
        return 0
    text = log.read_text(errors="replace")
    final = re.findall(r"stat::number_of_executed_units: (\d+)", text)
    lines = re.findall(r"^#(\d+)\s", text, re.M)
    return max([int(final[-1]) if final else 0, int(lines[-1]) if lines else 0])


def run(targets: list[str], runs: int | None, max_time: int | None, seed: int, jobs: int, every: float,
        quiet: bool = False) -> list[Outcome]:
    FINDINGS.mkdir(parents=True, exist_ok=True)
    waiting = list(targets)
    running: dict[str, tuple[subprocess.Popen, float, Path, list[str]]] = {}
    done: list[Outcome] = []
    last = time.monotonic()
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    while waiting or running:
        while waiting and len(running) < jobs:
            target = waiting.pop(0)
            work = WORK / target
            work.mkdir(parents=True, exist_ok=True)
            cmd = command(target, runs, max_time, seed, work)
            log = WORK / f"{target}.log"
            nice = ["nice", "-n", "19"] if shutil.which("nice") else []
            with open(log, "w") as out:
                proc = subprocess.Popen(nice + cmd, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT, env=env)
            running[target] = (proc, time.monotonic(), log, cmd)
            if not quiet:
                print(f"[fuzz] {target}: started ({' '.join(cmd[:6])} ...), log {log.relative_to(ROOT)}", flush=True)
        time.sleep(0.5)
        if not quiet and time.monotonic() - last >= every:
            last = time.monotonic()
            print("[fuzz] " + ", ".join(f"{t} {_executions(r[2]):,}" for t, r in running.items()), flush=True)
        for target, (proc, start, log, cmd) in list(running.items()):
            if proc.poll() is None:
                continue
            del running[target]
            found = sorted(p.name for kind in FINDING_KINDS for p in FINDINGS.glob(f"{target}-{kind}-*"))
            outcome = Outcome(target, _executions(log), len(list((WORK / target).iterdir())), found,
                              round(time.monotonic() - start, 1), proc.returncode, " ".join(cmd))
            done.append(outcome)
            if not quiet:
                print(f"[fuzz] {target}: {outcome.executions:,} executions, corpus {outcome.corpus}, "
                      f"{len(found)} findings, {outcome.seconds} s, exit {proc.returncode}", flush=True)
    return done


def record(outcomes: list[Outcome], argv: list[str]) -> None:
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT).stdout.strip()
    RECORD.parent.mkdir(parents=True, exist_ok=True)
    old = json.loads(RECORD.read_text()) if RECORD.exists() else {"campaigns": {}}
    for o in outcomes:
        old["campaigns"][o.target] = asdict(o) | {"commit": commit,
                                                  "date": datetime.now(timezone.utc).strftime("%Y-%m-%d"),
                                                  "campaign": "python -m fuzz.campaign " + " ".join(argv)}
    RECORD.write_text(json.dumps(old, indent=1) + "\n")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(prog="python -m fuzz.campaign", description=__doc__.split("\n")[0])
    ap.add_argument("--target", default="all", help="a target, 'python', 'core' or 'all'")
    ap.add_argument("--runs", type=int, default=None, help="executions per target")
    ap.add_argument("--max-time", type=int, default=None, help="seconds per target")
    ap.add_argument("--seed", type=int, default=36)
    ap.add_argument("--jobs", type=int, default=1, help="targets at once (the machine has 2 cores)")
    ap.add_argument("--every", type=float, default=60.0, help="seconds between progress lines")
    ap.add_argument("--record", action="store_true", help="write the figures to " + str(RECORD.relative_to(ROOT)))
    args = ap.parse_args(argv)
    groups = {"python": list(PYTHON_TARGETS), "core": list(CORE_TARGETS), "all": [*PYTHON_TARGETS, *CORE_TARGETS]}
    targets = groups.get(args.target, [args.target])
    unknown = [t for t in targets if t not in PYTHON_TARGETS + CORE_TARGETS]
    if unknown:
        ap.error(f"unknown target {unknown[0]!r}")
    if args.runs is None and args.max_time is None:
        ap.error("give --runs or --max-time")
    if any(t in CORE_TARGETS for t in targets) and (why := core_tools()):
        print(f"[fuzz] the core's targets cannot run: {why}", file=sys.stderr)
        targets = [t for t in targets if t not in CORE_TARGETS]
    outcomes = run(targets, args.runs, args.max_time, args.seed, args.jobs, args.every)
    if args.record:
        record(outcomes, argv)
    failed = [o for o in outcomes if o.findings or o.exit_status != 0]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
