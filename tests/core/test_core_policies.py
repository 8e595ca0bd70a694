"""The core's bots are the Python bots: a seeded share of the policy proof, and the rare paths.

Every decision of varied games is made by a seat's Python bot and the core's
bot made alike and must be the same move (``decisions.py``); the full run is
the policy proof in ``test_core_proofs.py`` (slow; ``--proof-count full``). The heuristic bot's repetition memory
and random fallback, which seeded games reach rarely, get their own positions.

The seeded games are one whole turn of the seats' rotation by default; ``--proof-count full`` (``conftest.py``)
plays more of them, each figure asked for in proportion:

    .venv/bin/python -m pytest tests/core/test_core_policies.py --proof-count full
"""
from __future__ import annotations

import dataclasses
import random

import pytest

from tests.advisor.advisor_positions import final_turns
from tests.core.decisions import KINDS, Contrary, Mismatch, play_one, run, scaled
from pennypress.engine import native
from pennypress.engine.io.state import new_game, public_view
from pennypress.engine.native.search import core_weights
from pennypress.engine.play.heuristic import TUNED, HeuristicBot, Weights
from pennypress.engine.play.match import play_match
from pennypress.engine.position.position import Phase

GAMES = {"small": 52, "full": 130}
"""Seeded games (seed 15) by ``--proof-count``. The 52 are one whole turn of the seats' rotation (``decisions.py``
seats kind ``(index // 4 + 3 * seat) % 13``, a table of 2, 3, 4 and 5 players for each): every kind in the first
seat at every table, every phase, both variants, and the rarest path -- the exact-final mixed bot's final
edition solved by its exact search, game 48 -- among them. The 130 reach nothing the 52 do not; they
compare more decisions."""



@pytest.mark.slow
def test_seeded_games_decide_alike_at_every_decision(core, proof_count):
    games = GAMES[proof_count]
    report = run(games, seed=15)
    cov = report.coverage
    assert report.games == games == cov["games finished"]
    assert report.decisions > scaled(4_000, games, GAMES["full"])
    for kind in KINDS:  # the exact-final bots sit at tables of 2 and 3 only (decisions.EXACT_FINAL_UP_TO)
        least = 100 if kind.startswith("exact-final") else 300
        assert cov[f"decisions by {kind}"] > scaled(least, games, GAMES["full"]), kind
    for phase in Phase:
        if phase is not Phase.OVER:
            assert cov[f"decisions in phase {phase.value}"] > 0, phase
    for players in (2, 3, 4, 5):
        assert cov[f"decisions with {players} players"] > 0
    for what in ("newsboy passes", "random fallbacks by greedy bots (their own generator)", "presses chosen",
                 "moves played off the bots' choice", "value bot: final-edition decisions by its heuristic bot",
                 "value bot: noise drawn for every move", "value bot: presses that start the final edition, weighed",
                 "mixed bot: decisions by its value bot", "mixed bot: decisions by its heuristic bot",
                 "exact-final bot: final-edition decisions by the exact search",
                 "mixed softmax bot: decisions by its softmax bot", "mixed softmax bot: decisions by its heuristic bot",
                 "softmax bot: a draw for every move", "softmax bot: a move other than its policy's highest score",
                 "exact-final mixed bot: final-edition decisions by its exact search",
                 "exact-final mixed bot: final-edition decisions by its heuristic bot"):
        assert cov[what] > 0, what


def test_a_different_decision_is_reported_with_the_game_and_both_moves(core, monkeypatch):
    from tests.core import decisions

    real = decisions.seat_bots

    monkeypatch.setattr(decisions, "seat_bots", lambda kind, seed, seat, players: (
        real(kind, seed, seat, players)[0], Contrary(real(kind, seed, seat, players)[1])))
    with pytest.raises(Mismatch, match=r"game seed 5, ply 0, seat 0 \(greedy\): python '.*', core '.*'"):
        play_one(0, seed=5)


def test_the_chase_of_seed_112_repeats_and_ends_alike(core):
    """Two heuristic bots chase each other's reporters (seed 112): the repetition memory makes waiting
    dearer each time a position comes back until a press ends the chase; without it (repeat = 0) the
    chase runs to the move cap. The same games on the core, its tournament loop feeding the deck order."""
    for weights, cap in ((TUNED, 3000), (dataclasses.replace(TUNED, repeat=0.0), 400)):
        bots = [HeuristicBot(112, weights), HeuristicBot(113, weights)]
        py = play_match(new_game(2, seed=112), bots, seed=112, move_cap=cap).state
        repeats = sum(sum(b.visits.values()) - len(b.visits) for b in bots)
        start = new_game(2, seed=112)
        policy = core.Policy.heuristic(core_weights(weights))
        scores, winners, pennies, stories, moves, over = core.play_games(
            [(native.native_position(start), list(start.deck), [policy, policy], [112, 113])], cap, 1)[0]
        assert (scores, winners, pennies, moves, over) == (
            [p.circulation for p in py.players], list(py.winners), [p.pennies for p in py.players], py.ply, py.is_over)
        assert stories == [len(p.published) for p in py.players]
        assert repeats > 0
        assert over is (weights is TUNED)


def test_the_heuristic_bots_random_fallback_draws_as_pythons(core):
    """A final-edition turn where the bot weighs nothing (no claim, every story needs two reporters, only
    one may be assigned): it plays ``rng.choice(legal)`` from its own generator, on both engines."""
    state = public_view(final_turns(0, pending=[1], trigger=2,
                                    board={"war:A:1": [0, 2, 0], "crime:B:2": [0, 0, 2], "city:C:1": [0, 2, 0],
                                           "human:A:3": [0, 0, 2]}))
    assert HeuristicBot().evaluate(state) == []
    chosen = set()
    for seed in range(40):
        py_bot, core_bot = HeuristicBot(seed), core.Bot(core.Policy.heuristic(core_weights(TUNED)), seed)
        move = str(py_bot.choose(state))
        assert core_bot.choose(native.native_position(state)) == move
        chosen.add(move)
    assert len(chosen) == len(state.legal_moves()) > 1


def test_weights_mirror_the_dataclass_field_by_field(core):
    assert list(core.Weights.FIELDS) == [f.name for f in dataclasses.fields(Weights)]
    w = core_weights(TUNED)
    assert w.as_dict() == dataclasses.asdict(TUNED)
    rng = random.Random(3)
    other = Weights(**{f.name: rng.uniform(-2, 20) for f in dataclasses.fields(Weights)})
    assert core_weights(other).as_dict() == dataclasses.asdict(other)
    with pytest.raises(core.BadInput, match="missing repeat"):
        core.Weights(**{k: v for k, v in dataclasses.asdict(TUNED).items() if k != "repeat"})
    with pytest.raises(core.BadInput, match="unknown field 'haste'"):
        core.Weights(**dataclasses.asdict(TUNED), haste=1.0)
    with pytest.raises(core.BadInput, match="par must be a finite number"):
        core.Weights(**{**dataclasses.asdict(TUNED), "par": float("nan")})
