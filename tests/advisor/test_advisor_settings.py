"""The search's settings are one object: built once by ``advise`` and handed unchanged down to the batches."""
from __future__ import annotations

import dataclasses

import pytest

from pennypress.engine import native
from pennypress.engine.advisor import BUDGETS, SearchSettings, advise, pool
from pennypress.engine.advisor.calibration import CALIBRATION, Calibration
from pennypress.engine.advisor.policy import SEARCH_LEAF
from pennypress.engine.advisor.value import MODEL, Leaf
from pennypress.errors import BadInput


def _figures(advice) -> dict:
    return {k: v for k, v in advice.to_json().items() if k != "seconds"}


def test_the_defaults_are_the_advisors_and_the_settings_are_frozen():
    s = SearchSettings()
    assert (s.budget, s.seed, s.workers, s.exact_end, s.leaf, s.calibration, s.policy) == (
        BUDGETS["normal"], 0, None, None, SEARCH_LEAF, CALIBRATION, None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.seed = 3  # type: ignore[misc]
    assert SearchSettings.for_budget("deep", playouts=40).budget.playouts == 40
    assert SearchSettings.for_budget(BUDGETS["fast"], seed=2) == SearchSettings(BUDGETS["fast"], seed=2)


def test_a_budget_with_keywords_is_the_same_analysis_as_the_settings(midgame):
    settings = SearchSettings.for_budget(playouts=60, seed=4, workers=1)
    assert _figures(advise(midgame, playouts=60, seed=4, workers=1)) == _figures(advise(midgame, settings))
    named = _figures(advise(midgame, SearchSettings.for_budget("fast", seed=4, workers=1)))
    assert _figures(advise(midgame, "fast", seed=4, workers=1)) == named
    assert _figures(advise(midgame, budget="fast", seed=4, workers=1)) == named


def test_settings_given_twice_or_misspelt_are_refused(midgame):
    with pytest.raises(TypeError, match="settings given twice"):
        advise(midgame, SearchSettings(), seed=1)
    with pytest.raises(TypeError, match="sed"):
        advise(midgame, "fast", sed=1)
    with pytest.raises(TypeError, match="the budget given twice"):
        advise(midgame, "fast", budget="deep")


def test_the_final_edition_seat_by_seat_resolves_exact_end_off_and_refuses_it_on():
    """``exact_seats`` leaves the final edition to the seats, so the default ``exact_end`` resolves off on every
    engine and table; asking for both is a contradiction, refused with a message naming both."""
    seats = SearchSettings(exact_seats=True)
    assert SearchSettings().exact_end_on("native", 3)
    assert not any(seats.exact_end_on(engine, n) for engine in ("native", "python") for n in (2, 3, 4))
    assert not SearchSettings(exact_seats=True, exact_end=False).exact_end_on("native", 3)
    with pytest.raises(BadInput, match="exact_seats .* exact_end=True"):
        SearchSettings(exact_seats=True, exact_end=True)
    with pytest.raises(BadInput, match="exact_seats .* exact_end=True"):
        dataclasses.replace(seats, exact_end=True)


def test_the_settings_reach_the_batches_unchanged_but_for_what_the_table_decides(midgame, monkeypatch):
    """Whichever engine plays, the batches get the one settings object advise built: the same seed, leaf,
    exact end and calibration; only the workers and the policy are filled in (both cores, the table's policy)."""
    seen = []
    if native.available():
        run_batch = pool.run_batch
        monkeypatch.setattr(pool, "run_batch", lambda afters, jobs, settings, policy, cap, trace=False: (
            seen.append(settings), run_batch(afters, jobs, settings, policy, cap, trace))[1])
    else:
        run_chunk = pool._run_chunk
        monkeypatch.setattr(pool, "_run_chunk", lambda state, moves, pairs, settings: (
            seen.append(settings), run_chunk(state, moves, pairs, settings))[1])
    leaf, calibration = Leaf(2, MODEL), Calibration(slope=0.9, intercept=0.1)
    settings = SearchSettings.for_budget(playouts=30, seed=7, workers=1, exact_end=True, leaf=leaf,
                                         calibration=calibration)
    advice = advise(midgame, settings)
    assert seen and advice.playouts == 30
    assert all(s == dataclasses.replace(settings, policy="mixed") for s in seen)
    assert all(s.leaf is leaf and s.calibration is calibration for s in seen)
