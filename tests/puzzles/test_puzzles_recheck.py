"""Re-checking puzzles: a seeded sample of the shipped timing certificates reproduces on the core, a
tampered one does not, and ``pennypress puzzle recheck`` says so for any puzzle.

The sample is drawn (by a fixed seed) among the certificates of at most :data:`CHEAP` playouts a move,
most of the set, and plays again the games of two of the population's models (:data:`CHEAP_MODELS`), so
the test stays quick; ``pennypress puzzle recheck --all`` plays every one.
"""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

from pennypress.engine.puzzles import load_puzzles, save_puzzles
from pennypress.engine.puzzles.recheck import recheck_puzzle, sample
from pennypress.engine.puzzles.store import PuzzleSet
from tests.cli_helpers import assert_bad_input, output, run

SHIPPED = load_puzzles()
TIMING = [p for p in SHIPPED if "certificate" in p.evidence]
CHEAP = 120_000
"""Playouts a move of the certificates the sample is drawn from."""
SEED = 35
CHEAP_MODELS = ("greedy", "timer")
"""The opponent models whose games a settled puzzle's sample plays again (each a second or so a cell);
``pennypress puzzle recheck ID`` plays every model's."""


def _cheap() -> list:
    return [p for p in TIMING if p.evidence["certificate"]["playouts"] <= CHEAP]


def _tampered(puzzle, **changes):
    cert = dict(puzzle.evidence["certificate"], **changes)
    return replace(puzzle, evidence=dict(puzzle.evidence, certificate=cert))


@pytest.mark.slow
def test_a_seeded_sample_of_the_shipped_certificates_reproduces(core):
    chosen = sample(_cheap(), 3, SEED)
    assert len(chosen) == 3 and len({p.id for p in chosen}) == 3
    for puzzle in chosen:
        result = recheck_puzzle(puzzle, models=CHEAP_MODELS)
        stored = puzzle.evidence["certificate"]
        assert result.reproduced, result.words()
        assert (result.figures["advantage"], result.figures["interval"]) == (stored["advantage"], stored["interval"])
        assert result.figures["interval"][0] > 0
        if "population" in puzzle.evidence:  # a settled set: its games against two models played again
            cells = [c for c in puzzle.evidence["population"]["cells"] if c["opponent"] in CHEAP_MODELS]
            assert result.method == "population" and result.figures["population"] == cells and len(cells) == 4
        else:
            assert result.method == "search"


def test_a_seeded_sample_of_the_puzzles_found_by_games_reproduces_and_a_forged_one_does_not(core, capsys, tmp_path):
    """A puzzle found by full games first has no search certificate: ``recheck`` plays its population
    certificate's games again (here two cheap models' cells of one puzzle drawn by the seed)."""
    found = [p for p in SHIPPED if p.certainty == "population"]
    (puzzle,) = sample(found, 1, SEED)
    result = recheck_puzzle(puzzle, models=CHEAP_MODELS)
    cells = [c for c in puzzle.evidence["population"]["cells"] if c["opponent"] in CHEAP_MODELS]
    assert result.reproduced and result.method == "population", result.words()
    assert result.figures["population"] == cells and len(cells) == 4
    forged = json.loads(json.dumps(puzzle.evidence["population"]))
    cell = forged["cells"][0]                            # greedy/value: a game fewer won than was, told as such
    cell["answer_win"] = round(cell["answer_win"] - 1 / cell["games"], 4)
    cell["advantage"] = round(cell["advantage"] - 1 / cell["games"], 6)
    bad = replace(puzzle, evidence=dict(puzzle.evidence, population=forged))
    result = recheck_puzzle(bad, models=CHEAP_MODELS[:1])
    assert not result.reproduced and "played again, the advantage is" in result.why


@pytest.mark.slow
def test_a_tampered_certificate_is_refused_by_the_recheck(core):
    puzzle = min(TIMING, key=lambda p: p.evidence["certificate"]["playouts"])
    cert = puzzle.evidence["certificate"]
    result = recheck_puzzle(_tampered(puzzle, advantage=round(cert["advantage"] + 0.02, 6)))
    assert not result.reproduced and result.why.startswith("the certificate does not reproduce: advantage is")
    assert result.figures["advantage"] == cert["advantage"]  # what the confirmation really gives


@pytest.mark.slow
def test_recheck_on_the_command_line_for_each_kind_of_proof(capsys, tmp_path, core):
    page, exact = SHIPPED.get("page-001"), SHIPPED.filter(kind="best-move")[0]
    doc = json.loads(output(capsys, "puzzle", "recheck", page.id))
    assert doc["reproduced"] is True and doc["method"] == "solver" and doc["optimal_total"] == page.answer
    out = output(capsys, "puzzle", "recheck", exact.id, "--text").strip().splitlines()
    assert out == [f"{exact.id} (best-move, exact): reproduced -- the exact search to the end of the game gives "
                   "the same answer, outcomes and second-best choice"]
    # a certificate made up on another seed: consistent enough to load, but it does not reproduce
    puzzle = min(TIMING, key=lambda p: p.evidence["certificate"]["playouts"])
    cert = puzzle.evidence["certificate"]
    forged = _tampered(puzzle, seed=cert["seed"] + 7, confirm_seed=cert["confirm_seed"] + 7)
    wrong_answer = replace(exact, id="move-x", answer=(exact.evidence["second"]["move"],))
    path = tmp_path / "forged.json"
    save_puzzles(PuzzleSet((forged, wrong_answer), SHIPPED.generator), path)
    code, out, err = run(capsys, "puzzle", "recheck", "--all", "--puzzles", path)
    assert code == 1, err
    doc = json.loads(out)
    assert (doc["rechecked"], doc["reproduced"]) == (2, 0)
    assert doc["results"][0]["id"] == puzzle.id and "does not reproduce" in doc["results"][0]["why"]
    assert doc["results"][1]["why"].startswith("the exact search answers ")


def test_recheck_refuses_bad_requests_in_one_line(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    for argv, said in ((["nope"], "unknown puzzle 'nope'"), (["page-001", "--all"], "one of them"),
                       ([], "one of them"), (["--sample", "0"], "--sample: expected 1 or more"),
                       (["page-001", "--file", str(bad)], "bad.json: missing format")):
        assert_bad_input(*run(capsys, "puzzle", "recheck", *argv), said)


def test_a_sample_is_fixed_by_its_seed_and_sampled_rechecks_run_in_file_order(capsys):
    pages = SHIPPED.filter(kind="page")
    assert sample(pages, 3, 1) == sample(pages, 3, 1) != sample(pages, 3, 2)
    doc = json.loads(output(capsys, "puzzle", "recheck", "--sample", "2", "--seed", "1", "--kind", "page"))
    assert [r["id"] for r in doc["results"]] == [p.id for p in sample(pages, 2, 1)]
    assert doc["reproduced"] == doc["rechecked"] == 2
