"""Property tests (hypothesis, derandomized): save/load round trips of positions reached by
seeded random play, and one-field mutations refused with the field named (or, when the
rules leave the field free, still loaded)."""
import json
import random

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from pennypress.engine import BadInput, State
from pennypress.engine.io.validate import position_schema

from tests.positions.positions_helpers import INVALID, VALID, fixed_states, mutated, played_state, state_doc

SETTINGS = dict(derandomize=True, database=None, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def states(draw):
    """A position after a random number of seeded random moves (often the final edition or the end)."""
    players = draw(st.integers(2, 5))
    newsboy = players >= 4 and draw(st.booleans())
    seed = draw(st.integers(0, 10**6))
    moves = draw(st.one_of(st.integers(0, 30), st.integers(30, 150)))
    deck = draw(st.sampled_from(["default", "corrected"]))
    known = draw(st.booleans())
    return played_state(players, newsboy, seed, moves, deck, known)


@settings(max_examples=60, **SETTINGS)
@given(states())
def test_save_and_load_gives_an_equal_state(state):
    text = json.dumps(state.to_json())
    back = State.from_json(json.loads(text))
    assert back == state
    assert json.dumps(back.to_json()) == text
    # the saved document conforms to the published schema, read by a standard validator
    assert not list(Draft202012Validator(position_schema()).iter_errors(json.loads(text)))


@settings(max_examples=60, **SETTINGS)
@given(states())
def test_a_loaded_position_plays_on_like_the_original(state):
    back = State.from_json(state_doc(state))
    assert back.legal_moves() == state.legal_moves()
    if state.legal_moves():
        move = random.Random(state.ply).choice(state.legal_moves())
        assert back.child(move) == state.child(move)


@pytest.mark.slow
@settings(max_examples=150, **SETTINGS)
@given(states(), st.sampled_from(sorted(INVALID)), st.randoms(use_true_random=False))
def test_a_mutated_position_is_refused_naming_the_field(state, name, rnd):
    doc, expected = mutated(state_doc(state), INVALID[name], rnd)
    event(f"{name} on a {state.phase.value} position" if expected is not None else "not applicable")
    if expected is None:
        return  # this mutation does not apply to this position
    with pytest.raises(BadInput) as info:
        State.from_json(doc)
    message = str(info.value)
    assert "\n" not in message
    assert any(e in message for e in expected), f"{name}: {message!r} names none of {expected}"


@settings(max_examples=60, **SETTINGS)
@given(states(), st.sampled_from(sorted(VALID)), st.randoms(use_true_random=False))
def test_a_mutation_the_rules_allow_still_loads(state, name, rnd):
    doc, applies = mutated(state_doc(state), VALID[name], rnd)
    if applies is None:
        return
    loaded = State.from_json(doc)
    assert loaded.to_json() == doc


# Every mutation kind, on a fixed spread of positions (all player counts, variants, phases),
# so each kind is exercised whatever hypothesis happens to draw.
FIXED = fixed_states()


def test_the_fixed_positions_cover_every_phase_and_player_count():
    assert {s.phase.value for s in FIXED} == {"normal", "final-turns", "final-presses", "over"}
    assert {s.n_players for s in FIXED} == {2, 3, 4, 5}
    assert any(s.newsboy is not None for s in FIXED)


@pytest.mark.parametrize("name", sorted(INVALID))
def test_every_mutation_kind_is_refused_on_fixed_positions(name):
    applied = 0
    for k, state in enumerate(FIXED):
        doc, expected = mutated(state_doc(state), INVALID[name], random.Random(k))
        if expected is None:
            continue
        applied += 1
        with pytest.raises(BadInput) as info:
            State.from_json(doc)
        message = str(info.value)
        assert any(e in message for e in expected), f"{name} on state {k}: {message!r} names none of {expected}"
    assert applied >= 3, f"{name} applied to only {applied} fixed positions"


@pytest.mark.parametrize("name", sorted(VALID))
def test_every_allowed_mutation_loads_on_fixed_positions(name):
    applied = 0
    for k, state in enumerate(FIXED):
        doc, applies = mutated(state_doc(state), VALID[name], random.Random(k))
        if applies is None:
            continue
        applied += 1
        assert State.from_json(doc).to_json() == doc
    assert applied >= 3
