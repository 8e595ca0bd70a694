"""Setup (pp. 2-3, 6): cards per player, bonuses, stories, no ads, overflow rule."""
import pytest

from pennypress.engine import GameDefinition, new_game
from pennypress.engine.play.invariants import check_state
from pennypress.engine.rules.setup import deal
from pennypress.engine.io.state import empty_state
from pennypress.engine.game.stories import Story
from pennypress.solver.vocab import BEATS, Beat, Shape


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_draws_one_card_per_player_and_resolves_it(players):
    s = new_game(players, seed=11)
    deck = s.definition.deck
    drawn = [deck.card(i) for i in s.discard]
    assert len(drawn) == players and len(s.deck) == 45 - players
    assert s.last_event.cards == tuple(c.id for c in drawn)
    # bonus markers: 2 plus every drawn card's increment for that beat
    for b in BEATS:
        assert s.bonus[b] == 2 + sum(c.bonus for c in drawn if c.beat is b)
    # each requested story is on the board (setup needs at most 5 per beat, so overflow is rare)
    requested = [k for c in drawn for k in c.stories]
    on_board = [st.kind for st in s.stories_in_play()]
    assert sorted(on_board, key=str) == sorted(requested, key=str)
    # stories came off the top of their stacks: 1-star first
    for k in set(requested):
        n = requested.count(k)
        assert sorted(st.stars for st in s.stories_in_play() if st.kind == k) == list(range(1, n + 1))
    assert all(p.ad is None and p.home == 5 and p.pennies == 0 and p.circulation == 0 for p in s.players)
    assert s.current == 0 and check_state(s) == []


def test_same_seed_same_game_different_seed_different_deck():
    assert new_game(4, seed=5) == new_game(4, seed=5)
    assert new_game(4, seed=5).deck != new_game(4, seed=6).deck


def _deal_in_order(cards, players=5):
    s = empty_state(GameDefinition.create(players))
    s.deck = list(cards) + [c for c in s.deck if c not in cards]
    s.deck_known = True
    deal(s)
    return s


def test_setup_overflow_leaves_the_three_star_c_or_d():
    # Cards 1, 3, 6, 7, 8 ask War for D, C, C, D, C: five 2-space stories (10 > 9 spaces).
    s = _deal_in_order([1, 3, 6, 7, 8])
    war = set(s.columns[Beat.WAR])
    assert war == {Story.parse(t) for t in ("war:D:1", "war:C:1", "war:C:2", "war:D:2")}
    assert s.stacks[(Beat.WAR, Shape.C)] == [3]
    assert s.height(Beat.WAR) == 8
    # the other stories of those cards are all placed
    for t in ("politics:B:1", "city:D:1", "politics:A:1", "human:B:1", "human:A:1", "city:B:1", "crime:A:1", "politics:D:1"):
        assert Story.parse(t) in s.reporters
    assert check_state(s) == []


def test_setup_overflow_when_the_three_star_came_out_first():
    # C, C, C first (cards 3, 6, 8), then D, D (cards 1, 7): the last D does not fit,
    # so the 3-star C goes back and the D is placed -- the same stories as above.
    s = _deal_in_order([3, 6, 8, 1, 7])
    assert set(s.columns[Beat.WAR]) == {Story.parse(t) for t in ("war:D:1", "war:C:1", "war:C:2", "war:D:2")}
    assert s.stacks[(Beat.WAR, Shape.C)] == [3]
    assert check_state(s) == []


def test_newsboy_goes_to_the_second_player():
    assert new_game(4, seed=1, variants=["newsboy"]).newsboy == 1
    assert new_game(5, seed=1, variants=["newsboy"]).newsboy == 1
    assert new_game(4, seed=1).newsboy is None
