"""``benchmarks/strength/verdict_holds.py``: the verdict's first two moves played out against the population,
counted by verdict class; bad arguments refused in one line."""
from __future__ import annotations

import json

import pytest

from benchmarks.strength import verdict_holds as bvh


def test_a_small_run_counts_every_position_once_and_records_it(core, capsys, tmp_path):
    record = tmp_path / "verdict.json"
    assert bvh.main(["--positions", "2", "--games", "4", "--models", "greedy", "--seed", "7",
                     "--record", str(record)]) == 0
    out = capsys.readouterr().out
    rows = [r.split("|")[1:-1] for r in out.splitlines() if r.startswith("| ") and not r.startswith("| the verdict")]
    assert sum(int(r[1]) for r in rows) == 2
    doc = json.loads(record.read_text(encoding="utf-8"))
    assert doc["seed"] == 7 and len(doc["positions"]) == 2 and doc["table"] in out
    for p in doc["positions"]:
        assert p["clarity"] in (*bvh.CLASSES, "other") and p["best"] != p["second"]
        assert p["better"] <= p["held"]   # better against every model implies no model reversed it


@pytest.mark.parametrize("argv, said", [(["--positions", "0"], "--positions at least 1"),
                                        (["--models", "oracle"], "not an opponent model: oracle"),
                                        (["--seed", "-1"], "--seed must be from 0")])
def test_bad_arguments_exit_2_with_one_line(core, argv, said, capsys):
    assert bvh.main(argv) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1 and "Traceback" not in err


def test_play_clear_plays_only_claiming_verdicts_and_a_log_resumes_the_run(core, capsys, tmp_path, monkeypatch):
    log = tmp_path / "holds.jsonl"
    argv = ["--positions", "3", "--games", "4", "--models", "greedy", "--seed", "7", "--play", "clear",
            "--log", str(log)]
    assert bvh.main(argv) == 0
    first = capsys.readouterr().out
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["play"] == "clear" and [r["index"] for r in lines[1:]] == [0, 1, 2]
    for r in lines[1:]:
        assert ("held" in r) == (r["clarity"] in bvh.CLASSES)   # only a claiming verdict is played out

    def no_more(*_args, **_kw):
        raise AssertionError("a position the log holds was analysed again")

    monkeypatch.setattr(bvh, "analyse", no_more)
    assert bvh.main(argv) == 0
    assert capsys.readouterr().out == first
    assert bvh.main([*argv[:-3], "all", "--log", str(log)]) == 2
    err = capsys.readouterr().err
    assert "a log of other arguments" in err and err.count("\n") == 1
