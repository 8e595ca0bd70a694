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
from typing import Callable, Sequence

import streamlit as st

from pennypress.ui.render.stepper import Frame, stepper_data

_HERE = Path(__file__).resolve().parent
NAME = "pennypress.board_stepper"

_component = st.components.v2.component(
    NAME, html="", css=(_HERE / "board_stepper.css").read_text(encoding="utf-8"),
    js=(_HERE / "board_stepper.js").read_text(encoding="utf-8"), isolate_styles=False)


def _told(state) -> dict:
    """What a reporting stepper last told the server (its state ``step``): ``{"at": step, "held": frames_key}``."""
    if state is None:
        return {}
    told = state.get("step") if hasattr(state, "get") else getattr(state, "step", None)
    if isinstance(told, dict):
        return told
    return {} if told is None else {"at": told}


def chosen_step(state) -> int | None:
    """The step a reporting stepper last told the server, from its session state."""
    at = _told(state).get("at")
    return None if at is None else int(at)


def board_stepper(frames: Sequence[Frame], *, key: str, token: str, title: str = "", who: str = "Chance to win",
                  start: int = 0, on_step: Callable[[int], None] | None = None) -> None:
    """Mount the stepper on ``frames``. ``token`` names the line or game: the browser keeps the step shown per
    token through the page's reruns and opens a new token, or a new ``start``, at ``start``; ``who`` says
    whose chance the bar is. Without ``on_step`` stepping never reaches the server; with it, each step the
    player takes is told to the server, which calls ``on_step(step)`` before it reruns (the page's fragment
    that holds the stepper, or the page). A step told also says which frames the browser holds (their
    key, :func:`~pennypress.ui.render.stepper.stepper_data`): the run it causes, drawing the same frames,
    sends only the key, not the frames again (a browser that has lost them says so, and gets them)."""
    def told() -> None:
        step = chosen_step(st.session_state.get(key))
        if step is not None and on_step is not None:
            on_step(max(0, min(step, len(frames) - 1)))

    report = on_step is not None
    held = _told(st.session_state.get(key)).get("held") if report else None
    data = stepper_data(frames, token=token, title=title, who=who, start=start, report=report, held=held)
    if report:
        _component(key=key, data=data, default={"step": None}, on_step_change=told)
    else:
        _component(key=key, data=data)
