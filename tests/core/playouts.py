"""The playout harness: core playouts against ``engine.advisor.playout.playout`` on varied positions.

Positions of varied games (2-5 players, both variants, both decks, several
stages) are public views after seeded greedy play; from each, a few first moves
-- random ones, the press, and a press on a page the player lays out (played on
the Python engine, then the core goes on) -- are played out by each policy with
random seeds (negative and large ones too) and playout numbers ``k`` on both
engines; every player's outcome must be equal. Two-player positions are also
played out with the final edition solved exactly.
``tests/core/test_core_playouts.py`` runs a seeded share;
the playout proof in ``test_core_proofs.py`` (slow; ``--proof-count full``) the full count.
"""
from __future__ import annotations

import random
from collections import Counter

from tests.core.differential import Mismatch
from pennypress.engine.advisor.playout import native_playout, playout
from pennypress.engine.game.moves import BEST, GoToPress, Page
from pennypress.engine.io.state import State, new_game, public_view
from pennypress.engine.play.bots import GreedyBot
from pennypress.engine.position.position import Phase
from pennypress.engine.rules.press import plan_press

POLICIES = ("heuristic", "greedy", "random")


def seeded_positions(count: int, seed: int) -> list[State]:
    """Public views of varied games (2-5 players, both variants, both decks) after seeded greedy play,
    some early, some late (several near or in the final edition)."""
    rng = random.Random(seed)
    out = []
    g = 0
    while len(out) < count:
        players = 2 + g % 4
        variants = ["newsboy"] if players >= 4 and g % 3 == 0 else []
        s = new_game(players, seed=seed * 1000 + g, variants=variants, deck=("default", "corrected")[g % 2])
        bots = [GreedyBot(g * 10 + i) for i in range(players)]
        stop = rng.choice((0, 10, 30, 60, 200))
        g += 1
        while not s.is_over and s.ply < stop and s.phase is Phase.NORMAL:
            s.play(bots[s.current].choose(s), rng)
        if not s.is_over:
            out.append(public_view(s))
    return out


def proposed_press(state: State) -> GoToPress | None:
    """A press on a page the player lays out (the optimal page less one story), if legal now."""
    if not any(isinstance(m, GoToPress) for m in state.legal_moves()):
        return None
    page = plan_press(state, state.current).page
    if len(page.placements) < 2:
        return None
    move = GoToPress(Page(page.placements[:-1], BEST))
    return move if state.why_illegal(move) is None else None


def compare(positions: list[State], seed: int, exact_players: int = 2) -> Counter:
    """Both engines' playouts from every position (see the module's docs); :class:`Mismatch` at the first
    difference, else what was compared. The final edition is solved exactly in games of at most
    ``exact_players`` players (the Python search is slow beyond)."""
    rng = random.Random(seed)
    cov: Counter = Counter()
    for i, state in enumerate(positions):
        moves = state.legal_moves()
        firsts = rng.sample(moves, min(2, len(moves))) + [m for m in moves if isinstance(m, GoToPress)][:1]
        extra = proposed_press(state)
        if extra is not None:
            firsts.append(extra)
        for move in firsts:
            policy = POLICIES[i % 3]
            s, k = rng.randrange(-10 ** 9, 10 ** 12), rng.randrange(100)
            exact = state.n_players <= exact_players and rng.random() < 0.5
            if native_playout(state, move, s, k, exact, policy) != playout(state, move, s, k, exact, policy):
                raise Mismatch(f"position {i} ({state.n_players} players, ply {state.ply}), {move}, seed {s}, "
                               f"k {k}, {policy}{', exact end' if exact else ''}: the outcomes differ")
            cov["playouts compared"] += 1
            cov[policy] += 1
            cov[f"with {state.n_players} players"] += 1
            cov["proposed page"] += move is extra
            cov["exact end"] += exact
    return cov


def before_the_final_edition(seed: int):
    """The last position of normal play (no card to draw) of a seeded 3-player heuristic game: the press
    played there started the final edition, so that press's playouts are in the final edition at once."""
    import random

    from pennypress.engine.io.state import new_game, public_view
    from pennypress.engine.play.heuristic import HeuristicBot
    from pennypress.engine.position.position import Phase

    rng = random.Random(seed)
    s = new_game(3, seed=seed)
    bots = [HeuristicBot(seed * 10 + i) for i in range(3)]
    last = None
    while s.phase is Phase.NORMAL:
        if not s.draw_pending:
            last = public_view(s)
        s.play(bots[s.current].choose(s), rng)
    return last
