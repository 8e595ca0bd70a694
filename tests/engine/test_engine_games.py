"""Complete randomised games: invariants after every move, across player counts and variants."""
import pytest

from pennypress.engine import GameDefinition, Phase
from pennypress.engine.play.invariants import InvariantChecker, check_state
from pennypress.engine.arena.selfplay import play_game, run_selfplay

CONFIGS = [
    (2, (), "default"),
    (3, (), "default"),
    (3, (), "corrected"),
    (4, (), "default"),
    (4, ("newsboy",), "default"),
    (5, (), "corrected"),
    (5, ("newsboy",), "default"),
]
GAMES_PER_CONFIG = 30  # 210 games


@pytest.mark.parametrize("players,variants,deck", CONFIGS)
def test_random_games_keep_every_invariant(players, variants, deck):
    definition = GameDefinition.create(players, variants, deck)
    finals = 0  # games seen to pass through the final edition's restricted round
    for g in range(GAMES_PER_CONFIG):
        phases: set[Phase] = set()
        result = play_game(definition, seed=1000 * players + g, bot="random", on_move=lambda s: phases.add(s.phase))
        assert result["over"], result
        assert result["invariant_violations"] == [], result["invariant_violations"][:5]
        assert result["winners"] and max(result["presses"]) >= definition.final_edition_presses
        finals += Phase.FINAL_TURNS in phases and Phase.OVER in phases
    assert finals == GAMES_PER_CONFIG


def test_greedy_games_keep_every_invariant():
    for players in (2, 4):
        result = play_game(GameDefinition.create(players), seed=7, bot="greedy")
        assert result["over"] and result["invariant_violations"] == []


def test_selfplay_is_deterministic():
    a = run_selfplay(4, 3, seed=12, bot="random", variants=["newsboy"])
    b = run_selfplay(4, 3, seed=12, bot="random", variants=["newsboy"])
    assert a == b and a["invariant_violations"] == 0
    assert run_selfplay(4, 3, seed=13, bot="random") != a


def test_checker_catches_a_broken_step():
    from pennypress.engine import new_game

    s = new_game(3, seed=1)
    checker = InvariantChecker(move_cap=1)
    assert checker.start(s) == []
    s.apply(s.legal_moves()[0])
    s.players[1].circulation = -1
    assert any("circulation" in v for v in checker.step(s))
    s.players[1].circulation = 0
    s.apply(s.legal_moves()[0])
    assert any("not ended after 1 moves" in v for v in checker.step(s))
    s.players[2].pennies = 1
    assert any("1 pennies after 0 presses" in v for v in checker.step(s))
    s.markers[next(iter(s.markers))] += 1
    assert any("marker" in v for v in check_state(s))


@pytest.mark.parametrize("players,variants", [(2, ()), (3, ()), (5, ("newsboy",))])
def test_the_fast_solver_and_cp_sat_play_the_same_games(players, variants):
    """The engine's pages come from the fast solver; under the shared tie-break CP-SAT gives
    the same pages, so whole games (every press's page, every score) are the same."""
    from pennypress.engine.rules.press import use_page_solver
    from pennypress.engine.arena.recorded import record_selfplay

    definition = GameDefinition.create(players, variants)
    for seed in range(3):
        fast, _ = record_selfplay(definition, seed=seed, bot="greedy")
        with use_page_solver("cp-sat"):
            reference, _ = record_selfplay(definition, seed=seed, bot="greedy")
        assert fast == reference
        assert any(isinstance(m, dict) or m.startswith("press ") for m in fast["moves"])
