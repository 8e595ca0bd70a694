"""What the board stepper shows (:mod:`pennypress.ui.app.board_stepper`): one frame per position, as data.

A frame is the board drawn at one step (both layouts, the step's move outlined and, for a move of
reporters, drawn as an arrow), the step in words, and the chance to win the evaluation bar shows there.
Everything is worked out on the server, once; the browser only swaps frames.

>>> f = Frame(board="<svg/>", label="1. The Sun: Go to press", said="The Sun goes to press", chance=0.634)
>>> d = stepper_data([f], token="t", title="The likely line", who="The Sun's chance to win")
>>> d["frames"][0]["chance_text"], d["start"], d["report"]
('63%', 0, False)
>>> stepper_data([f], token="t", start=5)["start"]
0
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, Sequence

from pennypress.engine.game.moves import Reassign, parse_move
from pennypress.ui.render.audit_words import pct
from pennypress.ui.render.board_svg import ARROW, Arrow


@dataclass(frozen=True)
class Frame:
    """One position of a stepped line or game."""

    board: str
    """The board's HTML (:func:`~pennypress.ui.render.board_svg.board_html`)."""
    label: str
    """The step in the list of steps, short (a move number and the move)."""
    said: str = ""
    """The step in a sentence, shown above the board (the label when empty)."""
    chance: float | None = None
    """The chance to win the evaluation bar shows at this step (``None``: not measured here, the bar is faded)."""
    mark: str = ""
    """A mark beside the label (★, ?!, ?, ??), drawn on ``mark_colour``."""
    mark_colour: str = ""


def arrow_of(move: str | None, colour: str = ARROW) -> list[Arrow]:
    """The arrow a move is drawn as, in ``colour``: a move of reporters from its source to its target;
    nothing for a send, a recall, a press or a card (they are outlined).

    >>> arrow_of("reassign war:D:1 -> crime:B:1")
    [(Story('war:D:1'), Story('crime:B:1'), '#1f6feb')]
    >>> arrow_of("press") == arrow_of(None) == []
    True
    """
    if move is None:
        return []
    m = parse_move(move)
    return [(m.source, m.target, colour)] if isinstance(m, Reassign) else []


def stepper_data(frames: Sequence[Frame], *, token: str, title: str = "", who: str = "Chance to win",
                 start: int = 0, report: bool = False, held: str | None = None) -> dict[str, Any]:
    """The component's data: every frame, the step to open on (clamped), whose chance the bar is.

    ``frames_key`` names the frames' content (a hash of them): the browser keeps the frames it was sent by
    that key, so a page run again with the same frames sends only the key (``held``, the key the browser
    was last sent for this stepper) -- a step of a reporting stepper then costs the server's run of its
    part, not the frames' megabytes again. A browser that lacks them asks for them (the state ``need``).

    >>> f = Frame(board="<svg/>", label="1. Go to press")
    >>> first = stepper_data([f], token="t")
    >>> again = stepper_data([f], token="t", held=first["frames_key"])
    >>> len(first["frames"]), again["frames"], again["count"], again["frames_key"] == first["frames_key"]
    (1, None, 1, True)
    """
    start = start if 0 <= start < len(frames) else 0
    shown = [{"board": f.board, "label": f.label, "said": f.said or f.label,
              "chance": None if f.chance is None else round(f.chance, 4),
              "chance_text": "" if f.chance is None else pct(f.chance),
              "mark": f.mark, "mark_colour": f.mark_colour} for f in frames]
    key = hashlib.sha1(json.dumps(shown, sort_keys=True).encode()).hexdigest()
    return {
        "token": token, "title": title, "who": who, "start": start, "report": report,
        "frames_key": key, "count": len(shown), "frames": None if held == key else shown,
    }
