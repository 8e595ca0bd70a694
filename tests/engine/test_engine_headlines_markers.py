"""Headline cards (p. 6) and adjusting the news beats (p. 7)."""
import pytest

from pennypress.engine import GoToPress, load_deck, parse_move
from pennypress.engine.rules.headlines import resolve_card
from pennypress.engine.play.invariants import check_state
from pennypress.solver.vocab import Beat, Shape

from tests.engine.engine_builders import build, story, values


# --------------------------------------------------------------- arrow markers
def test_p7_arrow_marker_example():
    # Crime: a C covered by two players + an uncovered A: height 3, 1 covered -> position 4 -> 3.
    # Politics: A and B covered + an uncovered C: height 4, 2 covered -> position 6 -> 4.
    s = build(3, {
        "crime:C:1": [1, 1, 0], "crime:A:1": [0, 0, 0],
        "politics:A:1": [1, 0, 0], "politics:B:1": [0, 1, 0], "politics:C:1": [0, 0, 0],
    })
    assert s.markers[Beat.CRIME] == 4 and s.markers[Beat.POLITICS] == 6
    assert values(s)["crime"] == 3 and values(s)["politics"] == 4
    # "one (two) open spaces between the stories and the marker" = covered stories
    assert s.markers[Beat.CRIME] - s.height(Beat.CRIME) == 1
    assert s.markers[Beat.POLITICS] - s.height(Beat.POLITICS) == 2


def test_marker_never_passes_nine():
    s = build(3, {"war:D:1": [1, 0, 0], "war:D:2": [1, 0, 0], "war:D:3": [1, 0, 0], "war:C:1": [1, 0, 0],
                  "war:A:1": [1, 0, 0]})
    assert s.height(Beat.WAR) == 9 and s.markers[Beat.WAR] == 9 and s.beat_value(Beat.WAR) == 6


def test_markers_adjust_after_each_action():
    s = build(3, {"human:A:1": [0, 0, 0], "human:B:1": [0, 0, 0]}, deck=[45])
    assert s.markers[Beat.HUMAN] == 2
    s.apply(parse_move("assign 1 human:A:1"))
    assert s.markers[Beat.HUMAN] == 3
    s.apply(parse_move("assign 2 human:B:1"))
    assert s.markers[Beat.HUMAN] == 4
    s.apply(parse_move("assign 1 human:B:1"))  # a covered story is counted once
    assert s.markers[Beat.HUMAN] == 4
    s.apply(parse_move("recall 1 human:A:1"))
    assert s.markers[Beat.HUMAN] == 3


# --------------------------------------------------------------- headline cards
def test_bonus_marker_capped_at_20():
    s = build(3, bonus={"war": 19})
    card = load_deck().card(1)  # war +3
    resolve_card(s, card, player=None)
    assert s.bonus[Beat.WAR] == 20


def test_story_that_does_not_fit_stays_on_its_stack():
    # War column full to 8 spaces; card 1 asks for a War D (2 spaces) and a Politics B.
    s = build(3, {"war:C:1": [0, 0, 0], "war:C:2": [0, 0, 0], "war:C:3": [0, 0, 0], "war:A:1": [0, 0, 0],
                  "war:B:1": [0, 0, 0]}, pennies=[1, 0, 0], deck=[45])
    setup = s.clone()
    placed, ad = resolve_card(s, load_deck().card(1), player=0)
    assert placed == (story("politics:B:1"),)
    assert ad == (0, 2)
    assert s.stacks[(Beat.WAR, Shape.D)] == [1, 2, 3]
    # during setup the overflow rule applies instead: the 3-star C makes way for the D
    placed, ad = resolve_card(setup, load_deck().card(1), player=None)
    assert placed == (story("politics:B:1"), story("war:D:1")) and ad is None
    assert setup.stacks[(Beat.WAR, Shape.C)] == [3]


def test_story_from_an_empty_stack_is_not_placed():
    s = build(3, published={1: ["war:D:1", "war:D:2", "war:D:3"]})
    placed, _ = resolve_card(s, load_deck().card(1), player=None)  # politics:B, war:D
    assert placed == (story("politics:B:1"),)
    assert s.columns[Beat.WAR] == []
    assert s.bonus[Beat.WAR] == 5  # the rest of the card still resolves


def test_stories_come_from_the_top_of_the_stack():
    s = build(3, {"politics:B:1": [0, 0, 0]})
    placed, _ = resolve_card(s, load_deck().card(1), player=None)
    assert placed == (story("politics:B:2"), story("war:D:1"))


@pytest.mark.parametrize("pennies_before,row", [(0, 2), (1, 1), (2, 0)])
def test_new_ad_in_card_column_and_row_of_highest_penny(pennies_before, row):
    # 3 players: the 3rd press does not end the game, so a row-0 ad is reachable.
    s = build(3, {"human:A:1": [1, 0, 0]}, pennies=[pennies_before, 0, 0], deck=[44])
    press = s.play(GoToPress()).press
    assert press.card == 44
    assert s.players[0].ad == press.new_ad == (3, row)  # card 44's ad column is 3
    assert s.discard[-1] == 44 and 44 not in s.deck


def test_card_stories_are_added_after_a_press():
    s = build(3, {"human:A:1": [1, 0, 0]}, deck=[2])  # card 2: war +1, war:B and human:D
    press = s.play(GoToPress()).press
    assert press.card_stories == (story("war:B:1"), story("human:D:1"))
    assert s.bonus[Beat.WAR] == 3
    assert s.markers[Beat.WAR] == 1 and s.markers[Beat.HUMAN] == 2
