"""Reading a position the way the league bots need it: who acts next, who could take a story, what the
unseen cards will add -- pure queries built on the engine's rules (turn order, claims, press values).

Nothing here is a policy: these are facts of the position (the turn order of
:mod:`pennypress.engine.position.turns`, the rules' tables, the unseen cards
as a set), so the three league bots can share them without sharing a style.
What it takes a rival to take a story is the position's own query
(:func:`~pennypress.engine.position.taking.reporters_to_take`, which the
advisor's facts read too), named here with the rest.

>>> from pennypress.engine import new_game, public_view
>>> s = public_view(new_game(3, seed=7))
>>> acting_order(s), acts_before(acting_order(s), 2), acts_before(acting_order(s), 0)
([0, 1, 2], [0, 1], [])
>>> two = public_view(new_game(2, seed=7))          # the two-player order: P1, P2, P2, P1, P1, ...
>>> acting_order(two), presses_left(two, 0)
([0, 1, 1], 4)
>>> rates = bonus_rates(s); round(sum(rates.values()), 3) == round(sum(s.definition.deck.card(c).bonus for c in s.deck) / len(s.deck), 3)
True
"""
from __future__ import annotations

from typing import Sequence

from pennypress.solver.vocab import BEATS, Beat

from ...game.stories import Story
from ...position.position import Phase, Position
from ...position.taking import reporters_to_take
from ...position.turns import final_edition_order, next_seat

__all__ = ["acting_order", "acts_before", "bonus_rates", "claim_after", "presses_left", "reporters_to_take",
           "stars_by_beat"]


def acting_order(state: Position) -> list[int]:
    """The players who act from this position on, in order, each turn once (a player with two turns in
    a row appears twice), until every player who still acts has appeared.

    At a chance node (a press waiting for its headline card) the order starts after the presser's turn.
    In normal play the newsboy's holder is left out of their next turn (the holder only passes it).
    In the final edition: the players still to take their one restricted turn, then the last round's
    pressers (those not done now, in order from the trigger's left).
    """
    n = state.n_players
    if state.is_over:
        return []
    if state.phase is Phase.NORMAL:
        in_a_row = state.definition.variant.turns_in_a_row
        seat, left = state.current, state.turns_left
        if state.draw_pending:
            seat, left = next_seat(n, seat, left, in_a_row)
        order: list[int] = []
        seen: set[int] = set()
        for _ in range(2 * n * in_a_row):
            if seat != state.newsboy or seat in seen:
                order.append(seat)
            seen.add(seat)
            if len(seen) == n:
                nxt, _ = next_seat(n, seat, left, in_a_row)
                if nxt != seat:
                    break
            seat, left = next_seat(n, seat, left, in_a_row)
        return order
    first = [state.current] + list(state.pending)
    if state.phase is Phase.FINAL_PRESSES:
        return first
    trigger = state.trigger_player if state.trigger_player is not None else state.current
    return first + final_edition_order(n, trigger, [p.done for p in state.players])


def acts_before(order: Sequence[int], player: int) -> list[int]:
    """The turns taken before ``player``'s next turn in ``order`` (all of them if ``player`` does not act)."""
    return list(order[: order.index(player)]) if player in order else list(order)


def presses_left(state: Position, player: int) -> int:
    """Presses ``player`` may still make: up to the final-edition trigger in normal play, one in the
    final edition until they are done, none after."""
    p = state.players[player]
    if p.done or state.is_over:
        return 0
    if state.phase is Phase.NORMAL:
        return state.definition.final_edition_presses - p.pennies
    return 1


def bonus_rates(state: Position) -> dict[Beat, float]:
    """The bonus-marker increase each beat gets from one more headline card, on average over the unseen
    cards (the deck as a set: its order is never read)."""
    rate = dict.fromkeys(BEATS, 0.0)
    if not state.deck:
        return rate
    cards = {c.id: c for c in state.definition.deck.cards}
    for card_id in sorted(state.deck):
        card = cards[card_id]
        rate[card.beat] += card.bonus
    size = len(state.deck)
    return {b: rate[b] / size for b in BEATS}


def stars_by_beat(state: Position, player: int) -> list[int]:
    """Stars ``player`` has published, per beat in board order."""
    out = [0] * len(BEATS)
    index = {b: i for i, b in enumerate(BEATS)}
    for s in state.players[player].published:
        out[index[s.beat]] += s.stars
    return out


def claim_after(state: Position, player: int, changes: dict[Story, int]) -> list[Story]:
    """The stories ``player`` would claim if their reporters changed by ``changes`` (``{story: +-k}``),
    everyone else's staying put: at least one reporter and no single player with more."""
    out = []
    for story, r in state.reporters.items():
        mine = r[player] + changes.get(story, 0)
        if mine and all(c <= mine for i, c in enumerate(r) if i != player):
            out.append(story)
    return out
