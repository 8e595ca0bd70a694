"""``deal_hidden``: a position's hidden part -- the order of the undrawn headline cards -- dealt at random,
consistent with what the players see, the same for the same seed, and every order equally likely."""
from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from pennypress.engine import GoToPress, deal_hidden, new_game, public_view
from pennypress.engine.play.bots import GreedyBot

from tests.engine.engine_builders import build


def _positions() -> list:
    """Positions of seeded greedy games of 2-5 players at every 7th ply (full states: the deck in order)."""
    out = []
    for players in (2, 3, 4, 5):
        s = new_game(players, seed=40 + players)
        bots = [GreedyBot(seed=i) for i in range(players)]
        while not s.is_over:
            if s.ply % 7 == 0:
                out.append(s.clone())
            s.play(bots[s.current_player].choose(public_view(s)), rng=random.Random(s.ply))
    return out


POSITIONS = _positions()


def test_a_deal_shows_exactly_what_the_position_shows():
    for k, s in enumerate(POSITIONS):
        view = public_view(s)
        dealt = deal_hidden(view, seed=k)
        assert public_view(dealt) == view  # the board, the mats, the markers, the discard: all as shown
        assert dealt.deck_known and sorted(dealt.deck) == view.deck and dealt.discard == view.discard
        assert view == public_view(s)  # the position handed in is unchanged


def test_a_deal_reads_only_what_the_players_see():
    """A full state and its public view deal alike: the order the table holds is never read."""
    for k, s in enumerate(POSITIONS):
        assert deal_hidden(s, seed=k).deck == deal_hidden(public_view(s), seed=k).deck


def test_the_same_seed_deals_the_same_order_and_another_seed_another():
    view = public_view(POSITIONS[0])
    assert deal_hidden(view, 5).deck == deal_hidden(view, 5).deck
    assert len({tuple(deal_hidden(view, seed).deck) for seed in range(20)}) == 20


def test_every_order_is_equally_likely():
    """Four undrawn cards, 24,000 seeds: each of the 24 orders comes up about 1,000 times (a chi-square
    test of the counts, 23 degrees of freedom, at the 0.1% level: 49.7), and so does each card on top
    of a full deck."""
    s = build(3, {"war:A:1": [1, 0, 0]})
    s.deck, s.discard = [7, 3, 12, 20], [c for c in s.deck if c not in (7, 3, 12, 20)]  # four cards left
    counts = Counter(tuple(deal_hidden(s, seed).deck) for seed in range(24_000))
    assert set(counts) == set(itertools.permutations([3, 7, 12, 20]))
    assert sum((n - 1000) ** 2 / 1000 for n in counts.values()) < 49.7

    view = public_view(new_game(3, seed=1))
    n = len(view.deck)
    top = Counter(deal_hidden(view, seed).deck[0] for seed in range(200 * n))
    assert set(top) == set(view.deck)
    df, z = n - 1, 3.090  # chi-square's 0.1% point for n - 1 degrees of freedom (Wilson-Hilferty)
    critical = df * (1 - 2 / (9 * df) + z * (2 / (9 * df)) ** 0.5) ** 3
    assert sum((c - 200) ** 2 / 200 for c in top.values()) < critical


def test_a_dealt_position_draws_its_dealt_cards_in_order():
    s = build(3, {"war:A:1": [1, 0, 0], "crime:B:1": [0, 2, 0]}, deck=[7, 3, 12])
    dealt = deal_hidden(public_view(s), seed=3)
    top = dealt.deck[0]
    event = dealt.play(GoToPress())
    assert event.press.card == top and top in dealt.discard and top not in dealt.deck


@pytest.mark.parametrize("seed", [0, 1])
def test_a_dealt_position_plays_to_the_end(seed):
    dealt = deal_hidden(public_view(POSITIONS[3]), seed)
    bots = [GreedyBot(seed=i) for i in range(dealt.n_players)]
    while not dealt.is_over:
        dealt.play(bots[dealt.current_player].choose(public_view(dealt)))
    assert dealt.is_over
