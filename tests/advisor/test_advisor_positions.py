"""Hand-built positions where the right move is clear, and the rulebook's "when not to press"."""
from __future__ import annotations

import json
from pathlib import Path

from tests.advisor.advisor_positions import brute_force_moves, final_presses, final_turns
from pennypress.engine import State, parse_move
from pennypress.engine.advisor import advise

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "positions"


def _finish(state, move):
    child = state.clone()
    child.apply(parse_move(move))
    return child


def test_last_chance_press_that_wins_beats_declining():
    s = final_presses(
        board={"war:D:3": [2, 0, 0], "war:A:2": [1, 0, 0], "war:C:1": [1, 0, 0], "crime:B:1": [0, 1, 0]},
        circulation=[30, 40, 20],
    )
    # premise, from the engine alone: pressing ends the game with The Times winning, declining loses
    assert _finish(s, "press").winners == (0,)
    assert _finish(s, "decline").winners == (1,)
    advice = advise(s, "fast", seed=0)
    assert advice.exact
    assert advice.ranking() == ["press", "decline"]
    assert advice.best.win_probability == 1.0 and advice.moves[1].win_probability == 0.0
    assert advice.moves[1].loss == 1.0
    assert any(r.startswith("Go to press: the best page scores ") for r in advice.best.reasons)


def test_press_giving_the_leader_enough_scoop_points_is_avoided():
    s = final_presses(
        board={"human:A:1": [1, 1, 0], "human:C:1": [0, 0, 1], "human:D:1": [0, 0, 1]},
        published={1: ["human:B:3", "human:C:3"]},
        circulation=[40, 37, 30],
    )
    press, decline = _finish(s, "press"), _finish(s, "decline")
    # premise: the press gives The Sun scoop points, enough to take the game from The Times
    assert press.players[1].circulation > s.players[1].circulation + 2  # more than the bonus alone
    assert press.winners == (1,) and decline.winners == (0,)
    advice = advise(s, "fast", seed=0)
    assert advice.best.move == "decline" and advice.best.win_probability == 1.0
    press_row = next(m for m in advice.moves if m.move == "press")
    assert press_row.loss == 1.0 and not press_row.equal_to_best
    assert any("The Sun" in r and "scoop point" in r for r in press_row.reasons)


STOLEN = dict(
    current=0, pending=[1], trigger=2,
    board={"politics:A:3": [1, 1, 0], "politics:B:2": [1, 0, 0], "politics:C:2": [1, 0, 0],
           "crime:D:1": [1, 0, 0], "city:A:1": [0, 0, 0]},
    circulation=[40, 55, 40],
)
"""The Times and The Sun tie on Politics A 3★; The Sun moves next and could outnumber The Times there."""


def _protects(move: str) -> bool:
    return move == "press" or move.endswith("politics:A:3") and not move.startswith("recall")


def test_story_about_to_be_stolen_is_protected_or_pressed():
    s = final_turns(**STOLEN)
    # premise (independent brute force): moving elsewhere loses the game, and some move wins it
    values = brute_force_moves(s)
    assert values["assign 1 city:A:1"][0] == 0.0 and max(values.values())[0] == 1.0
    advice = advise(s, "fast", seed=0)
    assert _protects(advice.best.move), advice.best.move
    assert advice.best.win_probability == 1.0
    assert all(_protects(m.move) for m in advice.moves if m.win_probability == 1.0)


def test_threat_facts_name_the_story_at_risk():
    from pennypress.engine.advisor import move_facts

    s = final_turns(**STOLEN)
    f = move_facts(s, parse_move("assign 1 city:A:1"))
    sun = next(t for t in f.threats if t.player == 1)
    assert [(str(x.story), x.reporters) for x in sun.can_take] == [("politics:A:3", 1)]
    protected = move_facts(s, parse_move("reassign politics:C:2 -> politics:A:3"))
    assert not any(str(x.story) == "politics:A:3" for t in protected.threats for x in t.can_take)


def test_when_not_to_press_does_not_recommend_pressing():
    s = State.from_json(json.loads((EXAMPLES / "when-not-to-press.json").read_text()))
    assert parse_move("press") in s.legal_moves()  # pressing is allowed, just poor
    advice = advise(s, playouts=120, seed=0)
    assert advice.best.move != "press"
    press_row = next(m for m in advice.moves if m.move == "press")
    assert press_row.rank > 1 and press_row.win_probability < advice.best.win_probability
