"""``benchmarks/strength/stand_in_wins.py``: each candidate stand-in plays the same games, the one standing in is
the one the advisor's playouts seat, a stopped run goes on from its log, bad arguments refused in one line."""
from __future__ import annotations

import json

import pytest

from benchmarks.strength import stand_in_wins as siw
from benchmarks.strength import table_advisor as bta
from pennypress.engine.arena.seats import SEATS, playout_seat


def test_each_candidate_stands_in_for_the_style_in_its_own_games_only(core, monkeypatch):
    seen = []
    monkeypatch.setattr(siw, "play", lambda g, seed, players, style, budget, reading, playouts, experiment:
                        seen.append((g, reading, playout_seat(style), experiment)) or 1.0)
    registry = dict(SEATS)
    assert siw._game((3, 1, "value", "mcts", 9, "fast", 6, {}))[0] == 301   # SLOTS * game + the candidate's place
    assert siw._game((3, 0, "none", "mcts", 9, "fast", 6, {"weigh_replies": True}))[1]["candidate"] == "none"
    assert seen == [(3, True, "value", {}), (3, False, registry["mcts"].stand_in, {"weigh_replies": True})]
    assert SEATS == registry   # the registry as it was after each game


def test_a_small_run_pairs_the_candidates_on_the_same_games_and_resumes(core, capsys, tmp_path):
    log, record = tmp_path / "wins.jsonl", tmp_path / "wins.json"
    argv = ["--games", "2", "--seed", "9", "--style", "evaluator", "--candidates", "none,heuristic",
            "--playouts", "6", "--log", str(log)]
    assert siw.main([*argv, "--record", str(record)]) == 0
    doc = json.loads(record.read_text(encoding="utf-8"))
    assert set(doc["candidates"]) == {"none", "heuristic"} and all(len(v) == 2 for v in doc["candidates"].values())
    # the games are the table advisor's own: the same deals and seeds, reading the table or not
    assert doc["candidates"]["none"] == [bta.play(g, 9, 3, "evaluator", "fast", False, 6) for g in range(2)]
    assert doc["table"] in capsys.readouterr().out and "paired" in doc["table"]
    lines = log.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5   # the header and a line a game and candidate
    assert siw.main(argv) == 0   # started again: nothing left to play
    assert log.read_text(encoding="utf-8").splitlines() == lines


@pytest.mark.parametrize("field", ["weigh_replies", "own_ends"])
def test_a_reading_option_turned_off_is_a_run_of_its_own(core, tmp_path, field):
    """Each option of the reading is on by default; its flag turned off reaches the reading the advisor plays with
    and its record's note, and its log is its own: a run with the defaults does not go on from it."""
    assert getattr(bta.reading_settings(None), field) and not getattr(bta.reading_settings(None, {field: False}), field)
    assert not getattr(bta.reading_settings("mcts", {field: False}), field)
    log, record = tmp_path / "run.jsonl", tmp_path / "run.json"
    argv = ["--games", "2", "--seed", "9", "--style", "evaluator", "--candidates", "heuristic", "--playouts", "6",
            "--log", str(log)]
    assert siw.main([*argv, "--no-" + field.replace("_", "-"), "--record", str(record)]) == 0
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert header[field] is False and all(header[k] is True for k in bta.OPTIONS if k != field)
    note = json.loads(record.read_text(encoding="utf-8"))["note"]
    assert bta.OPTIONS[field][1] in note and bta.OPTIONS[field][0] not in note
    assert siw.main(argv) == 2
    assert siw.main([*argv, "--no-" + field.replace("_", "-")]) == 0   # the same options: it goes on


@pytest.mark.parametrize("argv, said", [(["--games", "1"], "--games at least 2"),
                                        (["--style", "oracle"], "--style: one of"),
                                        (["--seed", "-3"], "--seed must be from 0"),
                                        (["--candidates", "value,value"], "--candidates: 1 to"),
                                        (["--candidates", "none,oracle"], "unknown bot 'oracle'"),
                                        (["--candidates", "none,mcts-quick"], "unknown bot 'mcts-quick' (expected"),
                                        (["--candidates", "advisor:fast"], "does not play on the native core"),
                                        (["--budget", "hasty"], "unknown budget 'hasty'"),
                                        (["--playouts", "0"], "playouts: expected a whole number"),
                                        (["--workers", "0"], "--workers at least 1")])
def test_bad_arguments_exit_2_with_one_line(core, argv, said, capsys):
    assert siw.main(argv) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1 and "Traceback" not in err
