"""The search's settings are one object: built once per search, the engine decided once, and handed unchanged
down to the batches."""
from __future__ import annotations

import dataclasses

import pytest

from pennypress.engine import native
from pennypress.engine.advisor import BUDGETS, Budget, SearchSettings, advise, pool
from pennypress.engine.advisor.budget import budget_for
from pennypress.engine.advisor.calibration import CALIBRATION, Calibration
from pennypress.engine.advisor.policy import SEARCH_LEAF
from pennypress.engine.advisor.replies import reply_seed
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


def _counted(monkeypatch) -> tuple[list, list, list]:
    """Every settings object built (its ``__post_init__``), every engine decision (:func:`pool.playout_engine`)
    and the settings every batch gets, on whichever engine plays, from now on."""
    built, engines, batches = [], [], []
    post_init, playout_engine = SearchSettings.__post_init__, pool.playout_engine
    monkeypatch.setattr(SearchSettings, "__post_init__", lambda self: (built.append(self), post_init(self))[1])
    monkeypatch.setattr(pool, "playout_engine", lambda *args: (engines.append(args), playout_engine(*args))[1])
    run_batch, run_chunk = pool.run_batch, pool._run_chunk
    monkeypatch.setattr(pool, "run_batch", lambda afters, jobs, settings, *rest, **kw: (
        batches.append(settings), run_batch(afters, jobs, settings, *rest, **kw))[1])
    monkeypatch.setattr(pool, "_run_chunk", lambda state, moves, pairs, settings, *rest: (
        batches.append(settings), run_chunk(state, moves, pairs, settings, *rest))[1])
    return built, engines, batches


@pytest.fixture(params=["native", "python"])
def engine(request, monkeypatch) -> str:
    """The engine the playouts run on (the core switched off for ``python``)."""
    if request.param == "native" and not native.available():
        pytest.skip("the native core is not installed")
    if request.param == "python":
        monkeypatch.setenv(native.ENGINE_VARIABLE, "python")
    return request.param


def test_the_settings_reach_the_batches_unchanged_but_for_what_the_table_decides(midgame, monkeypatch, engine):
    """Whichever engine plays, the settings are completed once and the engine decided once per search, and
    every batch gets that one object: the same seed, leaf, exact end and calibration, with the workers, the
    policy and the engine filled in (the table's policy, the engine decided)."""
    leaf, calibration = Leaf(2, MODEL), Calibration(slope=0.9, intercept=0.1)
    settings = SearchSettings.for_budget(playouts=30, seed=7, workers=1, exact_end=True, leaf=leaf,
                                         calibration=calibration)
    built, engines, batches = _counted(monkeypatch)
    advice = advise(midgame, settings)
    assert batches and advice.playouts == 30 and advice.engine == engine
    assert len(built) == 1 and len(engines) == 1, "the settings are rebuilt or the engine decided again"
    assert all(s is built[0] for s in batches)
    assert built[0] == dataclasses.replace(settings, policy="mixed", engine=engine)
    assert built[0].leaf is leaf and built[0].calibration is calibration


def test_each_search_of_a_second_ply_decides_its_settings_once(midgame, monkeypatch, engine):
    """The analysis and each reply's search are searches of their own: each completes its settings and
    decides its engine once, from the settings advise was given, and its batches get that one object."""
    reply = budget_for(playouts=12)
    plan = Budget("replied", cap=24, python_cap=24, playouts=24, replies=2, reply_budget=reply)
    settings = SearchSettings(plan, seed=3, workers=1)
    built, engines, batches = _counted(monkeypatch)
    advice = advise(midgame, settings)
    assert advice.second_ply is not None and advice.second_ply.opened == 2
    searches = 1 + advice.second_ply.opened  # the analysis and each reply's (none of them exact here)
    assert len(engines) == searches
    decided = [s for s in built if s.engine is not None]
    assert len(decided) == searches and {id(s) for s in batches} == {id(s) for s in decided}
    assert decided[0] == dataclasses.replace(settings, policy="mixed", exact_end=decided[0].exact_end, engine=engine)
    assert all(s.exact_end == (engine == "native") for s in decided)
    assert decided[0].seed == 3 and all(s.seed == reply_seed(3, rank) for s, rank in zip(decided[1:], (1, 2)))
