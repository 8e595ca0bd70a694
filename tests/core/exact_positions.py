"""Final-edition positions for comparing the core's exact search with the Python search.

Seeded games (2-5 players, both variants, greedy and heuristic bots) are
played to the end; every decision node of their final editions is a
position to compare -- first restricted turns with several players still to
act, later turns, the last round's press-or-decline -- as long as the search
stays small enough for the Python engine (its cost is measured on the core
first: positions solved).
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Iterator

from tests.core.differential import Mismatch
from pennypress.engine import native
from pennypress.engine.advisor.exact import ExactSearch, is_deterministic
from pennypress.engine.io.state import State, new_game, public_view
from pennypress.engine.native.search import ExactSearch as NativeExactSearch
from pennypress.engine.play.bots import GreedyBot
from pennypress.engine.play.heuristic import HeuristicBot


def final_edition_positions(games: int, seed: int) -> Iterator[State]:
    """Every decision node of the final editions of ``games`` seeded games (public views)."""
    for g in range(games):
        players = 2 + g % 4
        variants = ["newsboy"] if players >= 4 and (g // 4) % 2 == 0 else []
        rng = random.Random(seed * 1_000_003 + g)
        s = new_game(players, seed=seed * 1_000_003 + g, variants=variants)
        bots = [(GreedyBot if (g + i) % 2 else HeuristicBot)(seed + g * 10 + i) for i in range(players)]
        while not s.is_over:
            if is_deterministic(s):
                yield public_view(s)
            s.play(bots[s.current].choose(s), rng)


def compare(games: int, seed: int, max_nodes: int) -> Counter:
    """Both searches on every final-edition position of the seeded games whose search (counted on the
    core) solves at most ``max_nodes`` positions: every move's values for every player must be equal."""
    cov: Counter = Counter()
    for state in final_edition_positions(games, seed):
        probe = NativeExactSearch(max_nodes)
        try:
            core_values = probe.move_values(state)
        except native.core_module().BadInput:
            cov["positions too large for the Python search (skipped)"] += 1
            continue
        py_values = ExactSearch().move_values(state)
        if [(str(m), v) for m, v in py_values] != [(str(m), v) for m, v in core_values]:
            raise Mismatch(f"seed {seed}: {state.n_players} players, {state.phase.value}, ply {state.ply}: "
                           f"the searches differ")
        player = state.current
        best = max(range(len(py_values)), key=lambda i: (py_values[i][1][player], -i))
        cov["positions compared"] += 1
        cov[f"positions with {state.n_players} players"] += 1
        cov[f"positions in phase {state.phase.value}"] += 1
        cov["moves compared"] += len(py_values)
        cov["positions solved by each search"] += probe.nodes
        cov["positions where several moves tie for the best"] += sum(
            1 for _, v in py_values if v[player] == py_values[best][1][player]) > 1
    return cov


