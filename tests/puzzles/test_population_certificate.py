"""Claims settled by full games against a population of opponents (issue #54): the population is the seat
registry's, a play-out reads only the public position and is the same on any number of threads, both moves
meet the same deals, the certificate's test is Holm's across every cell, and a run goes on from its log."""
from __future__ import annotations

import json

import pytest

from pennypress.engine.arena.population import MOVERS, Population, game_seed, play_out, population
from pennypress.engine.arena.seats import SEATS
from pennypress.engine.io.state import deal_hidden, public_view
from pennypress.engine.notation.text import from_text
from pennypress.engine.puzzles.population_certificate import (Cell, PopulationCertificate, cell_of, certify,
                                                              gain_words, holm)
from pennypress.engine.puzzles.population_run import PopulationRun, run_population, timing_puzzles
from pennypress.engine.puzzles.positions import read_move
from pennypress.engine.puzzles.store import load_puzzles
from pennypress.errors import BadInput

from tests.cli_helpers import assert_bad_input, run


def _timing(index: int = 0):
    puzzle = timing_puzzles(load_puzzles())[index]
    view = from_text(puzzle.question)
    cert = puzzle.evidence["certificate"]
    return puzzle, view, read_move(view, cert["answer"]), read_move(view, cert["rival"])


def test_the_population_is_the_registrys_with_its_two_styles_and_two_movers():
    pop = population()
    assert pop.opponents == tuple(n for n, s in SEATS.items() if s.population)
    assert {"evaluator", "mcts", "timer", "heuristic", "value", "greedy", "early-presser", "big-pages"} <= set(
        pop.opponents)
    assert pop.movers == MOVERS and len(MOVERS) >= 2
    assert len(pop.cells()) == len(pop.opponents) * len(MOVERS)
    assert "mcts" not in pop.without("mcts").opponents and len(pop.without("mcts").opponents) == len(pop.opponents) - 1
    with pytest.raises(ValueError, match="not an opponent model"):
        pop.without("random")
    with pytest.raises(ValueError, match="native core"):
        Population(("advisor",))   # the advisor plays on the Python loop: not a model the core can play out
    assert SEATS["early-presser"].factory(seed=1).threshold < SEATS["greedy"].factory(seed=1).threshold \
        < SEATS["big-pages"].factory(seed=1).threshold


def test_a_play_out_is_the_same_on_one_and_two_threads_and_reads_only_the_public_position(core):
    _, view, answer, rival = _timing()
    one = play_out(view, (answer, rival), "heuristic", "value", games=6, seed=3, threads=1)
    two = play_out(deal_hidden(view, 99), (answer, rival), "heuristic", "value", games=6, seed=3, threads=2)
    assert one == two                      # another hidden order of the same table: the same games
    assert one.games == 6 and one.unfinished == 0
    for wins, margins in zip(one.wins, one.margins):
        assert all(0.0 <= w <= 1.0 for w in wins)
        assert all((w > 0) == (m >= 0) for w, m in zip(wins, margins))   # a win share only for the top score
    other = play_out(view, (answer, rival), "heuristic", "value", games=6, seed=4, threads=1)
    assert other != one


def test_the_same_move_twice_meets_the_same_games(core):
    _, view, answer, _ = _timing()
    same = play_out(view, (answer, answer), "evaluator", "evaluator", games=5, seed=1)
    assert same.differences("win") == [0.0] * 5 and same.differences("margin") == [0.0] * 5
    assert len({deal_hidden(public_view(view), game_seed(1, g)).deck[0] for g in range(5)}) > 1


def test_holm_steps_down_from_the_smallest_p_value():
    assert holm([0.001, 0.004, 0.03], alpha=0.05) == [True, True, True]     # 0.001<.0167, 0.004<.025, 0.03<.05
    assert holm([0.001, 0.04, 0.03], alpha=0.05) == [True, False, False]   # 0.03 > 0.05/2 stops it
    assert holm([0.2, 0.001], alpha=0.05) == [False, True]


def _cell(opponent: str, advantage: float, error: float, measure: str = "win") -> Cell:
    return Cell(opponent, "value", 300, measure, advantage, error, 0.5 + advantage / 2, 0.5 - advantage / 2)


def test_certified_only_when_every_cell_is_significant_and_large_enough():
    good = PopulationCertificate("wait", "press", 1, (_cell("greedy", 0.2, 0.02), _cell("timer", 0.1, 0.01)))
    assert good.certified and good.failing() == [] and gain_words(good, "Waiting").startswith(
        "Waiting won 10 or more games in 100 more")
    small = PopulationCertificate("wait", "press", 1, (_cell("greedy", 0.2, 0.02), _cell("timer", 0.05, 0.001)))
    assert not small.certified and [c.opponent for c in small.failing()] == ["timer"]
    noisy = PopulationCertificate("wait", "press", 1, (_cell("greedy", 0.2, 0.02), _cell("timer", 0.1, 0.05)))
    assert not noisy.certified
    reversed_ = PopulationCertificate("wait", "press", 1, (_cell("greedy", 0.2, 0.02), _cell("timer", -0.2, 0.02)))
    assert [c.opponent for c in reversed_.reversed_by()] == ["timer"]
    margins = PopulationCertificate("wait", "press", 1, (_cell("greedy", 4.0, 0.5, "margin"),))
    assert margins.certified and "ended 4 or more points further ahead" in gain_words(margins, "Waiting")
    assert gain_words(good, "Waiting").endswith("against every kind of opponent tried (the smallest gain measured)")


def test_a_cell_grades_by_margin_where_both_chances_saturate(core):
    _, view, answer, rival = _timing()
    outcomes = play_out(view, (answer, rival), "greedy", "value", games=4, seed=2)
    cell = cell_of(outcomes)
    answer_win, rival_win = sum(outcomes.wins[0]) / 4, sum(outcomes.wins[1]) / 4
    saturated = (answer_win <= 0.02 and rival_win <= 0.02) or (answer_win >= 0.98 and rival_win >= 0.98)
    assert cell.measure == ("margin" if saturated else "win")
    assert cell.advantage == pytest.approx(sum(outcomes.differences(cell.measure)) / 4)


def test_a_run_goes_on_from_its_log_to_the_figures_of_an_unbroken_run(core, tmp_path):
    puzzles = timing_puzzles(load_puzzles())
    chosen, order = puzzles[:2], {p.id: i for i, p in enumerate(puzzles)}
    pop = population().without("mcts").without("value")
    whole = run_population(PopulationRun(7, pop, tmp_path / "whole.jsonl", games=4), chosen, order)
    broken = tmp_path / "broken.jsonl"
    first = PopulationRun(7, Population(pop.opponents[:2], pop.movers), broken, games=4)
    run_population(first, chosen[:1], order)
    lines = len(broken.read_text().splitlines())
    assert lines == 2 * len(pop.movers)
    resumed = run_population(PopulationRun(7, pop, broken, games=4), chosen, order)
    assert resumed == whole
    assert len(broken.read_text().splitlines()) == 2 * len(pop.cells())   # only the missing cells were played
    (tmp_path / "bad.jsonl").write_text("{\"puzzle\": 1}\n")
    with pytest.raises(BadInput, match="line 1 is not a cell"):
        PopulationRun(7, pop, tmp_path / "bad.jsonl", games=4).played()


def test_the_command_plays_out_and_names_bad_input(core, capsys, tmp_path):
    puzzle = timing_puzzles(load_puzzles())[0]
    log = tmp_path / "cells.jsonl"
    code, out, err = run(capsys, "puzzle", "population", puzzle.id, "--games", "3", "--opponents", "greedy,timer",
                         "--log", str(log))
    assert code == 0, err
    report = json.loads(out)
    assert report["puzzles"] == 1 and report["opponents"] == ["greedy", "timer"] and len(report["results"]) == 1
    assert len(log.read_text().splitlines()) == 2 * len(MOVERS)
    for argv, words in ((["--opponents", "greedy,oracle"], ("--opponents", "oracle")),
                        (["--games", "1"], ("--games must be at least 2",)),
                        (["page-001"], ("not a timing puzzle", "page-001")),
                        (["--log", str(tmp_path / "no" / "x.jsonl")], ("--log", "no folder"))):
        argv = argv if "--log" in argv else argv + ["--log", str(log)]
        assert_bad_input(*run(capsys, "puzzle", "population", *argv), *words)


# ------------------------------------------------------------------ stored with the puzzle
def _stored(answer: str, rival: str, advantage: float = 0.3, games: int = 300) -> dict:
    """A population certificate as the set stores it: every cell of the population, clearly won."""
    cells = tuple(Cell(o, m, games, "win", advantage, 0.02, 0.6, 0.6 - advantage) for o, m in population().cells())
    return PopulationCertificate(answer, rival, 11, cells).to_json()


def test_a_stored_certificate_is_checked_without_a_game():
    from pennypress.engine.puzzles.population_certificate import stored_problem

    pop = population()
    assert stored_problem(_stored("press", "pass"), pop, "press", "pass") is None
    assert "certifies 'press' against 'pass', the puzzle 'x'" in stored_problem(_stored("press", "pass"), pop, "x", "pass")
    short = _stored("press", "pass")
    short["cells"] = short["cells"][:-1]
    assert "missing value/evaluator" in stored_problem(short, pop, "press", "pass")
    assert "fewer than 300" in stored_problem(_stored("press", "pass", games=200), pop, "press", "pass")
    small = _stored("press", "pass", advantage=0.05)
    assert "not shown better against greedy/value" in stored_problem(small, pop, "press", "pass")
    moved = _stored("press", "pass")
    moved["cells"][3]["interval"] = [0.0, 1.0]
    assert "interval is not the one" in stored_problem(moved, pop, "press", "pass")
    # figures that contradict one another: a margin where the chances do not saturate, a win advantage that is
    # not the shares' difference, more games unfinished than played
    margin = _stored("press", "pass")
    margin["cells"][0].update(measure="margin", advantage=3.0, interval=[3.0 - 0.02 * 2.326348, 3.0 + 0.02 * 2.326348])
    assert "greedy/value: measured by margin with win shares 0.6 and 0.3" in stored_problem(margin, pop, "press", "pass")
    widened = _stored("press", "pass")
    widened["cells"][1]["rival_win"] = 0.1
    assert "is not the win shares' difference" in stored_problem(widened, pop, "press", "pass")
    lost = _stored("press", "pass")
    lost["cells"][2]["unfinished"] = 301
    assert "301 unfinished of 300 games" in stored_problem(lost, pop, "press", "pass")


def test_a_settled_set_keeps_the_certified_withdraws_the_rest_and_is_checked_on_loading(tmp_path):
    from pennypress.engine.puzzles.population_run import settle
    from pennypress.engine.puzzles.store import puzzle_set_from_json

    shipped = load_puzzles()
    timing = timing_puzzles(shipped)
    certificates = {}
    for i, p in enumerate(timing):
        cert = p.evidence["certificate"]
        doc = _stored(cert["answer"], cert["rival"], advantage=0.3 if i % 2 == 0 else 0.01)
        certificates[p.id] = PopulationCertificate.from_json(doc)
    settled = settle(shipped, certificates, {"command": "test", "seed": 11})
    kept = timing_puzzles(settled)
    assert [p.id for p in kept] == [p.id for p in timing[::2]]
    assert len(settled.puzzles) == len(shipped.puzzles) - len(timing[1::2])
    assert settled.generator["population"]["withdrawn"] == [p.id for p in timing[1::2]]
    why = " ".join(kept[0].why)
    assert "won 30 or more games in 100 more than" in why and "against every kind of opponent tried" in why
    assert "Judged by search" not in why and "99.9" not in why
    again = puzzle_set_from_json(json.loads(json.dumps(settled.to_json())), "settled.json")
    assert [p.id for p in again.puzzles] == [p.id for p in settled.puzzles]
    doc = json.loads(json.dumps(settled.to_json()))
    entry = next(e for e in doc["puzzles"] if e["id"] == kept[0].id)
    del entry["evidence"]["population"]
    with pytest.raises(BadInput, match=f"puzzle {kept[0].id}: its population certificate is missing"):
        puzzle_set_from_json(doc, "settled.json")


def test_recheck_plays_the_stored_games_again_and_refuses_other_figures(core):
    from dataclasses import replace

    from pennypress.engine.puzzles.recheck import recheck_puzzle

    puzzle, view, answer, rival = _timing()
    small = Population(("greedy", "timer"))
    cert = certify(view, answer, rival, small, games=6, seed=5)
    stored = replace(puzzle, evidence=dict(puzzle.evidence, population=cert.to_json()))
    result = recheck_puzzle(stored, models=["timer"])
    assert result.reproduced and result.method == "population" and len(result.figures["population"]) == 2
    assert "12 games of 2 cells" in result.why
    tampered = json.loads(json.dumps(cert.to_json()))
    tampered["cells"][-1]["advantage"] += 0.5
    bad = replace(puzzle, evidence=dict(puzzle.evidence, population=tampered))
    result = recheck_puzzle(bad)
    assert not result.reproduced and "timer/evaluator: played again" in result.why


def test_the_trainers_details_say_each_cell_in_words():
    from pennypress.ui.render.puzzle_words import population_rows

    rows = population_rows(_stored("press", "pass", advantage=0.25))
    assert len(rows) == len(population().cells())
    assert rows[0]["Other newspapers played by"] == "the greedy bot" and rows[0]["Games"] == 300
    assert rows[0]["The answer's gain"].startswith("+25 games in 100 (")
