"""The drawn cards chosen when a line leaves them out, against an exhaustive search."""
import itertools
import random

import pytest

from pennypress.engine.game.cards import load_deck
from pennypress.engine.notation.drawn_cards import bonus_after, guess_drawn_cards
from pennypress.engine.game.tables import BONUS_MAX, BONUS_START
from pennypress.solver.vocab import BEATS


def brute_force(deck, bonus, count):
    """The first ``count``-card set in id order whose increments give ``bonus`` (itertools order is
    lexicographic), or None."""
    for combo in itertools.combinations(sorted(deck.ids), count):
        if bonus_after(deck, combo) == bonus:
            return list(combo)
    return None


@pytest.mark.parametrize("deck_name", ["default", "corrected"])
@pytest.mark.parametrize("seed", range(12))
def test_the_guess_is_the_first_set_that_explains_the_markers(deck_name, seed):
    deck = load_deck(deck_name)
    rnd = random.Random(seed)
    count = rnd.randint(0, 3)  # small enough for the exhaustive search (45 choose 3 = 14190)
    truth = rnd.sample(deck.ids, count)
    bonus = bonus_after(deck, truth)
    guess = guess_drawn_cards(deck, bonus, [count])
    assert guess == brute_force(deck, bonus, count)
    assert guess <= sorted(truth)  # the true pile also explains them, and the guess comes first


@pytest.mark.parametrize("seed", range(20))
def test_larger_piles_explain_the_markers_and_come_no_later_than_the_truth(seed):
    deck = load_deck("default")
    rnd = random.Random(seed)
    truth = rnd.sample(deck.ids, rnd.randint(4, 24))
    bonus = bonus_after(deck, truth)
    guess = guess_drawn_cards(deck, bonus, [len(truth)])
    assert len(guess) == len(truth) and len(set(guess)) == len(guess)
    assert bonus_after(deck, guess) == bonus
    assert guess <= sorted(truth)


def test_a_capped_marker_needs_at_least_its_increments():
    deck = load_deck("default")
    war = sorted((c.id for c in deck.cards if c.beat.value == "war"))
    bonus = bonus_after(deck, war)  # every War card: the War marker reaches the cap
    assert bonus[BEATS[0]] == BONUS_MAX
    guess = guess_drawn_cards(deck, bonus, [len(war)])
    assert bonus_after(deck, guess) == bonus and len(guess) == len(war)


def test_counts_are_tried_in_order_and_the_fallback_is_the_lowest_ids():
    deck = load_deck("default")
    start = {b: BONUS_START for b in BEATS}
    assert guess_drawn_cards(deck, start, [3, 0]) == []  # 3 cards cannot leave every marker at 2; 0 can
    assert guess_drawn_cards(deck, start, [3]) == [1, 2, 3]  # nothing explains it: the lowest ids
    truth = [5, 9, 30]
    assert bonus_after(deck, guess_drawn_cards(deck, bonus_after(deck, truth), [5, 4, 3])) == bonus_after(deck, truth)
