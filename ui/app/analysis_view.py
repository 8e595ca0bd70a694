"""The analysis board's pieces that are not Streamlit calls: the stories a move touches (outlined
on the board), the line of moves in words, and stepping along it.

Everything is asked of the engine and the advisor; nothing here knows a rule.

>>> from pennypress.engine.game.moves import Reassign
>>> from pennypress.engine.game.stories import Story
>>> move_marks(Reassign(Story.parse("war:D:1"), Story.parse("city:A:1")))
{Story('war:D:1'): '#c0392b', Story('city:A:1'): '#1e8449'}
>>> line_words({"move": "assign 2 war:B:1", "player": 1}, None)
'The Sun sent 2 reporters to War B ★'
"""
from __future__ import annotations

import random

from pennypress.engine import State
from pennypress.engine.game.moves import Assign, GoToPress, Move, Reassign, Recall
from pennypress.engine.game.names import newspaper
from pennypress.engine.game.stories import Story
from pennypress.engine.game.words import move_words
from pennypress.engine.io.state import public_view
from pennypress.ui.render.audit_words import card_text

SEND = "#1e8449"
"""Highlight of a story that receives reporters."""
RECALL = "#c0392b"
"""Highlight of a story reporters leave."""
PRESS = "#d4a017"
"""Highlight of the stories a press claims."""


def move_marks(move: Move, state: State | None = None) -> dict[Story, str]:
    """The stories a move touches, with their highlight colour (a press needs ``state`` for its claims)."""
    if isinstance(move, Assign):
        return {move.story: SEND}
    if isinstance(move, Recall):
        return {s: RECALL for s, _ in move.reporters}
    if isinstance(move, Reassign):
        return {move.source: RECALL, move.target: SEND}
    if isinstance(move, GoToPress) and state is not None:
        return {s: PRESS for s in state.claimable(state.current)}
    return {}


def line_words(entry: dict, deck) -> str:
    """One step of the line played on the board, in words: a move by its newspaper, or a card drawn."""
    if entry.get("card") is not None:
        how = " (at random)" if entry.get("random") else " (as drawn at the table)"
        said = card_text(entry["card"], deck)
        return said[0].upper() + said[1:] + how
    return f"{newspaper(entry['player'])} {move_words(entry['move'], past=True)}"


def step(state: State, move: Move) -> State:
    """The public position after ``move`` (stopping at a card draw: see :func:`draw`).

    >>> from pennypress.engine import new_game
    >>> s = new_game(3, seed=7); t = step(s, s.legal_moves()[0])
    >>> t.ply == s.ply + 1 and not t.deck_known and s.ply == 0
    True
    """
    new = public_view(state)
    new.apply(move)
    return new


def draw(state: State, card: int | None, seed: int) -> State:
    """The position after the pending card draw: ``card`` as drawn at the table, or one at random (seeded)."""
    new = state.clone()
    if card is None:
        outcomes = new.chance_outcomes()
        card = outcomes[random.Random(f"{seed}:{new.ply}").randrange(len(outcomes))][0]
    new.apply_chance(card)
    return new
