"""``pennypress strategy``: the same JSON on any number of workers and on Dask; findings that follow
from the games; bad options exit 2 with one line.

The games are the core's (``tests/core/test_core_strategy_record.py`` proves them the Python
engine's, press by press); here the study is checked end to end through the command line.
"""
from __future__ import annotations

import json

import pytest

from pennypress.engine.strategy.games import StrategySpec, play_recorded
from pennypress.engine.strategy.study import CHUNK, run_study
from pennypress.engine.strategy.tally import CREDIT, tally_games
from pennypress.engine.strategy.timing import SAMPLE_EVERY, sample_point
from pennypress.stats import wilson
from pennypress.ui.cli import main
from tests.cli_helpers import assert_bad_input, output, run

GAMES = CHUNK + 40  # two chunks (one short), three sampled decision points


def _run(capsys, *extra: str, games: int = GAMES, players: int = 3) -> dict:
    report = json.loads(output(capsys, "strategy", "--players", players, "--games", games, "--seed", "5", "--quiet",
                               *extra))
    report.pop("timing")
    return report


@pytest.fixture(scope="module")
def one_worker():
    from contextlib import redirect_stdout
    import io

    buf = io.StringIO()
    with redirect_stdout(buf):
        assert main(["strategy", "--players", "3", "--games", str(GAMES), "--seed", "5", "--quiet",
                     "--workers", "1"]) == 0
    report = json.loads(buf.getvalue())
    report.pop("timing")
    return report


@pytest.mark.slow
def test_same_json_on_one_and_two_workers(core, capsys, one_worker):
    assert json.dumps(_run(capsys, "--workers", "2")) == json.dumps(one_worker)


def test_same_json_on_a_dask_local_cluster(core, capsys, one_worker):
    pytest.importorskip("distributed")
    assert json.dumps(_run(capsys, "--executor", "dask", "--workers", "2")) == json.dumps(one_worker)


def test_the_report_has_every_finding_with_an_interval(core, one_worker):
    r = one_worker
    assert (r["games"], r["players"], r["seed"], r["bots"]) == (GAMES, 3, 5, ["evaluator", "value"])
    kinds = {f["kind"] for f in r["findings"]}
    assert {"seat", "bot", "when-winners-press", "final-edition", "winning-circulation", "beat-bonus", "scoops",
            "press-or-wait", "bots-disagree"} <= kinds
    for f in r["findings"]:
        lo, hi = f["interval"]
        assert lo <= f["value"] <= hi and f["games"] > 0 and f["claim"].endswith(".")
    assert sum(1 for f in r["findings"] if f["kind"] == "seat") == 3


@pytest.mark.slow
def test_findings_follow_from_the_games(core, one_worker):
    """The seat shares are the games' win credit per seat, the trigger's share the games' own; a claim
    states a direction only where its interval excludes the fair share."""
    spec = StrategySpec.create(3, GAMES, 5)
    games = play_recorded(spec, 0, GAMES, threads=2)
    tally = tally_games(games)
    seats = [f for f in one_worker["findings"] if f["kind"] == "seat"]
    for f in seats:
        credit = sum(1 / len(g.winners) for g in games if f["seat"] in g.winners)
        assert f["value"] == round(credit / len(games), 4)
        assert f["interval"] == [round(x, 4) for x in wilson(credit / len(games), len(games))]
        shown = f["interval"][0] > f["fair"] or f["interval"][1] < f["fair"]
        assert ("no seat advantage" not in f["claim"]) == shown
    trigger = next(f for f in one_worker["findings"] if f["kind"] == "final-edition")
    won = sum(1 / len(g.winners) for g in games for p in g.presses if p.final_edition and p.player in g.winners)
    assert trigger["value"] == round(won / tally.counts["triggered"], 4)
    assert tally.counts[("seat", 0)] + tally.counts[("seat", 1)] + tally.counts[("seat", 2)] == CREDIT * len(games)
    winning = next(f for f in one_worker["findings"] if f["kind"] == "winning-circulation")
    assert winning["value"] == round(sum(max(g.scores) for g in games) / len(games), 4)


def test_decision_points_replay_the_recorded_game(core):
    """The replayed game of a sampled point is the recorded game, and pressing and waiting differ."""
    spec = StrategySpec.create(3, 2 * SAMPLE_EVERY, 5)
    point = sample_point(spec, SAMPLE_EVERY, threads=2, playouts=8)
    assert point is not None and point.gain > 0 and -1 <= point.difference <= 1
    assert point == sample_point(spec, SAMPLE_EVERY, threads=1, playouts=8)


BAD = [
    (["--players", "6", "--games", "3"], "players"),
    (["--players", "1", "--games", "3"], "players"),
    (["--players", "3", "--games", "0"], "games"),
    (["--players", "3", "--games", "-4"], "games"),
    (["--players", "3", "--games", "3", "--bots", "evaluator,wizard"], "unknown bot 'wizard'"),
    (["--players", "3", "--games", "3", "--workers", "0"], "workers"),
    (["--players", "3", "--games", "3", "--scheduler", "tcp://127.0.0.1:9"], "needs --executor dask"),
    (["--players", "3", "--games", "x"], "games"),
]


@pytest.mark.parametrize("args, words", BAD)
def test_bad_input_is_one_line_exit_2(args, words, capsys):
    assert_bad_input(*run(capsys, "strategy", *args, "--quiet"), words)


def test_unreachable_scheduler_is_bad_input(capsys, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr("pennypress.engine.arena.executors.CONNECT_TIMEOUT", "1s")
    assert_bad_input(*run(capsys, "strategy", "--players", "3", "--games", "3", "--executor", "dask", "--scheduler",
                          "tcp://127.0.0.1:9", "--quiet"), "scheduler")


def test_other_player_counts_bots_and_the_newsboy_variant(core, capsys):
    r = _run(capsys, "--variant", "newsboy", "--bots", "evaluator,timer,value", games=8, players=4)
    assert (r["players"], r["variants"], r["bots"]) == (4, ["newsboy"], ["evaluator", "timer", "value"])
    seats = [f for f in r["findings"] if f["kind"] == "seat"]
    assert [f["seat"] for f in seats] == [0, 1, 2, 3] and all(f["fair"] == 0.25 for f in seats)
    assert abs(sum(f["value"] for f in seats) - 1) < 1e-3  # every game's win credit is shared out once
    assert {f["bot"] for f in r["findings"] if f["kind"] == "bot"} == {"evaluator", "timer", "value"}
