"""The headline-card draw as an explicit chance node, and what play and replay do with it."""
from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from pennypress.engine import GameDefinition, GoToPress, IllegalMove, State, new_game, parse_move
from pennypress.engine.io.state import public_view
from pennypress.engine.rules.chance import resolve_chance
from pennypress.engine.io.record import Recorder, replay
from pennypress.engine.arena.recorded import record_selfplay

from tests.engine.engine_builders import build, story


def pressed(deck_known: bool = True) -> State:
    """Player 0 has just gone to press (first press, 3 players): a card is to be drawn."""
    s = build(3, {"war:A:1": [1, 0, 0], "crime:B:1": [0, 2, 0]}, deck=[7, 3, 12])
    s.deck_known = deck_known
    s.apply(GoToPress())
    return s


def test_a_press_that_draws_stops_at_a_chance_node_with_the_press_done():
    s = pressed()
    assert s.is_chance_node()
    assert s.current_player == 0 and s.players[0].pennies == 1
    assert s.players[0].circulation == s.last_event.press.gain
    assert story("war:A:1") in s.players[0].published and s.players[0].ad is None
    assert s.last_event.press.card is None
    assert s.legal_moves() == []
    assert "headline card must be drawn" in s.why_illegal(parse_move("assign 1 crime:B:1"))
    with pytest.raises(IllegalMove, match="headline card must be drawn"):
        s.apply(parse_move("assign 1 crime:B:1"))
    # the markers already follow the board (the press took war:A:1 away)
    assert all(s.markers[b] == s.marker_formula(b) for b in s.markers)


def test_known_order_gives_the_top_card_with_probability_one():
    s = pressed(deck_known=True)
    assert s.chance_outcomes() == [(7, 1.0)]
    with pytest.raises(IllegalMove, match="card 7 is on top"):
        s.apply_chance(3)


def test_unknown_order_is_uniform_over_the_cards_still_in_the_deck():
    s = pressed(deck_known=False)
    outcomes = s.chance_outcomes()
    assert [c for c, _ in outcomes] == sorted(s.deck)
    assert len(outcomes) == 45 - 0  # build() starts with every card in the deck
    probs = {Fraction(p).limit_denominator(1000) for _, p in outcomes}
    assert probs == {Fraction(1, len(s.deck))}
    with pytest.raises(IllegalMove, match="not a card of this deck"):
        s.apply_chance(99)


def test_apply_chance_finishes_the_turn_and_completes_the_event():
    s = pressed(deck_known=False)
    event = s.apply_chance(12)
    assert not s.is_chance_node() and s.current_player == 1
    assert event.press.card == 12 and s.discard[-1] == 12 and 12 not in s.deck
    assert s.players[0].ad == event.press.new_ad and s.players[0].ad[1] == 2  # first penny: row 2
    assert s.last_event == event and event.move == "press"
    with pytest.raises(IllegalMove, match="no headline card is to be drawn"):
        s.apply_chance(3)


def dealt_and_pressed(deck_known: bool) -> State:
    """A dealt 3-player game in which player 0 has just gone to press."""
    s = new_game(3, seed=7)
    s.deck_known = deck_known
    first, second, third = list(s.stories_in_play())[:3]
    for target in (first, second, third):
        s.apply(parse_move(f"assign 1 {target}"))
    s.apply(GoToPress())
    return s


@pytest.mark.parametrize("deck_known", [True, False])
def test_a_chance_node_position_round_trips_and_is_accepted(deck_known):
    s = dealt_and_pressed(deck_known)
    doc = json.loads(json.dumps(s.to_json()))
    assert doc["turn"]["draw_pending"] is True
    t = State.from_json(doc)
    assert t == s and t.is_chance_node()
    # and after the draw the loader still accepts it
    t.apply_chance(t.chance_outcomes()[0][0])
    assert State.from_json(t.to_json()) == t


def test_play_resolves_from_the_generator_the_same_way_each_time():
    a, b = pressed(deck_known=False), pressed(deck_known=False)
    assert resolve_chance(a, random.Random(5)).press.card == resolve_chance(b, random.Random(5)).press.card
    cards = set()
    for seed in range(30):
        c = pressed(deck_known=False)
        cards.add(resolve_chance(c, random.Random(seed)).press.card)
    assert len(cards) > 5  # the generator really chooses among the unseen cards


def test_public_view_hides_the_order_only():
    s = new_game(3, seed=3)
    v = public_view(s)
    assert not v.deck_known and sorted(v.deck) == v.deck == sorted(s.deck)
    assert v.players == s.players and v.columns == s.columns and v.discard == s.discard


def test_replay_draws_the_recorded_card_through_the_chance_node_without_touching_the_deck_flag():
    definition = GameDefinition.create(3)
    doc, final = record_selfplay(definition, seed=21, bot="greedy")
    # make the record's start unknown-order: replaying must then use the recorded cards
    start = new_game(definition, seed=21)
    start.deck_known = False
    recorder = Recorder.from_position(start)
    seen_flags = []
    for entry in doc["moves"]:
        text, card = (entry, None) if isinstance(entry, str) else (entry["move"], entry.get("card"))
        recorder.state.apply(parse_move(text))
        seen_flags.append(recorder.state.deck_known)
        if recorder.state.is_chance_node():
            assert card is not None
            event = recorder.state.apply_chance(card)
        else:
            event = recorder.state.last_event
        recorder.write(event)
    assert not any(seen_flags)
    result = replay(recorder.record())
    assert result.scores == [p.circulation for p in final.players]
    assert not result.state.deck_known
    cards = [e.press.card for e in result.events if e.press is not None and e.press.card is not None]
    assert cards == [e["card"] for e in doc["moves"] if isinstance(e, dict) and "card" in e]
