"""``pennypress record MOVES``: a game record from a text list of moves (one a line).

The game starts from a seeded deal (``--players N --seed S``) or a position
(``--position FILE``); ``card N`` lines (or ``press ... card=N``) name the
headline card drawn after a press. The record is replayed before it is
written, so an illegal move is refused with exit 2 naming its line.
"""
from __future__ import annotations

import argparse
import sys

from pennypress.engine.game.cards import DECK_NAMES
from pennypress.engine.game.definition import GameDefinition
from pennypress.engine.io.move_list import record_from_lines, start_of
from pennypress.engine.io.record import dumps_record
from pennypress.engine.game.tables import MAX_PLAYERS, MIN_PLAYERS
from pennypress.engine.game.variants import VARIANTS
from pennypress.errors import BadInput

from .json_io import read_position, read_text


def _record(args: argparse.Namespace) -> int:
    text, _ = read_text(args.moves)
    if args.position is not None:
        if args.players is not None or args.variant:
            raise BadInput("record: give --position or --players (with --seed), not both")
        state = read_position(args.position)
        start, game = start_of(state), state.definition.to_json()
    else:
        if args.players is None:
            raise BadInput("record: give --players N (and --seed S) for a seeded deal, or --position FILE")
        definition = GameDefinition.create(args.players, args.variant, args.deck)
        start, game = {"seed": args.seed}, definition.to_json()
    doc = record_from_lines(text, start, game, title=args.title)
    out = dumps_record(doc)
    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as f:
                f.write(out + ("" if out.endswith("\n") else "\n"))
        except OSError as exc:
            raise BadInput(f"{args.output}: cannot write ({exc.strerror or exc})") from None
        print(f"record: {len(doc['moves'])} moves written to {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(out + ("" if out.endswith("\n") else "\n"))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``record`` to the ``pennypress`` command line."""
    p = sub.add_parser("record", help="write a game record from a text list of moves (one a line, `card N` after a press)")
    p.add_argument("moves", help="text file of moves, or - for stdin")
    p.add_argument("--players", type=int, default=None, help=f"a seeded deal for {MIN_PLAYERS} to {MAX_PLAYERS} players")
    p.add_argument("--seed", type=int, default=0, help="seed of the deal (default 0)")
    p.add_argument("--variant", action="append", default=[], choices=sorted(VARIANTS), help="a variant (repeatable)")
    p.add_argument("--deck", default="default", choices=DECK_NAMES, help="headline deck (default: default)")
    p.add_argument("--position", default=None, help="start from this position (JSON or one-line notation) instead")
    p.add_argument("--title", default=None, help="a title for the record")
    p.add_argument("--output", "-o", default=None, help="write the record here instead of stdout")
    p.set_defaults(handler=_record)
