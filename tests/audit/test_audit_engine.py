"""The audit finds planted errors, grades the advisor's own moves as best, and measures luck."""
from __future__ import annotations

import math

import pytest
from hypothesis import given, settings, strategies as st

from tests.audit.audit_records import (advisor_game, first_press_with_two_stories, greedy_until, page_without_first_story,
                                      press_wins_decline_loses, record_from, solver_page_loss as _solver_page_loss)
from pennypress.engine.advisor import advise
from pennypress.engine.advisor.calibration import IDENTITY
from pennypress.engine.advisor.exact import is_deterministic
from pennypress.engine.audit import CLASSES, accuracy, audit, classify
from pennypress.engine.game.moves import Decline, GoToPress, parse_move
from pennypress.engine.rules.press import optimal_press
from pennypress.engine.rules.actions import legal_moves
from pennypress.errors import BadInput


def test_a_worse_legal_page_is_caught_with_the_solvers_page_loss():
    state = first_press_with_two_stories()
    page = page_without_first_story(state)
    doc = record_from(state, [GoToPress(page)])
    (d,) = audit(doc, playouts=2, workers=1).decisions
    expected = _solver_page_loss(state, page)
    assert expected > 0
    assert d.press is not None and d.press.page_loss == expected
    assert d.played == str(GoToPress(page)) and d.played != "press"  # evaluated as an extra move
    assert any(word in " ".join(d.press.notes) for word in ("left off", "exclusive", "empty"))
    out = d.to_json()["press"]
    assert out["page_loss"] == expected and out["optimal_gain"] >= out["gain"]


def test_the_optimal_page_spelled_out_is_the_legal_press_and_loses_no_page_points():
    state = first_press_with_two_stories()
    doc = record_from(state, [GoToPress()])  # the recorder spells the optimal page out
    (d,) = audit(doc, playouts=2, workers=1).decisions
    assert d.played == "press" and d.press.page_loss == 0 and d.press.notes == ()


def _final_edition(players, seed, want):
    return greedy_until(players, seed, lambda s: is_deterministic(s) and not s.is_over and want(s))


@pytest.mark.parametrize("players,seed", [(3, 7), (2, 9)])
def test_declining_a_winning_final_press_is_an_exact_blunder(players, seed):
    state = _final_edition(players, seed, press_wins_decline_loses)
    assert not state.is_over, "the seeded game has such a decision"
    a = audit(record_from(state, [Decline()]), playouts=2, workers=1)
    (d,) = a.decisions
    assert d.exact and d.klass == "blunder" and d.played == "decline"
    assert d.win_before == 1.0 and d.loss == 1.0 and d.missed_press
    assert any(m.kind == "missed press" and m.ply == 1 for m in a.key_moments)


def test_a_forced_move_needs_no_search_and_is_classed_forced():
    state = _final_edition(3, 2, lambda s: len(legal_moves(s)) == 1)
    assert not state.is_over
    (d,) = audit(record_from(state, legal_moves(state)), playouts=2, workers=1).decisions
    assert d.klass == "forced" and d.loss == 0.0 and d.legal_moves == 1


def test_the_advisors_own_seat_audits_as_best_at_the_same_budget_and_seed():
    doc = advisor_game(players=2, seed=9, advisor_seed=5, playouts=4, from_end=12)
    a = audit(doc, playouts=4, seed=5, workers=1, player=0)
    seat = [d for d in a.decisions if d.player == 0]
    assert sum(d.klass != "forced" for d in seat) >= 3
    # the advisor bot plays the best move, except that its no-stalling rule presses when pressing is not
    # significantly worse than the best (engine/advisor/bot.py): such a press audits as within noise
    assert all(d.klass in ("best", "forced") or (d.played == "press" and d.klass == "within_noise" and d.within_noise)
               for d in seat), [(d.ply, d.played, d.best, d.klass) for d in seat]
    assert sum(d.klass == "best" for d in seat) >= 3
    assert all(d.player == 0 for d in a.decisions)


def test_workers_do_not_change_the_audit():
    state = first_press_with_two_stories()
    doc = record_from(state, [GoToPress(page_without_first_story(state))])
    assert audit(doc, playouts=3, workers=1).to_json()["decisions"] == audit(doc, playouts=3, workers=2).to_json()["decisions"]


def test_each_decision_is_handed_over_as_it_is_graded_once_and_before_the_audit_ends():
    """``graded`` (the page's list of decisions as they come in) gets every decision once, each the very one
    the answer holds, and each before the next is counted by ``progress``."""
    import json
    from pathlib import Path

    doc = json.loads((Path(__file__).resolve().parents[2] / "examples" / "records"
                      / "two-player-greedy-seed-11.json").read_text(encoding="utf-8"))
    got, counted = [], []
    a = audit(doc, playouts=2, workers=2, graded=got.append, progress=lambda done, total: counted.append(len(got)))
    assert len(got) == len(a.decisions) > 20
    assert sorted(got, key=lambda d: d.ply) == list(a.decisions)
    assert all(x is y for x, y in zip(sorted(got, key=lambda d: d.ply), a.decisions))
    assert counted == list(range(1, len(got) + 1))


def test_luck_is_the_next_value_minus_the_presss_value_as_evaluated():
    state = first_press_with_two_stories(2, 11)
    rec_state = state.clone()
    rec_state.play(GoToPress())
    doc = record_from(state, [GoToPress(), legal_moves(rec_state)[0]])
    a = audit(doc, playouts=3, workers=1)
    press, after = a.decisions
    assert press.card is not None and press.luck is not None
    for p in range(2):
        assert math.isclose(press.luck[p], after.before_all[p] - press.after_all[p])
    assert math.isclose(a.summary[0].luck + a.summary[1].luck, sum(press.luck))
    assert press.before_all and after.win_before == after.before_all[after.player]


def test_extra_moves_are_evaluated_on_the_same_futures_as_the_best_move():
    state = first_press_with_two_stories()
    a = advise(state, playouts=12, seed=3, workers=1)
    same = parse_move(a.best.move) if a.best.move != "press" else optimal_press(state)
    b = advise(state, playouts=12, seed=3, workers=1, extra_moves=[same])
    assert b.ranking() == a.ranking()
    (x,) = b.extra
    assert x.win_probability == b.best.win_probability and x.loss == 0 and x.equal_to_best
    assert x.win_all == b.best.win_all and len(x.win_all) == state.n_players


def test_a_bad_record_names_the_move():
    state = first_press_with_two_stories()
    doc = record_from(state, [GoToPress()])
    doc["moves"].append("assign 9 war:A:1")
    with pytest.raises(BadInput, match=r"moves\[1\]"):
        audit(doc, playouts=2, workers=1)
    with pytest.raises(BadInput):
        audit({"format": "pennypress-position"}, playouts=2, workers=1)


@settings(max_examples=60, deadline=None)
@given(st.floats(0, 1), st.floats(0, 1), st.integers(2, 5))
def test_classes_and_accuracy_are_monotone_in_the_loss(a, b, n):
    lo, hi = sorted((a, b))
    assert CLASSES.index(classify(lo, n)) <= CLASSES.index(classify(hi, n))
    assert 0 <= accuracy(hi, n) <= accuracy(lo, n) <= 100
    # more players: the same loss is a larger part of the fair share
    if n < 5:
        assert CLASSES.index(classify(lo, n)) <= CLASSES.index(classify(lo, n + 1))


def test_stories_survive_pickling_into_a_process_with_another_hash_seed(tmp_path):
    """The pool's workers may start by forkserver (from the app): a pickled story must still find its dict entry."""
    import os
    import subprocess
    import sys

    path = tmp_path / "d.pickle"
    dump = ("import pickle,sys; from pennypress.engine.game.stories import Story; "
            f"pickle.dump({{Story.parse('city:D:1'): 5}}, open({str(path)!r}, 'wb'))")
    load = ("import pickle; from pennypress.engine.game.stories import Story; "
            f"print(pickle.load(open({str(path)!r}, 'rb'))[Story.parse('city:D:1')])")
    subprocess.run([sys.executable, "-c", dump], check=True, env={**os.environ, "PYTHONHASHSEED": "1"})
    out = subprocess.run([sys.executable, "-c", load], check=True, capture_output=True, text=True,
                         env={**os.environ, "PYTHONHASHSEED": "2"})
    assert out.stdout.strip() == "5"


def test_a_press_that_hands_the_leader_the_game_through_scoops_is_a_blunder():
    from tests.audit.audit_records import scoop_handing_position

    state, q = scoop_handing_position()
    mover = state.current
    a = audit(record_from(state, [GoToPress()]), playouts=2, workers=1)
    d = a.decisions[0]
    assert d.exact and d.klass == "blunder" and d.loss == 1.0 and d.best != "press"
    assert d.scoops_given > 0 and a.summary[q].scoops_received >= d.scoops_given
    assert d.after_all[q] == 1.0 and d.after_all[mover] == 0.0
    assert any(m.ply == 1 and m.kind == "blunder" for m in a.key_moments)


def _random_line(players: int, seed: int, rng_seed: int, plies: int):
    import random

    from pennypress.engine import new_game

    s = new_game(players, seed=seed)
    rng = random.Random(rng_seed)
    while s.ply < plies:
        s.play(rng.choice(s.legal_moves()), rng)
    assert not s.is_over and not s.is_chance_node()
    return s


@pytest.mark.slow
def test_a_coin_flip_is_within_noise_not_graded():
    """A 3-player midgame move the advisor cannot tell from its best at ``fast`` (paired 95% interval holding
    0) but with a loss estimate that the bands alone would grade: class ``within_noise``, accuracy 100, no key
    moment -- never a blunder on a coin flip."""
    from pennypress.engine.advisor.bot import decision_seed
    from pennypress.engine.audit.grading import GRADED

    flip = None
    for seed in range(70, 130):  # the first midgame position with such a move (most have one)
        s = _random_line(3, seed, 3, 5 + seed % 8)
        ranked = advise(s, "fast", seed=decision_seed(0, s.ply), workers=1)
        if ranked.reranked:  # the audit measures on the analysis's playouts: keep the analysis's own first
            continue
        # in the final duel beside the best (as many playouts): the audit re-runs it on exactly those futures;
        # the figures the audit grades by are the analysis's (first sight), not those after the next answer
        sights = [m.at_first_sight() for m in ranked.moves[1:]]
        flips = [m for m in sights if m.loss_interval[0] <= 0 <= m.loss_interval[1]
                 and m.playouts == ranked.best.playouts
                 and classify(m.loss, 3) in GRADED]  # the bands alone would have graded it
        if flips:
            flip = max(flips, key=lambda m: (m.loss, m.move))
            break
    assert flip is not None, "no coin flip the bands would grade in 60 midgame positions"
    a = audit(record_from(s, [parse_move(flip.move)]), "fast", workers=1)
    (d,) = a.decisions
    lo, hi = d.loss_interval
    # the audit's own analysis (its seed from the record's ply) finds a loss the bands would grade too
    assert classify(d.loss, 3) in GRADED and lo <= 0 <= hi and d.within_noise
    assert d.klass == "within_noise" and d.to_json()["class"] == "within_noise"
    assert a.summary[d.player].classes["within_noise"] == 1 and a.summary[d.player].accuracy == 100.0
    assert not any(m.kind in ("mistake", "blunder") for m in a.key_moments)


def test_a_real_blunder_on_playouts_is_still_graded(core):
    """A 2-player position where the best moves (a press, a reassignment) win about 90% of the playouts:
    recalling four reporters instead loses far more, significantly (its paired interval lies above 0), and is
    graded by the bands, not excused.

    Needs the native core: ``fast``'s cap on the Python engine (80 playouts) is too small to separate this
    position's moves (the loss then stays within noise)."""
    import random

    from pennypress.engine import new_game

    s, rng = new_game(2, seed=17), random.Random(17)
    target = rng.randrange(10, 40)
    while s.ply < target:
        s.play(rng.choice(s.legal_moves()), rng)
    bad = "recall 1 war:C:2, 3 politics:A:1"
    assert bad in [str(m) for m in s.legal_moves()]
    a = audit(record_from(s, [parse_move(bad)]), "fast", workers=1)
    (d,) = a.decisions
    assert not d.exact and d.best != bad and d.loss > 0.3 and d.loss_interval[0] > 0 and not d.within_noise
    assert d.klass == classify(d.loss, 2) and d.klass in ("mistake", "blunder")
    assert any(m.ply == d.ply and m.kind in ("mistake", "blunder", "missed press") for m in a.key_moments)


def test_an_extra_move_the_halving_searched_keeps_its_playouts_and_runs_only_the_rest():
    """A playout is a function of the move, the seed and ``k``: an extra move written as a legal one gets
    the playouts the halving already ran for it, and only the ``k`` it lacks are run -- the same figures
    as every move searched on the best move's ``k`` (an even share of exactly that many)."""
    state = first_press_with_two_stories()
    a = advise(state, "fast", seed=3, workers=1, calibration=IDENTITY)
    rows = a.ranking()
    dropped = min(a.moves[1:], key=lambda r: r.playouts)
    assert dropped.playouts < a.best.playouts, "the halving dropped no move early: pick another position"
    n = a.best.playouts
    even = advise(state, playouts=n * len(rows), seed=3, workers=1, calibration=IDENTITY)
    assert all(r.playouts == n for r in even.moves)
    for row in (a.best, dropped):
        b = advise(state, "fast", seed=3, workers=1, calibration=IDENTITY, extra_moves=[parse_move(row.move)])
        assert b.ranking() == rows
        assert b.playouts - a.playouts == n - row.playouts  # only the missing playouts were run
        (x,) = b.extra
        assert x.playouts == n
        assert x.win_probability == even.find(row.move).win_probability
        assert x.win_all == even.find(row.move).win_all
