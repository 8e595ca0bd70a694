"""The coach of "Play a game" (engine/arena/coach.py) grades a decision exactly as the audit grades it:
the same class, best move and losses as ``audit`` of the same game at the same budget, playouts and seed;
"best" only for the move the analysis ranks first; a forced move is "forced"."""
from __future__ import annotations

import pytest

from pennypress.engine.advisor import advise
from pennypress.engine.advisor.bot import decision_seed
from pennypress.engine.arena.coach import coach
from pennypress.engine.arena.seats import make_bot
from pennypress.engine.arena.table_game import TableGame
from pennypress.engine.audit import audit
from pennypress.engine.game.moves import GoToPress, parse_move
from pennypress.engine.io.record import replay
from pennypress.engine.io.state import public_view

PLAYOUTS = 48


@pytest.fixture(scope="module")
def game():
    g = TableGame.new(3, 1, ["greedy", "greedy"], seed=5)
    mine = make_bot("greedy", 77)
    while not g.is_over and sum(e.by_person for e in g.events) < 4:
        g.run_bots()
        if g.person_to_move:
            g.play(mine.choose(g.view()))
    return g


def test_the_coach_agrees_with_the_audit_on_every_decision(game):
    record = game.record()
    steps = []
    replay(record, visit=steps.append)
    audited = audit(record, "fast", seed=game.seed, playouts=PLAYOUTS, player=1, workers=1)
    mine = [s for s in steps if s.player == 1]
    assert len(mine) == len(audited.decisions) >= 4
    for step, decision in zip(mine, audited.decisions):
        note = coach(step.before, step.move, game.seed, playouts=PLAYOUTS)
        assert (note.klass, note.played) == (decision.klass, decision.played)
        if decision.klass != "forced":
            assert note.best == decision.best
            assert note.loss == pytest.approx(decision.loss) and note.points_loss == pytest.approx(decision.points_loss)


def test_best_only_for_the_move_ranked_first_and_a_worse_move_loses(game):
    state = public_view(game.state if game.person_to_move else game.history[0].state)
    advice = advise(state, "fast", playouts=PLAYOUTS, seed=decision_seed(game.seed, state.ply))
    best = parse_move(advice.best.move)
    note = coach(state, best, game.seed, playouts=PLAYOUTS)
    assert note.klass == "best" and note.loss == 0.0 and note.best == advice.best.move
    worst = parse_move(advice.moves[-1].move)
    worse = coach(state, worst, game.seed, playouts=PLAYOUTS)
    assert worse.klass != "best" and worse.best == advice.best.move and worse.played == str(worst)


def test_a_press_on_the_optimal_page_spelled_out_is_the_press(game):
    record = game.record()
    steps = []
    replay(record, visit=steps.append)
    presses = [s for s in steps if isinstance(s.move, GoToPress) and s.move.page is not None]
    assert presses  # the bots write their pages out
    step = presses[0]
    spelled = coach(step.before, step.move, game.seed, playouts=PLAYOUTS)
    plain = coach(step.before, GoToPress(), game.seed, playouts=PLAYOUTS)
    assert spelled.played == "press" and spelled == plain
