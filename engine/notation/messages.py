"""The validation's messages in the notation's words.

The project's validation (:mod:`pennypress.engine.io.validate`) names JSON fields
and numbers players from 0 (``position.players[1].ad``, ``player 2 has the
turn``). A position read from the one-line notation (``docs/guide/notation.md``)
is refused in that notation's terms instead: sections and players numbered
from 1 (``p2 ad``, ``p3 has the turn``).

>>> doc = {"phase": "final-turns", "board": {"war": [{"story": "war:D:3"}]}}
>>> in_notation_terms("position.players[1].ad: a player places an ad only after a press", doc)
'p2 ad: a player places an ad only after a press'
>>> in_notation_terms("position.turn.player: player 2 has the turn but is done (players[2].done)", doc)
'final-turns: p3 has the turn but is done (p3 done)'
>>> in_notation_terms("position.players[2].done: false, but The Herald has already pressed", doc)
'p3 done: false, but p3 has already pressed'
>>> in_notation_terms("position.players[0].ad: [1, 1] is in row 1, but ...", doc)
'p1 ad: ad=1,1 is in row 1, but ...'
>>> in_notation_terms("position.turn.pending: [0, 1], but ...: expected [1]", doc)
'final-turns pending: p1,p2, but ...: expected p2'
>>> in_notation_terms("position.board.war[0].story: war:D:3 is also at position.players[0].published[2]", doc)
'board war:D:3: war:D:3 is also at p1 pub'
"""
from __future__ import annotations

import re

from ..game.names import NEWSPAPERS, player_token

_PATH = re.compile(r"(?<![\w.])position((?:\.[a-z_]+(?::[A-D])?|\[\d+\])*)")
_PART = re.compile(r"\.([a-z_]+(?::[A-D])?)|\[(\d+)\]")
_BARE_PLAYER_FIELD = re.compile(r"\bplayers\[(\d+)\]\.([a-z_]+)")
_PLAYER = re.compile(r"\bplayer (\d+)\b")
_CELL = re.compile(r"\[(\d+), (\d+)\]")
_SEATS = re.compile(r"\[(\d+(?:, \d+)*)?\]")
_NEWSPAPER = re.compile("|".join(re.escape(name) for name in NEWSPAPERS))

MAT_FIELDS = {"circulation": "circ", "published": "pub", "home": "reporters at home",
              "pennies": "pennies", "ad": "ad", "done": "done"}
"""JSON player fields -> the notation's words for them."""
TURN_FIELDS = {"player": "", "turns_left": "turns", "newsboy": "newsboy", "trigger_player": "trigger",
               "pending": "pending"}
"""JSON ``turn`` fields -> the phase section's options."""


def _seat(index: str) -> str:
    return player_token(int(index))


def _path_words(parts: list[tuple[str, str]], doc: dict) -> str:
    """``[("players", ""), ("", "1"), ("ad", "")]`` -> ``p2 ad``."""
    names = [name for name, _ in parts]
    if not parts:
        return "position"
    head = names[0]
    if head == "players" and len(parts) > 1 and parts[1][1]:
        field = MAT_FIELDS.get(names[2], names[2]) if len(parts) > 2 and names[2] else ""
        return f"{_seat(parts[1][1])} {field}".strip()
    if head == "board" and len(parts) > 1:
        beat = names[1]
        if len(parts) > 2 and parts[2][1]:
            try:
                return f"board {doc['board'][beat][int(parts[2][1])]['story']}"
            except (KeyError, IndexError, TypeError):
                pass
        return f"board ({beat} column)"
    if head in ("markers", "bonus"):
        return f"{head} {names[1]}" if len(parts) > 1 else head
    if head == "turn":
        field = TURN_FIELDS.get(names[1], names[1]) if len(parts) > 1 else ""
        return f"{doc.get('phase', 'phase')} {field}".strip()
    if head == "stacks":
        return f"supply stack {names[1]}" if len(parts) > 1 else "supply stacks"
    if head == "deck":
        return "drawn"
    if head == "game":
        return "game"
    if head == "phase":
        return doc.get("phase", "phase")
    return "position"


def _path(match: re.Match, doc: dict) -> str:
    parts = [(m.group(1) or "", m.group(2) or "") for m in _PART.finditer(match.group(1))]
    return _path_words(parts, doc)


def in_notation_terms(message: str, doc: dict) -> str:
    """A validation message about ``doc`` (read from notation), in the notation's words (see the module doc)."""
    pending = message.startswith("position.turn.pending")
    out = _PATH.sub(lambda m: _path(m, doc), message)
    out = _BARE_PLAYER_FIELD.sub(lambda m: f"{_seat(m.group(1))} {MAT_FIELDS.get(m.group(2), m.group(2))}", out)
    trigger = (doc.get("turn") or {}).get("trigger_player")
    out = out.replace("(turn.trigger_player)", f"(trigger={_seat(trigger)})" if isinstance(trigger, int) else "(trigger=)")
    if re.match(r"p\d ad\b", out):
        out = _CELL.sub(r"ad=\1,\2", out)
    out = _PLAYER.sub(lambda m: _seat(m.group(1)), out)
    out = _NEWSPAPER.sub(lambda m: _seat(str(NEWSPAPERS.index(m.group(0)))), out)
    if pending:
        out = _SEATS.sub(lambda m: ",".join(_seat(x) for x in m.group(1).split(", ")) if m.group(1) else "none", out)
    return out
