"""The core's recorded games (``play_games_recorded``) are the Python engine's games, press by press.

The same seeded, seat-rotated games of a strategy study are played on the core
and on the Python engine (``play_match`` with the same bots, the press events
read as they come); every press record -- player, ply, round, gain, total,
stories claimed and published, scoops to each player, the final edition,
everyone's circulation before -- and the end's beat bonuses must agree, and
the unrecorded ``play_games`` must give the very same results.
"""
from __future__ import annotations

import pytest

from pennypress.engine import native
from pennypress.engine.native.search import play_games
from pennypress.engine.strategy.games import StrategySpec, core_policy_of, play_recorded, play_recorded_python


@pytest.mark.slow
@pytest.mark.parametrize("players,bots,games,seed,variants", [
    (3, "evaluator,value", 3, 7, ()),
    (2, "heuristic,greedy", 4, 11, ()),
    (4, "evaluator,greedy,timer", 4, 3, ("newsboy",)),
    (5, "heuristic,evaluator", 2, 5, ()),
])
def test_recorded_games_on_the_core_are_the_python_games(core, players, bots, games, seed, variants):
    spec = StrategySpec.create(players, games, seed, bots, variants)
    on_core = play_recorded(spec, 0, games, threads=2)
    assert on_core == play_recorded(spec, 0, games, threads=1)
    for game in on_core:
        assert game == play_recorded_python(spec, game.game)
        assert game.over and len(game.bonuses) == 5 and game.presses
        assert sum(p.final_edition for p in game.presses) == 1
        # the press records add up to the score before the bonuses
        n = spec.players
        for seat in range(n):
            bonus = sum(b.points for b in game.bonuses if seat in b.players)
            pressed = sum(p.gain for p in game.presses if p.player == seat)
            scooped = sum(p.scoops[seat] for p in game.presses)
            assert pressed + scooped + bonus == game.scores[seat]


def test_recording_leaves_the_games_unchanged(core):
    spec = StrategySpec.create(3, 6, 2)
    module = native.core_module()
    policies = {n: core_policy_of(n) for n in spec.bots}
    from pennypress.engine.io.state import new_game
    games = []
    for g in range(spec.games):
        state = new_game(spec.definition, seed=spec.deck_seed(g))
        games.append((native.native_position(state), list(state.deck), [policies[n] for n in spec.lineup(g)],
                      spec.seat_seeds(g)))
    plain = play_games(games, spec.move_cap, 2)
    recorded = module.play_games_recorded(games, spec.move_cap, 2)
    assert [tuple(r[:6]) for r in recorded] == [tuple(r) for r in plain]
