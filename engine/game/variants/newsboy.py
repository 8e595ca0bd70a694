"""The newsboy strike (rulebook p. 11, 4-5 players): the holder takes no action and passes the newsboy right.

Set-up gives the newsboy to the second player. On their turn the holder's
only move is to pass it to the player on their right (counter-clockwise);
play goes on to the left. The strike ends when the final edition is
triggered.

>>> from pennypress.engine.game.moves import Assign, PassNewsboy
>>> from types import SimpleNamespace
>>> table = SimpleNamespace(newsboy=1, n_players=4, markers_frozen=False)
>>> NEWSBOY.forced_moves(table, 1), NEWSBOY.forced_moves(table, 0)
([PassNewsboy()], None)
>>> NEWSBOY.why_illegal(table, 0, PassNewsboy())
'you do not hold the newsboy (The Sun does)'
>>> NEWSBOY.play(table, 1, PassNewsboy()); table.newsboy
0
"""
from __future__ import annotations

from typing import Any, Collection

from ..errors import Problem
from ..moves import Move, PassNewsboy
from ..names import newspaper, player_token
from .base import NO_NEWSBOY, Variant, strike_over

HOLDER_ONLY = "you hold the newsboy: your only move is to pass it to the right"


class NewsboyStrike(Variant):
    name = "newsboy"
    turn_fields = ("newsboy",)

    def deal(self, state: Any) -> None:
        state.newsboy = 1 % state.n_players  # the second player

    def forced_moves(self, state: Any, player: int) -> list[Move] | None:
        return [PassNewsboy()] if state.newsboy == player else None

    def why_illegal(self, state: Any, player: int, move: Move) -> str | None:
        holder = state.newsboy
        if isinstance(move, PassNewsboy):
            if holder is None:
                return NO_NEWSBOY
            if holder != player:
                return f"you do not hold the newsboy ({newspaper(holder)} does)"
            return None
        return HOLDER_ONLY if holder == player else None

    def carries_out(self, move: Move) -> bool:
        return isinstance(move, PassNewsboy)

    def play(self, state: Any, player: int, move: Move) -> None:
        state.newsboy = (player - 1) % state.n_players  # to the right

    def final_edition_begins(self, state: Any) -> None:
        state.newsboy = None  # the strike ends

    def turn_problems(self, state: Any) -> list[Problem]:
        out = strike_over(state)
        if state.newsboy is None and not state.markers_frozen:
            out.append(Problem("newsboy", "turn.newsboy",
                               "null, but in the newsboy variant someone holds the newsboy until the final edition"))
        return out

    def notation_tokens(self, state: Any) -> list[str]:
        return [] if state.newsboy is None else [f"newsboy={player_token(state.newsboy)}"]

    def notation_missing(self, phase: str, options: Collection[str]) -> str | None:
        if phase == "normal" and "newsboy" not in options:
            return "missing newsboy=pN: in the newsboy variant someone holds the newsboy until the final edition"
        return None


NEWSBOY = NewsboyStrike()
