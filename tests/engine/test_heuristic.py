"""The heuristic bot: legal moves everywhere, whole games with every invariant checked,
the decisions its evaluation is built for, and the bonus-race arithmetic."""
from __future__ import annotations

import pytest

from pennypress.engine import GameDefinition, new_game, parse_move
from pennypress.engine.arena.seats import make_bot, parse_seats
from pennypress.engine.play.heuristic import HeuristicBot, Weights, bonus_margin, page_gain
from pennypress.engine.rules.press import preview_press
from pennypress.engine.arena.selfplay import play_game
from pennypress.engine.position.position import Phase
from pennypress.engine.game.stories import Story
from pennypress.solver import make_problem, solve
from pennypress.solver.vocab import BEATS, Beat


@pytest.mark.parametrize("players, variants", [(2, ()), (3, ()), (4, ("newsboy",)), (5, ())])
def test_every_choice_is_legal_in_whole_games(players, variants):
    definition = GameDefinition.create(players, variants)
    for seed in range(2):
        seen_phases = set()
        result = play_game(definition, seed, seats=["heuristic"] * (players - 1) + ["greedy"],
                           on_move=lambda state: seen_phases.add(state.phase))
        assert result["over"] and result["invariant_violations"] == []
        # the game went through both rounds of the final edition (not only to its end)
        assert {Phase.FINAL_TURNS, Phase.FINAL_PRESSES} <= seen_phases


def test_seat_names_include_heuristic():
    assert parse_seats("heuristic,greedy,random", 3) == ("heuristic", "greedy", "random")
    assert isinstance(make_bot("heuristic", 3), HeuristicBot)


def test_page_gain_agrees_with_the_solver():
    values = {Beat.WAR: 3, Beat.CRIME: 5, Beat.POLITICS: 4, Beat.CITY: 1, Beat.HUMAN: 2}
    stories = [Story.parse("crime:C:2"), Story.parse("war:A:1"), Story.parse("human:D:3")]
    problem = make_problem([(s.beat.value, s.shape.value) for s in stories], {b.value: v for b, v in values.items()}, ad=(2, 1))
    assert page_gain(stories, values, (2, 1)) == solve(problem).gain
    assert page_gain([], values, None) == 0


def test_bonus_margin_counts_shared_leads_for_everyone():
    bonus = {b: 2 for b in BEATS} | {Beat.WAR: 7}
    stars = [{Beat.WAR: 3}, {Beat.WAR: 3, Beat.CITY: 1}, {}]
    # both lead war (7 each); player 1 alone leads city (+2)
    assert bonus_margin(stars, bonus, 0) == 7 - 9
    assert bonus_margin(stars, bonus, 1) == 9 - 7
    assert bonus_margin(stars, bonus, 2) == 0 - 9


def _play(state, *moves):
    for m in moves:
        state.play(parse_move(m) if isinstance(m, str) else m)
    return state


def test_final_round_presses_a_page_that_gains_and_declines_one_that_costs():
    s = new_game(3, seed=5)
    bot = HeuristicBot(0)
    while not s.is_over and s.phase is not Phase.FINAL_PRESSES:
        s.play(make_bot("greedy", s.ply).choose(s))
    assert s.phase is Phase.FINAL_PRESSES
    move = bot.choose(s)
    claim = s.claimable(s.current)
    if not claim:
        assert str(move) == "decline"
    else:
        out = preview_press(s, s.current)
        scoops = sum(sc.points for sc in out.scoops)
        if out.gain == 0 and scoops > 0:
            assert str(move) == "decline"
        if out.gain >= 8 and scoops == 0:
            assert str(move) == "press"


def test_takes_an_uncontested_valuable_story_rather_than_pressing_nothing():
    s = new_game(3, seed=7)
    move = HeuristicBot(0).choose(s)
    assert move.__class__.__name__ == "Assign"  # nothing to claim yet: it must place reporters
    assert s.why_illegal(move) is None


def test_weights_change_the_choice_somewhere():
    """The weights are live: a bot that never waits presses where the tuned bot builds its page."""
    impatient = Weights(wait=0.0, tempo=50.0, small_press=0.0)
    differs = 0
    for seed in range(6):
        s = new_game(3, seed=seed)
        for _ in range(12):
            if s.is_over:
                break
            a, b = HeuristicBot(0).choose(s), HeuristicBot(0, impatient).choose(s)
            differs += a != b
            s.play(a)
    assert differs > 0
