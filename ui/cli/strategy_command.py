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
    from pennypress.engine.strategy.guide import assemble, read_runs, write_guide
    from pennypress.engine.strategy.guide_doc import guide_markdown

    for option, path in (("out", args.out), ("docs", args.docs)):
        if path is not None and not Path(path).parent.is_dir():
            raise BadInput(f"{option}: the folder of {path!r} does not exist")
    command = " ".join(["pennypress strategy guide", *map(_said, args.runs),
                        *([f"--out {_said(args.out)}"] if args.out else []),
                        *([f"--docs {_said(args.docs)}"] if args.docs else [])])
    guide = assemble(read_runs(args.runs), command)
    if args.out is not None:
        write_guide(guide, args.out)
    if args.docs is not None:
        Path(args.docs).write_text(guide_markdown(guide), encoding="utf-8")
    write_json(guide)
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
              "       pennypress strategy guide RUN... [--out FILE] [--docs FILE]",
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
    gsub = p.add_subparsers(dest="strategy_command", metavar="guide", parser_class=type(p))
    g = gsub.add_parser("guide", prog="pennypress strategy guide", help="assemble the shipped guide from strategy runs (JSON), and docs/strategy.md",
                        description="Combines the JSON of pennypress strategy runs: one base run per player "
                                    "count, variant runs compared with their base (differences with 95% "
                                    "intervals), advisor runs marked as resting on advisor games. Marks the "
                                    "guide a small run below 1,000,000 three-player games or 200,000 of "
                                    "another count. An assembled guide may be given instead of its runs.")
    g.add_argument("runs", nargs="+", metavar="RUN", help="a strategy run's JSON (pennypress strategy --out), "
                   "or an assembled guide")
    g.add_argument("--out", default=None, metavar="FILE", help="write the guide to FILE "
                   "(the app's: engine/strategy/strategy_guide.json)")
    g.add_argument("--docs", default=None, metavar="FILE", help="write the players' guide in Markdown to FILE "
                   "(docs/strategy.md)")
    g.set_defaults(handler=_guide)
