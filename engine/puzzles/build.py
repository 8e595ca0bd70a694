"""The shipped puzzle set from one command and one seed: the generated set, then the timing puzzles.

``pennypress puzzle build --out FILE --seed S --timing-log LOG`` makes the
whole file:

1. the set :func:`.generate.generate` makes with the seed (pages, and the
   exact puzzles of the final edition);
2. the timing puzzles a run of :func:`.timing_set.mine_timing` with the same
   seed certifies (:mod:`.timing`), read from its log where the log has
   decided a candidate and searched where it has not (``--replay``: the log
   only, read without playing a game or searching, :func:`.timing_set.replay_log`); they follow the generated puzzles, called
   ``timing-001``, ``timing-002``, ... in the order the run found them, so a
   longer log of the same run keeps every id it had.

The file's ``generator`` records the generate command and its settings (as
``pennypress puzzle generate`` writes them), the timing run (its seed, the
puzzles wanted per player count, how many the log certified, its command) and
the build command that makes the whole file. Mining the generated part again
is slow and gives the same puzzles, so ``--base FILE`` may take them from a
file the same settings made (refused when its settings differ): then a new log
is merged in at the cost of replaying it.
"""
from __future__ import annotations

import shlex
from dataclasses import asdict, fields
from pathlib import Path
from typing import Callable

from pennypress.errors import BadInput

from .generate import Settings, generate
from .model import Puzzle
from .store import TIMING_TAG, PuzzleSet
from .timing_set import TimingRun, mine_timing, replay_log, timing_why

Progress = Callable[[int, int], None]

TIMING_PREFIX = "timing"
WANTED = {2: 50, 3: 70, 4: 40}
"""Timing puzzles wanted per player count in the shipped set."""
_FLAGS = {2: "--two", 3: "--three", 4: "--four"}


def timing_command(run: TimingRun) -> str:
    """The ``pennypress puzzle timing`` command of the run (its log, its seed, the puzzles wanted)."""
    args = ["pennypress", "puzzle", "timing", "--seed", str(run.seed), "--log", run.log.as_posix(), "--out", "FILE"]
    for n, flag in _FLAGS.items():
        args += [flag, str(run.wanted.get(n, 0))]
    return shlex.join(args)


def build_command(settings: Settings, run: TimingRun, replay: bool) -> str:
    """The ``pennypress puzzle build`` command that makes the set (``--replay`` when the log is not complete:
    without it the build would search on)."""
    if run.seed != settings.seed:
        raise BadInput(f"the timing run's seed {run.seed} is not the set's seed {settings.seed}: one seed makes both")
    args = ["pennypress", "puzzle", "build", "--out", "FILE", "--seed", str(settings.seed),
            "--timing-log", run.log.as_posix()]
    defaults = Settings()
    for f in fields(Settings):
        if f.name != "seed" and getattr(settings, f.name) != getattr(defaults, f.name):
            args += [f"--{f.name.replace('_', '-')}", str(getattr(settings, f.name))]
    for n, flag in _FLAGS.items():
        if run.wanted.get(n, 0) != WANTED.get(n, 0):
            args += [flag, str(run.wanted.get(n, 0))]
    return shlex.join(args + (["--replay"] if replay else []))


def timing_puzzles(found: list[dict]) -> list[Puzzle]:
    """The mined timing puzzles (:func:`.timing_set.mine_timing`'s records) with their ids, in found order, each
    explained in today's words (:func:`.timing_set.timing_why`, from the certificate the log holds)."""
    return [Puzzle.from_json({**{k: v for k, v in doc.items() if k != "key"}, "id": f"{TIMING_PREFIX}-{n:03d}",
                              "why": timing_why(doc["evidence"]["certificate"])})
            for n, doc in enumerate(found, 1)]


def merge(base: PuzzleSet, timing: list[Puzzle], run: TimingRun, replay: bool) -> PuzzleSet:
    """``base``'s generated puzzles (its timing puzzles left out) followed by ``timing``, with the generator
    record of the whole set (see the module)."""
    settings = Settings(**base.generator["settings"])
    by_players = {n: sum(p.source.get("players") == n for p in timing) for n in run.wanted}
    complete = all(by_players[n] >= c for n, c in run.wanted.items())
    record = {"seed": run.seed, "wanted": {str(n): c for n, c in run.wanted.items()}, "log": run.log.as_posix(),
              "certified": len(timing), "by_players": {str(n): c for n, c in by_players.items()},
              "complete": complete, "command": timing_command(run)}
    generator = {"settings": base.generator["settings"], "command": base.generator["command"], "timing": record,
                 "build": build_command(settings, run, replay and not complete)}
    kept = tuple(p for p in base if TIMING_TAG not in p.tags)
    return PuzzleSet(kept + tuple(timing), generator)


def build(settings: Settings, run: TimingRun, replay: bool = False, base: PuzzleSet | None = None,
          workers: int = 1, progress: Progress | None = None) -> PuzzleSet:
    """The whole set: generated (or taken from ``base``, made by the same ``settings``) and the timing
    puzzles of ``run`` (from its log; with ``replay``, nothing searched)."""
    settings.check()
    build_command(settings, run, replay)  # one seed for both
    if replay and not Path(run.log).is_file():
        raise BadInput(f"--timing-log: no log {run.log} to replay (leave out --replay to mine it)")
    if base is None:
        base = generate(settings, workers, progress=progress)
    elif base.generator.get("settings") != asdict(settings):
        raise BadInput(f"--base: its puzzles were made by other settings ({base.generator.get('command')!r}), "
                       f"not {settings.command()!r}")
    found = replay_log(run) if replay else mine_timing(run, progress=progress)
    return merge(base, timing_puzzles(found), run, replay)
