"""Picking a legal move the way players name it: the kind of move, then the move, both in words.

The analysis board ("Play any move") and the table-game recorder of "Audit a game"
use it. The moves of a kind are a list of choices that wraps at any width (in a
box that scrolls when the list is long), never a drop-down whose text a phone
would cut off. The notation stays the value: :func:`chosen` gives it back.

>>> from pennypress.engine import new_game
>>> groups = move_groups(new_game(2, seed=11).legal_moves())
>>> list(groups), len(groups["Send reporters"]) > 1
(['Send reporters'], True)
"""
from __future__ import annotations

from typing import Sequence

import streamlit as st

from pennypress.engine.moves import Assign, Decline, GoToPress, Move, PassNewsboy, Reassign, Recall
from pennypress.engine.words import move_words
from pennypress.ui.app.widgets import valid_choice

GROUPS = (("Send reporters", Assign), ("Recall reporters", Recall), ("Move a reporter", Reassign),
          ("Go to press", GoToPress), ("Pass the newsboy", PassNewsboy), ("Decline the last press", Decline))
"""The kinds of move, as the pickers list them."""
SCROLL_FROM = 8
"""A kind with more moves than this shows them in a box that scrolls."""


def move_groups(moves: Sequence[Move]) -> dict[str, list[Move]]:
    """``moves`` grouped by kind (only kinds with a move), in :data:`GROUPS` order."""
    out = {name: [m for m in moves if isinstance(m, kind)] for name, kind in GROUPS}
    return {k: v for k, v in out.items() if v}


def chosen(kind_key: str, move_key: str, moves: Sequence[Move]) -> str:
    """The notation of the move the picker holds (always one of ``moves``; for callbacks)."""
    groups = move_groups(moves)
    kind = valid_choice(kind_key, list(groups)) or next(iter(groups))
    options = [str(m) for m in groups.get(kind, next(iter(groups.values())))]
    return valid_choice(move_key, options) or options[0]


def move_picker(kind_key: str, move_key: str, moves: Sequence[Move], label: str = "Move") -> str:
    """Draw the picker for ``moves`` (the legal moves); returns the chosen move's notation."""
    groups = move_groups(moves)
    kinds = list(groups)
    valid_choice(kind_key, kinds)
    if len(kinds) > 1:
        kind = st.radio("Kind of move", kinds, key=kind_key, horizontal=True)
    else:
        kind = st.session_state[kind_key] = kinds[0]
    options = [str(m) for m in groups[kind]]
    valid_choice(move_key, options)
    box = st.container(height=300, key=f"{move_key}_box") if len(options) > SCROLL_FROM else st.container()
    with box:
        return st.radio(label, options, key=move_key, format_func=move_words)
