"""Loading a game position for the app: a JSON document or text, or one clear :class:`BadInput`.

Every check is the engine's (``State.from_json`` validates; ``docs/guide/position.md``).

>>> from pennypress.ui.io.example_files import position_examples, load
>>> parse_position(load(position_examples()["rulebook-12-points"])).n_players
3
>>> parse_position_text("[1, 2]")
Traceback (most recent call last):
...
pennypress.errors.BadInput: position: expected a JSON object, got [1, 2]
"""
from __future__ import annotations

from typing import Any, Callable

from pennypress.engine import State
from pennypress.engine.notation.text import load_position_text
from pennypress.errors import BadInput


def read_or_say(read: Callable[..., State], *args: Any, where: str) -> State:
    """``read(*args)``: its own :class:`BadInput` as it is, anything else it raises on malformed input turned
    into one :class:`BadInput` naming ``where`` -- so a player sees a message, never a traceback."""
    try:
        return read(*args)
    except BadInput:
        raise
    except Exception as exc:  # noqa: BLE001 - anything malformed must reach the user as a message
        raise BadInput(f"{where}: cannot be read ({type(exc).__name__}: {exc})") from None


def parse_position(doc: Any) -> State:
    """A position from its JSON document; :class:`BadInput` with the engine's message otherwise."""
    return read_or_say(State.from_json, doc, where="position")


def parse_position_text(text: str, where: str = "pasted position") -> State:
    """A position from its JSON text or one-line notation (``docs/guide/notation.md``); ``where`` names the
    text in messages (a file name, say)."""
    return read_or_say(load_position_text, text, where, where=where)
