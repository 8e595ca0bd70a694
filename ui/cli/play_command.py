"""``pennypress play``: a game against the project's bots in the terminal.

One command per line (stdin, or ``--script FILE``): a move's number from the
list, a move in the engine's notation, ``hint``, ``undo``, ``save FILE``,
``quit``. The bots move in between, one at a time, each move said in words.
With ``--script`` the commands come from FILE, the game's story goes to
stderr, and the finished game's record (``pennypress-record``) is printed as
JSON on stdout. The game itself is :class:`pennypress.engine.arena.table_game.TableGame`.

>>> parse_command("save my game.json"), parse_command(" 3 "), parse_command("hint")
(('save', 'my game.json'), ('move', '3'), ('hint', None))
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Iterator, TextIO

from pennypress.engine.arena.seats import bot_names
from pennypress.engine.arena.table_game import TableGame, TableEvent
from pennypress.engine.arena.table_words import bonus_sentence, card_sentence, end_sentence, hint_sentence
from pennypress.engine.game.names import newspaper
from pennypress.engine.game.variants import VARIANTS
from pennypress.engine.io.record import dumps_record
from pennypress.errors import BadInput
from pennypress.json_text import check_file_size
from pennypress.ui.render.position_tables import board_frame, players_frame

from .progress import ProgressBar

WORDS = ("hint", "undo", "save", "quit")


def parse_command(line: str) -> tuple[str, str | None]:
    """A command line -> ``(kind, argument)``: ``move`` (a number or notation), ``hint``, ``undo``,
    ``save`` (with its file), ``quit``."""
    text = line.strip()
    word, _, rest = text.partition(" ")
    if word in ("hint", "undo", "quit"):
        if rest.strip():
            raise BadInput(f"{word!r} takes nothing after it, got {text!r}")
        return word, None
    if word == "save":
        if not rest.strip():
            raise BadInput("save: name the file, e.g. 'save game.json'")
        return "save", rest.strip()
    return "move", text


class _Table:
    """The conversation: what is said (``out``), where commands come from, and what they do."""

    def __init__(self, game: TableGame, out: TextIO, scripted: bool):
        self.game, self.out, self.scripted = game, out, scripted

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def tell(self, event: TableEvent) -> None:
        self.say(f"{event.number}. {event.words}")
        if event.page:
            self.say(f"   The page: {event.page}.")
        if event.card_text:
            self.say(f"   {card_sentence(event.card_text)}")

    def show_turn(self) -> None:
        view = self.game.view()
        self.say()
        self.say(board_frame(view).to_string(index=False))
        self.say(players_frame(view).to_string(index=False))
        self.say(f"Your turn ({newspaper(self.game.me)}). Your moves:")
        for k, (_, words) in enumerate(self.game.legal_moves(), 1):
            self.say(f"  {k:>3}. {words}")

    def show_end(self) -> None:
        end, me = self.game.end(), self.game.me
        self.say()
        self.say(end_sentence([s["circulation"] for s in end["scores"]], end["winner_seats"], me))
        for b in end["bonuses"]:
            self.say("  " + bonus_sentence(b["beat"], b["players"], b["points"], b["most_stars"], me))
        for p, s in enumerate(end["scores"]):
            self.say(f"  {s['newspaper']}{' (you)' if p == me else ''}: {s['circulation']}")

    def hint(self) -> None:
        bar = ProgressBar("playout", delay=0.5)
        try:
            advice = self.game.hint("fast", progress=bar)
        finally:
            bar.close()
        best = advice.best
        self.say(hint_sentence(best.move, best.win_probability, best.exact))
        for reason in best.reasons:
            self.say(f"  - {reason}")

    def run(self, lines: Iterator[tuple[int, str]], where: str) -> bool:
        """Play until the game ends (True) or ``quit``/the end of the input (False)."""
        for event in self.game.run_bots():
            self.tell(event)
        if not self.game.is_over:
            self.show_turn()
        while not self.game.is_over:
            try:
                number, line = next(lines)
            except StopIteration:
                if self.scripted:
                    raise BadInput(f"{where}: the commands ended before the game did (your turn at move "
                                   f"{self.game.state.ply + 1}); add moves or 'quit'") from None
                return False
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            try:
                kind, arg = parse_command(line)
                if kind == "quit":
                    return False
                self.do(kind, arg)
            except BadInput as exc:
                if self.scripted:
                    raise BadInput(f"{where} line {number}: {exc}") from None
                self.say(f"{exc}; try again (a number from the list, a move such as 'assign 1 war:A:1', "
                         "hint, undo, save FILE or quit)")
        self.show_end()
        return True

    def do(self, kind: str, arg: str | None) -> None:
        if kind == "hint":
            self.hint()
            return
        if kind == "save":
            try:
                Path(arg).write_text(dumps_record(self.game.record()), encoding="utf-8")
            except OSError as exc:
                raise BadInput(f"save: cannot write {arg!r} ({exc.strerror or exc})") from None
            self.say(f"Saved the game to {arg}")
            return
        if kind == "undo":
            if self.game.take_back():
                self.say(f"Took back your last move; move {self.game.state.ply + 1} is yours again")
            else:
                self.say("There is no move of yours to take back")
            self.show_turn()
            return
        self.tell(self.game.play(arg))
        for event in self.game.run_bots():
            self.tell(event)
        if not self.game.is_over:
            self.show_turn()


def _lines(stream: TextIO) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(stream, 1):
        yield number, line.rstrip("\n")


def _play(args: argparse.Namespace) -> int:
    if args.players is None or not 2 <= args.players <= 5:
        raise BadInput(f"play: --players must be 2 to 5, got {args.players}")
    game = TableGame.new(args.players, args.me - 1, args.seats, seed=args.seed, variants=args.variant)
    if args.script is None:
        table = _Table(game, sys.stdout, scripted=False)
        table.say(f"You are {newspaper(game.me)} ({args.players} players, seed {game.seed}). "
                  "Type a move's number or notation, hint, undo, save FILE or quit.")
        table.run(_lines(sys.stdin), "stdin")
        return 0
    try:
        check_file_size(args.script, Path(args.script).stat().st_size)
        text = Path(args.script).read_text(encoding="utf-8")
    except OSError as exc:
        raise BadInput(f"script: cannot read {args.script!r} ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise BadInput(f"script: {args.script!r} is not a text file") from None
    table = _Table(game, sys.stderr, scripted=True)
    table.run(iter(enumerate(text.splitlines(), 1)), f"script {args.script}")
    print(json.dumps(game.record(), ensure_ascii=False))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``play`` to the ``pennypress`` command line."""
    p = sub.add_parser(
        "play",
        help="play a game against the computer in the terminal (hint, undo, save)",
        description="You play one newspaper, bots the others. Commands, one a line: a move's number from the "
                    "list, a move in the engine's notation, hint, undo, save FILE, quit. With --script the "
                    "commands come from FILE and the finished game's record is printed as JSON.",
    )
    p.add_argument("--players", type=int, required=True, help="number of players, 2 to 5")
    p.add_argument("--me", type=int, required=True, help="your newspaper, 1 to --players (1 = The Times)")
    p.add_argument("--seats", required=True,
                   help="the bots of the other newspapers in seat order, skipping yours, comma-separated "
                        f"(each one of {', '.join(bot_names())})")
    p.add_argument("--seed", type=int, default=None, help="seed of the deal and the bots (default: a fresh deal)")
    p.add_argument("--variant", action="append", default=[], choices=sorted(VARIANTS),
                   help="a variant (repeatable)")
    p.add_argument("--script", metavar="FILE", default=None,
                   help="read the commands from FILE and print the finished game's record as JSON")
    p.set_defaults(handler=_play)
