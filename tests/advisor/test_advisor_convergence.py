"""Converged, honest numbers (issue #16): paired intervals recomputed from the playouts themselves,
"equal to the best" exactly when the paired interval holds 0, the race's stopping rule, determinism on
any number of threads, nothing bare for a move not searched, and the same shape on the Python engine."""
from __future__ import annotations

import math
import random
import statistics

import pytest

from pennypress.engine import native, new_game
from pennypress.engine.advisor import advise, analyse, budget_for, paired
from pennypress.engine.advisor.calibration import IDENTITY
from pennypress.engine.advisor.policy import SEARCH_LEAF, search_policy
from pennypress.engine.advisor.pool import playout_engine, run_playouts
from pennypress.engine.advisor.settings import SearchSettings
from pennypress.engine.io.state import public_view

T95_39 = 2.023
"""Student's t, two-sided 95%, 39 degrees of freedom (printed tables)."""


N = 40


def _json(advice) -> dict:
    doc = advice.to_json()
    doc.pop("seconds")
    return doc


def test_paired_intervals_match_a_direct_computation_from_the_playouts(midgame):
    """40 playouts a move: each move's loss interval is mean(d) ± t(39)·sd(d)/√40 of the playout-by-playout
    differences to rank 1, recomputed here from the very playouts (run again by number k)."""
    n = len(midgame.legal_moves())
    advice = advise(midgame, playouts=N * n, seed=4, workers=1, calibration=IDENTITY)  # the playouts' own shares
    assert all(m.playouts == N for m in advice.moves)
    view = public_view(midgame)
    moves = view.legal_moves()
    index = {str(m): i for i, m in enumerate(moves)}
    settings = SearchSettings(seed=4, workers=1, leaf=SEARCH_LEAF, policy=search_policy(view.n_players))
    results = run_playouts(view, moves, [(i, k) for i in range(n) for k in range(N)], settings)
    me = view.current
    win = {i: [results[(i, k)][me][0] for k in range(N)] for i in range(n)}
    best = index[advice.best.move]
    checked = 0
    for m in advice.moves:
        mine = win[index[m.move]]
        assert m.win_probability == pytest.approx(statistics.fmean(mine))
        if m.rank == 1:
            continue
        d = [a - b for a, b in zip(win[best], mine)]
        mean, sd = statistics.fmean(d), statistics.stdev(d)
        lo, hi = mean - T95_39 * sd / math.sqrt(N), mean + T95_39 * sd / math.sqrt(N)
        assert m.loss == pytest.approx(max(0.0, mean))
        assert m.loss_interval == pytest.approx((lo, hi), abs=2e-4) and m.paired_playouts == N
        # "equal to the best" exactly when the paired interval holds 0
        assert m.equal_to_best == (lo <= 0 <= hi)
        checked += 1
    assert checked == n - 1
    assert any(not m.equal_to_best for m in advice.moves)
    # the pairing matters: unpaired (two independent Wilson intervals) would say far less
    worst = advice.moves[-1]
    assert worst.loss_interval[1] - worst.loss_interval[0] < 2 * (worst.win_interval[1] - worst.win_interval[0])


def test_paired_statistics_by_hand():
    d = paired([1, 1, 1, 0, 1, 1, 0, 1], [0, 1, 0, 0, 1, 0, 0, 1])
    diffs = [1, 0, 1, 0, 0, 1, 0, 0]
    half = 2.365 * statistics.stdev(diffs) / math.sqrt(8)  # t(7)
    assert (d.mean, d.n) == (0.375, 8) and d.low == pytest.approx(0.375 - half) and d.high == pytest.approx(0.375 + half)
    assert d.contains_zero and not d.significant
    assert paired([1] * 40, [0] * 20 + [1] * 20).significant  # 20 of 40 better, never worse
    assert paired([1, 0], [1, 0]).interval == (0.0, 0.0)  # the same futures, the same results: no difference


def test_the_halving_follows_its_schedule_and_stops_only_when_separated_or_spent(midgame):
    """Every move's playouts are one of the schedule's checkpoints; the last move left has the most; the
    analysis spends the cap unless the best was separated from every other move (then every loss interval
    shown lies above 0)."""
    from pennypress.engine.advisor.search import halving_schedule

    plan = budget_for("fast")
    engine = playout_engine(seed=0, state=midgame)
    cap = plan.cap_for(engine)
    schedule = halving_schedule(len(midgame.legal_moves()), cap)
    checkpoints = {target for _, target in schedule}
    for seed in range(3):
        a = analyse(midgame, "fast", seed=seed, workers=1)  # the analysis (no second ply)
        assert {m.playouts for m in a.moves} <= checkpoints
        assert a.best.playouts == max(m.playouts for m in a.moves) and a.playouts <= cap
        # how many moves reached each checkpoint: the schedule's halves
        reached = [sum(m.playouts >= target for m in a.moves) for _, target in schedule[:a.rounds]]
        assert reached == [alive for alive, _ in schedule[:a.rounds]]
        if a.converged:
            assert all(m.loss_interval[0] > 0 for m in a.moves[1:])
        else:
            assert a.rounds == len(schedule) and a.playouts == sum(m.playouts for m in a.moves) > cap - len(a.moves)
            assert sum(m.playouts == a.best.playouts for m in a.moves) == 2  # the final duel


def test_a_clear_best_move_converges_early():
    """A 2-player position where the player to move is far ahead (a press or a reassignment keeps a lead of
    some 90%): the race separates the best move from every other long before the cap."""
    s = new_game(2, seed=17)
    rng = random.Random(17)
    target = rng.randrange(10, 40)
    while s.ply < target:
        s.play(rng.choice(s.legal_moves()), rng)
    advice = analyse(s, "deep", seed=1, workers=1)  # the analysis alone: what converges
    assert advice.best.win_probability > 0.8
    assert advice.converged and advice.playouts < budget_for("deep").cap_for(advice.engine)
    assert not any(m.equal_to_best for m in advice.moves[1:])
    assert all(m.loss_interval[0] > 0 or m.playouts < advice.best.playouts for m in advice.moves[1:])


@pytest.mark.skipif(not native.available(), reason="threads are the native core's")
def test_same_answer_on_one_or_two_threads(midgame):
    one = advise(midgame, "fast", seed=7, workers=1)
    two = advise(midgame, "fast", seed=7, workers=2)
    assert _json(one) == _json(two)
    assert one.engine == "native"


def test_a_move_not_searched_shows_no_bare_figure(midgame):
    """Stopped after the first batch: the moves never reached say "not searched", with no win probability."""
    calls = {"n": 0}

    def stop():
        calls["n"] += 1
        return calls["n"] > 2

    a = advise(midgame, "fast", seed=3, workers=1, stop=stop)
    unsearched = [m for m in a.moves if not m.searched]
    assert a.stopped and unsearched and not a.converged
    assert all(m.rank > max(o.rank for o in a.moves if o.searched) for m in unsearched)
    for m in unsearched:
        doc = m.to_json()
        assert doc["win_probability"] is None and doc["win_interval"] is None and doc["loss"] is None
        assert doc["playouts"] == 0 and not doc["equal_to_best"] and not doc["searched"]
    from pennypress.ui.cli.advise_command import advice_table
    text = advice_table(a)
    assert "not searched" in text and "(screened)" not in text


def test_the_python_engine_gives_the_same_shape(midgame, monkeypatch):
    native_doc = _json(advise(midgame, "fast", seed=5, workers=1))
    monkeypatch.setenv(native.ENGINE_VARIABLE, "python")
    a = advise(midgame, "fast", seed=5, workers=1)
    assert a.second_ply is not None and a.second_ply.reply_budget == "quick"  # the same second ply
    a = analyse(midgame, "fast", seed=5, workers=1)  # the analysis's shape
    doc = _json(a)
    assert doc["engine"] == "python" and set(doc) == set(native_doc)
    assert [set(m) for m in doc["moves"]] == [set(m) for m in native_doc["moves"]]
    cap = budget_for("fast").cap_for("python")
    assert cap < budget_for("fast").cap_for("native")
    assert a.playouts <= max(cap, 2 * a.legal_moves) and all(m.searched and m.playouts >= 1 for m in a.moves)
    for m in a.moves[1:]:
        assert m.equal_to_best == (m.loss_interval[0] <= 0 <= m.loss_interval[1])


def test_seconds_bound_the_analysis_and_say_how_many_playouts(midgame):
    a = advise(midgame, "fast", seed=1, workers=1, seconds=0.2)
    assert a.budget == "0.2 seconds" and a.playouts == sum(m.playouts for m in a.moves) > 0
    assert a.seconds < 5


def test_the_search_plays_mixed_playouts_up_to_three_players_and_the_heuristic_bot_beyond():
    """The default playouts are :func:`search_policy`'s for the table: the very figures of an analysis naming
    that policy, and not those of the other one."""
    for players, policy, other in ((3, "mixed", "heuristic"), (4, "heuristic", "mixed")):
        s = new_game(players, seed=23)
        rng = random.Random(23)
        while s.ply < 8:
            s.play(rng.choice(s.legal_moves()), rng)
        n = len(s.legal_moves())
        assert search_policy(players) == policy
        default, named, unnamed = (advise(s, playouts=6 * n, seed=2, workers=1, policy=p).to_json()
                                   for p in (None, policy, other))
        figures = [{k: v for k, v in d.items() if k != "seconds"} for d in (default, named, unnamed)]
        assert figures[0] == figures[1] != figures[2]
        # the batch runner's default is the table's too (the puzzles' certificates call it directly)
        view = public_view(s)
        moves, pairs = view.legal_moves()[:3], [(i, k) for i in range(3) for k in range(4)]
        batches = [run_playouts(view, moves, pairs, SearchSettings(seed=5, workers=1, leaf=SEARCH_LEAF, policy=p))
                   for p in (None, policy, other)]
        assert batches[0] == batches[1] != batches[2]
