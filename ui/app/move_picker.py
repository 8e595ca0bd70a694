"""Picking what happened at the table the way players name it: a legal move (its kind, then the
move, both in words) or the headline card drawn (by its headline).

The analysis board, the table-game recorder of "Audit a game" and "Play a game" use them
("Play a game" sends reporters by a story and a number: :func:`assign_picker`). The
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
from pennypress.engine.game.names import story_name
from pennypress.engine.game.stories import Story
from pennypress.engine.game.words import card_words, move_words
from pennypress.ui.app.widgets import held_choice, valid_choice

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


def kind_picker(kind_key: str, moves: Sequence[Move], on_change=None) -> str:
    """Draw the kind-of-move choice for ``moves`` (nothing when there is one kind); returns the kind."""
    kinds = list(move_groups(moves))
    held_choice(kind_key, kinds)
    if len(kinds) > 1:
        return st.radio("Kind of move", kinds, key=kind_key, horizontal=True, on_change=on_change)
    st.session_state[kind_key] = kinds[0]
    return kinds[0]


def _assign_options(assigns: Sequence[Assign], story_key: str) -> tuple[list[str], str, list[int]]:
    """The stories reporters can be sent to (notation), the one chosen, and the numbers allowed for it."""
    stories = sorted({m.story for m in assigns}, key=lambda s: s.sort_key())
    options = [str(s) for s in stories]
    story = valid_choice(story_key, options) or options[0]
    counts = sorted(m.count for m in assigns if str(m.story) == story)
    return options, story, counts


def chosen_assign(story_key: str, count_key: str, assigns: Sequence[Assign]) -> str:
    """The notation of the assignment the story-and-number picker holds (always one of ``assigns``)."""
    _, story, counts = _assign_options(assigns, story_key)
    count = valid_choice(count_key, counts) or counts[0]
    return str(Assign(Story.parse(story), int(count)))


def assign_picker(story_key: str, count_key: str, assigns: Sequence[Assign], on_change=None) -> str:
    """Send reporters as players say it: click a story, then how many; returns the move's notation.
    ``on_change`` is called when the person changes either choice."""
    options, _, _ = _assign_options(assigns, story_key)
    held_choice(story_key, options)
    with _scrolling(story_key, len(options)):
        st.radio("Send reporters to", options, key=story_key, format_func=lambda s: story_name(Story.parse(s)),
                 on_change=on_change)
    _, _, counts = _assign_options(assigns, story_key)
    held_choice(count_key, counts)
    st.radio("How many reporters", counts, key=count_key, horizontal=True, on_change=on_change)
    return chosen_assign(story_key, count_key, assigns)


def move_picker(kind_key: str, move_key: str, moves: Sequence[Move], label: str = "Move") -> str:
    """Draw the picker for ``moves`` (the legal moves); returns the chosen move's notation."""
    return moves_of_kind(move_key, move_groups(moves)[kind_picker(kind_key, moves)], label)


def moves_of_kind(move_key: str, moves: Sequence[Move], label: str = "Move", on_change=None) -> str:
    """Draw the list of ``moves`` (one kind), in words; returns the chosen move's notation."""
    options = [str(m) for m in moves]
    held_choice(move_key, options)
    with _scrolling(move_key, len(options)):
        return st.radio(label, options, key=move_key, format_func=move_words, on_change=on_change)


def preselect(kind_key: str, story_key: str, count_key: str, move_key: str, move: Move) -> None:
    """Make the pickers hold ``move`` (the hint), before they are drawn."""
    ss = st.session_state
    kind = next((name for name, cls in GROUPS if isinstance(move, cls)), None)
    if kind is None:
        return
    ss[kind_key] = kind
    if isinstance(move, Assign):
        ss[story_key], ss[count_key] = str(move.story), move.count
    else:
        ss[move_key] = str(move)


def _scrolling(key: str, n: int):
    return st.container(height=300, key=f"{key}_box") if n > SCROLL_FROM else st.container()


def card_picker(key: str, cards: Sequence[int], deck: Deck, label: str) -> int:
    """The headline cards that can be drawn, each as it reads; returns the chosen card's number."""
    cards = list(cards)
    held_choice(key, cards)
    with _scrolling(key, len(cards)):
        return st.radio(label, cards, key=key, format_func=lambda c: card_words(deck.card(c)))
