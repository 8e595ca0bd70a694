"""The board stepper: a board, an evaluation bar and a list of steps that the browser steps through on its own.

Lichess's analysis board answers a step at once because the positions of the line are already in the
browser. So here: the server draws every position of a line (or of a game) once, hands the drawings to one
browser component (a Streamlit ``components.v2`` component, :file:`board_stepper.js`), and Previous /
Next, a click on a step and the ←/→ keys swap drawings in the page without a round trip. The bar beside
the board is the chance to win the frame names (:attr:`Frame.chance`), and the step's move is drawn on
the board as the page's marks and arrow (:func:`~pennypress.ui.render.board_svg.board_html`).

What a frame holds is built by the pages from the engine's figures (:mod:`pennypress.ui.render.stepper`);
this module only mounts the component.
"""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import streamlit as st

from pennypress.ui.render.stepper import Frame, stepper_data

_HERE = Path(__file__).resolve().parent
NAME = "pennypress.board_stepper"

_component = st.components.v2.component(
    NAME, html="", css=(_HERE / "board_stepper.css").read_text(encoding="utf-8"),
    js=(_HERE / "board_stepper.js").read_text(encoding="utf-8"), isolate_styles=False)


def board_stepper(frames: Sequence[Frame], *, key: str, token: str, title: str = "", who: str = "Chance to win",
                  start: int = 0, report: bool = False) -> int | None:
    """Mount the stepper on ``frames`` and return the step the player last chose in the browser (when
    ``report``; else ``None``: stepping never reruns the page). ``token`` names the line: the browser keeps
    the step shown per token through the page's reruns and starts a new token at ``start``; ``who`` says
    whose chance the bar is."""
    result = _component(key=key, data=stepper_data(frames, token=token, title=title, who=who, start=start,
                                                   report=report),
                        default={"step": None} if report else None,
                        **({"on_step_change": lambda: None} if report else {}))
    if not report:
        return None
    step = getattr(result, "step", None)
    return None if step is None else max(0, min(int(step), len(frames) - 1))
