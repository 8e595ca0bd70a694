"""Tournaments on the core: the same games as the Python tournament, on any number of threads.

The core plays a tournament when every seat is a bot it has (random, greedy,
heuristic, and the league's evaluator, timer and MCTS bot); the deck's order stays outside the position (each draw takes the
next card of it) so the bots see what the Python bots see. Same seed, same
report (only ``timing`` differs), with the Python engine or the core, on one
thread or several, from the API or the command line.
"""
from __future__ import annotations

import json

import pytest

from pennypress.engine import native
from pennypress.engine.arena import native_games
from pennypress.engine.arena.tournament import TournamentSpec, run_tournament
from tests.cli_helpers import output


def _without_timing(report: dict) -> dict:
    return {k: v for k, v in report.items() if k != "timing"}


@pytest.mark.slow
def test_core_tournaments_are_the_python_tournaments(core, monkeypatch):
    specs = [
        TournamentSpec.create(3, "heuristic,greedy,random", 12, seed=4),
        TournamentSpec.create(4, "heuristic,greedy,greedy,heuristic", 8, seed=9, variants=["newsboy"],
                              deck="corrected"),
        TournamentSpec.create(2, "heuristic,heuristic", 6, seed=112),
        TournamentSpec.create(3, "evaluator,timer,heuristic", 6, seed=4),
        TournamentSpec.create(2, "evaluator,timer", 6, seed=8),
        TournamentSpec.create(5, "timer,evaluator,greedy,evaluator,timer", 5, seed=2, variants=["newsboy"],
                              deck="corrected"),
        TournamentSpec.create(2, "mcts,timer", 2, seed=5),  # the MCTS bot at its default 200 iterations
    ]
    for spec in specs:
        assert native_games.can_play(spec)
        on_core = run_tournament(spec, threads=2)
        assert on_core["timing"]["engine"] == "native"
        assert _without_timing(run_tournament(spec, threads=1)) == _without_timing(on_core)
        monkeypatch.setenv(native.ENGINE_VARIABLE, "python")
        assert not native_games.can_play(spec)
        on_python = run_tournament(spec)
        monkeypatch.delenv(native.ENGINE_VARIABLE)
        assert on_python["timing"]["engine"] == "python"
        assert _without_timing(on_python) == _without_timing(on_core)
        assert len({tuple(r["scores"]) for r in on_core["results"]}) > 1  # real games


def test_records_and_other_seats_stay_on_the_python_engine(core):
    assert not native_games.can_play(TournamentSpec.create(2, "greedy,random", 2, records=True))
    assert not native_games.can_play(TournamentSpec.create(2, "greedy,advisor:fast", 2))
    report = run_tournament(TournamentSpec.create(2, "greedy,random", 2, seed=1, records=True))
    assert report["timing"]["engine"] == "python"


def test_the_command_line_gives_the_same_json_on_one_and_two_threads(core, capsys):
    outputs = []
    for workers in ("1", "2"):
        outputs.append(json.loads(output(capsys, "tournament", "--players", "3", "--seats", "heuristic,greedy,greedy",
                                         "--games", "9", "--seed", "3", "--workers", workers, "--quiet")))
    assert outputs[0]["timing"]["engine"] == outputs[1]["timing"]["engine"] == "native"
    assert outputs[1]["timing"]["workers"] == 2
    assert _without_timing(outputs[0]) == _without_timing(outputs[1])
