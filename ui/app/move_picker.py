"""Picking what happened at the table the way players name it: a legal move (its kind, then the
move, both in words) or the headline card drawn (by its headline).

The analysis board and the table-game recorder of "Audit a game" use them. The
choices are a list that wraps at any width (in a box that scrolls when the list
is long), never a drop-down whose text a phone would cut off. The notation (a
card's number) stays the value: :func:`chosen` gives a move back.

>>> from pennypress.engine import new_game
>>> groups = move_groups(new_game(2, seed=11).legal_moves())
>>> list(groups), len(groups["Send reporters"]) > 1
(['Send reporters'], True)
"""
from __future__ import annotations

from typing import Sequence

import streamlit as st

from pennypress.engine.game.cards import Deck
from pennypress.engine.game.moves import Assign, Decline, GoToPress, Move, PassNewsboy, Reassign, Recall
from pennypress.engine.game.words import card_words, move_words
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
    with _scrolling(move_key, len(options)):
        return st.radio(label, options, key=move_key, format_func=move_words)


def _scrolling(key: str, n: int):
    return st.container(height=300, key=f"{key}_box") if n > SCROLL_FROM else st.container()


def card_picker(key: str, cards: Sequence[int], deck: Deck, label: str) -> int:
    """The headline cards that can be drawn, each as it reads; returns the chosen card's number."""
    cards = list(cards)
    valid_choice(key, cards)
    with _scrolling(key, len(cards)):
        return st.radio(label, cards, key=key, format_func=lambda c: card_words(deck.card(c)))
