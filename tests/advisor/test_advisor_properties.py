"""Properties of every analysis: each legal move once, determinism, deck-order blindness,
anytime stopping, progress, and refusals."""
from __future__ import annotations

import random

import pytest

from pennypress.engine import BadInput, GoToPress, new_game, parse_move
from pennypress.engine.advisor import advise, analyse, budget_for

PLAYOUTS = 40


@pytest.fixture(scope="module")
def advice(midgame):
    return advise(midgame, playouts=PLAYOUTS, seed=5, workers=1)


def test_every_legal_move_listed_once_and_ranked(midgame, advice):
    legal = [str(m) for m in midgame.legal_moves()]
    assert sorted(advice.ranking()) == sorted(legal) and len(set(advice.ranking())) == len(legal)
    assert [m.rank for m in advice.moves] == list(range(1, len(legal) + 1))
    assert advice.player == midgame.current_player and advice.legal_moves == len(legal)
    assert all(parse_move(m.move) in midgame.legal_moves() for m in advice.moves)


def test_estimates_are_consistent(advice):
    # a fixed count: exactly PLAYOUTS (at least one a move), shared evenly, the remainder one each to the leaders
    assert advice.playouts == max(PLAYOUTS, advice.legal_moves) == sum(m.playouts for m in advice.moves)
    each = max(1, PLAYOUTS // advice.legal_moves)
    assert {m.playouts for m in advice.moves} <= {each, each + 1} and not advice.converged
    best = advice.best
    assert best.loss == 0 and best.points_loss == 0 and best.equal_to_best
    for m in advice.moves:
        lo, hi = m.win_interval
        assert m.searched and 0 <= lo <= m.win_probability <= hi <= 1 and m.playouts >= 1
        assert m.loss >= 0 and m.points_loss >= 0
    assert best.reasons and all(isinstance(r, str) and r for r in best.reasons)


def test_same_seed_same_ranking_on_one_or_two_workers(midgame, advice):
    again = advise(midgame, playouts=PLAYOUTS, seed=5, workers=2)
    assert again.ranking() == advice.ranking()
    assert [m.to_json() for m in again.moves] == [m.to_json() for m in advice.moves]


def test_ranking_does_not_read_the_deck_order(midgame, advice):
    shuffled = midgame.clone()
    random.Random(99).shuffle(shuffled.deck)
    assert shuffled.deck != midgame.deck and shuffled.deck_known
    again = advise(shuffled, playouts=PLAYOUTS, seed=5, workers=1)
    assert [m.to_json() for m in again.moves] == [m.to_json() for m in advice.moves]


def test_state_is_not_changed(midgame):
    before = midgame.to_json()
    advise(midgame, playouts=12, seed=1, workers=1)
    assert midgame.to_json() == before


def test_progress_and_stop(midgame):
    seen = []
    calls = {"n": 0}

    def stop():
        calls["n"] += 1
        return calls["n"] > 3

    a = advise(midgame, playouts=400, seed=5, workers=1, progress=lambda d, t: seen.append((d, t)), stop=stop)
    assert a.stopped and a.playouts < 400
    assert seen and all(t == 400 for _, t in seen) and [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert len(a.moves) == a.legal_moves  # every move still listed


def test_seed_changes_futures(midgame, advice):
    other = advise(midgame, playouts=PLAYOUTS, seed=6, workers=1)
    assert [m.win_probability for m in other.moves] != [m.win_probability for m in advice.moves] or \
        [m.expected_score for m in other.moves] != [m.expected_score for m in advice.moves]


def test_refuses_a_finished_game_and_a_pending_draw():
    s = new_game(3, seed=7)
    story = next(s.stories_in_play())
    s.apply(parse_move(f"assign 1 {story}")); s.apply(parse_move("assign 1 crime:A:1"))
    s.apply(parse_move("assign 1 politics:A:1")); s.apply(GoToPress())
    assert s.is_chance_node()
    with pytest.raises(BadInput, match="headline card must be drawn"):
        advise(s, "fast")
    over = new_game(2, seed=1)
    from pennypress.engine.play.match import play_match
    from pennypress.engine.arena.seats import make_bot
    done = play_match(over, [make_bot("greedy", 1), make_bot("greedy", 2)], seed=3).state
    with pytest.raises(BadInput, match="game is over"):
        advise(done, "fast")
    with pytest.raises(BadInput, match="unknown budget"):
        budget_for("quick")
    with pytest.raises(BadInput, match="playouts"):
        budget_for("fast", playouts=0)


def test_every_move_is_searched_by_a_named_budget_within_its_cap(midgame):
    """No screening any more: at ``fast`` every legal move has at least the first checkpoint's playouts of
    the search policy, the total stays within the cap, and the moves still in the race share the top count."""
    from pennypress.engine.advisor.pool import playout_engine

    fast = analyse(midgame, "fast", seed=2, workers=1)  # the analysis (the second ply opens its first moves)
    plan = budget_for("fast")
    engine = playout_engine(seed=2, state=midgame)
    assert fast.engine == engine
    from pennypress.engine.advisor.search import halving_schedule

    first = halving_schedule(fast.legal_moves, plan.cap_for(engine))[0][1]
    assert all(m.searched and m.playouts >= first for m in fast.moves)
    assert fast.playouts == sum(m.playouts for m in fast.moves) <= max(plan.cap_for(engine), first * fast.legal_moves)
    assert fast.best.playouts == max(m.playouts for m in fast.moves)
    assert not any(r.startswith("Not searched") for m in fast.moves for r in m.reasons)
