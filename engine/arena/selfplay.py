"""Complete games between bots, checking every invariant after every move.

>>> report = run_selfplay(players=3, games=2, seed=4, bot="random")
>>> report["games"], report["invariant_violations"], len(report["results"])
(2, 0, 2)
>>> run_selfplay(players=3, games=2, seed=4, bot="random") == report
True
"""
from __future__ import annotations

import random
from typing import Callable, Iterable, Sequence

from pennypress.errors import BadInput

from ..game.definition import GameDefinition
from ..io.state import new_game
from ..io.state import State
from ..play.invariants import DEFAULT_MOVE_CAP
from ..play.match import play_match
from .seats import make_bot, parse_seats, seat_seed


def play_game(
    definition: GameDefinition,
    seed: int,
    bot: str = "random",
    check: bool = True,
    move_cap: int = DEFAULT_MOVE_CAP,
    on_move: Callable[[State], None] | None = None,
    seats: Sequence[str] | None = None,
) -> dict:
    """One complete game from ``seed``: ``bot`` in every seat, or ``seats`` (one name per seat).

    Returns its result as JSON data.
    """
    names = parse_seats(seats, definition.players) if seats is not None else parse_seats([bot] * definition.players, definition.players)
    state = new_game(definition, seed=seed)
    bots = [make_bot(name, seat_seed(seed, seat)) for seat, name in enumerate(names)]
    result = play_match(
        state, bots, seed=seed, check=check, move_cap=move_cap, in_place=True,
        on_move=None if on_move is None else (lambda s, _e: on_move(s)),
    )
    return {
        "seed": seed,
        "seats": list(names),
        "moves": result.moves,
        "over": state.is_over,
        "scores": result.scores,
        "winners": list(state.winners),
        "presses": [p.pennies for p in state.players],
        "stories_published": [len(p.published) for p in state.players],
        "bonuses": [b.to_json() for b in state.last_event.end.bonuses] if state.is_over and state.last_event.end else [],
        "invariant_violations": result.violations,
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
    seats: Sequence[str] | None = None,
) -> dict:
    """Play ``games`` games (``bot`` in every seat, or one bot per seat with ``seats``);
    the same arguments always give the same report."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise BadInput(f"games: expected a whole number ≥ 0, got {games!r}")
    definition = GameDefinition.create(players, variants, deck)
    names = parse_seats(seats if seats is not None else [bot] * players, players)
    seeds = random.Random(seed)
    results = []
    violations = 0
    for i in range(games):
        result = play_game(definition, seeds.getrandbits(32), move_cap=move_cap, seats=names)
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
        "bot": bot if seats is None else None,
        "seats": list(names),
        "seed": seed,
        "invariant_violations": violations,
        "wins_by_seat": wins,
        "mean_moves": round(sum(r["moves"] for r in results) / games, 2) if games else 0,
        "results": results,
    }
