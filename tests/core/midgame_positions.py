"""Positions of varied games for the playout and advisor tests: public views after seeded greedy play."""
from __future__ import annotations

import random

from pennypress.engine.chance import public_view
from pennypress.engine.moves import BEST, GoToPress, Page
from pennypress.engine.play.bots import GreedyBot
from pennypress.engine.press import plan_press
from pennypress.engine.setup import new_game
from pennypress.engine.state import Phase, State


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
