"""Grading where the game is decided: every chance to win about 0% or 100% says nothing, so a move is
graded by the expected lead over the best rival it lost, with its own paired interval and bands
(:func:`pennypress.engine.audit.grading.assess`)."""
from __future__ import annotations

import pytest

from tests.audit.audit_records import greedy_until, record_from
from pennypress.engine.advisor import RankedMove, advise
from pennypress.engine.advisor.bot import decision_seed
from pennypress.engine.advisor.calibration import IDENTITY
from pennypress.engine.advisor.exact import ExactSearch, is_deterministic
from pennypress.engine.audit import audit
from pennypress.engine.audit.grading import BANDS, MARGIN_BANDS, MARGIN_RATE, SATURATION, assess, grade
from pennypress.engine.game.moves import parse_move
from pennypress.engine.rules.actions import legal_moves
from pennypress.ui.render.audit_words import graded_words, loss_words


def ranked(win: float, loss: float, loss_interval, margin: float, margin_interval, rank: int = 2,
           equal: bool = False, exact: bool = False) -> RankedMove:
    return RankedMove("assign 1 war:A:1", rank, win, (win, win), 40.0, margin, loss, 0.0, equal, exact=exact,
                      loss_interval=loss_interval, margin_loss_interval=margin_interval)


def _band(bands, x: float) -> str:
    return next((name for name, bound in bands if x <= bound), "blunder")


@pytest.mark.parametrize("lost", [0.2, 0.9, 1.7, 3.5, 6.0])
def test_a_decided_game_is_graded_by_the_lead_lost_on_the_margin_bands(lost):
    # the best keeps a lead of 8 points with a sure win; this move keeps 8 - lost, its interval above 0
    move = ranked(1.0, 0.0, (0.0, 0.0), 8.0 - lost, (lost * 0.8, lost * 1.2), equal=True)
    g = assess(move, 2, best_win=1.0, best_margin=8.0)
    assert (g.by, g.significant) == ("margin", True)
    assert g.loss == pytest.approx(lost) and g.klass == _band(MARGIN_BANDS, lost)
    # the margin bands are the chance bands converted at one rate, for any number of players
    assert [b for _, b in MARGIN_BANDS] == pytest.approx([b * MARGIN_RATE for _, b in BANDS])
    assert assess(move, 5, best_win=1.0, best_margin=8.0).klass == g.klass


def test_a_lost_lead_the_analysis_cannot_tell_from_nothing_is_not_graded():
    move = ranked(0.0, 0.0, (0.0, 0.0), -9.0, (-0.5, 2.5), equal=True)  # both sure losses; lead interval spans 0
    g = assess(move, 2, best_win=0.01, best_margin=-8.0)
    assert (g.by, g.klass, g.significant) == ("margin", "within_noise", False)


def test_only_a_decided_game_is_graded_by_margin():
    # a chance of 97% is not decided: the loss of chance grades it, however much lead it lost
    move = ranked(1 - SATURATION - 0.01, 0.0, (-0.01, 0.01), 0.0, (3.0, 5.0), equal=True)
    g = assess(move, 2, best_win=1 - SATURATION - 0.01 + 0.0, best_margin=4.0)
    assert (g.by, g.klass) == ("win", "within_noise")
    # a sure win turned into a sure loss is graded by its chance: a blunder
    lost = ranked(0.0, 1.0, (1.0, 1.0), -3.0, (8.0, 8.0), exact=True)
    assert (assess(lost, 2, best_win=1.0, best_margin=5.0).by, grade(lost, 2, best_win=1.0)) == ("win", "blunder")
    # the best is the best however decided the game
    assert grade(ranked(1.0, 0.0, (0.0, 0.0), 8.0, (0.0, 0.0), rank=1), 2) == "best"


def test_words_say_that_a_decision_was_graded_by_margin():
    from types import SimpleNamespace as D
    d = D(klass="mistake", graded_by="margin", loss=0.0, margin_loss=3.2, win_before=1.0, win_after=1.0)
    assert "3.2 points of lead" in loss_words(d) and "100%" in graded_words(d)
    w = D(klass="mistake", graded_by="win", loss=0.15, margin_loss=1.0, win_before=0.6, win_after=0.45)
    assert graded_words(w) == "" and "15% chance to win" in loss_words(w)


def _decided_final_edition(players: int, seed: int):
    """A final-edition position where the mover's win share is the same after two moves (exact) but the
    lead differs: ``(state, worse move, the lead it loses)``."""
    ex = ExactSearch()
    found = []

    def stop(s) -> bool:
        if not is_deterministic(s) or s.is_over:
            return False
        p = s.current
        values = [(m, ex.value(ex.child(s, m))[p]) for m in legal_moves(s)]
        best = max(v for _, v in values)
        for m, v in values:
            if v[0] == best[0] and v[1] < best[1]:
                found.append((m, best[1] - v[1]))
                return True
        return False

    state = greedy_until(players, seed, stop)
    return (state, *found[0]) if found else None


def test_a_real_final_edition_tie_on_the_chance_is_graded_by_the_exact_lead():
    got = next((g for seed in range(1, 12) if (g := _decided_final_edition(2, seed)) is not None), None)
    assert got is not None, "a seeded game has such a decision"
    state, move, lead = got
    (d,) = audit(record_from(state, [move]), playouts=2, workers=1).decisions
    assert d.exact and d.graded_by == "margin" and d.loss == 0
    assert d.margin_loss == pytest.approx(lead) and d.klass == _band(MARGIN_BANDS, lead)
    assert d.to_json()["graded_by"] == "margin" and "points of lead" in loss_words(d)


def test_a_real_decided_game_on_playouts_is_graded_by_the_paired_lead(core):
    """A greedy game where the mover's chance is about 100% after either move (found by playing it): the
    move played is graded by the lead it loses against the best, on the same futures."""
    state = greedy_until(2, 2, lambda s: s.ply >= 20)
    move = parse_move("reassign war:B:1 -> crime:C:1")
    assert state.why_illegal(move) is None and not is_deterministic(state)
    (d,) = audit(record_from(state, [move]), "fast", workers=1).decisions
    a = advise(state, "fast", seed=decision_seed(0, state.ply), workers=1, reasons_top=0, extra_moves=[move],
               calibration=IDENTITY)
    best, mine = a.best.at_first_sight(), a.extra[0]  # the audit measures both on the analysis's playouts
    assert best.move != str(move)
    assert min(best.win_probability, mine.win_probability) >= 1 - SATURATION  # decided, on the audit's own futures
    assert d.graded_by == "margin" and d.margin_loss == pytest.approx(best.expected_margin - mine.expected_margin)
    low, _ = d.margin_loss_interval
    assert low > 0 and not d.within_noise and d.klass == _band(MARGIN_BANDS, d.margin_loss)


def test_a_press_of_a_worse_page_says_the_lead_it_lost_on_timing_beside_its_whole_loss():
    """What the newspaper table's timing column adds up is said in the decision's own row when it is not the
    whole lead lost (a worse page lost the rest), and only then (#55)."""
    from types import SimpleNamespace as D

    from pennypress.ui.render.audit_words import short_loss_words

    worse = D(klass="blunder", graded_by="win", loss=0.14, margin_loss=2.763, timing_lead_loss=2.672)
    assert short_loss_words(worse) == "14% chance, 2.8 points of lead (pressing too soon: 2.7)"
    assert loss_words(worse) == "14% chance to win and 2.8 points of lead (pressing too soon: 2.7)"
    best_page = D(klass="mistake", graded_by="win", loss=0.1, margin_loss=2.598, timing_lead_loss=2.598)
    assert short_loss_words(best_page) == "10% chance, 2.6 points of lead"
    decided = D(klass="blunder", graded_by="margin", loss=0.0, margin_loss=18.578, timing_lead_loss=19.0)
    assert short_loss_words(decided) == "18.6 points of lead (pressing too soon: 19.0)"
