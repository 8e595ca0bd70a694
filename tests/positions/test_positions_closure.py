"""Whatever the loader accepts leads only to positions it accepts.

For every accepted position -- reached by play, at chance nodes, and changed
in the ways the rules leave free -- every legal move (and every card a chance
node can draw) gives a position the loader accepts again. Plus the case that
used to slip through: a final-edition player with the trigger count of
pennies who is not done.
"""
from __future__ import annotations

import random

import pytest

from pennypress.engine import BadInput, Phase, State, new_game
from pennypress.engine.play.bots import RandomBot

from tests.positions.positions_helpers import VALID, fixed_states, mutated, state_doc


def accepted(state: State) -> State:
    return State.from_json(state_doc(state))


def children(state: State, rnd: random.Random, cards: int = 3):
    """Every position one decision (or one draw) away."""
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        for card, _ in rnd.sample(outcomes, min(cards, len(outcomes))):
            child = state.clone()
            child.apply_chance(card)
            yield f"card {card}", child
        return
    for move in state.legal_moves():
        child = state.clone()
        child.apply(move)
        yield str(move), child


def sampled_positions() -> list[State]:
    """Positions of every phase, including chance nodes, with known and unknown deck order."""
    out = list(fixed_states())
    for seed, players in enumerate((2, 3, 3, 4, 5), start=40):
        s = new_game(players, seed=seed)
        s.deck_known = seed % 2 == 0
        bot, rnd = RandomBot(seed), random.Random(seed)
        k = 0
        while not s.is_over:
            if s.is_chance_node():
                out.append(s.clone())
                s.apply_chance(rnd.choice(s.chance_outcomes())[0])
                continue
            s.apply(bot.choose(s))
            k += 1
            if k % 9 == 0 or s.phase is not Phase.NORMAL:
                out.append(s.clone())
    return out


POSITIONS = sampled_positions()


def test_the_sample_covers_every_phase_and_chance_nodes():
    phases = {s.phase for s in POSITIONS}
    assert phases == set(Phase)
    assert sum(s.is_chance_node() for s in POSITIONS) >= 5


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_every_move_from_an_accepted_position_gives_an_accepted_position(index):
    state = accepted(POSITIONS[index])
    rnd = random.Random(index)
    for what, child in children(state, rnd):
        try:
            accepted(child)
        except BadInput as exc:  # pragma: no cover - the failure message is the point
            pytest.fail(f"after {what}: {exc}")


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(VALID))
def test_positions_changed_in_free_ways_still_lead_only_to_accepted_positions(name):
    rnd = random.Random(name)
    checked = 0
    for state in POSITIONS[::4]:
        doc, applies = mutated(state_doc(state), VALID[name], rnd)
        if not applies:
            continue
        changed = State.from_json(doc)
        for what, child in children(changed, rnd, cards=2):
            try:
                accepted(child)
            except BadInput as exc:  # pragma: no cover
                pytest.fail(f"{name}, after {what}: {exc}")
        checked += 1
    assert checked > 0


def test_a_final_edition_player_with_the_trigger_count_of_pennies_must_be_done():
    # 3 players: the 4th press triggers. Find a final-turns position and give the player to move 4 pennies.
    state = next(s for s in POSITIONS if s.phase is Phase.FINAL_TURNS and s.n_players == 3)
    doc = state_doc(state)
    me = doc["turn"]["player"]
    doc["players"][me]["pennies"] = 4
    doc["players"][me]["ad"] = None
    with pytest.raises(BadInput, match=rf"players\[{me}\]\.pennies: 4 presses and not done"):
        State.from_json(doc)
