"""Turn order rules shared by play and by position checks.

>>> final_edition_order(4, trigger=2)
[3, 0, 1]
>>> final_edition_order(3, trigger=0, done=[True, False, True])
[1]
"""
from __future__ import annotations

from typing import Sequence


def final_edition_order(players: int, trigger: int, done: Sequence[bool] | None = None) -> list[int]:
    """The other players in turn order from the trigger player's left (rulebook p. 5),
    leaving out those already ``done`` when given."""
    order = [(trigger + k) % players for k in range(1, players)]
    return order if done is None else [p for p in order if not done[p]]
