"""Timing puzzles' certificates: picked at deep, confirmed on fresh paired playouts, reproducible.

The confirmation here is scaled down (``multiple=1``) so the test is quick; the bar it must clear
(99.9% significant, 8 points of win probability or 3 of margin) is the real one.
"""
from __future__ import annotations

import json
import random

import pytest

from pennypress.engine import new_game
from pennypress.engine.advisor.line import line_states
from pennypress.engine.io.state import public_view
from pennypress.engine.play.bots import GreedyBot
from pennypress.engine.puzzles.timing import (ALPHA, MIN_WIN_GAP, candidate, certify, lower_bound, recheck,
                                              upper_bound)
from pennypress.errors import BadInput


def _press_decision(seed: int):
    s = new_game(3, seed=seed)
    bots = [GreedyBot(seed + i) for i in range(3)]
    rng = random.Random(seed)
    while candidate(s) != "press-or-wait" or s.ply < 12:
        s.play(bots[s.current].choose(s), rng)
    return s


@pytest.mark.slow
def test_a_certificate_is_a_paired_confirmation_that_reproduces(core):
    state = _press_decision(44)
    cert = certify(state, seed=5, multiple=1, minimum=4000)
    doc = cert.to_json()
    assert doc["certified"] == "search" and doc["kind"] == "press-or-wait" and doc["playouts"] >= 2000
    assert ("press" in (cert.answer, cert.rival)) and cert.answer != cert.rival  # the two sides of the question
    low, high = cert.interval
    assert low < cert.advantage < high
    assert cert.certified == (low > 0 and cert.advantage >= MIN_WIN_GAP) or cert.measure == "margin"
    for move, line in ((cert.answer, cert.line_answer), (cert.rival, cert.line_rival)):
        assert line and len(line_states(public_view(state), move, line)) == len(line) + 1
    if cert.certified:
        assert recheck(state, doc) is None
    broken = {**doc, "advantage": doc["advantage"] + 0.01}
    assert "does not reproduce" in recheck(state, broken)
    assert "incomplete" in recheck(state, {k: v for k, v in doc.items() if k != "rival"})


def test_the_bounds_are_one_sided_at_the_stated_level():
    diffs = [0.1 + 0.01 * ((i * 7) % 11 - 5) for i in range(400)]
    low, high = lower_bound(diffs), upper_bound(diffs)
    mean = sum(diffs) / len(diffs)
    assert low < mean < high and abs((mean - low) - (high - mean)) < 1e-12
    assert lower_bound(diffs, alpha=0.05) > low  # 95% is narrower than 99.9%
    assert ALPHA == 0.001


def test_no_question_without_a_choice_in_normal_play():
    s = new_game(3, seed=1)
    assert candidate(s) == "best-move"
    s.phase = s.phase.__class__("final-presses")
    assert candidate(s) is None
    with pytest.raises(BadInput, match="no timing question"):
        certify(s)


@pytest.mark.slow
def test_a_mined_timing_puzzle_is_a_valid_puzzle_and_a_run_goes_on_from_its_log(core, tmp_path, monkeypatch):
    from pennypress.engine.puzzles import timing
    from pennypress.engine.puzzles.store import puzzle_set_from_json
    from pennypress.engine.puzzles.timing_set import TimingRun, game_candidates, mine_timing, timing_plan
    assert timing_plan(3, 5) == timing_plan(3, 5) and timing_plan(3, 5) != timing_plan(3, 6)
    kinds = {kind for i in range(4) for _, _, kind in game_candidates(timing_plan(3, i))}
    assert kinds == {"press-or-wait", "best-move"}
    log = tmp_path / "log.jsonl"
    run = TimingRun(3, {2: 1}, log, workers=2, multiple=1, minimum=4000)
    found = mine_timing(run)
    assert len(found) == 1
    lines = log.read_text().splitlines()
    assert all(json.loads(line)["players"] == 2 for line in lines)
    puzzle = {k: v for k, v in found[0].items() if k != "key"}
    doc = {"format": "pennypress-puzzles", "version": 1, "puzzles": [{**puzzle, "id": "timing-001"}]}
    with pytest.raises(BadInput, match="puzzle timing-001: its certificate is broken: .* fewer than half"):
        puzzle_set_from_json(doc)  # scaled down here: the loader holds a file to the real confirmation's size
    monkeypatch.setattr(timing, "CONFIRM_MULTIPLE", 1)
    monkeypatch.setattr(timing, "MIN_CONFIRM", 4000)
    loaded = puzzle_set_from_json(doc).get("timing-001")
    cert = loaded.evidence["certificate"]
    assert cert["certified"] == "search" and cert["interval"][0] > 0
    assert loaded.evidence["lines"]["answer"] and loaded.evidence["lines"]["rival"]
    assert recheck(loaded.position(), cert) is None
    assert mine_timing(run) == found and log.read_text().splitlines() == lines  # nothing decided twice


def test_the_timing_command_refuses_bad_options_in_one_line(capsys, tmp_path):
    from tests.cli_helpers import assert_bad_input, run

    for argv, said in ((["--log", "/no/such/folder/log.jsonl", "--out", str(tmp_path / "o.json")], "--log: no folder"),
                       (["--log", str(tmp_path / "l.jsonl"), "--out", str(tmp_path / "o.json"), "--two", "-1"],
                        "how many puzzles")):
        assert_bad_input(*run(capsys, "puzzle", "timing", *argv), said)
    assert not (tmp_path / "l.jsonl").exists()
