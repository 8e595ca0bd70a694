"""Properties of every analysis: each legal move once, determinism, deck-order blindness,
anytime stopping, progress, and refusals."""
from __future__ import annotations

import random

import pytest

from pennypress.engine import BadInput, GoToPress, new_game, parse_move
from pennypress.engine.advisor import advise, budget_for

PLAYOUTS = 40


@pytest.fixture(scope="module")
def midgame():
    s = new_game(3, seed=21)
    rng = random.Random(3)
    for _ in range(5):
        s.play(rng.choice(s.legal_moves()), rng)
    assert not s.is_over and not s.is_chance_node()
    return s


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
    assert advice.playouts == PLAYOUTS or advice.playouts == max(PLAYOUTS, advice.legal_moves)
    best = advice.best
    assert best.loss == 0 and best.points_loss == 0 and best.equal_to_best
    for m in advice.moves:
        lo, hi = m.win_interval
        assert 0 <= lo <= m.win_probability <= hi <= 1 and m.playouts >= 1
        assert m.loss >= 0 and m.points_loss >= 0
    assert best.reasons and all(isinstance(r, str) and r for r in best.reasons)
    # every move was screened once; the searched ones' estimates use their search playouts only
    searched = [m for m in advice.moves if not m.screened_only]
    assert searched and all(m.rank < min((o.rank for o in advice.moves if o.screened_only), default=99) for m in searched)
    assert all(m.playouts == 1 for m in advice.moves if m.screened_only)
    assert sum(m.playouts for m in advice.moves) + len(searched) == advice.playouts


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


def test_the_heuristic_prior_chooses_the_shortlist(midgame):
    """The moves the fast budget plays out beyond screening are the heuristic bot's best four."""
    from pennypress.engine.advisor.prior import prior_order
    from pennypress.engine.play.heuristic import HeuristicBot

    moves = midgame.legal_moves()
    order = prior_order(midgame, moves)
    assert sorted(order) == list(range(len(moves)))
    assert moves[order[0]] == HeuristicBot().choose(midgame)
    weighed = {str(m): v for m, v in HeuristicBot().evaluate(midgame)}
    values = [weighed[str(moves[i])] for i in order if str(moves[i]) in weighed]
    assert values == sorted(values, reverse=True)
    fast = advise(midgame, "fast", seed=2, workers=1)
    screened = budget_for("fast").screen
    deeper = {m.move for m in fast.moves if m.playouts > screened}
    assert deeper == {str(moves[i]) for i in order[:4]}
    fifth = fast.moves[4]  # the first move only screened: its reasons say the figure is rough
    assert fifth.screened_only and any(r.startswith("Not searched: 1 quick screening playout") for r in fifth.reasons)
    assert not any(r.startswith("Not searched") for m in fast.moves[:4] for r in m.reasons)
    assert not any(m.equal_to_best for m in fast.moves if m.screened_only)  # one playout cannot say "equal"
