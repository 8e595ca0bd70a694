"""``benchmarks/strength/advisor.py``: its cells are the issue's, bad arguments are refused, a small run gives the
same row on one and two workers, and the league's bots play the same games on the core."""
from __future__ import annotations

import re

import pytest

from benchmarks.strength import advisor as bs
from pennypress.engine.arena import seats
from pennypress.engine.arena.seats import make_bot


@pytest.fixture(autouse=True)
def _seats_restored():
    """The script registers seats (``--league-on-core``); other tests see the project's seats only."""
    saved = dict(seats.SEATS)
    yield
    seats.SEATS.clear()
    seats.SEATS.update(saved)


def test_every_league_opponent_has_a_three_player_and_a_head_to_head_cell():
    for opponent in ("evaluator", "timer", "mcts", "heuristic"):
        assert bs.CELLS[f"{opponent}3"] == f"advisor:fast,{opponent},{opponent}"
        assert bs.CELLS[f"{opponent}2"] == f"advisor:fast,{opponent}"
    assert bs.CELLS["normal3"].split(",") == ["advisor:normal", "advisor:fast", "advisor:fast"]


@pytest.mark.parametrize("argv, message", [
    (["--cells", "evaluator3,bogus"], "unknown cell(s) bogus"),
    (["--games", "7"], "--games must be a positive multiple of 6, got 7"),
])
def test_bad_arguments_exit_2_naming_the_problem(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_:
        bs.main(argv)
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


def test_a_small_run_gives_the_same_row_on_one_and_two_workers(core, capsys):
    rows = []
    for workers in (1, 2):
        assert bs.main(["--cells", "heuristic2", "--games", "6", "--seed", "5", "--workers", str(workers)]) == 0
        row = capsys.readouterr().out.strip().splitlines()[-1]
        rows.append(row.rsplit("|", 2)[0])  # all but the time it took
    assert rows[0] == rows[1]
    cells = [c.strip() for c in rows[0].split("|")]
    assert cells[1] == "`advisor:fast,heuristic`" and cells[2] == "6"
    share = float(re.match(r"\*\*([\d.]+)%\*\*", cells[3]).group(1))
    assert share in {round(100 * k / 12, 1) for k in range(13)}  # wins and half wins of 6 games


def test_the_league_on_the_core_plays_the_python_league_bots_games(core):
    """``--league-on-core``: the core's evaluator, timer and MCTS bot, asked through the Python game loop, play
    the very games the Python bots play (the seats keep their names; their memory lasts the game)."""
    from pennypress.engine.arena.tournament import TournamentSpec, run_tournament
    from pennypress.engine.play.league.mcts import MctsSettings

    # records on: the Python game loop plays every seat (the core plays whole games only without them);
    # a short MCTS search on both sides, so the Python bot's games take a second
    spec = TournamentSpec.create(3, "evaluator,mcts,timer", 3, seed=11, records=True)
    fast = MctsSettings(iterations=30)
    games = {}
    for on_core in (False, True):
        if on_core:
            bs.register(league_on_core=True)
            seats.register_seat("mcts", lambda seed=0: bs.CoreLeagueBot(bs.MctsBot(seed, fast), seed))
        else:
            seats.register_seat("mcts", lambda seed=0: bs.MctsBot(seed, fast))
        played = []
        report = run_tournament(spec, on_result=played.append)
        assert report["timing"]["engine"] == "python"
        games[on_core] = [{k: r[k] for k in ("game", "scores", "winners", "moves")} for r in played]
    assert games[True] == games[False] and len(games[True]) == 3
    assert isinstance(make_bot("timer"), bs.CoreLeagueBot) and make_bot("evaluator", seed=2).name == "evaluator"


def test_the_league_on_the_core_needs_the_core(monkeypatch, capsys):
    monkeypatch.setattr(bs.native, "available", lambda: False)
    with pytest.raises(SystemExit) as exit_:
        bs.main(["--cells", "mcts3", "--games", "6", "--league-on-core"])
    assert exit_.value.code == 2 and "--league-on-core needs the native core" in capsys.readouterr().err
