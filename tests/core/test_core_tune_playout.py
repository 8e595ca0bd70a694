"""``benchmarks/training/tune_playout.py``: its objective is the tournaments' win share, and a small seeded SPSA run is
the same on one or two threads and from one run to the next."""
from __future__ import annotations

import math

from benchmarks.training import tune_playout as tp

from pennypress.engine.arena.tournament import TournamentSpec, run_tournament
from pennypress.engine.play.heuristic import TUNED


def test_theta_zero_is_the_start_and_wait_stays_a_share():
    assert tp.to_weights([0.0] * len(tp.NAMES)) == TUNED
    for t in (-tp.BOUND, tp.BOUND):
        w = tp.to_weights([t] * len(tp.NAMES))
        assert 0 < w.wait < 1
        assert math.isclose(w.tempo, TUNED.tempo * math.exp(t))


def test_an_evaluation_block_is_the_tournament_on_the_same_decks(core):
    arena = tp.Arena(tp.parse_mix("evaluator,evaluator@4;timer@3"), seed=77, threads=2)
    [shares] = arena.shares(0, [tp.heuristic_policy(TUNED)])
    three = run_tournament(TournamentSpec.create(3, "heuristic,evaluator,evaluator", 12, 77))
    assert three["timing"]["engine"] == "native"
    assert shares[0] == three["bots"][0]["win_share"]
    # the head-to-head matchup's decks come after the 3-player ones in the block: (0 * 2 + 1) * 3 + j
    from pennypress.engine.arena import tournament

    seeds = [tournament.deck_seed(77, 3 + j) for j in range(3)]
    assert [p[0] for p in arena.block(0)[1][::2]] == seeds
    assert arena.games == 12 + 6


def test_a_small_run_is_the_same_on_one_or_two_threads(core):
    def run(threads: int):
        arena = tp.Arena(tp.parse_mix("evaluator,evaluator@2;timer@2"), seed=5, threads=threads)
        return tp.spsa(arena, iterations=4, seed=5, c=0.3, step=0.2, calibrate=1, progress=False)

    one, two, again = run(1), run(2), run(2)
    assert one.trace == two.trace == again.trace
    assert one.theta == two.theta and one.a == two.a
    assert one.games == (1 + 4) * 2 * (2 * 3 + 2 * 2)  # calibration and iterations, two candidates each
    assert any(t != 0 for t in one.last)  # the games told the candidates apart: theta moved
    assert one.theta == [sum(r["theta_exact"][i] for r in one.trace[2:]) / 2 for i in range(len(tp.NAMES))]
