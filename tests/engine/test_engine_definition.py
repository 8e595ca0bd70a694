"""Game definition from data: decks, tables, player counts, variants."""
import pytest

from pennypress.engine import BadInput, GameDefinition, load_deck
from pennypress.engine.game import tables
from pennypress.engine.game.stories import ALL_STORIES
from pennypress.solver.vocab import BEATS, Shape

# REFERENCE.md §3, copied by hand from the document (not from the data file).
REFERENCE_VALUE = [0, 1, 2, 3, 3, 4, 4, 5, 5, 6]
REFERENCE_SCOOP = [0, 0, 1, 1, 1, 2, 2, 2, 3, 3]


def test_value_and_scoop_tables_match_reference():
    assert [tables.beat_value(p) for p in range(10)] == REFERENCE_VALUE
    assert [tables.scoop_value(p) for p in range(10)] == REFERENCE_SCOOP


def test_marker_position_is_capped_at_nine():
    assert tables.marker_position(9, 4) == 9
    assert tables.marker_position(3, 2) == 5


def test_bonus_track_starts_at_2_and_caps_at_20():
    assert tables.BONUS_START == 2
    assert tables.advance_bonus(18, 3) == 20
    assert tables.advance_bonus(2, 3) == 5  # p. 6: a first +3 card moves the marker to 5


def test_sixty_distinct_stories():
    assert len(set(ALL_STORIES)) == 60
    for b in BEATS:
        for s in Shape:
            assert sorted(x.stars for x in ALL_STORIES if x.beat is b and x.shape is s) == [1, 2, 3]


def test_default_deck_is_the_csv():
    deck = load_deck("default")
    assert len(deck) == 45 and deck.ids == tuple(range(1, 46))
    assert all(1 <= c.bonus <= 3 and 0 <= c.ad_column <= 3 for c in deck.cards)
    assert all(len([c for c in deck.cards if c.beat is b]) == 9 for b in BEATS)
    card1 = deck.card(1)
    assert (card1.beat.value, card1.bonus, card1.story_text, card1.ad_column) == ("war", 3, "politics:B war:D", 0)


def test_corrected_deck_differs_in_exactly_the_three_named_cards():
    default, corrected = load_deck("default"), load_deck("corrected")
    changed = {a.id for a, b in zip(default.cards, corrected.cards) if a != b}
    assert changed == {4, 10, 19}
    assert corrected.card(4).story_text == "war:A human:C crime:B"
    assert corrected.card(19).story_text == "city:B politics:D"
    assert corrected.card(10).bonus == 3
    # the corrected deck has the perfect pattern: every beat:shape on exactly 6 cards
    counts = {}
    for c in corrected.cards:
        for k in c.stories:
            counts[k] = counts.get(k, 0) + 1
    assert set(counts.values()) == {6} and len(counts) == 20


@pytest.mark.parametrize("players,presses", [(2, 4), (3, 4), (4, 3), (5, 3)])
def test_final_edition_press_count(players, presses):
    assert GameDefinition.create(players).final_edition_presses == presses


def test_player_counts_and_variants():
    assert GameDefinition.create(2).variant.turns_in_a_row == 2
    assert GameDefinition.create(3).variant.turns_in_a_row == 1
    assert GameDefinition.create(5, ["newsboy"]).variant.name == "newsboy"
    for bad in (1, 6, "4", True):
        with pytest.raises(BadInput):
            GameDefinition.create(bad)
    with pytest.raises(BadInput, match="newsboy variant is for 4 or 5"):
        GameDefinition.create(3, ["newsboy"])
    with pytest.raises(BadInput, match="two-player"):
        GameDefinition.create(3, ["two-player"])
    with pytest.raises(BadInput, match="unknown variant"):
        GameDefinition.create(4, ["strike"])
    with pytest.raises(BadInput, match="unknown deck"):
        GameDefinition.create(4, deck="fixed")


def test_definition_json_round_trip():
    g = GameDefinition.create(4, ["newsboy"], "corrected")
    assert GameDefinition.from_json(g.to_json()) == g


def test_corrected_deck_bonus_pattern():
    corrected = load_deck("corrected")
    for b in BEATS:
        assert sorted(c.bonus for c in corrected.cards if c.beat is b) == [1, 1, 1, 2, 2, 2, 3, 3, 3]
