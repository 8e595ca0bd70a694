"""Complete games between bots, checking every invariant after every move.

>>> report = run_selfplay(players=3, games=2, seed=4, bot="random")
>>> report["games"], report["invariant_violations"], len(report["results"])
(2, 0, 2)
>>> run_selfplay(players=3, games=2, seed=4, bot="random") == report
True
"""
from __future__ import annotations

import random
from typing import Callable, Iterable

from pennypress.errors import BadInput

from .bots import BOTS
from .definition import GameDefinition
from .invariants import DEFAULT_MOVE_CAP, InvariantChecker
from .setup import new_game
from .state import State


def play_game(
    definition: GameDefinition,
    seed: int,
    bot: str = "random",
    check: bool = True,
    move_cap: int = DEFAULT_MOVE_CAP,
    on_move: Callable[[State], None] | None = None,
) -> dict:
    """One complete game from ``seed`` with one ``bot`` per seat; returns its result as JSON data."""
    if bot not in BOTS:
        raise BadInput(f"unknown bot {bot!r} (expected one of {', '.join(BOTS)})")
    state = new_game(definition, seed=seed)
    bots = [BOTS[bot](seed=seed * 31 + seat) for seat in range(definition.players)]
    checker = InvariantChecker(move_cap)
    if check:
        checker.start(state)
    moves = 0
    while not state.is_over and moves < move_cap:
        move = bots[state.current].choose(state)
        event = state.apply(move)
        moves += 1
        if check:
            checker.step(state, event)
        if on_move is not None:
            on_move(state)
    if check and not state.is_over:
        checker.violations.append(f"the game did not end within {move_cap} moves")
    return {
        "seed": seed,
        "moves": moves,
        "over": state.is_over,
        "scores": [p.circulation for p in state.players],
        "winners": list(state.winners),
        "presses": [p.pennies for p in state.players],
        "stories_published": [len(p.published) for p in state.players],
        "bonuses": [b.to_json() for b in state.last_event.end.bonuses] if state.is_over and state.last_event.end else [],
        "invariant_violations": checker.violations,
    }


def run_selfplay(
    players: int,
    games: int,
    seed: int = 0,
    bot: str = "random",
    variants: Iterable[str] = (),
    deck: str = "default",
    progress: Callable[[int, int], None] | None = None,
    move_cap: int = DEFAULT_MOVE_CAP,
) -> dict:
    """Play ``games`` games; the same arguments always give the same report."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise BadInput(f"games: expected a whole number ≥ 0, got {games!r}")
    definition = GameDefinition.create(players, variants, deck)
    seeds = random.Random(seed)
    results = []
    violations = 0
    for i in range(games):
        result = play_game(definition, seeds.getrandbits(32), bot, move_cap=move_cap)
        result["game"] = i
        violations += len(result["invariant_violations"])
        results.append(result)
        if progress is not None:
            progress(i + 1, games)
    wins = [0] * players
    for r in results:
        for w in r["winners"]:
            wins[w] += 1
    return {
        "games": games,
        "players": players,
        "variants": list(definition.variants),
        "deck": deck,
        "bot": bot,
        "seed": seed,
        "invariant_violations": violations,
        "wins_by_seat": wins,
        "mean_moves": round(sum(r["moves"] for r in results) / games, 2) if games else 0,
        "results": results,
    }
