"""The headline-card draw as an explicit chance node (the game's only hidden information).

After a press that draws a card, the state waits at a chance node
(``state.is_chance_node()``): the press is done, the card is not drawn. In the
style of OpenSpiel's chance nodes:

- :func:`chance_outcomes` lists ``(card_id, probability)`` for every card that
  can come up: the known top card with probability 1 when the deck's order is
  known, otherwise each card still in the deck with the same probability;
- :func:`apply_chance` resolves the draw with one card: its bonus marker, its
  stories, the player's new ad, then the news-beat adjustment and the next
  player, exactly as the rest of the turn;
- :func:`resolve_chance` draws with a seeded generator, for callers (the game
  loop, self-play, the app) that just want play to go on.

Search never needs the deck's order: :func:`pennypress.engine.io.state.public_view`
gives the position as the players see it (the undrawn cards as an unordered set).

>>> from pennypress.engine import new_game, parse_move, GoToPress
>>> s = new_game(3, seed=7)
>>> story = next(s.stories_in_play())
>>> _ = s.apply(parse_move(f"assign 1 {story}")); _ = s.apply(parse_move("assign 1 crime:A:1"))
>>> _ = s.apply(parse_move("assign 1 politics:A:1"))
>>> e = s.apply(GoToPress()); s.is_chance_node(), e.press.card, s.current_player
(True, None, 0)
>>> s.chance_outcomes() == [(s.deck[0], 1.0)]
True
>>> from pennypress.engine import public_view
>>> p = public_view(s); len(p.chance_outcomes()) == len(s.deck), round(sum(pr for _, pr in p.chance_outcomes()), 9)
(True, 1.0)
>>> e = s.apply_chance(s.deck[0]); s.is_chance_node(), e.press.card is not None, s.current_player
(False, True, 1)
"""
from __future__ import annotations

import random
from dataclasses import replace

from ..game.errors import IllegalMove
from ..position.events import Event
from ..position.position import Position
from .board import adjust_markers
from .final_edition import next_turn
from .headlines import resolve_card, take_card


def chance_outcomes(state: Position) -> list[tuple[int, float]]:
    """Every card the pending draw can give, with its probability; ``[]`` if no draw is pending."""
    if not state.draw_pending:
        return []
    if state.deck_known:
        return [(state.deck[0], 1.0)]
    p = 1.0 / len(state.deck)
    return [(card, p) for card in sorted(state.deck)]


def why_not_chance(state: Position, card_id: object) -> str | None:
    """Why ``card_id`` cannot be drawn now, in plain words; ``None`` if it can."""
    if not state.draw_pending:
        return "no headline card is to be drawn now (the last move was not a press that draws one)"
    if isinstance(card_id, bool) or not isinstance(card_id, int):
        return f"a headline card is a card number, got {card_id!r}"
    if card_id not in state.deck:
        drawn = "already drawn" if card_id in state.discard else "not a card of this deck"
        return f"headline card {card_id} cannot be drawn: it is {drawn}"
    if state.deck_known and state.deck[0] != card_id:
        return f"headline card {card_id} cannot be drawn: the deck's order is known and card {state.deck[0]} is on top"
    return None


def apply_chance(state: Position, card_id: int) -> Event:
    """Draw ``card_id`` at the chance node and finish the press's turn; returns the completed event.

    Raises :class:`IllegalMove` (with the reason) if that card cannot come up now.
    """
    reason = why_not_chance(state, card_id)
    if reason is not None:
        raise IllegalMove(reason)
    player = state.current
    card = take_card(state, card_id)
    added, new_ad = resolve_card(state, card, player)
    state.draw_pending = False
    adjust_markers(state)
    next_turn(state, player, pressed=True, triggered=False)
    event = state.last_event
    if event is not None and event.press is not None and event.ply == state.ply:
        event = replace(event, press=replace(event.press, card=card.id, card_stories=added, new_ad=new_ad))
    else:  # a position saved at the chance node without its last event: say what was drawn
        event = Event(ply=state.ply, player=player, move="press", cards=(card.id,))
    state.last_event = event
    return event


def sample_chance(state: Position, rng: random.Random | None = None) -> int:
    """A card for the pending draw: the top card when the order is known, else one at random.

    Without ``rng`` the pick is seeded from the position, so the same position
    always draws the same card.
    """
    outcomes = chance_outcomes(state)
    if not outcomes:
        raise IllegalMove("no headline card is to be drawn now")
    if len(outcomes) == 1:
        return outcomes[0][0]
    rng = rng or random.Random(f"{state.ply}:{sorted(state.deck)}")
    return outcomes[rng.randrange(len(outcomes))][0]


def resolve_chance(state: Position, rng: random.Random | None = None) -> Event | None:
    """Draw the pending card (if any) with :func:`sample_chance`; returns the completed event or ``None``."""
    if not state.draw_pending:
        return None
    return apply_chance(state, sample_chance(state, rng))
