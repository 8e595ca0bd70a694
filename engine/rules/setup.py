"""Setting up a game (rulebook pp. 2-3).

Full supply stacks, bonus markers at 2, every player with 5 reporters home;
the deck shuffled with the seed; one headline card per player resolved
(bonus and stories; ads ignored; the setup overflow rule applies); arrow
markers set; then the variant's part (:meth:`~pennypress.engine.game.variants.base.Variant.deal`:
the newsboy to the 2nd player in the newsboy strike).

The positions are built as the class the caller asks for;
:func:`pennypress.engine.io.state.new_game` asks for a
:class:`~pennypress.engine.io.state.State`.

>>> from pennypress.engine.game.definition import GameDefinition
>>> s = set_up(GameDefinition.create(4, ["newsboy"]), seed=1)
>>> s.newsboy, len(s.deck), len(s.discard), s.deck_known, type(s).__name__
(1, 41, 4, True, 'Position')
>>> set_up(GameDefinition.create(4, ["newsboy"]), seed=1) == s
True
"""
from __future__ import annotations

import random
from typing import TypeVar

from pennypress.solver.vocab import BEATS

from ..game.definition import GameDefinition
from ..game.stories import stack_kinds
from ..game.tables import BONUS_START, REPORTERS, STARS
from ..position.events import Event
from ..position.position import Phase, PlayerState, Position
from .board import adjust_markers
from .headlines import draw_top_card, resolve_card

P = TypeVar("P", bound=Position)


def empty_table(definition: GameDefinition, cls: type[P] = Position) -> P:
    """A table before any card: empty board, full stacks, unshuffled deck (id order, unknown)."""
    return cls(
        definition=definition,
        columns={b: [] for b in BEATS},
        reporters={},
        stacks={k: list(STARS) for k in stack_kinds()},
        markers={b: 0 for b in BEATS},
        bonus={b: BONUS_START for b in BEATS},
        deck=list(definition.deck.ids),
        deck_known=False,
        discard=[],
        players=[PlayerState(home=REPORTERS) for _ in range(definition.players)],
        current=0,
        turns_left=1,
        newsboy=None,
        phase=Phase.NORMAL,
    )


def set_up(definition: GameDefinition, seed: int = 0, cls: type[P] = Position) -> P:
    """A new game: the deck shuffled with ``seed`` (its order known), then :func:`deal`."""
    state = empty_table(definition, cls)
    random.Random(seed).shuffle(state.deck)
    state.deck_known = True
    deal(state)
    return state


def deal(state: Position) -> None:
    """Setup step 6 onwards on a table from :func:`empty_table` whose deck is in order:
    draw one card per player (bonus and stories, no ads), set the markers, then the variant's part."""
    drawn = []
    for _ in range(state.n_players):
        card = draw_top_card(state)
        assert card is not None
        resolve_card(state, card, player=None)
        drawn.append(card.id)
    adjust_markers(state)
    state.definition.variant.deal(state)
    state.last_event = Event(ply=0, player=None, move="setup", cards=tuple(drawn))
