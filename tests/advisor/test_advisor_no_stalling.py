"""No stalling (issue #16): the advisor presses rather than wait in a position that keeps coming back --
at its second visit when pressing is equal to the best, from its third whenever it can -- or when nobody
has pressed for about 12 moves (when pressing is equal to the best) or 15 (whenever it can); and the
key that says "the same position" is the one the heuristic and the evaluator count repeats by."""
from __future__ import annotations

import random

from pennypress.engine import Phase, new_game, public_view
from pennypress.engine.advisor import advise
from pennypress.engine.advisor.bot import (QUIET_MOVES_BEFORE_PRESS, QUIET_MOVES_MUST_PRESS, REPEATS_BEFORE_PRESS,
                                           AdvisorBot, decision_seed, quiet_turns)
from pennypress.engine.game.moves import GoToPress


def _press_position(seed: int):
    """A seeded 3-player normal-phase position where the player to move may press and waiting is legal too."""
    s, rng = new_game(3, seed=seed), random.Random(seed)
    while True:
        s.play(rng.choice(s.legal_moves()), rng)
        moves = s.legal_moves()
        if s.phase is Phase.NORMAL and s.ply > 8 and GoToPress() in moves and len(moves) > 5:
            return public_view(s)


def test_the_same_position_the_third_time_is_a_press():
    view = _press_position(3)
    bot = AdvisorBot(seed=5, playouts=60)
    first = bot.choose(view)
    advice = advise(view, playouts=60, seed=decision_seed(5, view.ply), reasons_top=0)
    assert str(first) == advice.best.move != "press"  # a first visit plays the analysis's best move: a wait here
    second = bot.choose(view)
    assert (second == GoToPress()) == advice.find("press").equal_to_best
    assert REPEATS_BEFORE_PRESS == 2 and bot.choose(view) == GoToPress()  # the third visit presses
    assert bot.visits[view.repetition_key()] == 3


def test_a_waiting_move_changes_the_key_and_the_key_is_public():
    view = _press_position(11)
    key = view.repetition_key()
    assert key == public_view(view).repetition_key()  # only public facts: the deck's order is not in it
    waiting = next(m for m in view.legal_moves() if not isinstance(m, GoToPress))
    after = view.clone()
    after.apply(waiting)
    assert after.repetition_key() != key


def test_nobody_pressing_for_a_while_is_a_press():
    """Positions that never repeat, where nobody presses: the bot's quiet turns count up, and once they make
    about QUIET_MOVES_BEFORE_PRESS moves (4 own turns at a 3-player table) it presses when pressing is equal
    to the best, about QUIET_MOVES_MUST_PRESS (5) whenever it can."""
    s = _press_position(7).clone()
    rng, me, bot = random.Random(7), s.current, AdvisorBot(seed=5, playouts=60)
    decided = []
    soon, must = quiet_turns(QUIET_MOVES_BEFORE_PRESS, 3), quiet_turns(QUIET_MOVES_MUST_PRESS, 3)
    assert (soon, must) == (4, 5) and s.n_players == 3
    while len(decided) < must + 2:
        waits = [m for m in s.legal_moves() if not isinstance(m, GoToPress)]
        assert waits, "a position where only pressing is legal"
        if s.current == me:
            view = public_view(s)
            assert bot.visits.get(view.repetition_key(), 0) == 0  # the rule under test is not repetition
            chosen = bot.choose(view)
            advice = advise(view, playouts=60, seed=decision_seed(5, view.ply), reasons_top=0)
            decided.append((bot.quiet[1], chosen, advice))
        s.apply(rng.choice(waits))
    for quiet, chosen, advice in decided:
        press_ok = advice.find("press") is not None
        if quiet < soon:
            assert str(chosen) == advice.best.move
        elif quiet < must:
            expected = "press" if advice.find("press").equal_to_best else advice.best.move
            assert str(chosen) == expected
        else:
            assert press_ok and chosen == GoToPress()
    assert [q for q, _, _ in decided] == list(range(len(decided)))  # nobody pressed: one more each turn
    assert any(str(c) != a.best.move for q, c, a in decided if q >= soon)
