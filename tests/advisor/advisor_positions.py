"""Hand-built and seeded positions for the advisor tests."""
from __future__ import annotations

import random

from tests.engine.engine_builders import build
from pennypress.engine import Phase, State, new_game
from pennypress.engine.play.bots import GreedyBot


def final_presses(current: int = 0, **kw) -> State:
    """Three players, the final edition's last round, ``current`` to press or decline; the others done."""
    s = build(3, current=current, **kw)
    s.phase = Phase.FINAL_PRESSES
    s.pending = []
    s.trigger_player = (current + 2) % 3
    for p in range(3):
        s.players[p].done = p != current
    s.players[s.trigger_player].pennies = s.definition.final_edition_presses
    return s


def final_turns(current: int, pending: list[int], trigger: int, **kw) -> State:
    """Three players, the final edition's restricted turns: ``current`` moves, ``pending`` follow."""
    s = build(3, current=current, **kw)
    s.phase = Phase.FINAL_TURNS
    s.pending = list(pending)
    s.trigger_player = trigger
    s.players[trigger].done = True
    s.players[trigger].pennies = s.definition.final_edition_presses
    return s


def seeded_final_positions(count: int, players: int = 3, seed: int = 0, phase: Phase = Phase.FINAL_PRESSES,
                           last_turn: bool = True) -> list[State]:
    """Positions reached by seeded greedy games: the first of ``phase`` in each game
    (with ``last_turn``: the first where nobody is still pending in that round)."""
    out = []
    g = 0
    while len(out) < count:
        s = new_game(players, seed=seed + g)
        bots = [GreedyBot(seed + g * 7 + i) for i in range(players)]
        rng = random.Random(seed + g)
        g += 1
        while not s.is_over:
            if s.phase is phase and (not last_turn or not s.pending):
                out.append(s.clone())
                break
            s.play(bots[s.current].choose(s), rng)
    return out


# ---------------------------------------------------------------- an independent brute force
# Written apart from pennypress.engine.advisor: plain recursion over the engine's legal moves, no memo,
# the stated tie rule (own win share, own margin to the best opponent, own circulation; first move on a tie).


def brute_force(state):
    """Every player's (share, margin, score) under best play: plain recursion, no memo."""
    if state.is_over:
        scores = [p.circulation for p in state.players]
        won = state.winners
        return [
            ((1 / len(won)) if i in won else 0.0, scores[i] - max(scores[:i] + scores[i + 1:]), scores[i])
            for i in range(len(scores))
        ]
    me = state.current
    best = None
    for move in state.legal_moves():
        child = state.clone()
        child.apply(move)
        assert not child.is_chance_node(), "no card is drawn in the final edition"
        v = brute_force(child)
        if best is None or v[me] > best[me]:
            best = v
    return best


def brute_force_moves(state):
    out = {}
    for move in state.legal_moves():
        child = state.clone()
        child.apply(move)
        out[str(move)] = brute_force(child)[state.current]
    return out
