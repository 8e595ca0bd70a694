"""``pennypress strategy``: a strategy guide measured from seeded self-play of strong bots on the core.

JSON on stdout (``docs/guide/cli.md``): the findings of
:mod:`pennypress.engine.strategy.study`, each a claim in words with its value
and 95% interval; a progress bar on stderr. ``--out FILE`` also writes the
JSON to a file (the app's Strategy page reads one). ``--bots advisor:fast,...``
seats the advisor (its games on the Python game loop, one chunk per worker
process; findings about its own play, marked ``rests_on``); ``--log FILE``
keeps every finished chunk, so a stopped run started again goes on where it
stopped and gives the same JSON.

``pennypress strategy guide RUN... --out FILE --docs FILE`` assembles such runs
into the guide the app's Strategy page shows (:mod:`pennypress.engine.strategy.guide`)
and writes ``docs/strategy.md`` from it (:mod:`pennypress.engine.strategy.guide_doc`).
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from pennypress.engine import native
from pennypress.engine.arena.executors import check_workers, default_workers, open_executor
from pennypress.engine.arena.seats import strategy_seats
from pennypress.engine.strategy.games import DEFAULT_BOTS, StrategySpec
from pennypress.engine.strategy.study import run_study
from pennypress.errors import BadInput

from .json_io import write_json
from .progress import ProgressBar
from .table_options import add_table_options


def _strategy(args: argparse.Namespace) -> int:
    missing = [name for name, value in (("--players", args.players), ("--games", args.games)) if value is None]
    if missing:
        raise BadInput(f"strategy: the following arguments are required: {', '.join(missing)}")
    spec = StrategySpec.create(args.players, args.games, args.seed, args.bots, args.variant, args.deck)
    workers = check_workers(default_workers() if args.workers is None else args.workers)
    if not native.available():
        raise BadInput("strategy: the native core is not installed (python3 run.py builds it)")
    out = Path(args.out) if args.out else None
    if out is not None and not out.parent.is_dir():
        raise BadInput(f"out: the folder of {args.out!r} does not exist")
    log = None
    if args.log is not None:
        from pennypress.engine.strategy.chunk_log import ChunkLog
        from pennypress.engine.strategy.study import chunk_size

        log = ChunkLog(args.log, spec, chunk_size(spec))
    # locally, the core's threads in this process (an advisor's games: one process per worker);
    # on Dask, one chunk of games per task
    local = args.executor == "local" and spec.advisor is None
    bar = ProgressBar("game", desc="strategy", quiet=args.quiet, leave=True)
    with open_executor(args.executor, 1 if local else workers, args.scheduler) as executor:
        try:
            report = run_study(spec, executor, threads=workers, progress=bar, log=log)
        finally:
            bar.close()
    report["timing"].update(executor=args.executor, workers=workers)
    if out is not None:
        out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    write_json(report)
    return 0


def _said(path: str) -> str:
    """A path as the guide records it: as given when relative, else the file's name (no machine's folders)."""
    return path if not Path(path).is_absolute() else Path(path).name


def _guide(args: argparse.Namespace) -> int:
    from pennypress.engine.strategy.guide import (assemble, check_population, read_json, read_population, read_runs,
                                                  write_guide)
    from pennypress.engine.strategy.guide_doc import guide_markdown

    for option, path in (("out", args.out), ("docs", args.docs)):
        if path is not None and not Path(path).parent.is_dir():
            raise BadInput(f"{option}: the folder of {path!r} does not exist")
    command = " ".join(["pennypress strategy guide", *map(_said, args.runs),
                        *(f"--population {_said(p)}" for p in args.population or ()),
                        *([f"--out {_said(args.out)}"] if args.out else []),
                        *([f"--docs {_said(args.docs)}"] if args.docs else [])])
    given = [check_population(read_json(path), Path(path).name) for path in args.population or ()]
    guide = assemble(read_runs(args.runs), command, given or read_population(args.runs))
    if args.out is not None:
        write_guide(guide, args.out)
    if args.docs is not None:
        Path(args.docs).write_text(guide_markdown(guide), encoding="utf-8")
    write_json(guide)
    return 0


def _population(args: argparse.Namespace) -> int:
    from pennypress.engine.arena.population import population
    from pennypress.engine.strategy.guide import read_runs
    from pennypress.engine.strategy.population_timing import Settings, run_population, summarise

    if not native.available():
        raise BadInput("strategy population: the native core is not installed (python3 run.py builds it)")
    for option, value in (("points", args.points), ("games", args.games), ("threads", args.threads),
                          ("max-games", 1 if args.max_games is None else args.max_games)):
        if value < 1:
            raise BadInput(f"{option}: expected at least 1, got {value}")
    for option, path in (("out", args.out), ("log", args.log)):
        if path is not None and not Path(path).parent.is_dir():
            raise BadInput(f"{option}: the folder of {path!r} does not exist")
    runs = read_runs([args.run])
    if len(runs) != 1:
        raise BadInput(f"{Path(args.run).name}: one strategy run's JSON is needed (pennypress strategy --out), "
                       f"not a guide of {len(runs)}")
    run = runs[0][1]
    pop = population()
    try:
        for name in args.without or ():
            pop = pop.without(name)
    except ValueError as exc:
        raise BadInput(f"without: {exc}") from None
    spec = StrategySpec.create(run["players"], run["games"], run["seed"], run["bots"], run.get("variants") or (),
                               run.get("deck") or "default")
    settings = Settings(spec, pop, games=args.games, points=args.points, seed=args.seed, threads=args.threads,
                        max_games=args.max_games)
    bar = ProgressBar("cell", desc="population", quiet=args.quiet, leave=True)
    try:
        rows = run_population(settings, Path(args.log) if args.log else None, progress=bar)
    finally:
        bar.close()
    doc = summarise(run, rows, settings)
    doc["command"] = " ".join(["pennypress strategy population", _said(args.run), f"--points {args.points}",
                               f"--games {args.games}", f"--seed {args.seed}",
                               *([] if args.max_games is None else [f"--max-games {args.max_games}"]),
                               *(f"--without {n}" for n in args.without or ())])
    if args.out is not None:
        Path(args.out).write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    write_json(doc)
    return 0


def _bots_help() -> str:
    """``--bots``'s help: every seat the registry lets sit at a study's table, a family with its options."""
    seats = strategy_seats()
    singles = ", ".join(name for name, seat in seats.items() if not seat.options)
    families = "".join(f", and at most one {name}:BUDGET, BUDGET one of {', '.join(seat.options)}"
                       for name, seat in seats.items() if seat.options)
    return (f"the bots, comma-separated, seated in rotation (default {','.join(DEFAULT_BOTS)}; "
            f"any of {singles}{families})")


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``strategy`` to the ``pennypress`` command line."""
    p = sub.add_parser(
        "strategy",
        help="a strategy guide from seeded self-play of strong bots on the core: findings with 95%% intervals (JSON)",
        description="Plays seeded, seat-rotated games between strong bots on the native core and measures "
                    "when winners press, what each seat, beat bonus and scoop is worth, and whether to press "
                    "now or wait (paired playouts). With the advisor at the table (--bots advisor:fast,evaluator) "
                    "its games run on the Python game loop, its searches on the core (far slower: a few "
                    "thousand games, not millions), and findings about its own play are added, each marked "
                    "rests_on 'advisor games'. --log FILE keeps every finished chunk: run the same command "
                    "again after a stop and it goes on where it stopped. Same seed, same JSON (apart from "
                    "'timing') on any number of workers, locally or on Dask, with or without --log. "
                    "'pennypress strategy guide RUN...' assembles runs into the guide the app shows and "
                    "docs/strategy.md.",
        usage="pennypress strategy --players P --games N [--seed S] [--bots A,B] [--variant V] [--deck D] "
              "[--workers W] [--executor local|dask] [--scheduler ADDR] [--log FILE] [--out FILE] [--quiet]\n"
              "       pennypress strategy guide RUN... [--population FILE] [--out FILE] [--docs FILE]\n"
              "       pennypress strategy population RUN [--points N] [--games N] [--seed S] [--threads T] "
              "[--max-games N] [--without MODEL] [--log FILE] [--out FILE] [--quiet]",
    )
    p.add_argument("--players", type=int, default=None, help="number of players, 2 to 5 (required)")
    p.add_argument("--games", type=int, default=None, help="games to play, required (a multiple of --players "
                   "keeps the seat rotation whole)")
    p.add_argument("--seed", type=int, default=0, help="root seed (default 0)")
    p.add_argument("--bots", default=",".join(DEFAULT_BOTS), help=_bots_help())
    add_table_options(p, "threads on the native core (worker processes with the advisor), or Dask worker "
                         "processes")
    p.add_argument("--out", default=None, metavar="FILE", help="also write the JSON to FILE")
    p.add_argument("--log", default=None, metavar="FILE",
                   help="keep every finished chunk in FILE (JSON lines; created if missing): the same command "
                        "run again reads the chunks it holds and plays only the rest, with the same JSON. A log "
                        "of another run (seed, players, bots, variants, deck) is refused")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(handler=_strategy)
    gsub = p.add_subparsers(dest="strategy_command", metavar="guide|population", parser_class=type(p))
    g = gsub.add_parser("guide", prog="pennypress strategy guide", help="assemble the shipped guide from strategy runs (JSON), and docs/strategy.md",
                        description="Combines the JSON of pennypress strategy runs: one base run per player "
                                    "count, variant runs compared with their base (differences with 95% "
                                    "intervals), advisor runs marked as resting on advisor games. Marks the "
                                    "guide a small run below 1,000,000 three-player games or 200,000 of "
                                    "another count. An assembled guide may be given instead of its runs.")
    g.add_argument("runs", nargs="+", metavar="RUN", help="a strategy run's JSON (pennypress strategy --out), "
                   "or an assembled guide")
    g.add_argument("--population", action="append", metavar="FILE",
                   help="a run's press-or-wait findings played out against the population (pennypress strategy "
                        "population --out), its verdicts added to them (repeatable; an assembled guide given as a "
                        "RUN keeps its own when none is given)")
    g.add_argument("--out", default=None, metavar="FILE", help="write the guide to FILE "
                   "(the app's: engine/strategy/strategy_guide.json)")
    g.add_argument("--docs", default=None, metavar="FILE", help="write the players' guide in Markdown to FILE "
                   "(docs/strategy.md)")
    g.set_defaults(handler=_guide)
    from pennypress.engine.strategy.population_timing import GAMES, POINTS

    q = gsub.add_parser("population", prog="pennypress strategy population",
                        help="a run's press-or-wait findings played out against the population of opponents (JSON)",
                        description="The decision points of a strategy run's sampled games (the same positions, "
                                    "going to press now against the mover's best way of waiting), each played to "
                                    "the end of the game against every opponent model of the population, with "
                                    "each strong policy playing the mover's own later moves, both moves on the "
                                    "same deals. Per press-or-wait finding: its figure against each opponent "
                                    "(95%% interval over the points) and whether it holds for every opponent, "
                                    "most, some, or depends on them. --log FILE keeps every cell played: the "
                                    "same command run again goes on where it stopped.")
    q.add_argument("run", metavar="RUN", help="a strategy run's JSON (pennypress strategy --out)")
    q.add_argument("--points", type=int, default=POINTS, help=f"points a page-value bucket (default {POINTS})")
    q.add_argument("--games", type=int, default=GAMES, help=f"games of each move a cell (default {GAMES})")
    q.add_argument("--seed", type=int, default=0, help="seed of the games (default 0)")
    q.add_argument("--threads", type=int, default=1, help="threads on the native core (default 1)")
    q.add_argument("--max-games", type=int, default=None, metavar="N",
                   help="take points from the study's first N games only (an advisor run's games are played "
                        "again to reach the advisor's own decisions, which is slow)")
    q.add_argument("--without", action="append", metavar="MODEL",
                   help="leave an opponent model out (repeatable): a leave-one-out check, or a shorter run")
    q.add_argument("--log", default=None, metavar="FILE", help="keep every cell played in FILE (JSON lines)")
    q.add_argument("--out", default=None, metavar="FILE", help="also write the JSON to FILE")
    q.add_argument("--quiet", action="store_true", help="no progress bar")
    q.set_defaults(handler=_population)
