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

A campaign is cumulative, as a fuzzing service counts it: ``--record`` adds each run to its target's
ledger in ``benchmarks/results/fuzz/campaigns.json`` (executions, corpus, findings, time, command,
commit, date), and a target's executions are the sum over its runs, each continuing from the working
corpus the last one left. ``--until-goal`` runs every target until its ledger reaches its goal
(:data:`GOALS`: 1,000,000 executions a loader, 10,000,000 a core target), in chunks of ``--max-time``
seconds, each recorded as it ends -- so a campaign stopped part-way loses at most one chunk, and the
same command run again goes on where it stopped:

    python -m fuzz.campaign --target all --until-goal --max-time 1800 --jobs 2
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
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "fuzz" / "work"
FINDINGS = WORK / "findings"
PYTHON_TARGETS = ("position", "notation", "record", "move_list", "puzzles", "page", "core_reader")
CORE_TARGETS = ("core-position", "core-moves")
CORE_FUZZ = ROOT / "core" / "fuzz"
CORE_MAX_LEN = {"position": 1024, "moves": 1024}  # a document is < 600 bytes; 1024 bytes of moves is ~500 steps
CORE_BUILD = {"position": [], "moves": ["--no-trace-compares"]}
"""cargo-fuzz build flags per core target. ``moves`` plays hundreds of steps an input, and tracing every
comparison of the move generator costs more than it guides there (the measurement is in
docs/developer/fuzzing.md). ``position`` keeps the tracing: the reader compares bytes with the
game's words, which is what compare tracing is for. Each build has its own target directory, so
the two never rebuild each other."""
FINDING_KINDS = ("crash", "timeout", "oom", "leak")  # libFuzzer's slow-unit-* files are notes, not findings
RECORD = ROOT / "benchmarks" / "results" / "fuzz" / "campaigns.json"
GOALS = {**{t: 1_000_000 for t in PYTHON_TARGETS}, **{t: 10_000_000 for t in CORE_TARGETS}}
"""Executions each target's campaign must reach (issue #36): a million a loader, ten million a core target."""


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
        build = CORE_BUILD[name] + (["--target-dir", str(CORE_FUZZ / "target" / "no-trace-compares")]
                                     if "--no-trace-compares" in CORE_BUILD[name] else [])
        return ["cargo", "+nightly", "fuzz", "run", "--fuzz-dir", str(CORE_FUZZ), *build, name, str(work),
                str(corpus_of(target)), "--", "-timeout=60", f"-max_len={CORE_MAX_LEN[name]}", *limits]
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


def findings_of(target: str) -> list[str]:
    """The findings libFuzzer has written for ``target`` (``fuzz/work/findings/<target>-crash-*``, ...)."""
    return sorted(p.name for kind in FINDING_KINDS for p in FINDINGS.glob(f"{target}-{kind}-*"))


Again = Callable[[Outcome], tuple[int, int] | None]
"""Asked when a target's run ends: the executions and seed of its next run, or ``None`` when it is done."""


def run(targets: list[str], runs: int | dict[str, int] | None, max_time: int | None, seed: int | dict[str, int],
        jobs: int, every: float, quiet: bool = False, on_done: Callable[[Outcome], None] | None = None,
        again: Again | None = None) -> list[Outcome]:
    """Run ``targets``, ``jobs`` at once; ``runs`` and ``seed`` may be given per target; ``on_done`` is
    called with each target's outcome as it ends, then ``again``: a target it gives a next run goes to
    the end of the queue at once, without waiting for the others' runs to end."""
    FINDINGS.mkdir(parents=True, exist_ok=True)
    waiting = list(targets)
    runs = dict(runs) if isinstance(runs, dict) else {t: runs for t in targets}
    seed = dict(seed) if isinstance(seed, dict) else {t: seed for t in targets}
    running: dict[str, tuple[subprocess.Popen, float, Path, list[str], set[str]]] = {}
    done: list[Outcome] = []
    last = time.monotonic()
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    while waiting or running:
        while waiting and len(running) < jobs:
            target = waiting.pop(0)
            work = WORK / target
            work.mkdir(parents=True, exist_ok=True)
            cmd = command(target, runs.get(target), max_time, seed[target], work)
            log = WORK / f"{target}.log"
            nice = ["nice", "-n", "19"] if shutil.which("nice") else []
            with open(log, "w") as out:
                proc = subprocess.Popen(nice + cmd, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT, env=env)
            running[target] = (proc, time.monotonic(), log, cmd, set(findings_of(target)))
            if not quiet:
                print(f"[fuzz] {target}: started ({' '.join(cmd[:6])} ...), log {log.relative_to(ROOT)}", flush=True)
        time.sleep(0.5)
        if not quiet and time.monotonic() - last >= every:
            last = time.monotonic()
            print("[fuzz] " + ", ".join(f"{t} {_executions(r[2]):,}" for t, r in running.items()), flush=True)
        for target, (proc, start, log, cmd, before) in list(running.items()):
            if proc.poll() is None:
                continue
            del running[target]
            found = sorted(set(findings_of(target)) - before)  # this run's: an earlier, fixed one is not
            outcome = Outcome(target, _executions(log), len(list((WORK / target).iterdir())), found,
                              round(time.monotonic() - start, 1), proc.returncode, " ".join(cmd))
            done.append(outcome)
            if on_done is not None:
                on_done(outcome)
            if not quiet:
                print(f"[fuzz] {target}: {outcome.executions:,} executions, corpus {outcome.corpus}, "
                      f"{len(found)} findings, {outcome.seconds} s, exit {proc.returncode}", flush=True)
            if again is not None and (following := again(outcome)) is not None:
                runs[target], seed[target] = following
                waiting.append(target)
    return done


def ledger(path: Path = RECORD) -> dict:
    """The recorded campaigns: ``{"note": ..., "campaigns": {target: {"runs": [run, ...]}}}``."""
    return json.loads(path.read_text()) if path.exists() else {"campaigns": {}}


def recorded_executions(target: str, path: Path = RECORD) -> int:
    """A target's executions so far: the sum over its recorded runs."""
    return sum(r["executions"] for r in ledger(path)["campaigns"].get(target, {}).get("runs", []))


def record(outcomes: list[Outcome], argv: list[str], path: Path = RECORD) -> None:
    """Add each outcome to its target's runs in the ledger (``--record``)."""
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT).stdout.strip()
    path.parent.mkdir(parents=True, exist_ok=True)
    old = ledger(path)
    for o in outcomes:
        old["campaigns"].setdefault(o.target, {"runs": []})["runs"].append(
            asdict(o) | {"commit": commit, "date": datetime.now(timezone.utc).strftime("%Y-%m-%d"),
                         "campaign": "python -m fuzz.campaign " + " ".join(argv)})
    path.write_text(json.dumps(old, indent=1) + "\n")


def until_goal(targets: list[str], chunk: int, seed: int, jobs: int, every: float, argv: list[str],
               path: Path = RECORD) -> list[Outcome]:
    """Run each target in chunks of ``chunk`` seconds, each recorded as it ends, until its ledger reaches its goal.

    A chunk's seed is ``seed`` plus the target's runs so far, so the chunks of one target explore
    different mutations from the corpus their predecessors grew. A target's next chunk starts as soon as
    its last one ends (``jobs`` at once), so a short campaign never holds up a long one. A chunk with a
    finding (or one that failed or ran nothing) stops its target: a finding is a defect to fix before
    the campaign goes on."""
    def runs_so_far(target: str) -> int:
        return len(ledger(path)["campaigns"].get(target, {}).get("runs", []))

    def done(outcome: Outcome) -> None:
        record([outcome], argv, path)

    def again(outcome: Outcome) -> tuple[int, int] | None:
        if outcome.findings or outcome.exit_status != 0 or outcome.executions == 0:
            return None  # stopped: a finding is fixed before the campaign goes on
        left = GOALS[outcome.target] - recorded_executions(outcome.target, path)
        return (left, seed + runs_so_far(outcome.target)) if left > 0 else None

    left = {t: GOALS[t] - recorded_executions(t, path) for t in targets}
    # the furthest from its goal first, so that the longest campaign is never the one left waiting
    left = dict(sorted(((t, n) for t, n in left.items() if n > 0), key=lambda tn: -tn[1] / GOALS[tn[0]]))
    if not left:
        return []
    print("[fuzz] to the goal: " + ", ".join(f"{t} {n:,}" for t, n in left.items()), flush=True)
    return run(list(left), left, chunk, {t: seed + runs_so_far(t) for t in left}, jobs, every, on_done=done,
               again=again)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(prog="python -m fuzz.campaign", description=__doc__.split("\n")[0])
    ap.add_argument("--target", default="all", help="a target, 'python', 'core' or 'all'")
    ap.add_argument("--runs", type=int, default=None, help="executions per target")
    ap.add_argument("--max-time", type=int, default=None, help="seconds per target")
    ap.add_argument("--seed", type=int, default=36)
    ap.add_argument("--jobs", type=int, default=1, help="targets at once (the machine has 2 cores)")
    ap.add_argument("--every", type=float, default=60.0, help="seconds between progress lines")
    ap.add_argument("--record", action="store_true", help="add each run to " + str(RECORD.relative_to(ROOT)))
    ap.add_argument("--until-goal", action="store_true",
                    help="run each target, in recorded chunks of --max-time seconds, until its recorded executions "
                         "reach its goal (a million a loader, ten million a core target)")
    args = ap.parse_args(argv)
    groups = {"python": list(PYTHON_TARGETS), "core": list(CORE_TARGETS), "all": [*PYTHON_TARGETS, *CORE_TARGETS]}
    targets = groups.get(args.target, [args.target])
    unknown = [t for t in targets if t not in PYTHON_TARGETS + CORE_TARGETS]
    if unknown:
        ap.error(f"unknown target {unknown[0]!r}")
    if args.until_goal and (args.runs is not None or args.max_time is None or args.max_time <= 0):
        ap.error("--until-goal runs each target to its goal in chunks: give --max-time (seconds a chunk), not --runs")
    if args.runs is None and args.max_time is None:
        ap.error("give --runs or --max-time")
    if any(t in CORE_TARGETS for t in targets) and (why := core_tools()):
        print(f"[fuzz] the core's targets cannot run: {why}", file=sys.stderr)
        targets = [t for t in targets if t not in CORE_TARGETS]
    if args.until_goal:
        outcomes = until_goal(targets, args.max_time, args.seed, args.jobs, args.every, argv)
        for t in targets:
            print(f"[fuzz] {t}: {recorded_executions(t):,} executions recorded of {GOALS[t]:,}", flush=True)
    else:
        outcomes = run(targets, args.runs, args.max_time, args.seed, args.jobs, args.every)
        if args.record:
            record(outcomes, argv)
    failed = [o for o in outcomes if o.findings or o.exit_status != 0]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
