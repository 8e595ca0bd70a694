"""The advisor on the core and on the Python engine: the same playouts, so the same answer.

Run both ways (``PENNYPRESS_ENGINE=python`` switches the core off), an analysis
with the same seed must rank the moves identically with identical figures --
win shares, intervals, scores, margins, losses, playout counts -- and differ
only in which engine it says answered (and how long it took). The same holds
for the exact final-edition answers, for a move evaluated beside the legal list
(a press on a proposed page, played on the Python engine first) and for the
command line, whose JSON and ``--text`` say which engine answered, as the
analysis board does.

The ranking race runs a smaller cap by default; ``--proof-count full`` (``conftest.py``) runs the larger one:

    .venv/bin/python -m pytest tests/core/test_core_advisor.py --proof-count full
"""
from __future__ import annotations

import json

import pytest

from tests.core.exact_positions import final_edition_positions
from tests.core.playouts import before_the_final_edition, proposed_press, seeded_positions
from pennypress.engine import native
from pennypress.engine.advisor import Budget, advise
from pennypress.engine.arena.recorded import record_selfplay
from pennypress.engine.audit import audit
from pennypress.engine.game.definition import GameDefinition
from pennypress.ui.io import positions
from tests.cli_helpers import output


POSITIONS = seeded_positions(8, seed=4)


def _figures(doc: dict) -> dict:
    return {k: v for k, v in doc.items() if k not in ("seconds", "engine")}


def _both_ways(monkeypatch, run):
    on_core = run()
    monkeypatch.setenv(native.ENGINE_VARIABLE, "python")
    try:
        on_python = run()
    finally:
        monkeypatch.delenv(native.ENGINE_VARIABLE)
    return on_core, on_python


RACE = {count: Budget("race", cap=cap, python_cap=cap) for count, cap in (("small", 200), ("full", 400))}
"""Sequential halving with the same cap on both engines (the named budgets cap the Python engine lower), by
``--proof-count``: at either cap every move is searched and the race runs the same rounds; the larger cap
compares more playouts, on the Python engine's slow exact final editions."""


@pytest.mark.slow
def test_the_advisor_ranks_alike_on_both_engines(core, monkeypatch, proof_count):
    """Two positions of the seeded set, and the first after them where a press on a proposed page is legal:
    the proposed press (an extra move) is ranked alike too."""
    more = seeded_positions(len(POSITIONS) + 6, seed=4)[len(POSITIONS):]
    with_press = next(s for s in more if 3 <= s.n_players <= 4 and proposed_press(s) is not None)
    states = [s for s in POSITIONS if 3 <= s.n_players <= 4][:2] + [with_press]
    extras = 0
    for i, state in enumerate(states):
        extra = proposed_press(state)
        a, b = _both_ways(monkeypatch, lambda: advise(state, RACE[proof_count], seed=11 + i, workers=1,
                                                      exact_end=True, extra_moves=[extra] if extra else []))
        assert (a.engine, b.engine) == ("native", "python")
        assert a.ranking() == b.ranking()
        assert _figures(a.to_json()) == _figures(b.to_json())
        assert [m.to_json() for m in a.extra] == [m.to_json() for m in b.extra]
        assert a.playouts == b.playouts > 0 and all(m.searched for m in a.moves) and a.rounds == b.rounds > 1
        extras += len(a.extra)
    assert extras > 0  # the extra moves' figures were compared, not two empty lists


def test_exact_answers_are_alike_on_both_engines(core, monkeypatch):
    state = next(s for s in final_edition_positions(10, seed=15) if s.n_players == 3 and len(s.legal_moves()) > 2)
    a, b = _both_ways(monkeypatch, lambda: advise(state, "fast", seed=0))
    assert a.exact and b.exact and (a.engine, b.engine) == ("native", "python")
    assert _figures(a.to_json()) == _figures(b.to_json())


def test_the_command_line_says_which_engine_answered(core, monkeypatch, tmp_path, capsys):
    path = tmp_path / "position.json"
    path.write_text(json.dumps(POSITIONS[2].to_json()))
    docs = []
    for engine in ("native", "python"):
        if engine == "python":
            monkeypatch.setenv(native.ENGINE_VARIABLE, "python")
        docs.append(json.loads(output(capsys, "advise", path, "--playouts", "30", "--seed", "4")))
        assert f"engine: {engine}" in output(capsys, "advise", path, "--playouts", "30", "--seed", "4", "--text")
    monkeypatch.delenv(native.ENGINE_VARIABLE)
    assert [d["engine"] for d in docs] == ["native", "python"]
    assert docs[0]["playouts"] == sum(m["playouts"] for m in docs[0]["moves"]) >= 30
    assert _figures(docs[0]) == _figures(docs[1])


@pytest.mark.slow
def test_an_audit_says_which_engine_answered(core, monkeypatch):
    """The audit takes the search's defaults, which finish playouts exactly on the core only: with the
    same rule on both engines (here the bots play every final edition) the figures are the same."""
    from pennypress.engine.advisor.settings import SearchSettings

    monkeypatch.setattr(SearchSettings, "exact_end_on", lambda self, engine, players: bool(self.exact_end))
    record, _ = record_selfplay(GameDefinition.create(2), seed=5, bot="greedy")
    a, b = _both_ways(monkeypatch, lambda: audit(record, "fast", seed=1, playouts=8, player=0))
    ja, jb = a.to_json(), b.to_json()
    assert (ja["engine"], jb["engine"]) == ("native", "python")
    assert ja["playouts"] == jb["playouts"] > 0
    assert _figures(ja) == _figures(jb)


@pytest.mark.slow
def test_the_analysis_board_says_which_engine_answered(core, monkeypatch):
    from tests.ui.ui_helpers import open_app

    for engine, words in (("native", "Engine: the native core"), ("python", "Engine: the Python engine")):
        if engine == "python":
            monkeypatch.setenv(native.ENGINE_VARIABLE, "python")
        at = open_app("app_pages/analysis_board.py")
        at.selectbox(key="ab_example_pick").set_value("when-not-to-press")
        at.button(key="ab_load_example").click().run()
        legal = positions.parse_position(at.session_state["ab_line"][-1]["doc"]).legal_moves()
        at.number_input(key="ab_playouts").set_value(len(legal))  # one playout per move (a fixed count)
        at.button(key="ab_analyse").click().run()
        assert not at.exception, at.exception
        details = next(e for e in at.expander if e.label == "Details")  # said in the collapsed Details
        assert any(words in m.value for m in details.markdown), [m.value for m in details.markdown]


@pytest.mark.slow
def test_by_default_playouts_finish_the_final_edition_exactly_on_the_core_only(core, monkeypatch):
    from pennypress.engine.advisor import pool

    state = before_the_final_edition(21)
    seen = []
    run_batch, run_chunk = pool.run_batch, pool._run_chunk
    monkeypatch.setattr(pool, "run_batch", lambda afters, jobs, settings, *rest, **kw: (
        seen.append(("native", settings.exact_end)), run_batch(afters, jobs, settings, *rest, **kw))[1])
    monkeypatch.setattr(pool, "_run_chunk", lambda state, moves, pairs, settings, trace: (
        seen.append(("python", settings.exact_end)), run_chunk(state, moves, pairs, settings, trace))[1])
    run = lambda exact_end=None: _figures(advise(state, playouts=90, seed=3, workers=1, exact_end=exact_end,
                                                 reasons_top=0).to_json())
    default = run()
    assert seen and set(seen) == {("native", True)}
    assert default == run(True) != run(False)
    seen.clear()
    monkeypatch.setenv(native.ENGINE_VARIABLE, "python")
    assert run() == run(False)
    assert seen and set(seen) == {("python", False)}
