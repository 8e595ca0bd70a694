"""Ratings on the familiar scale, the tournament's columns in plain words, and the ``--text`` reports of
``pennypress tournament`` and ``pennypress puzzle`` free of raw codes and statistics words.

The mapping is checked against openskill itself: the documented formula (docs/concepts/tournaments.md)
is written out here once, and its promise -- a 400-point gap is ten-to-one odds -- is checked on the
Plackett-Luce model's own two-player update curve.
"""
from __future__ import annotations

import json
import math
import re

import pytest
from openskill.models import PlackettLuce

from pennypress.engine.arena.tournament import TournamentSpec, run_tournament
from pennypress.engine.puzzles import KINDS, PAGE, load_puzzles
from pennypress.ui.render import ratings
from pennypress.ui.render.tournament_words import LUCK_HEADING, column_words, luck_cell, luck_verdict
from tests.cli_helpers import output
from tests.ui.ui_helpers import assert_plain

MODEL = PlackettLuce()
SHIPPED = load_puzzles()


# ------------------------------------------------------------------ the rating mapping
def test_the_mapping_uses_openskills_own_defaults():
    assert (ratings.MU0, ratings.BETA) == (MODEL.mu, MODEL.beta)


def test_everyone_starts_at_1500():
    assert ratings.rating_points(MODEL.rating().mu) == ratings.START == 1500


@pytest.mark.parametrize("mu", [-20.0, 0.0, 12.3, 24.6, 25.0, 25.4, 31.7, 60.0])
def test_ratings_are_whole_numbers_and_the_documented_formula(mu):
    shown = ratings.rating_points(mu)
    assert isinstance(shown, int)
    assert shown == round(1500 + (mu - MODEL.mu) * 400 / (math.log(10) * math.sqrt(2) * MODEL.beta))
    assert isinstance(ratings.margin_points(MODEL.sigma), int)


def test_the_mapping_is_monotone():
    mus = [x / 10 for x in range(-100, 600)]
    shown = [ratings.rating_points(mu) for mu in mus]
    assert shown == sorted(shown)
    assert shown[0] < shown[-1]
    # one unit of mu is about thirty points: no two units of mu ever show the same rating
    assert all(ratings.rating_points(mu + 1) > ratings.rating_points(mu) for mu in mus)


def test_a_400_point_gap_is_ten_to_one_on_the_models_own_curve():
    """Plackett-Luce gives the first of two players exp(mu1/c) / (exp(mu1/c) + exp(mu2/c)), c the combined
    spread; with known ratings c = sqrt(2) * beta. The mapping makes that Elo's 10 ** (gap / 400)."""
    c = math.sqrt(2) * MODEL.beta
    gap_mu = 400 / ratings.POINTS_PER_MU
    odds = math.exp(gap_mu / c)
    assert odds == pytest.approx(10.0)
    # and the model's update agrees in direction: the winner gains, by more after beating a stronger one
    me = MODEL.rating(mu=25, sigma=3)
    weak, strong = MODEL.rating(mu=20, sigma=3), MODEL.rating(mu=30, sigma=3)
    (beat_weak,), _ = MODEL.rate([[me], [weak]], ranks=[1, 2])
    (beat_strong,), _ = MODEL.rate([[me], [strong]], ranks=[1, 2])
    assert ratings.rating_points(me.mu) < ratings.rating_points(beat_weak.mu) < ratings.rating_points(beat_strong.mu)


def test_changes_are_the_difference_of_what_is_shown():
    assert ratings.change_words(1500, 1512) == "+12"
    assert ratings.change_words(1512, 1500) == "−12" and "-" not in ratings.change_words(1512, 1500)
    assert ratings.change_words(1500, 1500) == "±0"


# ------------------------------------------------------------------ the tournament's columns explained
@pytest.fixture(scope="module")
def report():
    return run_tournament(TournamentSpec.create(2, ["greedy", "random"], 6, 4))


def test_every_column_of_the_table_is_explained(report):
    from pennypress.ui.app.tournament_view import bots_frame

    explained = dict(column_words(report))
    shown = [c for c in bots_frame(report).columns if c not in ("Bot", "Seats")]
    assert sorted(explained) == sorted(shown)
    assert all(len(words.split()) >= 6 for words in explained.values())


def test_the_explanations_use_the_reports_own_figures(report):
    explained = dict(column_words(report))
    assert f"{1 / report['players']:.0%}" in explained["Win share"]
    spread = max(ratings.margin_points(b["rating"]["sigma"]) for b in report["bots"])
    assert f"about {spread} points" in explained["Rating"]
    assert "1500" in explained["Rating"] and "400" in explained["Rating"]


def test_the_explanations_speak_as_players_do(report):
    words = " ".join(w for pair in column_words(report) for w in pair).lower()
    for jargon in ("binomial", "wilson", "p-value", "sigma", "openskill", "ordinal", "null", "one-sided"):
        assert jargon not in words, jargon


@pytest.mark.parametrize("p", [0.0002, 0.01, 0.049, 0.05, 0.2, 0.29, 0.3, 0.9, 1.0])
def test_the_luck_column_says_the_number_and_what_it_means(p):
    cell = luck_cell(p)
    number, meaning = cell.split(", ", 1)
    assert number.endswith("%") and meaning == luck_verdict(p)
    # the smaller the chance that luck did as well, the surer the words
    order = ["very likely better than fair", "perhaps better than fair", "no sign it is better than fair"]
    assert order.index(meaning) == (0 if p < 0.05 else 1 if p < 0.3 else 2)


# ------------------------------------------------------------------ --text reports: no raw codes
RAW = [
    (re.compile(r"\b[a-z]+:[A-D](:\d)?\b"), "a story or stack in the engine's notation"),
    (re.compile(r"\b(assign|recall|reassign) \d|->"), "a move in the engine's notation"),
    (re.compile(r"\b[a-z]+_[a-z_]+\b"), "a code name (snake_case) such as within_noise"),
    (re.compile(r"\b(best-move|press-or-wait)\b"), "a puzzle kind's code"),
    (re.compile(r"\bp[- ]value\b|\bbinomial\b|\bwilson\b|\bsigma\b|\bmu\b|\bordinal\b|\bopenskill\b", re.I),
     "a statistics word"),
    (re.compile(r"\bplayouts?\b|\bpaired\b|\bconverged\b|\bbudget\b|\bply\b|native core|\brust\b", re.I),
     "a search word"),
    (re.compile(r"\b(OPTIMAL|FEASIBLE|Proven)\b"), "a solver status code"),
    (re.compile(r"\bPlayer \d|\bseat \d"), "a newspaper by its number"),
]


def assert_no_raw_codes(text: str, where: str) -> None:
    assert_plain(text, where, RAW, show=True)


def test_tournament_text_has_no_raw_codes(capsys):
    text = output(capsys, "tournament", "--players", "3", "--seats", "heuristic,greedy,random", "--games", "6",
                  "--seed", "2", "--workers", "1", "--quiet", "--text")
    # the header names the --seed the command was given (the command's own option); nothing else may
    head, rest = text.split("\n", 1)
    assert_no_raw_codes(head.replace(" seed 2", ""), "tournament header")
    assert_no_raw_codes(rest, "tournament --text")
    assert LUCK_HEADING in rest and "What the columns say" in rest
    doc = json.loads(output(capsys, "tournament", "--players", "3", "--seats", "heuristic,greedy,random", "--games",
                            "6", "--seed", "2", "--workers", "1", "--quiet"))
    for b in doc["bots"]:  # the ratings shown are the report's, on the familiar scale
        assert str(ratings.rating_points(b["rating"]["mu"])) in rest


@pytest.mark.parametrize("kind", KINDS)
def test_puzzle_show_text_has_no_raw_codes(capsys, kind):
    for puzzle in SHIPPED.filter(kind=kind)[:3]:
        text = output(capsys, "puzzle", "show", puzzle.id, "--text", "--solution")
        assert_no_raw_codes(text.replace(puzzle.id, "ID"), f"puzzle show {puzzle.id}")
        assert "Answer: " in text


@pytest.mark.parametrize("kind", KINDS)
def test_puzzle_check_text_has_no_raw_codes_right_or_wrong(capsys, kind):
    puzzle = SHIPPED.filter(kind=kind)[0]
    if kind == PAGE:
        answers = [json.dumps(puzzle.evidence["optimal_page"])]
        if puzzle.second_best:
            answers.append(json.dumps(puzzle.second_best["choice"]))
    elif kind == "press-or-wait":
        answers = ["press", "wait"]
    else:
        answers = [puzzle.answer[0], puzzle.evidence["second"]["move"]]
    for answer in answers:
        text = output(capsys, "puzzle", "check", puzzle.id, answer, "--text")
        assert_no_raw_codes(text, f"puzzle check {puzzle.id} {answer}")
