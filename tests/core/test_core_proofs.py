"""The core's proofs: the native core decides, plays and values exactly as the Python engine, over seeded
games, positions and presses the quicker tests beside this file do not use (seed 2026, 2027 for the value
model).

Each proof runs a small count by default and its full count with ``--proof-count full`` (``conftest.py``);
with ``-s`` it prints what it compared (the counts ``core/README.md`` quotes) and a progress bar. A harness
raises its ``Mismatch`` -- naming the game seed, the ply and what differs -- at the first difference.
"""
from __future__ import annotations

import random
import sys
import time

import pytest
from tqdm import tqdm

from tests.core.decisions import run as run_policies
from tests.core.differential import run as run_differential
from tests.core.exact_positions import compare as compare_exact
from tests.core.league_decisions import run as run_league
from tests.core.pages_check import core_answer, cp_sat_answer, fast_answer, geometries, items_of, random_problem
from tests.core.playouts import compare as compare_playouts, seeded_positions
from tests.core.values import compare as compare_values
from pennypress.engine.advisor.value import MODEL

pytestmark = pytest.mark.slow

SEED = 2026  # a seed the quicker tests (15, 4 and 8) do not use
COUNTS = {  # name: (small, full)
    "differential": (20, 10_000),  # games
    "policies": (10, 2_000),  # games
    "league": (8, 2_000),  # games
    "exact": (10, 1_000),  # games
    "value": (10, 1_000),  # games
    "playouts": (12, 2_000),  # positions
    "pages": (2_000, 200_000),  # random presses against the fast solver
}
PAGES_PER_GEOMETRY = {"small": 0, "full": 3}
"""Random presses a geometry against CP-SAT: the full proof covers all 1,625 geometries three times; the small
count leaves CP-SAT to ``test_core_pages.py``, which checks one press on every geometry."""


def _count(name: str, proof_count: str) -> int:
    small, full = COUNTS[name]
    return full if proof_count == "full" else small


def _report(summary: str, coverage: dict, started: float) -> None:
    print(f"\n{summary} ({time.perf_counter() - started:.0f} s)")
    for name, count in sorted(coverage.items()):
        print(f"  {name}: {count:,}")


def _games(run, games: int, proof_count: str, **kwargs):
    with tqdm(total=games, unit="game", file=sys.stderr, disable=proof_count != "full") as bar:
        return run(games, SEED, progress=lambda done: bar.update(1), **kwargs)


def test_games_are_identical_move_by_move_on_both_engines(core, proof_count):
    games, started = _count("differential", proof_count), time.perf_counter()
    r = _games(run_differential, games, proof_count)
    assert r.games == games
    _report(f"{r.games:,} games, {r.moves:,} moves and {r.draws:,} card draws identical on both engines "
            f"(seed {SEED})", r.coverage, started)


def test_the_cores_bots_decide_as_the_python_bots(core, proof_count):
    games, started = _count("policies", proof_count), time.perf_counter()
    r = _games(run_policies, games, proof_count)
    assert r.games == games
    _report(f"{r.games:,} games, {r.decisions:,} decisions identical on both engines (seed {SEED})",
            r.coverage, started)


def test_the_cores_league_bots_decide_as_the_python_league_bots(core, proof_count):
    games, started = _count("league", proof_count), time.perf_counter()
    r = _games(run_league, games, proof_count)
    assert r.games == games
    _report(f"{r.games:,} games, {r.decisions:,} decisions identical on both engines, "
            f"{r.coverage['evaluator scores compared (moves)']:,} evaluator scores and "
            f"{r.coverage['mcts root children compared (visits and mean rewards)']:,} MCTS root children bit for bit "
            f"(seed {SEED})", r.coverage, started)


def test_the_exact_searches_agree_on_every_final_edition_position(core, proof_count):
    games, max_nodes, started = _count("exact", proof_count), 5_000, time.perf_counter()
    cov = compare_exact(games, SEED, max_nodes)
    _report(f"{cov['positions compared']:,} final-edition positions ({cov['moves compared']:,} moves) identical "
            f"on both searches, from {games:,} games (seed {SEED}, at most {max_nodes:,} positions solved each)",
            cov, started)


def test_the_value_model_is_the_same_doubles_on_both_engines(core, proof_count):
    games, seed, started = _count("value", proof_count), SEED + 1, time.perf_counter()
    cov = compare_values(games, seed, MODEL)
    _report(f"{cov['positions compared']:,} positions of {games:,} games: features, progress and estimates "
            f"identical on both engines; {cov['leaf playouts compared']:,} leaf playouts identical (seed {seed})",
            cov, started)


def test_core_playouts_give_the_python_playouts_outcomes(core, proof_count):
    positions, started = _count("playouts", proof_count), time.perf_counter()
    cov = compare_playouts(seeded_positions(positions, SEED), SEED)
    _report(f"{cov['playouts compared']:,} playouts from {positions:,} positions identical on both engines "
            f"(seed {SEED})", cov, started)


def test_the_cores_pages_are_cp_sats_and_the_fast_solvers(core, proof_count):
    rng, pool, started = random.Random(SEED), geometries(), time.perf_counter()
    per_geometry = PAGES_PER_GEOMETRY[proof_count]
    for shapes, ad in tqdm(pool, unit="geometry", file=sys.stderr, disable=per_geometry == 0):
        for _ in range(per_geometry):
            problem = random_problem(rng, shapes, ad)
            assert core_answer(core, problem) == cp_sat_answer(problem), f"MISMATCH with CP-SAT: {problem.to_json()}"
    presses = _count("pages", proof_count)
    for _ in tqdm(range(presses), unit="press", file=sys.stderr, mininterval=1, disable=proof_count != "full"):
        shapes, ad = rng.choice(pool)
        problem = random_problem(rng, shapes, ad)
        expected = fast_answer(problem)
        _, _, top_edge, top_rest, total, gain = expected
        assert core_answer(core, problem) == expected, f"MISMATCH with the fast solver: {problem.to_json()}"
        assert core.page_value(items_of(problem), problem.ad) == (total, gain, top_edge, top_rest), (
            f"MISMATCH with the fast solver: {problem.to_json()}")
    _report(f"CP-SAT: {per_geometry * len(pool):,} random presses over all {len(pool):,} geometries, fast solver: "
            f"{presses:,} random presses; every page and value identical (seed {SEED})", {}, started)
