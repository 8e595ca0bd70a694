"""A drawing a person clicks: the board (a story) or their mat (to go to press), answered in Python.

One bidirectional Streamlit component (``st.components.v2``, inline HTML and
JavaScript, no build step) draws trusted HTML made by :mod:`pennypress.ui.render`
and sends back what was clicked as a trigger value: a story's notation id (the
``data-story-id`` of its group, :func:`~pennypress.ui.render.board_svg.board_click_html`)
or ``"press"`` for an element marked ``data-press``. The value lasts one run of
the page, the run the click starts. Each clickable part takes the keyboard too
(Tab to it, Enter or Space). The page decides what a click means: here it is
only a click.

:func:`clicked_moves` is the pure part: the legal moves a click on a story implies.

>>> from pennypress.engine import new_game
>>> s = new_game(2, seed=11)
>>> story = next(s.stories_in_play())
>>> moves = clicked_moves(s.legal_moves(), str(story))
>>> moves and all(str(m).startswith("assign ") and str(story) in str(m) for m in moves)
True
>>> clicked_moves(s.legal_moves(), "press")
[]
"""
from __future__ import annotations

from typing import Callable, Sequence

import streamlit as st
import streamlit.components.v2 as components

from pennypress.engine.game.moves import Assign, GoToPress, Move, Reassign, Recall

PRESS = "press"
"""What a click on the person's mat sends back."""

_CSS = """
.pp-click [data-story-id], .pp-click [data-press] { cursor: pointer; }
.pp-click [data-story-id]:hover rect[data-story], .pp-click [data-story-id]:focus rect[data-story] {
  stroke: #111; stroke-width: 4; }
.pp-click [data-story-id]:focus, .pp-click [data-press]:focus { outline: none; }
.pp-click [data-press]:hover svg, .pp-click [data-press]:focus svg { outline: 3px solid #111; border-radius: 10px; }
"""

_JS = """
export default function(component) {
  const { data, parentElement } = component;
  let root = parentElement.querySelector('.pp-click');
  if (!root) {
    root = document.createElement('div');
    root.className = 'pp-click';
    parentElement.appendChild(root);
  }
  root.ppSend = component.setTriggerValue;
  if (root.ppHtml !== data.html) {
    root.innerHTML = data.html;
    root.ppHtml = data.html;
    for (const el of root.querySelectorAll('[data-story-id], [data-press]')) el.setAttribute('tabindex', '0');
  }
  if (!root.ppListening) {
    root.ppListening = true;
    const pick = (event) => {
      const story = event.target.closest('[data-story-id]');
      const press = event.target.closest('[data-press]');
      const value = story ? story.getAttribute('data-story-id') : (press ? 'press' : null);
      if (value === null) return;
      window.ppClickedAt = performance.now();
      root.ppSend('pick', value);
    };
    root.addEventListener('click', pick);
    root.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); pick(event); }
    });
  }
}
"""

_component = components.component("pennypress_board_click", css=_CSS, js=_JS, isolate_styles=False)


def clickable(html: str, key: str, on_pick: Callable[[str], None] | None = None) -> str | None:
    """Draw ``html`` (trusted: made by the app's renderers) and return what this run's click picked: a
    story's notation id, :data:`PRESS`, or ``None`` when the run was not started by a click on it.
    ``on_pick(key)`` is called before the run a click starts (read the pick with :func:`picked`)."""
    result = _component(key=key, data={"html": html},
                        on_pick_change=(lambda: on_pick(key)) if on_pick is not None else (lambda: None))
    return getattr(result, "pick", None)


def picked(key: str) -> str | None:
    """In ``on_pick``: what the click on the drawing ``key`` picked."""
    state = st.session_state.get(key)
    try:
        return state.get("pick")
    except AttributeError:
        return None


def clicked_moves(moves: Sequence[Move], picked: str | None) -> list[Move]:
    """The legal ``moves`` a click implies: on a story, sending reporters there, recalling from it (alone
    or with others), moving one from it or to it; on the mat (:data:`PRESS`), the press. In the engine's order."""
    if picked is None:
        return []
    if picked == PRESS:
        return [m for m in moves if isinstance(m, GoToPress)]

    def touches(m: Move) -> bool:
        if isinstance(m, Assign):
            return str(m.story) == picked
        if isinstance(m, Recall):
            return any(str(s) == picked for s, _ in m.reporters)
        if isinstance(m, Reassign):
            return picked in (str(m.source), str(m.target))
        return False

    return [m for m in moves if touches(m)]


def click_key(move: Move) -> str | None:
    """The click that leads to ``move`` (a story's id, or :data:`PRESS`), for preselecting it (the hint)."""
    if isinstance(move, Assign):
        return str(move.story)
    if isinstance(move, Recall):
        return str(move.reporters[0][0])
    if isinstance(move, Reassign):
        return str(move.source)
    if isinstance(move, GoToPress):
        return PRESS
    return None

