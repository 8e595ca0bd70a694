"""``pennypress tournament``: bots play seat-rotated games; win shares, intervals, tests, ratings.

JSON on stdout (``docs/guide/cli.md``), a readable table with ``--text``, a progress
bar on stderr. The games and the numbers come from
:mod:`pennypress.engine.arena.tournament`; where they run from
:mod:`pennypress.engine.arena.executors`.

>>> print(format_table({"games": 6, "players": 3, "seed": 1, "bots": [
...     {"bot": "greedy", "seats": [0, 1], "win_share": 0.5, "win_interval": [0.19, 0.81], "p_value": 0.2,
...      "mean_score": 50.0, "mean_margin": -2.5, "mean_presses": 4.0, "rating": {"mu": 27.0, "sigma": 3.0}}]}))  # doctest: +ELLIPSIS +NORMALIZE_WHITESPACE
6 games, 3 players, seed 1 (fair share 33%)
bot         seats               win share  95% interval  luck alone does as well     circulation  margin  presses  rating
Greedy bot  The Times, The Sun  50%        19%–81%       20%, perhaps better than fair  50.0         −2.5    4.0      1559
<BLANKLINE>
What the columns say:
- win share: the share of its games the bot won ...
Seats are the newspapers of the first rotation (every bot plays every seat).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pennypress.engine.arena.executors import check_workers, default_workers, open_executor
from pennypress.engine.io.record import dumps_record
from pennypress.engine.arena import native_games
from pennypress.engine.arena.tournament import TournamentSpec, run_tournament
from pennypress.errors import BadInput

from pennypress.ui.render.tournament_words import (
    LUCK_HEADING, bot_label, column_words, interval_words, luck_cell, margin_words, rating_words, seats_words,
    share_words,
)

from .json_io import write_json
from .progress import ProgressBar
from .table_options import add_table_options, seats_help


def format_table(report: dict) -> str:
    """The report's per-bot figures as a plain-text table, in words (newspapers, whole percentages, ratings on
    the 1500 scale), then what each column means."""
    head = ["bot", "seats", "win share", "95% interval", LUCK_HEADING, "circulation", "margin", "presses", "rating"]
    rows = [head]
    for b in report["bots"]:
        rows.append([
            bot_label(b["bot"]), seats_words(b["seats"]), share_words(b["win_share"]), interval_words(b["win_interval"]),
            luck_cell(b["p_value"]), f"{b['mean_score']:.1f}", margin_words(b["mean_margin"]),
            f"{b['mean_presses']:.1f}", rating_words(b["rating"]),
        ])
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    lines = [f"{report['games']} games, {report['players']} players, seed {report['seed']} "
             f"(fair share {share_words(1 / report['players'])})"]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    lines += ["", "What the columns say:"]
    lines += [f"- {heading.lower()}: {meaning}" for heading, meaning in column_words(report)]
    lines += ["Seats are the newspapers of the first rotation (every bot plays every seat)."]
    return "\n".join(lines)


def _records_dir(path: str) -> Path:
    out = Path(path)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BadInput(f"records: cannot create the folder {path!r} ({exc.strerror or exc})") from None
    if not out.is_dir():
        raise BadInput(f"records: {path!r} is not a folder")
    return out


def _tournament(args: argparse.Namespace) -> int:
    spec = TournamentSpec.create(args.players, args.seats, args.games, args.seed, args.variant, args.deck,
                                 records=args.records is not None)
    workers = check_workers(default_workers() if args.workers is None else args.workers)
    folder = _records_dir(args.records) if args.records is not None else None

    def write_record(result: dict) -> None:
        if folder is not None:
            (folder / f"game-{result['game']:05d}.json").write_text(dumps_record(result["record"]), encoding="utf-8")

    # on the native core (every seat a bot it has, no records): its threads, no worker processes
    on_core = args.executor == "local" and native_games.can_play(spec)
    bar = ProgressBar("game", desc="tournament", quiet=args.quiet, leave=True)
    with open_executor(args.executor, 1 if on_core else workers, args.scheduler) as executor:
        try:
            report = run_tournament(spec, executor, progress=bar, on_result=write_record, threads=workers)
        finally:
            bar.close()
    report["timing"].update(executor=args.executor, workers=workers)
    if args.text:
        print(format_table(report))
    else:
        write_json(report)
    if folder is not None:
        print(f"tournament: {spec.games} game records written to {folder}", file=sys.stderr)
    return 0


def _add_tournament(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "tournament",
        help="bots play seat-rotated games; win shares with 95%% intervals, how often luck would do as well, "
             "ratings (JSON)",
        description="Each deck seed is played in every rotation of the seat order, so --games must be a "
                    "multiple of --players. Same arguments, same JSON (apart from 'timing') on any "
                    "number of workers, locally or on Dask.",
    )
    p.add_argument("--players", type=int, required=True, help="number of players, 2 to 5")
    p.add_argument("--seats", required=True, help=seats_help())
    p.add_argument("--games", type=int, required=True, help="games in all: a multiple of --players")
    p.add_argument("--seed", type=int, default=0, help="root seed (default 0)")
    add_table_options(p, "threads on the native core, else worker processes")
    p.add_argument("--records", metavar="DIR", default=None, help="write every game as a replayable record in DIR")
    p.add_argument("--text", action="store_true", help="a readable table instead of JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(handler=_tournament)


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``tournament`` to the ``pennypress`` command line."""
    _add_tournament(sub)


