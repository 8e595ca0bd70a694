"""``pennypress advise``: the contract's JSON, the text table, stdin, and one-line refusals."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.advisor.advisor_positions import seeded_final_positions
from pennypress.engine import GoToPress, Phase, new_game, parse_move
from pennypress.engine.advisor import advise
from tests.cli_helpers import assert_bad_input, run

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "positions"
CONTRACT_KEYS = {"move", "rank", "win_probability", "win_interval", "expected_score", "expected_margin",
                 "loss", "points_loss", "equal_to_best", "reasons"}


def _write(tmp_path, state, name="pos.json"):
    path = tmp_path / name
    path.write_text(json.dumps(state.to_json()))
    return str(path)


def test_json_has_the_contract_shape(capsys, tmp_path):
    state = new_game(3, seed=4)
    code, out, err = run(capsys, "advise", _write(tmp_path, state), "--playouts", "30", "--seed", "2")
    assert code == 0, err
    doc = json.loads(out)
    assert (doc["player"], doc["budget"], doc["seed"], doc["exact"]) == (0, "30 playouts", 2, False)
    assert doc["legal_moves"] == len(state.legal_moves()) == len(doc["moves"])
    assert sorted(m["move"] for m in doc["moves"]) == sorted(str(m) for m in state.legal_moves())
    assert [m["rank"] for m in doc["moves"]] == list(range(1, len(doc["moves"]) + 1))
    for m in doc["moves"]:
        assert CONTRACT_KEYS <= set(m)
        assert parse_move(m["move"]) in state.legal_moves()
    assert doc["moves"][0]["loss"] == 0 and doc["moves"][0]["reasons"]
    code, again, _ = run(capsys, "advise", _write(tmp_path, state), "--playouts", "30", "--seed", "2")
    assert [m["move"] for m in json.loads(again)["moves"]] == [m["move"] for m in doc["moves"]]


def test_exact_answer_and_top_and_stdin(capsys, monkeypatch):
    state = seeded_final_positions(1, seed=11, phase=Phase.FINAL_PRESSES, last_turn=False)[0]
    code, out, err = run(capsys, "advise", "-", "--top", "1", stdin=json.dumps(state.to_json()),
                         monkeypatch=monkeypatch)
    assert code == 0, err
    doc = json.loads(out)
    assert doc["exact"] and doc["calibrated"] is False  # exact answers are not mapped
    assert doc["legal_moves"] == len(state.legal_moves()) and len(doc["moves"]) == 1
    best = doc["moves"][0]
    expected = advise(state, "fast").best
    assert best["move"] == expected.move and best["win_interval"] == [best["win_probability"]] * 2


def test_text_table(capsys):
    code, out, err = run(capsys, "advise", str(EXAMPLES / "end-game-bonus-tie.json"), "--text")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Verdict: Decline the last press is the only legal move."  # the board's verdict first
    assert "exact (final edition)" in out and lines[2].split()[:2] == ["rank", "move"]
    said = [line[6:].split("  ")[0] for line in lines[3:] if line[:4].strip().isdigit()]
    assert said == ["Decline the last press"]  # the one legal move, in words (not "decline")
    assert not re.search(r"\b[a-z]+:[A-D]:\d\b", out)


def test_seconds_bound_the_analysis_and_the_text_says_converged_or_not(capsys, tmp_path):
    state = new_game(3, seed=4)
    code, out, err = run(capsys, "advise", _write(tmp_path, state), "--seconds", "0.3", "--seed", "2")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["budget"] == "0.3 seconds" and doc["playouts"] == sum(m["playouts"] for m in doc["moves"]) > 0
    assert {"searched", "loss_interval", "paired_playouts"} <= set(doc["moves"][0]) and "converged" in doc
    assert doc["calibrated"] is True  # sampled shares are shown through the calibration map
    code, out, err = run(capsys, "advise", _write(tmp_path, state), "--budget", "fast", "--seed", "2", "--text")
    assert code == 0, err
    verdict_line, head = out.splitlines()[:2]
    best = next(line[6:].split("  ")[0] for line in out.splitlines()[3:] if line[:4].strip() == "1")
    assert verdict_line.startswith(f"Verdict: {best} ")
    assert ("converged" in head) and "(screened)" not in out and "[" in out.splitlines()[3]
    assert "calibrated on games against the league's evaluator" in out and "too modest against weaker styles" in out


def _chance_node():
    s = new_game(3, seed=7)
    story = next(s.stories_in_play())
    for m in (f"assign 1 {story}", "assign 1 crime:A:1", "assign 1 politics:A:1"):
        s.apply(parse_move(m))
    s.apply(GoToPress())
    return s


@pytest.mark.parametrize("case, args, message", [
    ("malformed", ["--budget", "fast"], "malformed JSON"),
    ("impossible", ["--budget", "fast"], "position"),
    ("chance", ["--budget", "fast"], "headline card must be drawn"),
    ("good", ["--budget", "quick"], "unknown budget 'quick'"),
    ("good", ["--playouts", "0"], "playouts"),
    ("good", ["--top", "0"], "--top"),
    ("good", ["--seconds", "0"], "seconds"),
    ("good", ["--seconds", "1", "--playouts", "40"], "not both"),
    ("missing", [], "cannot read"),
])
def test_bad_input_is_one_line_exit_2(capsys, tmp_path, case, args, message):
    path = tmp_path / "in.json"
    if case == "malformed":
        path.write_text("{not json")
    elif case == "impossible":
        doc = new_game(3, seed=1).to_json()
        doc["turn"]["player"] = 7
        path.write_text(json.dumps(doc))
    elif case == "chance":
        path.write_text(json.dumps(_chance_node().to_json()))
    elif case == "good":
        path.write_text(json.dumps(new_game(3, seed=1).to_json()))
    assert_bad_input(*run(capsys, "advise", str(path), *args), message)


def test_finished_game_is_refused(capsys, tmp_path):
    from pennypress.engine.arena.seats import make_bot
    from pennypress.engine.play.match import play_match

    done = play_match(new_game(2, seed=1), [make_bot("greedy", 1), make_bot("greedy", 2)], seed=3).state
    assert_bad_input(*run(capsys, "advise", _write(tmp_path, done), "--budget", "fast"), "game is over")
