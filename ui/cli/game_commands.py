"""``pennypress position ...``, ``selfplay`` and ``replay``: the rules engine on the command line.

Each subcommand is one small ``_add_<name>`` function; ``position`` has its own
sub-subcommands (``new``, ``validate``, ``to-text``, ``from-text``), collected in
:data:`POSITION_COMMANDS` so more can be added by appending a function. Every
command that reads a position file takes JSON or the one-line notation
(``docs/guide/notation.md``; the logic is :mod:`pennypress.engine.notation.text`).
"""
from __future__ import annotations

import argparse
import sys
import time
from typing import Callable

from pennypress.engine.arena.seats import bot_names, parse_seats
from pennypress.engine.game.cards import DECK_NAMES
from pennypress.engine.game.definition import GameDefinition
from pennypress.engine.notation.text import from_text, to_text
from pennypress.engine.io.state import public_view
from pennypress.engine.io.state import new_game
from pennypress.engine.game.tables import MAX_PLAYERS, MIN_PLAYERS
from pennypress.engine.game.variants import VARIANTS
from pennypress.engine.io.validate import position_summary, summary_line
from pennypress.errors import BadInput

from .json_io import read_json, read_position, read_text, write_json
from .table_options import seats_help


def _game_options(p: argparse.ArgumentParser, players_required: bool = True) -> None:
    p.add_argument("--players", type=int, required=players_required,
                   help=f"number of players, {MIN_PLAYERS} to {MAX_PLAYERS}")
    p.add_argument("--seed", type=int, default=0, help="seed for the shuffle (default 0)")
    p.add_argument(
        "--variant", action="append", default=[], choices=sorted(VARIANTS),
        help="a variant (repeatable): " + "; ".join(
            f"{name} ({'automatic' if v.automatic else 'players ' + ', '.join(map(str, v.players))})"
            for name, v in sorted(VARIANTS.items())),
    )
    p.add_argument("--deck", default="default", choices=DECK_NAMES, help="headline deck (default: the CSV as transcribed)")


# ------------------------------------------------------------------ position
def _position_new(args: argparse.Namespace) -> int:
    definition = GameDefinition.create(args.players, args.variant, args.deck)
    state = new_game(definition, seed=args.seed)
    write_json((state if args.reveal_deck else public_view(state)).to_json())
    return 0


def _add_position_new(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "new", help="print a new game's position JSON (seeded setup; the deck's order stays face down)"
    )
    _game_options(p)
    p.add_argument(
        "--reveal-deck", action="store_true",
        help="write the shuffled deck's order (deck.order_known true); without it the undrawn cards are "
             "an unordered set, as at a real table",
    )
    p.set_defaults(handler=_position_new)


def _position_validate(args: argparse.Namespace) -> int:
    state = read_position(args.file)
    write_json(position_summary(state))
    print(summary_line(state), file=sys.stderr)
    return 0


def _add_position_validate(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("validate", help="check a position file, JSON or one-line notation; exit 2 naming the problem")
    p.add_argument("file", help="position file (JSON or notation), or - for stdin")
    p.set_defaults(handler=_position_validate)


def _position_to_text(args: argparse.Namespace) -> int:
    print(to_text(read_position(args.file), cards=not args.no_cards))
    return 0


def _add_position_to_text(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("to-text", help="print a position file as one line of notation")
    p.add_argument("file", help="position file (JSON or notation), or - for stdin")
    p.add_argument("--no-cards", action="store_true", help="leave out the headline cards drawn (the drawn section)")
    p.set_defaults(handler=_position_to_text)


def _position_from_text(args: argparse.Namespace) -> int:
    text = read_text("-")[0] if args.text == "-" else args.text
    write_json(from_text(text).to_json())
    return 0


def _add_position_from_text(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("from-text", help="print the position JSON of one line of notation")
    p.add_argument("text", help="the notation (quote it: it holds spaces and '|'), or - for stdin")
    p.set_defaults(handler=_position_from_text)


POSITION_COMMANDS: list[Callable[[argparse._SubParsersAction], None]] = [
    _add_position_new, _add_position_validate, _add_position_to_text, _add_position_from_text,
]
"""Registrars of ``position`` sub-subcommands; append to add one."""


def _add_position(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("position", help="game positions: create, check, and write as one line or JSON")
    psub = p.add_subparsers(dest="position_command", parser_class=type(p))
    for add in POSITION_COMMANDS:
        add(psub)
    names = list(psub.choices)

    def _no_subcommand(_args: argparse.Namespace) -> int:
        helps = {a.dest: a.help for a in psub._choices_actions}
        listed = [f"{name} ({helps[name]})" if helps.get(name) else name for name in names]
        raise BadInput(f"position: name a subcommand: {', '.join(listed[:-1])} or {listed[-1]}")

    p.set_defaults(handler=_no_subcommand)


# ------------------------------------------------------------------ selfplay
def _selfplay(args: argparse.Namespace) -> int:
    from pennypress.engine.arena.selfplay import run_selfplay  # here: the other commands do not pay for it

    started = time.monotonic()
    last = [started]

    def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if done == total or now - last[0] >= 2.0:
            last[0] = now
            print(f"selfplay: {done}/{total} games ({now - started:.0f}s)", file=sys.stderr, flush=True)

    if args.seats is not None and args.bot is not None:
        raise BadInput("selfplay: give --seats (one bot per seat) or --bot (every seat), not both")
    report = run_selfplay(
        players=args.players,
        games=args.games,
        seed=args.seed,
        bot=args.bot or "random",
        seats=None if args.seats is None else parse_seats(args.seats, args.players),
        variants=args.variant,
        deck=args.deck,
        progress=progress,
    )
    write_json(report)
    return 0 if report["invariant_violations"] == 0 else 1


def _add_selfplay(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("selfplay", help="bots play complete games; every invariant is checked after every move")
    _game_options(p)
    p.add_argument("--games", type=int, default=10, help="games to play (default 10)")
    p.add_argument("--bot", default=None, help=f"bot for every seat: {', '.join(bot_names())} (default random)")
    p.add_argument("--seats", default=None, help=seats_help())
    p.set_defaults(handler=_selfplay)


# ------------------------------------------------------------------ replay
def _replay(args: argparse.Namespace) -> int:
    from pennypress.engine.io.record import replay  # here: the other commands do not pay for it

    result = replay(read_json(args.file))
    if args.verbose:
        for entry in result.summary(verbose=True)["log"]:
            print(f"{entry['move']:4d}  player {entry['player']}  {entry['notation']}", file=sys.stderr)
    summary = result.summary(verbose=args.verbose)
    write_json(summary)
    scores = ", ".join(map(str, summary["final_scores"]))
    end = (f"game over, won by {' and '.join(f'player {w}' for w in summary['winners'])}" if summary["over"]
           else f"not over ({summary['phase']})")
    checked = [k.replace("_", " ") for k, v in summary["checked"].items() if v]
    print(f"replayed {summary['moves']} moves: {end}; scores {scores}"
          + (f"; the record's {' and '.join(checked)} match" if checked else ""), file=sys.stderr)
    return 0


def _add_replay(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("replay", help="replay a game record (docs/guide/record.md), checking every move; "
                                      "print a JSON summary")
    p.add_argument("file", help="record JSON file, or - for stdin")
    p.add_argument("--verbose", action="store_true", help="list every move (stderr) and add them to the JSON as log")
    p.set_defaults(handler=_replay)


def register(sub: argparse._SubParsersAction) -> None:
    """Add this module's subcommands to the ``pennypress`` command line."""
    _add_position(sub)
    _add_selfplay(sub)
    _add_replay(sub)
