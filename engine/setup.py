"""Setting up a game from a seed (rulebook pp. 2-3).

Full supply stacks, bonus markers at 2, every player with 5 reporters home;
the deck shuffled with the seed; one headline card per player resolved
(bonus and stories; ads ignored; the setup overflow rule applies); arrow
markers set; newsboy to the 2nd player in that variant.

>>> s = new_game(4, seed=1, variants=["newsboy"])
>>> s.newsboy, len(s.deck), len(s.discard), s.deck_known
(1, 41, 4, True)
>>> new_game(4, seed=1, variants=["newsboy"]) == s
True
"""
from __future__ import annotations

import random
from typing import Iterable

from pennypress.solver.vocab import BEATS

from .board import adjust_markers
from .definition import GameDefinition
from .events import Event
from .headlines import draw_top_card, resolve_card
from .state import Phase, PlayerState, State
from .stories import stack_kinds
from .tables import BONUS_START, REPORTERS, STARS


def empty_state(definition: GameDefinition) -> State:
    """A table before any card: empty board, full stacks, unshuffled deck (id order, unknown)."""
    return State(
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


def new_game(
    players: int | GameDefinition,
    seed: int = 0,
    variants: Iterable[str] = (),
    deck: str = "default",
) -> State:
    """A new game: ``new_game(4, seed=1)`` or ``new_game(GameDefinition.create(...), seed=1)``."""
    definition = players if isinstance(players, GameDefinition) else GameDefinition.create(players, variants, deck)
    state = empty_state(definition)
    random.Random(seed).shuffle(state.deck)
    state.deck_known = True
    deal(state)
    return state


def deal(state: State) -> None:
    """Setup step 6 onwards on a state from :func:`empty_state` whose deck is in order:
    draw one card per player (bonus and stories, no ads), set the markers, give out the newsboy."""
    drawn = []
    for _ in range(state.n_players):
        card = draw_top_card(state)
        assert card is not None
        resolve_card(state, card, player=None)
        drawn.append(card.id)
    adjust_markers(state)
    if state.definition.newsboy:
        state.newsboy = 1 % state.n_players
    state.last_event = Event(ply=0, player=None, move="setup", cards=tuple(drawn))

