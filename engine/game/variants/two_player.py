"""The two-player game (rulebook p. 11): 3-player rules, turn order P1, P2, P2, P1, P1, P2, ...

It applies by itself to every 2-player game. After the first player's single
opening turn, each player takes two turns in a row until the final edition.

>>> TWO_PLAYER.turns_in_a_row, TWO_PLAYER.players, TWO_PLAYER.automatic, TWO_PLAYER.turn_fields
(2, (2,), True, ('turns_left',))
"""
from __future__ import annotations

from typing import Any

from .base import Variant


class TwoPlayer(Variant):
    name = "two-player"
    turns_in_a_row = 2
    turn_fields = ("turns_left",)

    def notation_tokens(self, state: Any) -> list[str]:
        return [f"turns={state.turns_left}"]


TWO_PLAYER = TwoPlayer()
