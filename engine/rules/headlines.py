"""Drawing and resolving headline cards (rulebook p. 6).

Resolving a card: advance its beat's bonus marker (cap 20), add its stories to
the board from the top of their stacks (a story that does not fit, or whose
stack is empty, is not placed), then -- except at setup -- place the
player's new ad in the card's column, in the row of their highest penny.
"""
from __future__ import annotations

from pennypress.solver.vocab import Cell, Shape

from ..game.cards import HeadlineCard
from ..game.stories import Story
from ..game.tables import COLUMN_CAPACITY, advance_bonus, ad_row
from ..position.position import Position
from .board import peek_stack, place_story, remove_story, return_to_stack, take_from_stack


def take_card(state: Position, card_id: int) -> HeadlineCard:
    """Move headline card ``card_id`` from the deck to the discard pile and return it."""
    state.deck.remove(card_id)
    state.discard.append(card_id)
    return state.definition.deck.card(card_id)


def draw_top_card(state: Position) -> HeadlineCard | None:
    """Take the top card of a deck whose order is known (setup deals this way); ``None`` if empty."""
    if not state.deck:
        return None
    return take_card(state, state.deck[0])


def _make_room_at_setup(state: Position, story: Story) -> bool:
    """Setup overflow (p. 6): leave the 3★ C or D story of that beat on its stack.

    If the story being placed is that 3★ C/D, it stays on its stack (False).
    Otherwise a 3★ C/D already in the column goes back, making room.
    """
    if story.stars == 3 and story.shape in (Shape.C, Shape.D):
        return False
    for s in state.columns[story.beat]:
        if s.stars == 3 and s.shape in (Shape.C, Shape.D):
            remove_story(state, s)
            return_to_stack(state, s)
            return state.fits(story)
    return False


def add_card_stories(state: Position, card: HeadlineCard, setup: bool = False) -> tuple[Story, ...]:
    """Place the card's stories that fit; returns those placed (in the card's order)."""
    placed: list[Story] = []
    for kind in card.stories:
        story = peek_stack(state, kind)
        if story is None:
            continue  # empty stack: nothing is placed
        if not state.fits(story) and not (setup and _make_room_at_setup(state, story)):
            continue  # does not fit: it stays on its stack
        take_from_stack(state, kind)
        place_story(state, story)
        placed.append(story)
    if setup:  # a story removed to make room may have been placed earlier from this card
        placed = [s for s in placed if s in state.reporters]
    assert all(state.height(b) <= COLUMN_CAPACITY for b in state.columns)
    return tuple(placed)


def resolve_card(state: Position, card: HeadlineCard, player: int | None) -> tuple[tuple[Story, ...], Cell | None]:
    """Bonus, stories and (if ``player`` is given, i.e. not at setup) the new ad.

    Returns the stories placed and the new ad cell.
    """
    state.bonus[card.beat] = advance_bonus(state.bonus[card.beat], card.bonus)
    placed = add_card_stories(state, card, setup=player is None)
    ad = None
    if player is not None:
        p = state.players[player]
        ad = (card.ad_column, ad_row(p.pennies))
        p.ad = ad
    return placed, ad
