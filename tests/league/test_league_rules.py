"""The league plays by the rules and sees only what a player sees: legal moves in whole games of every
size, every invariant kept, the same move whatever the hidden order of the headline deck."""
from __future__ import annotations

import random

import pytest

from pennypress.engine.arena.seats import bot_names, make_bot
from pennypress.engine.io.state import player_view, public_view
from pennypress.engine.play.league.evaluator import EvaluatorBot
from pennypress.engine.play.league.mcts import DEFAULT as MCTS_DEFAULT, MctsBot
from pennypress.engine.play.league.timer import TimerBot
from pennypress.engine.position.position import Phase

from tests.league.league_games import LEAGUE, bot, play, sample_positions, shuffled


def test_the_league_sits_at_the_table_by_name():
    assert set(LEAGUE) <= set(bot_names())
    assert isinstance(make_bot("evaluator", 3), EvaluatorBot)
    assert isinstance(make_bot("timer", 3), TimerBot)
    mcts = make_bot("mcts", 3)
    assert isinstance(mcts, MctsBot) and mcts.s.iterations == MCTS_DEFAULT.iterations == 200
    assert make_bot("mcts", 3).seed == 3


@pytest.mark.slow
@pytest.mark.parametrize("players, variants", [(2, ()), (3, ()), (4, ("newsboy",)), (5, ())])
def test_every_choice_is_legal_and_every_invariant_holds_in_whole_games(players, variants):
    seats = [LEAGUE[k % 3] for k in range(players)]
    phases = set()
    played = play(seats, seed=60 + players, variants=variants, check=True, on_move=lambda s, e: phases.add(s.phase))
    result = played.result
    assert result.state.is_over and result.violations == []
    assert all(played.moves_by_seat)
    assert {Phase.FINAL_TURNS, Phase.FINAL_PRESSES} <= phases  # both rounds of the final edition were played


@pytest.mark.slow
@pytest.mark.parametrize("name", LEAGUE)
def test_the_same_move_whatever_the_hidden_deck_order(name):
    rnd = random.Random(name)
    positions = sample_positions(every=4 if name != "mcts" else 12)
    assert len(positions) > 12
    for state in positions:
        chosen = bot(name, 11).choose(state)
        assert bot(name, 11).choose(shuffled(state, rnd)) == chosen, state.to_json()
        assert bot(name, 11).choose(player_view(state)) == chosen
        assert bot(name, 11).choose(public_view(state)) == chosen


@pytest.mark.parametrize("name", LEAGUE)
def test_a_decision_leaves_the_position_it_was_handed_as_it_was(name):
    for state in sample_positions(every=15):
        before = state.clone()
        bot(name, 5).choose(state)
        assert state == before and state.deck == before.deck
