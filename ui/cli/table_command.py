"""``pennypress table RECORD --you N``: how each opponent has played, read from a game record's moves.

Each opponent's style is read from the moves it made (the population of
opponent models and the advisor's own playout players,
:mod:`pennypress.engine.arena.table_reading`), from the public positions
alone. JSON on stdout (``you``, the styles, the settings, and per opponent its
moves read, each style's chance, how many moves each style fits, and the
reading in words), or the readings in sentences with ``--text``. Several records of the same people in the same
seats are read together: each earlier game's reading is the next one's prior (a table you face every week). Bad input --
an unreadable record, an illegal move in it, a seat that is not at the table --
is one line on stderr, exit 2.
"""
from __future__ import annotations

import argparse

from pennypress.engine.arena.table_reading import read_records, reading_text

from .json_io import read_json, write_json


def _table(args: argparse.Namespace) -> int:
    reading = read_records([read_json(path) for path in args.record], args.you, args.until)
    if args.text:
        print(reading_text(reading))
    else:
        write_json(reading.to_json())
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``table`` to the ``pennypress`` command line."""
    p = sub.add_parser("table", help="read how each opponent has played (its style) from a game record's moves")
    p.add_argument("record", nargs="+",
                   help="game record JSON (docs/guide/record.md), or - for stdin; several games of the same people "
                        "in the same seats are read together, in order (the last is the game going on)")
    p.add_argument("--you", type=int, default=0, help="the seat reading the others (0-based, default 0)")
    p.add_argument("--until", type=int, default=None,
                   help="read only the first N moves of the last record (default all)")
    p.add_argument("--text", action="store_true", help="the readings in sentences instead of JSON")
    p.set_defaults(handler=_table)
