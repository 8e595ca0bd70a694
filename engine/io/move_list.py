"""A game written as a list of moves, one a line, turned into a record (``pennypress record``).

Each line is a move in the engine's notation (:mod:`pennypress.engine.game.moves`); the headline
card drawn after a press is ``card N`` on the next line, or ``card=N`` at the
end of the press line. Blank lines and ``#`` comments are skipped. The record
is replayed, so an illegal move or a wrong card is refused naming its line.

>>> entries, lines = parse_move_lines("assign 4 city:D:1\\n# a comment\\npress card=16\\nassign 1 war:A:1\\n")
>>> entries, lines
(['assign 4 city:D:1', {'move': 'press', 'card': 16}, 'assign 1 war:A:1'], [1, 3, 4])
>>> parse_move_lines("card 3")
Traceback (most recent call last):
...
pennypress.errors.BadInput: line 1: 'card 3' must follow a press
"""
from __future__ import annotations

import re
from typing import Any

from pennypress.errors import BadInput

from .record import FORMAT, VERSION, replay
from .state import State

_CARD = re.compile(r"^card\s+(\S+)$")
_INLINE = re.compile(r"^(press\b.*?)\s+card=(\S+)$")


def _card(text: str, line: int) -> int:
    try:
        return int(text)
    except ValueError:
        raise BadInput(f"line {line}: card {text!r} is not a card number") from None


def parse_move_lines(text: str) -> tuple[list[Any], list[int]]:
    """The record's ``moves`` entries and the line each came from."""
    entries: list[Any] = []
    lines: list[int] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        card = _CARD.match(line)
        if card:
            last = entries[-1] if entries else None
            move = last if isinstance(last, str) else (last or {}).get("move", "")
            if not move.startswith("press") or isinstance(last, dict) and "card" in last:
                raise BadInput(f"line {number}: {line!r} must follow a press")
            entries[-1] = {"move": move, "card": _card(card.group(1), number)}
            continue
        inline = _INLINE.match(line)
        if inline:
            entries.append({"move": inline.group(1), "card": _card(inline.group(2), number)})
        else:
            entries.append(line)
        lines.append(number)
    return entries, lines


def record_from_lines(text: str, start: dict, game: dict, title: str | None = None) -> dict:
    """A checked record from a move list: ``start`` is ``{"seed": S}`` or ``{"position": {...}}``.

    :class:`BadInput` names the line of an illegal move or a wrong card.
    """
    entries, lines = parse_move_lines(text)
    doc: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if title:
        doc["title"] = title
    doc["game"] = game
    doc.update(start)
    doc["moves"] = entries
    try:
        result = replay(doc)
    except BadInput as exc:
        match = re.match(r"record\.moves\[(\d+)\](?:\.card)?: (.*)", str(exc))
        if match:
            raise BadInput(f"line {lines[int(match.group(1))]}: {match.group(2)}") from None
        raise
    doc["final_scores"] = result.scores
    if result.state.is_over:
        doc["winners"] = list(result.state.winners)
    return doc


def start_of(state: State) -> dict:
    """The record start for a position."""
    return {"position": state.to_json()}
