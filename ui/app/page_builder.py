"""The click-to-place page builder: pure steps on a list of placements, and the widgets that drive them.

A click puts the chosen story's top-left corner on the clicked cell in the
chosen orientation (replacing where it was); the story can be taken off again.
Whether the result is legal is the checker's business: a story may run off
the page or overlap another here, and the checker says so.

The widgets (:func:`open_on`, :func:`start_buttons`, :func:`builder`) keep
their state under one :class:`~pennypress.ui.app.session_keys.BuilderKeys`
prefix, so "Check my page" and the table-game recorder of "Audit a game" each
have their own builder in one session. The page they hold is read with
:func:`placements_of` and :func:`exclusive_of`; the builder never judges it.

>>> from pennypress.solver import make_problem
>>> p = make_problem([("politics", "A"), ("war", "D")], {"war": 3, "crime": 3, "politics": 4, "city": 0, "human": 0})
>>> page = place((), 1, 2, 0, (2, 3))
>>> page = place(page, 0, 0, 0, (1, 2))
>>> page = place(page, 0, 1, 0, (1, 2))      # moved: placed once, at its new cell
>>> page
(Placement(story=0, x=1, y=0, w=1, h=2), Placement(story=1, x=2, y=0, w=2, h=3))
>>> remove(page, 1)
(Placement(story=0, x=1, y=0, w=1, h=2),)
>>> [orientation_words(w, h) for w, h in p.stories[1].shape.orientations]
['upright: 2 wide, 3 tall', 'sideways: 3 wide, 2 tall']
>>> to_state(page) == [[0, 1, 0, 1, 2], [1, 2, 0, 2, 3]] and from_state(to_state(page)) == page
True
"""
from __future__ import annotations

from typing import Any, Iterable, Sequence

import streamlit as st

from pennypress.json_text import parse_json_text
from pennypress.solver import Placement, PressProblem, ProposedPage, story_tag
from pennypress.ui.app.mat_picker import cell_face, mat_grid
from pennypress.ui.app.session_keys import BuilderKeys
from pennypress.ui.render.page_svg import footprint_svg
from pennypress.ui.app.widgets import valid_choice
from pennypress.ui.render.words import cell_words, names_and, numbered_story

FOOT_CELL = 22  # pixels per cell of the small drawing of the chosen orientation


def place(placements: Iterable[Placement], story: int, x: int, y: int, footprint: tuple[int, int]) -> tuple[Placement, ...]:
    """``placements`` with ``story`` (wherever it was, even twice) moved to ``(x, y)`` as ``footprint`` (w, h)."""
    w, h = footprint
    kept = [p for p in placements if p.story != story]
    return tuple(sorted([*kept, Placement(story, x, y, w, h)]))


def remove(placements: Iterable[Placement], story: int) -> tuple[Placement, ...]:
    """``placements`` without ``story``."""
    return tuple(p for p in placements if p.story != story)


def orientation_words(w: int, h: int) -> str:
    """A footprint in words: ``'upright: 1 wide, 2 tall'``, ``'sideways: 2 wide, 1 tall'``, ``'square: 2 × 2'``."""
    if w == h:
        return f"square: {w} × {h}"
    return f"{'upright' if h > w else 'sideways'}: {w} wide, {h} tall"


def to_state(placements: Sequence[Placement]) -> list[list[int]]:
    """Placements as plain lists for ``st.session_state``."""
    return [[p.story, p.x, p.y, p.w, p.h] for p in placements]


def from_state(rows: Sequence[Sequence[int]]) -> tuple[Placement, ...]:
    return tuple(Placement(*map(int, r)) for r in rows)


def parse_layout_text(text: str, problem: PressProblem) -> ProposedPage:
    """A pasted layout (``{"placements": [...], "exclusive": i}`` or a whole ``check`` document),
    kept exactly as given (a wrong size or a story placed twice is for the checker to report)."""
    doc = parse_json_text(text, "pasted layout")
    if isinstance(doc, dict) and "layout" in doc and "placements" not in doc:
        doc = doc["layout"]
    return ProposedPage.from_json(doc, problem)


def exclusive_choice(option: str) -> Any:
    """The exclusive selectbox's option as the checker takes it: ``"best"``, ``None`` or a story index.

    >>> exclusive_choice("best"), exclusive_choice("none"), exclusive_choice("2")
    ('best', None, 2)
    """
    return "best" if option == "best" else (None if option == "none" else int(option))


def exclusive_option(exclusive: Any) -> str:
    """The inverse of :func:`exclusive_choice`.

    >>> [exclusive_option(exclusive_choice(o)) for o in ("best", "none", "1")]
    ['best', 'none', '1']
    """
    return "best" if exclusive == "best" else ("none" if exclusive is None else str(int(exclusive)))


# ------------------------------------------------------------------ the widgets (Streamlit)
def open_on(keys: BuilderKeys, owner: str, start: Sequence[Placement]) -> None:
    """Open the builder on ``start`` (exclusive: the best valid choice) when ``owner`` -- whatever
    names the press, e.g. its problem's JSON -- is not the press it holds; else keep the page being built."""
    ss = st.session_state
    if ss.get(keys.owner) == owner:
        return
    ss[keys.owner] = owner
    set_page(keys, start, "best", touched=False)
    ss[keys.story] = 0
    ss.pop(keys.orientation, None)


def set_page(keys: BuilderKeys, placements: Sequence[Placement], exclusive: Any = "best", touched: bool = True) -> None:
    """Put ``placements`` (kept exactly as given) and ``exclusive`` in the builder."""
    ss = st.session_state
    ss[keys.placements] = to_state(placements)
    ss[keys.exclusive] = exclusive_option(exclusive)
    ss[keys.touched] = touched


def placements_of(keys: BuilderKeys) -> tuple[Placement, ...]:
    """The page as built."""
    return from_state(st.session_state.get(keys.placements, ()))


def exclusive_of(keys: BuilderKeys) -> Any:
    """The exclusive as chosen: ``"best"`` (let the checker pick), ``None`` or a story index."""
    return exclusive_choice(str(st.session_state.get(keys.exclusive, "best")))


def touched(keys: BuilderKeys) -> bool:
    """Whether the player changed the page the builder opened on."""
    return bool(st.session_state.get(keys.touched))


def start_buttons(keys: BuilderKeys, start: Sequence[Placement], start_label: str = "Start from the optimal page") -> None:
    """Two buttons: back to ``start`` (the page the builder opened on), or an empty page."""
    with st.container(horizontal=True):
        st.button(start_label, on_click=set_page, args=(keys, tuple(start), "best", False), key=keys.from_start)
        st.button("Start from an empty page", on_click=set_page, args=(keys, (), "best", True), key=keys.from_empty)


def _footprint(keys: BuilderKeys, problem: PressProblem, story: int) -> tuple[int, int]:
    """How the chosen story is turned (its first orientation if the radio holds anything else)."""
    options = [f"{w}x{h}" for w, h in problem.stories[story].shape.orientations]
    w, h = (int(v) for v in str(valid_choice(keys.orientation, options)).split("x"))
    return w, h


def _chosen(keys: BuilderKeys, problem: PressProblem) -> int:
    """The story the radio holds (always one of the press's stories)."""
    return int(valid_choice(keys.story, list(range(len(problem.stories))), 0) or 0)


def _click(keys: BuilderKeys, problem: PressProblem, x: int, y: int) -> None:
    story = _chosen(keys, problem)
    set_page(keys, place(placements_of(keys), story, x, y, _footprint(keys, problem, story)), exclusive_of(keys))


def _remove(keys: BuilderKeys, problem: PressProblem) -> None:
    set_page(keys, remove(placements_of(keys), _chosen(keys, problem)), exclusive_of(keys))


def _exclusive_changed(keys: BuilderKeys) -> None:
    st.session_state[keys.touched] = True


def builder(keys: BuilderKeys, problem: PressProblem) -> None:
    """Draw the builder for ``problem`` in the current container: which story, how it is turned,
    the mat to click, "take it off", and the exclusive. (Call :func:`open_on` first.)"""
    ss = st.session_state
    n_stories = len(problem.stories)
    placements = placements_of(keys)
    valid_choice(keys.story, list(range(n_stories)), 0)
    placed_at = {p.story: p for p in placements}

    # The labels depend on the press only, never on the page being built: a label that changed
    # under the browser would come back as text the radio no longer knows.
    st.radio("Story to place", list(range(n_stories)), key=keys.story, format_func=lambda i: numbered_story(problem, i))
    off = [numbered_story(problem, i) for i in range(n_stories) if i not in placed_at]
    st.caption("Off the page: " + names_and(off) if off else "Every story is on the page.")
    chosen = _chosen(keys, problem)
    options = [f"{w}x{h}" for w, h in problem.stories[chosen].shape.orientations]
    if ss.get(keys.orientation) not in options:
        now = placed_at.get(chosen)
        ss[keys.orientation] = f"{now.w}x{now.h}" if now and f"{now.w}x{now.h}" in options else options[0]
    o1, o2 = st.columns([3, 2], vertical_alignment="center")
    o1.radio("Turned", options, key=keys.orientation,
             format_func=lambda o: orientation_words(*(int(v) for v in o.split("x"))))
    with o2:
        fw, fh = _footprint(keys, problem, chosen)
        st.image(footprint_svg(problem, chosen, fw, fh, size=FOOT_CELL), width=fw * FOOT_CELL)
    st.caption(f"Click the cell for the top-left corner of {numbered_story(problem, chosen)}. "
               "The thick line is the top edge; empty cells show their penalty.")
    mine = placed_at.get(chosen)
    mat_grid(
        grid_key=keys.grid, cell_key=keys.cell,
        face=lambda x, y: cell_face((x, y), problem.ad, problem, placements),
        on_click=lambda x, y: _click(keys, problem, x, y),
        chosen=lambda x, y: mine is not None and (x, y) in set(mine.cells()),
        help_text=lambda x, y: f"Put {story_tag(chosen)}'s top-left corner in the {cell_words((x, y))}",
    )
    st.button(f"Take {story_tag(chosen)} off the page", key=keys.remove, on_click=_remove, args=(keys, problem), disabled=mine is None)
    ex_options = ["best", "none"] + [str(i) for i in range(n_stories)]
    valid_choice(keys.exclusive, ex_options, "best")
    st.selectbox(
        "Exclusive (one story not from a top beat, touching the top edge, scores twice)",
        ex_options, key=keys.exclusive, on_change=_exclusive_changed, args=(keys,),
        format_func=lambda o: {"best": "The best valid choice (let the checker pick)", "none": "No exclusive"}.get(
            o, numbered_story(problem, int(o)) if o.isdigit() else o
        ),
    )
