"""The core's league bots are the Python league bots: a seeded share of the league proof, their memories,
their parameters.

Every decision of varied games with evaluator, timer and (in a share of the
games) MCTS seats is made by the seat's Python bot and the core's bot made
alike and must be the same move, a share of the evaluator's scores the very
same doubles and every MCTS root the same visits and mean rewards
(``league_decisions.py``); the full run is the league proof in
``test_core_proofs.py`` (slow; ``--proof-count full``).
What the bots remember (the evaluator's visits and turns since its last press,
the timer's turns waited, the MCTS bot's), which seeded games reach rarely, is
driven on purpose: the same position asked again and again.

The seeded games and the positions asked again are a smaller share by default; ``--proof-count full``
(``conftest.py``) runs the larger one, each figure asked for in proportion:

    .venv/bin/python -m pytest tests/core/test_core_league.py --proof-count full
"""
from __future__ import annotations

import dataclasses
import random

import pytest

from tests.core.decisions import Contrary, scaled
from tests.core.league_decisions import LEAGUE, Mismatch, league_bots, play_one, run
from pennypress.engine import native
from pennypress.engine.io.state import new_game, public_view
from pennypress.engine.native.search import league_policy
from pennypress.engine.play.league.evaluator import EvaluatorBot, EvaluatorWeights
from pennypress.engine.play.league.mcts import MctsBot, MctsSettings
from pennypress.engine.play.league.timer import TimerBot, TimerSettings
from pennypress.engine.play.match import play_match
from pennypress.engine.position.position import Phase
from pennypress.engine.rules.chance import resolve_chance

GAMES = {"small": 32, "full": 64}
"""Seeded games (seed 15) by ``--proof-count``, 2-5 players, every path the assertions below name. The 64 reach
nothing the 32 do not; they compare more decisions. The full count is the league proof's
(``test_core_proofs.py``)."""
MCTS_EVERY = {"small": 4, "full": 8}
"""An MCTS seat in every so many games: in 8 of them either way, the last (game 31, or 63) at its default
200 iterations (``league_decisions.py``)."""



@pytest.mark.slow
def test_seeded_games_decide_alike_at_every_decision(core, proof_count):
    games = GAMES[proof_count]
    report = run(games, seed=15, mcts_every=MCTS_EVERY[proof_count])
    cov = report.coverage
    assert report.games == games == cov["games finished"]
    assert report.decisions > scaled(3_000, games, GAMES["full"])
    for kind in LEAGUE:
        assert cov[f"decisions by {kind}"] > scaled(80 if kind == "mcts" else 1_000, games, GAMES["full"]), kind
        for phase in Phase:
            if phase is not Phase.OVER:
                assert cov[f"{kind} decisions in phase {phase.value}"] > 0, (kind, phase)
    for kind in ("evaluator", "timer"):
        assert cov[f"{kind} final-edition triggers"] > 0, kind
    assert cov["mcts decisions with 40 iterations"] > scaled(70, games, GAMES["full"])
    assert cov["mcts decisions with 200 iterations"] > scaled(10, games, GAMES["full"])
    assert cov["mcts presses"] > 0
    assert cov["mcts root children compared (visits and mean rewards)"] > scaled(1_000, games, GAMES["full"])
    for players in (2, 3, 4, 5):
        assert cov[f"decisions with {players} players"] > 0
    for what in ("evaluator decisions beyond idle_turns since its last press", "timer recalls (nothing to build or press)",
                 "timer decisions after last_wait turns waited", "moves played off the bots' choice"):
        assert cov[what] > 0, what
    assert cov["evaluator scores compared (moves)"] > scaled(10_000, games, GAMES["full"])


ASKED_EVERY = {"small": 14, "full": 7}
"""The positions asked again: every so many of the decision positions of eight seeded league games (by
``--proof-count``). Every 14th -- 2-5 players, a sixth of them asked of the MCTS bot too -- holds positions
where each bot's choice changes on the way, as every 7th does."""


def _positions(games: int, seed: int, every: int) -> list:
    """Every ``every``-th normal-play decision position (more than one legal move) of seeded league games."""
    seen = []
    for g in range(games):
        players = 2 + g % 4
        bots = [(EvaluatorBot if (g + s) % 2 else TimerBot)(seed + s) for s in range(players)]
        keep = lambda state, event: seen.append(public_view(state)) if (  # noqa: E731
            state.phase is Phase.NORMAL and not state.is_chance_node() and len(state.legal_moves()) > 1) else None
        play_match(new_game(players, seed=seed + g), bots, seed=seed + g, on_move=keep)
    return seen[::every]


@pytest.mark.slow
def test_asked_again_in_the_same_position_both_remember_alike(core, proof_count):
    """Asked twelve times in the very same position, each bot waits a little more each time (the evaluator:
    ``repeat`` for each earlier visit and ``idle`` beyond ``idle_turns``; the timer: its threshold falls
    with the turns waited) -- on both engines alike, and in some positions the choice changes on the way."""
    changed = {kind: 0 for kind in LEAGUE}
    for k, state in enumerate(_positions(8, seed=40, every=ASKED_EVERY[proof_count])):
        nat = native.native_position(state)
        for kind in LEAGUE if k % 6 == 0 else LEAGUE[:2]:  # the MCTS bot (40 iterations) in a sixth of them
            py_bot, core_bot = league_bots(kind, k, 0, state.n_players)
            py = [str(py_bot.choose(state)) for _ in range(12)]
            assert [core_bot.choose(nat) for _ in range(12)] == py, (kind, k)
            changed[kind] += len(set(py)) > 1
    assert all(n > 0 for n in changed.values()), changed


@pytest.mark.slow
def test_other_parameters_plug_in_and_decide_alike(core):
    """Each bot with its parameters scaled by seeded factors in [0.5, 1.5] (whole numbers stay whole; the MCTS
    bot's nested settings too, from 30 iterations)."""
    def scaled(params, rng):
        out = {}
        for f in dataclasses.fields(params):
            value = getattr(params, f.name)
            if dataclasses.is_dataclass(value):
                out[f.name] = scaled(value, rng)
            elif isinstance(value, dict):
                out[f.name] = {k: v * rng.uniform(0.5, 1.5) for k, v in value.items()}
            elif isinstance(value, int):
                out[f.name] = max(1, round(value * rng.uniform(0.5, 1.5)))
            else:
                out[f.name] = value * rng.uniform(0.5, 1.5)
        return dataclasses.replace(params, **out)

    decisions = 0
    for g in range(6):
        rng = random.Random(g)
        players = 2 + g % 4
        state = public_view(new_game(players, seed=900 + g))
        nat = native.native_position(state)
        bots = []
        for seat in range(players):
            if seat == 2:
                m = scaled(MctsSettings(iterations=30), rng)
                bots.append((MctsBot(seat, m), core.Bot(league_policy("mcts", m), seat)))
            elif seat % 2:
                w = scaled(EvaluatorWeights(), rng)
                bots.append((EvaluatorBot(seat, w), core.Bot(league_policy("evaluator", w), seat)))
            else:
                s = scaled(TimerSettings(), rng)
                bots.append((TimerBot(seat, s), core.Bot(league_policy("timer", s), seat)))
        chance_py, chance_core = random.Random(g), core.Random(g)
        while not state.is_over:
            py_bot, core_bot = bots[state.current]
            move = py_bot.choose(state)
            assert core_bot.choose(nat) == str(move), (g, state.ply)
            decisions += 1
            state.apply(move)
            native.apply(nat, move)
            if state.is_chance_node():
                resolve_chance(state, chance_py)
                nat.resolve_chance(chance_core)
    assert decisions > 200


def test_a_different_decision_or_score_is_reported(core, monkeypatch):
    from tests.core import league_decisions

    real = league_decisions.league_bots

    monkeypatch.setattr(league_decisions, "league_bots",
                        lambda *args: (real(*args)[0], Contrary(real(*args)[1])))
    with pytest.raises(Mismatch, match=r"game seed 5, ply 0, seat 0 \(evaluator\): python '.*', core '.*'"):
        play_one(0, seed=5)

    def nudged(kind, seed, seat, *args):
        py_bot, core_bot = real(kind, seed, seat, *args)
        if kind == "evaluator":  # the margin's weight one part in a million off: the same moves, other scores
            w = dataclasses.replace(py_bot.w, margin_weight=py_bot.w.margin_weight * (1 + 1e-6))
            core_bot = core.Bot(league_policy("evaluator", w), seed)
        return py_bot, core_bot

    monkeypatch.setattr(league_decisions, "league_bots", nudged)
    with pytest.raises(Mismatch, match=r"\(evaluator\): the evaluator's scores differ"):
        play_one(0, seed=5, score_every=1)


def test_the_parameters_mirror_the_dataclasses_field_by_field(core):
    fields = core.Policy.league_fields()
    assert fields["evaluator"] == [f.name for f in dataclasses.fields(EvaluatorWeights)]
    assert fields["timer"] == [f.name for f in dataclasses.fields(TimerSettings)]
    weights, settings = dataclasses.asdict(EvaluatorWeights()), dataclasses.asdict(TimerSettings())
    with pytest.raises(core.BadInput, match="EvaluatorWeights: every field is needed; missing tempo"):
        core.Policy.evaluator({k: v for k, v in weights.items() if k != "tempo"})
    with pytest.raises(core.BadInput, match="EvaluatorWeights: unknown field 'haste'"):
        core.Policy.evaluator({**weights, "haste": 1.0})
    with pytest.raises(core.BadInput, match="EvaluatorWeights: pace must be a finite number"):
        core.Policy.evaluator({**weights, "pace": float("inf")})
    with pytest.raises(core.BadInput, match="TimerSettings: every field is needed; missing base"):
        core.Policy.timer({k: v for k, v in settings.items() if k != "base"})
    with pytest.raises(core.BadInput, match="TimerSettings: base must map player counts"):
        core.Policy.timer({**settings, "base": {7: 10.0}})
    with pytest.raises(core.BadInput, match="TimerSettings: stars must be a number"):
        core.Policy.timer({**settings, "stars": "many"})
    assert fields["mcts"] == [f.name for f in dataclasses.fields(MctsSettings)]
    assert fields["mcts.leaf"] == [f.name for f in dataclasses.fields(MctsSettings().leaf)]
    assert fields["mcts.rollout"] == [f.name for f in dataclasses.fields(MctsSettings().rollout)]
    mcts = dataclasses.asdict(MctsSettings())
    with pytest.raises(core.BadInput, match="MctsSettings: iterations must be a whole number"):
        core.Policy.mcts({**mcts, "iterations": 2.5})
    with pytest.raises(core.BadInput, match="LeafSettings: every field is needed; missing keep"):
        core.Policy.mcts({**mcts, "leaf": {k: v for k, v in mcts["leaf"].items() if k != "keep"}})
    with pytest.raises(core.BadInput, match="MctsSettings: rollout must be a dict"):
        core.Policy.mcts({**mcts, "rollout": 3})
    with pytest.raises(core.BadInput, match="last_visits: only the MCTS bot"):
        core.Bot(league_policy("timer", TimerSettings()), 0).last_visits()
    with pytest.raises(core.BadInput, match="evaluate: only the evaluator"):
        core.Bot(league_policy("timer", TimerSettings()), 0).evaluate(native.native_position(new_game(3, seed=1)))
