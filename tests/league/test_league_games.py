"""The league's games: the same seed plays the same game on any number of workers, every game ends
without stalling, and each bot is a real opponent (it beats ``random`` clearly and ``greedy`` by a
margin whose 95% Wilson interval clears the fair share).

The games that must end are a smaller share by default, one that still reaches every path the full count
reaches; ``--proof-count full`` (``tests/conftest.py``) plays the full count:

    .venv/bin/python -m pytest tests/league/test_league_games.py --proof-count full
"""
from __future__ import annotations

import pytest

from pennypress.engine import new_game, public_view
from pennypress.engine.arena import seats
from pennypress.engine.arena.executors import open_executor
from pennypress.engine.arena.tournament import TournamentSpec, run_tournament
from pennypress.stats import wilson
from pennypress.engine.play.league.mcts import MctsBot, MctsSettings
from pennypress.engine.play.match import play_match
from pennypress.engine.position.position import Phase

from tests.league.league_games import LEAGUE, TEST_MCTS, TEST_MCTS_SEAT, play

TEST_SEATS = {"evaluator": "evaluator", "timer": "timer", "mcts": TEST_MCTS}
MOVE_LIMIT = 150
"""No league bot makes this many moves in a game (issue 16: no stalling)."""


@pytest.fixture
def test_mcts_seat(monkeypatch):
    monkeypatch.setitem(seats.SEATS, TEST_MCTS, TEST_MCTS_SEAT)


# ------------------------------------------------------------------ determinism
@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3])
def test_the_same_seed_plays_the_same_game(players):
    seats_ = list(LEAGUE[:players]) if players == 3 else ["mcts", "evaluator"]
    a, b = play(seats_, seed=71), play(seats_, seed=71)
    assert a.result.state == b.result.state and a.moves_by_seat == b.moves_by_seat
    assert a.result.state.is_over


@pytest.mark.slow
def test_a_tournament_of_the_league_is_the_same_on_one_or_two_workers(test_mcts_seat):
    spec = TournamentSpec.create(players=3, seats=f"evaluator,timer,{TEST_MCTS}", games=3, seed=72)
    alone = run_tournament(spec)
    with open_executor("local", 2) as pool:
        shared = run_tournament(spec, pool, batch_size=1)
    alone.pop("timing"), shared.pop("timing")
    assert alone == shared and all(r["over"] for r in alone["results"])


def test_the_mcts_search_follows_its_seed():
    """Same seed, same search; another seed, other draws (the visits differ) -- the seed is used."""
    view = public_view(new_game(3, seed=73))
    settings = MctsSettings(iterations=60)
    one, again, other = MctsBot(1, settings), MctsBot(1, settings), MctsBot(2, settings)
    assert one.choose(view) == again.choose(view) and one.last_visits == again.last_visits
    other.choose(view)
    assert other.last_iterations == one.last_iterations == 60
    assert other.last_visits != one.last_visits


# ------------------------------------------------------------------ games end
PAIRINGS = [(name, other) for k, name in enumerate(LEAGUE) for other in ("greedy", "heuristic") + LEAGUE[k + 1:]]
DECIDING = (Phase.NORMAL, Phase.FINAL_TURNS, Phase.FINAL_PRESSES)


def games_of(name: str, other: str, proof_count: str) -> int:
    """Seeded games of one pairing (each a 2- and a 3-player game), by ``--proof-count``. The full count is
    6, or 4 with the MCTS bot, whose games are the slow ones. The small count is 3, one whole turn of the
    seats' rotation, which already reaches every path the full count does (every seat of both sizes, each
    league bot deciding in every phase, each of the two bots starting the final edition) -- but 5 for the
    timer against the heuristic bot: the timer starts the final edition itself in the first four, so its
    decisions in the final edition come only in the fifth."""
    if proof_count == "full":
        return 4 if "mcts" in (name, other) else 6
    return 5 if (name, other) == ("timer", "heuristic") else 3


def _phases_seen(seats_: list[str], reached: set[str]):
    """An ``on_move`` that adds to ``reached`` each league seat's deciding in the phase it moved in."""
    phase = Phase.NORMAL

    def on_move(state, event) -> None:
        nonlocal phase
        if event.player is not None and seats_[event.player] in LEAGUE:
            reached.add(f"{seats_[event.player]} decides in {phase}")
        phase = state.phase
    return on_move


@pytest.mark.slow
@pytest.mark.parametrize("name, other", PAIRINGS)
def test_games_end_against_each_other_and_the_project_bots(name, other, proof_count):
    """Seeded 2- and 3-player games of each league bot against every other one and greedy/heuristic,
    seats rotated: each ends, and no league bot makes ``MOVE_LIMIT`` moves. The games reach every path the
    full count reaches: ``name`` in every seat of both sizes, each league bot deciding in every phase, and
    each of the two starting the final edition in some game (``games_of``)."""
    longest, reached = 0, set()
    for g in range(games_of(name, other, proof_count)):
        for seats_ in ([name, other] if g % 2 == 0 else [other, name],
                       [[name, other, other], [other, name, other], [other, other, name]][g % 3]):
            played = play(seats_, seed=100 + g, move_cap=600, on_move=_phases_seen(seats_, reached))
            state = played.result.state
            assert state.is_over, (seats_, 100 + g)
            reached |= {f"{name} in seat {seats_.index(name)} of {len(seats_)}",
                        f"{seats_[state.trigger_player]} starts the final edition"}
            longest = max([longest] + [m for k, m in enumerate(played.moves_by_seat) if seats_[k] in LEAGUE])
    assert 0 < longest < MOVE_LIMIT
    paths = {f"{name} in seat {k} of {n}" for n in (2, 3) for k in range(n)}
    paths |= {f"{bot} decides in {phase}" for bot in (name, other) if bot in LEAGUE for phase in DECIDING}
    paths |= {f"{bot} starts the final edition" for bot in (name, other)}
    assert paths <= reached, f"paths the games did not reach: {sorted(paths - reached)}"


# ------------------------------------------------------------------ strength
def _share(report: dict, bot: str) -> tuple[float, tuple[float, float], float]:
    entry = next(b for b in report["bots"] if b["bot"] == bot)
    trials = report["games"] * len(entry["seats"])
    wins = entry["win_share"] * trials
    return entry["win_share"], wilson(wins / trials, trials), entry["mean_margin"]


@pytest.mark.parametrize("name", LEAGUE)
def test_each_bot_beats_random_clearly_head_to_head(name, test_mcts_seat):
    seat = TEST_SEATS[name]
    report = run_tournament(TournamentSpec.create(players=2, seats=f"{seat},random", games=10, seed=74))
    share, (low, _), margin = _share(report, seat)
    assert low > 0.5 and margin > 0, (share, low, margin)  # the fair share is 1/2


@pytest.mark.parametrize("name", LEAGUE)
def test_each_bot_beats_two_greedy_bots_by_a_real_margin(name, test_mcts_seat):
    seat = TEST_SEATS[name]
    report = run_tournament(TournamentSpec.create(players=3, seats=f"{seat},greedy,greedy", games=18, seed=75))
    share, (low, _), margin = _share(report, seat)
    assert low > 1 / 3 and margin > 0, (share, low, margin)  # the fair share is 1/3
