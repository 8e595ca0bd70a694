"""The round trip: ``from_text(to_text(P))`` equals ``P`` apart from the undrawn deck's order, ``ply``
and the last event -- on thousands of self-play positions (2-5 players, both variants, both decks,
every phase) and on hypothesis-drawn ones; and what ``from_text`` chooses when the drawn cards are
left out."""
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pennypress.engine import new_game, parse_move
from pennypress.engine.play.bots import RandomBot
from pennypress.engine.notation.drawn_cards import bonus_after
from pennypress.engine.notation.text import from_text, to_text
from pennypress.engine.position.position import Phase

from tests.notation.notation_helpers import normalised, selfplay_positions

SETTINGS = dict(derandomize=True, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(scope="module")
def positions():
    return selfplay_positions(games=160, every=3)


@pytest.mark.slow
def test_the_sample_covers_every_player_count_variant_deck_and_phase(positions):
    assert len(positions) >= 3000
    kinds = Counter((s.n_players, "newsboy" in s.definition.variants, s.phase.value) for s in positions)
    for n in (2, 3, 4, 5):
        for phase in Phase:
            assert kinds[(n, False, phase.value)] > 0, (n, phase)
            if n >= 4:
                assert kinds[(n, True, phase.value)] > 0, (n, "newsboy", phase)
    assert {s.definition.deck_name for s in positions} == {"default", "corrected"}
    assert any(s.turns_left == 2 for s in positions)  # the two-player pattern's second turn
    assert any(s.pending for s in positions if s.phase is Phase.FINAL_PRESSES)


@pytest.mark.slow
def test_from_text_of_to_text_is_the_same_position(positions):
    for k, state in enumerate(positions):
        line = to_text(state)
        back = from_text(line)
        assert normalised(back) == normalised(state), line
        assert "\n" not in line and to_text(back) == line  # the written line is canonical
        assert back.deck_known is False and sorted(back.deck) == back.deck
        if state.is_over:
            assert back.winners == state.winners and back.last_event.end == state.last_event.end
        else:
            assert back.last_event is None
        if k % 4 == 0:  # it plays on alike (the deck order aside, which matters only to a press's draw)
            assert back.legal_moves() == state.legal_moves()


@pytest.mark.slow
def test_without_the_drawn_cards_the_guess_explains_the_bonus_markers(positions):
    for state in positions[::8]:
        back = from_text(to_text(state, cards=False))
        # everything but the discard pile (and so the deck) is the same position
        expected, got = normalised(state), normalised(back)
        assert (got.deck, got.discard) != () and sorted(got.deck + got.discard) == sorted(expected.deck + expected.discard)
        got.deck, got.discard = expected.deck, expected.discard
        assert got == expected
        # self-play markers always come from the cards, so a set explaining them exists: one was chosen
        assert bonus_after(state.definition.deck, back.discard) == state.bonus
        presses = sum(p.pennies for p in state.players)
        if state.phase is Phase.NORMAL:
            assert len(back.discard) == len(state.discard) == state.n_players + presses
        else:
            done = sum(p.done for p in state.players)
            assert state.n_players + presses - done <= len(back.discard) <= state.n_players + presses - 1
        assert back.discard == sorted(back.discard)


@st.composite
def played(draw):
    players = draw(st.integers(2, 5))
    newsboy = players >= 4 and draw(st.booleans())
    deck = draw(st.sampled_from(["default", "corrected"]))
    seed = draw(st.integers(0, 10**6))
    moves = draw(st.one_of(st.integers(0, 40), st.integers(40, 200)))
    state = new_game(players, seed=seed, variants=["newsboy"] if newsboy else [], deck=deck)
    state.deck_known = draw(st.booleans())
    bot = RandomBot(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.play(bot.choose(state))
    return state


@pytest.mark.slow
@settings(max_examples=80, **SETTINGS)
@given(played(), st.booleans())
def test_round_trip_after_any_number_of_random_moves(state, cards):
    back = from_text(to_text(state, cards=cards))
    if cards:
        assert normalised(back) == normalised(state)
    else:
        assert normalised(back).players == state.players and back.columns == state.columns
        assert bonus_after(state.definition.deck, back.discard) == state.bonus
    assert from_text(to_text(back)) == back  # a position read from text round-trips exactly


def test_a_chance_node_round_trips():
    state = new_game(3, seed=7)
    for story in list(state.stories_in_play())[:3]:
        state.apply(parse_move(f"assign 1 {story}"))
    state.apply(parse_move("press"))
    assert state.is_chance_node()
    line = to_text(state)
    assert "draw=pending" in line
    back = from_text(line)
    assert back.is_chance_node() and normalised(back) == normalised(state)
    assert {c for c, _ in back.chance_outcomes()} == set(state.deck)
    back.apply_chance(back.chance_outcomes()[0][0])  # and play goes on
    assert not back.is_chance_node()
