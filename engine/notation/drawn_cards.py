"""Which headline cards were drawn, when a position does not say: a choice consistent with the table.

A position typed without its discard pile (the one-line notation's optional
``drawn`` section, ``docs/guide/notation.md``) still needs one for the engine: the
deck is "every card not drawn". Which cards were drawn is not knowable, but
the bonus markers are evidence: every drawn card (setup cards included)
advanced its beat's bonus marker by its increment, from 2 up to at most 20.

:func:`guess_drawn_cards` takes, of the allowed counts in the order given,
the first count for which some set of cards moves every bonus marker from
2 to where it stands, and of those sets the first in card-id order (the
lexicographically smallest list of ids). When no set fits (a table's
marker may be off; the engine does not check bonus markers against cards),
it falls back to the lowest ids of the first count. The answer is a
documented convention, not knowledge: the real pile may differ.

>>> from pennypress.engine import new_game
>>> s = new_game(3, seed=7)
>>> guess = guess_drawn_cards(s.definition.deck, s.bonus, [3])
>>> len(guess), bonus_after(s.definition.deck, guess) == s.bonus
(3, True)
>>> guess == sorted(guess)
True
>>> from pennypress.solver.vocab import BEATS
>>> guess_drawn_cards(s.definition.deck, {b: 2 for b in BEATS}, [0, 2])   # nothing moved: no card drawn
[]
>>> guess_drawn_cards(s.definition.deck, {b: 2 for b in BEATS}, [2])       # impossible: the lowest ids
[1, 2]
"""
from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from pennypress.solver.vocab import BEATS, Beat

from ..game.cards import Deck
from ..game.tables import BONUS_MAX, BONUS_START, advance_bonus


def bonus_after(deck: Deck, cards: Iterable[int]) -> dict[Beat, int]:
    """The bonus markers after drawing ``cards`` from the start (every marker at 2)."""
    bonus = {b: BONUS_START for b in BEATS}
    for card_id in cards:
        card = deck.card(card_id)
        bonus[card.beat] = advance_bonus(bonus[card.beat], card.bonus)
    return bonus


def _counts(increments: Sequence[int], need: int, capped: bool) -> set[int]:
    """How many of ``increments`` (a subset) can add up to ``need`` (at least ``need`` when ``capped``)."""
    if need < 0:
        return set()
    reach: dict[int, set[int]] = {0: {0}}  # sum (capped at need when capped) -> subset sizes
    for inc in increments:
        step: dict[int, set[int]] = {}
        for total, sizes in reach.items():
            new = min(total + inc, need) if capped else total + inc
            if new <= need:
                step.setdefault(new, set()).update(k + 1 for k in sizes)
        for total, sizes in step.items():
            reach.setdefault(total, set()).update(sizes)
    return reach.get(need, set())


def _feasible(groups: dict[Beat, list[int]], needs: dict[Beat, int], capped: dict[Beat, bool], count: int) -> bool:
    """Whether ``count`` more cards, taken from ``groups`` (increments per beat), can meet every need."""
    totals = {0}
    for b in BEATS:
        sizes = _counts(groups[b], needs[b], capped[b])
        if not sizes:
            return False
        totals = {t + k for t in totals for k in sizes if t + k <= count}
    return count in totals


def guess_drawn_cards(deck: Deck, bonus: Mapping[Beat, int], counts: Sequence[int]) -> list[int]:
    """The drawn cards, in id order: of the first count in ``counts`` that can explain the bonus markers,
    the first set (by id) that does; otherwise the lowest ids of ``counts[0]`` (see the module doc)."""
    cards = sorted(deck.cards, key=lambda c: c.id)
    capped = {b: bonus[b] >= BONUS_MAX for b in BEATS}
    for count in counts:
        needs = {b: bonus[b] - BONUS_START for b in BEATS}
        groups = {b: [c.bonus for c in cards if c.beat is b] for b in BEATS}
        if count < 0 or not _feasible(groups, needs, capped, count):
            continue
        chosen: list[int] = []
        for card in cards:  # the lexicographically first set: take each card if the rest can still fit
            groups[card.beat].pop(0)
            left = count - len(chosen) - 1
            taken = dict(needs)
            taken[card.beat] = max(0, needs[card.beat] - card.bonus) if capped[card.beat] else needs[card.beat] - card.bonus
            if left >= 0 and _feasible(groups, taken, capped, left):
                chosen.append(card.id)
                needs = taken
            if len(chosen) == count:
                break
        return chosen
    first = max(0, counts[0]) if counts else 0
    return [c.id for c in cards[:first]]
