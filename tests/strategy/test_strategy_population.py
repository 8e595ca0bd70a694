"""The guide's press-or-wait findings played out against the population (engine/strategy/population_timing.py):
the points are the study's own decision points, the games depend only on the seed (a stopped run resumed is the
run, on any number of threads), the figures are recounted from the cells, and bad input is one line."""
from __future__ import annotations

import json
from pathlib import Path
from statistics import fmean

import pytest

from pennypress.engine.arena.population import Population
from pennypress.engine.strategy.games import StrategySpec
from pennypress.engine.strategy.population_timing import (Settings, by_opponent, difference_interval, read_log,
                                                          run_population, sampled_games, summarise, verdict)
from pennypress.engine.strategy.tally import gain_bucket
from pennypress.engine.strategy.timing import decision_point
from pennypress.errors import BadInput
from tests.cli_helpers import assert_bad_input, output, run

RUN = Path(__file__).resolve().parents[2] / "benchmarks/results/strategy/players-3-seed-1.json"
SMALL = Population(("greedy", "early-presser"), ("value",))


@pytest.fixture(scope="module")
def study():
    doc = json.loads(RUN.read_text(encoding="utf-8"))
    return doc, StrategySpec.create(doc["players"], doc["games"], doc["seed"], doc["bots"])


@pytest.fixture(scope="module")
def settings(study):
    return Settings(study[1], SMALL, games=4, points=2, seed=9)


@pytest.fixture(scope="module")
def rows(settings):
    return run_population(settings)


def test_the_points_are_decisions_to_press_or_wait_of_the_studys_sampled_games(study, rows):
    """Each point is a position of normal play where the player to move can press for the gain it says (the
    Python engine's own press, on the position as the core hands it over) and waits by a legal other move."""
    from pennypress.engine.game.moves import GoToPress, parse_move
    from pennypress.engine.native import to_state
    from pennypress.engine.position.position import Phase

    _, spec = study
    for game in sorted({r["game"] for r in rows}):
        point = decision_point(spec, game)
        state = to_state(point.position)
        trial = state.clone()
        assert state.phase is Phase.NORMAL and state.current == point.mover
        assert trial.apply(GoToPress()).press.gain == point.gain > 0
        assert parse_move(point.wait) in state.legal_moves() and not isinstance(parse_move(point.wait), GoToPress)
        assert {(r["wait"], r["bucket"]) for r in rows if r["game"] == game} == {(point.wait, gain_bucket(point.gain))}
    assert [r["game"] for r in rows] == sorted(r["game"] for r in rows)
    assert set(r["game"] for r in rows) <= set(sampled_games(spec))


def test_each_bucket_takes_its_first_points_and_every_cell(rows, settings):
    by_bucket: dict[str, set[int]] = {}
    for r in rows:
        by_bucket.setdefault(r["bucket"], set()).add(r["game"])
    assert by_bucket and all(len(games) <= settings.points for games in by_bucket.values())
    assert len(rows) == sum(len(g) for g in by_bucket.values()) * len(SMALL.cells())


def test_a_stopped_run_resumed_and_more_threads_give_the_same_cells(tmp_path, settings, rows):
    log = tmp_path / "cells.jsonl"
    first = run_population(Settings(settings.spec, SMALL, games=4, points=1, seed=9), log)
    lines = log.read_text().splitlines()
    log.write_text("\n".join(lines[:3]) + "\n" + lines[3][:20])  # stopped while writing a line
    assert read_log(log, Settings(settings.spec, SMALL, games=4, points=1, seed=9))[1]  # the cut is seen
    again = run_population(Settings(settings.spec, SMALL, games=4, points=1, seed=9, threads=2), log)
    assert again == first  # the cell whose line was cut short played again, the others read
    assert sorted(map(json.dumps, first)) == sorted(json.dumps(json.loads(ln)) for ln in log.read_text().splitlines())
    # the first point of each bucket is the same point, with the same games, in the two-point run
    assert all(r in rows for r in first)


def test_a_log_of_another_study_or_not_a_log_is_refused(tmp_path, settings, study):
    log = tmp_path / "cells.jsonl"
    run_population(Settings(settings.spec, SMALL, games=4, points=1, seed=9), log)
    other = StrategySpec.create(2, 200000, 2, study[1].bots, ("two-player",))
    with pytest.raises(BadInput, match="a cell of another run"):
        read_log(log, Settings(other, SMALL, games=4, points=1, seed=9))
    log.write_text("[1, 2]\n")
    with pytest.raises(BadInput, match="line 1: not a cell"):
        read_log(log, settings)


def test_the_verdict_reads_each_opponents_interval_over_its_points():
    """Cells made up so that the greedy bot's points all favour waiting, the early presser's scatter around 0:
    the finding that waiting is better holds against one of the two; reversed when the other favours pressing."""
    def cells(opponent: str, values: list[float]) -> list[dict]:
        return [{"game": 100 * k, "bucket": "0-4", "opponent": opponent, "mover": "value", "difference": v}
                for k, v in enumerate(values)]

    rows = cells("greedy", [-0.2, -0.15, -0.25, -0.2, -0.18]) + cells("early-presser", [0.1, -0.1, 0.05, -0.05, 0.0])
    got = by_opponent(rows, "0-4", SMALL)
    assert got["greedy"]["side"] == "wait" and got["early-presser"]["side"] == "even"
    assert got["greedy"]["points"] == 5 and got["greedy"]["value"] == round(fmean([-0.2, -0.15, -0.25, -0.2, -0.18]), 4)
    judged = verdict({"interval": [-0.2, -0.1]}, got)
    assert (judged["verdict"], judged["holds"], judged["reversed"]) == ("some", ["greedy"], [])
    rows = cells("greedy", [-0.2, -0.15, -0.25, -0.2, -0.18]) + cells("early-presser", [0.2, 0.15, 0.25, 0.2, 0.18])
    assert verdict({"interval": [-0.2, -0.1]}, by_opponent(rows, "0-4", SMALL))["reversed"] == ["early-presser"]
    assert verdict({"interval": [-0.01, 0.01]}, by_opponent(rows, "0-4", SMALL))["verdict"] == "depends"


def test_the_figures_are_recounted_from_the_cells(study, rows, settings):
    doc = summarise(study[0], rows, settings)
    assert doc["cells"] == len(rows) and doc["population"]["opponents"] == list(SMALL.opponents)
    for f in doc["findings"]:
        for opponent, got in f["by_opponent"].items():
            points = sorted({r["game"] for r in rows if r["bucket"] == f["gain"] and r["opponent"] == opponent})
            values = [fmean(r["difference"] for r in rows if r["game"] == g and r["opponent"] == opponent)
                      for g in points]
            m, iv = difference_interval(values)
            assert got["points"] == len(points) and got["value"] == round(m, 4)
            assert got["side"] == ("press" if iv[0] > 0 else "wait" if iv[1] < 0 else "even")
        assert set(f["holds"]) | set(f["reversed"]) <= set(f["by_opponent"])
    assert by_opponent(rows, "no such bucket", SMALL) == {}


def test_a_cell_is_the_mean_of_its_games(settings, rows):
    from pennypress.engine.arena.population import play_out
    from pennypress.engine.game.moves import GoToPress, parse_move
    from pennypress.engine.native import to_state

    r = rows[0]
    point = decision_point(settings.spec, r["game"])
    out = play_out(to_state(point.position), (GoToPress(), parse_move(r["wait"])), r["opponent"], r["mover"],
                   settings.games, settings.point_seed(r["game"]))
    assert r["difference"] == round(fmean(out.differences("win")), 6)


def test_the_command_line(capsys, tmp_path):
    doc = json.loads(output(capsys, "strategy", "population", str(RUN), "--points", "1", "--games", "2",
                            "--without", "mcts", "--without", "value", "--without", "evaluator", "--without",
                            "timer", "--without", "heuristic", "--without", "big-pages", "--quiet",
                            "--out", str(tmp_path / "p.json")))
    assert doc["population"]["opponents"] == ["greedy", "early-presser"]
    assert json.loads((tmp_path / "p.json").read_text()) == doc
    assert doc["command"].startswith("pennypress strategy population ")


@pytest.mark.parametrize("args, words", [
    (["--points", "0"], "points: expected at least 1"),
    (["--without", "nobody"], "'nobody' is not an opponent model"),
    (["--out", "/no/such/folder/p.json"], "out: the folder"),
])
def test_bad_input_is_one_line(capsys, args, words):
    assert_bad_input(*run(capsys, "strategy", "population", str(RUN), *args), words)


def test_a_guide_is_not_a_run(capsys):
    guide = Path(__file__).resolve().parents[2] / "engine/strategy/strategy_guide.json"
    assert_bad_input(*run(capsys, "strategy", "population", str(guide)), "one strategy run's JSON is needed")
