"""``benchmarks/strength/searcher_budgets.py``: MCTS bots of other budgets against the mined puzzles'
leave-one-out failures and a sample of the certified ones; bad arguments refused in one line."""
from __future__ import annotations

import json

import pytest

from benchmarks.strength import searcher_budgets as bsb
from pennypress.engine.arena.population import population
from pennypress.engine.arena import seats
from pennypress.engine.arena.seats import SEATS
from pennypress.engine.puzzles.population_certificate import PopulationCertificate

POPULATION = population().opponents


def _docs() -> list[dict]:
    return [json.loads(line) for line in bsb.LOG.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_the_failures_are_those_the_searcher_alone_reverses():
    failures, sample = bsb.groups(_docs(), 3, 1)
    assert failures and len(sample) == 3 and all("puzzle" in d for d in sample)
    for doc in failures:
        full = PopulationCertificate.from_json(doc["population"])
        assert not full.certified and "puzzle" not in doc
        mine = tuple(c for c in full.cells if c.opponent == bsb.SEARCHER)
        assert PopulationCertificate(full.answer, full.rival, full.seed, mine).reversed_by()
    assert bsb.groups(_docs(), 3, 1)[1] == sample and bsb.groups(_docs(), 3, 2)[1] != sample


def test_a_small_run_judges_every_candidate_once_and_records_it(core, capsys, tmp_path, monkeypatch):
    registry = dict(SEATS)   # the seats this run registers go into a copy, dropped after the test
    monkeypatch.setattr(seats, "SEATS", registry)
    monkeypatch.setattr(bsb, "SEATS", registry)
    record = tmp_path / "searchers.json"
    assert bsb.main(["--iterations", "5", "--games", "4", "--sample", "2", "--record", str(record)]) == 0
    doc = json.loads(record.read_text(encoding="utf-8"))
    failures, _ = bsb.groups(_docs(), 0, 0)
    got = doc["candidates"]["mcts-5"]
    assert len(got["failures"]) == len(failures) and len(got["sample"]) == 2
    assert {r["result"] for g in got.values() for r in g} <= {"keeps", "reverses", "certifies"}
    assert doc["table"] in capsys.readouterr().out
    assert set(registry) - set(SEATS) == {"mcts-5"} and population().opponents == POPULATION


@pytest.mark.parametrize("argv, said", [(["--iterations", "0"], "whole numbers of at least 1"),
                                        (["--iterations", "x"], "whole numbers separated by commas"),
                                        (["--games", "1"], "--games at least 2")])
def test_bad_arguments_exit_2_with_one_line(core, argv, said, capsys):
    assert bsb.main(argv) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1 and "Traceback" not in err
