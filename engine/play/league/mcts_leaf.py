"""The MCTS bot's own value of a position where a rollout stops: every player's projected final
circulation, and the reward vector the tree backs up.

A rollout runs ``horizon`` moves of normal play; where it stops the game is
valued without playing further:

- **in normal play**, player ``i`` is projected to finish with
  ``end_i + keep * page_i + press_worth * later_i``: ``end_i`` their
  circulation if the game ended now (the end bonuses of what they have
  published, :func:`~pennypress.engine.rules.endgame.end_scoring`), ``page_i``
  the optimal page's gain of what they claim now (the fast solver, beat values
  in force), and ``later_i`` the presses they will still make after that one:
  ``min(left_i, fewest + 1)`` (the player with the ``fewest`` presses left
  triggers the final edition; everyone else gets one more), less one if
  ``page_i`` is worth anything;
- **in the final edition** (no card left to draw) the rest is played out by
  :mod:`.final_round`'s rule and the end is exact for that play.

**Rewards** (:func:`rewards`). A finished game gives each player
``(1 - margin_weight) * win share + margin_weight * margin part``, the win
share ``1/k`` among ``k`` winners; a projection gives ``Phi(margin / sigma)``
in place of the win share, ``sigma = sigma_base + sigma_per_press *
sqrt(presses still to come)``. The margin is the player's projected final
circulation minus the best other player's; its part is ``0.5 + 0.5 *
clamp(margin / margin_scale, -1, 1)``.

>>> from pennypress.engine import new_game, public_view
>>> s = public_view(new_game(3, seed=5))
>>> projected(s, LeafSettings())        # nobody claims anything: four presses each (3 players) at the press worth
([32.0, 32.0, 32.0], 12)
>>> [round(r, 3) for r in rewards(s, LeafSettings())]
[0.5, 0.5, 0.5]
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ...position.position import Phase, Position
from ...rules.endgame import end_scoring
from ...rules.press import PressValuer
from .final_round import play_out
from .reading import presses_left


@dataclass(frozen=True)
class LeafSettings:
    """How a position where a rollout stops is valued (see the module docstring)."""

    keep: float = 0.75
    """Share of the page claimed now that the projection counts (it may be taken or tied before it is pressed)."""
    press_worth: float = 8.0
    """What a later press adds, in circulation points (a page grown from nothing)."""
    sigma_base: float = 3.0
    """The spread of a projected margin (points) with no press to come ..."""
    sigma_per_press: float = 3.0
    """... plus this times the square root of the presses still to come."""
    margin_weight: float = 0.1
    """Share of the reward that is the margin rather than the win share (the tie-break between wins)."""
    margin_scale: float = 20.0
    """The margin (circulation points) that earns the whole margin part of the reward."""


def projected(state: Position, settings: LeafSettings) -> tuple[list[float], int]:
    """Every player's projected final circulation in normal play, and the presses still to come."""
    end = end_scoring(state.players, state.bonus).circulation
    left = [presses_left(state, i) for i in range(state.n_players)]
    fewest = min(left)
    values, to_come = [], 0
    for i in range(state.n_players):
        claim = state.claimable(i)
        page = 0
        if claim:
            valuer = PressValuer.for_player(state, i)
            page = valuer.gain(valuer.items(claim))
        presses = min(left[i], fewest + 1)
        to_come += presses
        later = max(0, presses - (1 if page > 0 else 0))
        values.append(end[i] + settings.keep * page + settings.press_worth * later)
    return values, to_come


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def _margins(scores: list[float]) -> list[float]:
    return [mine - max(x for j, x in enumerate(scores) if j != i) for i, mine in enumerate(scores)]


def rewards(state: Position, settings: LeafSettings) -> list[float]:
    """Every player's reward in [0, 1] for a position where a rollout stops (see the module docstring)."""
    w, scale = settings.margin_weight, settings.margin_scale
    if not state.is_over and state.phase is not Phase.NORMAL and not state.draw_pending:
        state = play_out(state)
    if state.is_over:
        scores = [float(p.circulation) for p in state.players]
        winners = state.winners
        shares = [1.0 / len(winners) if i in winners else 0.0 for i in range(state.n_players)]
    else:
        scores, to_come = projected(state, settings)
        sigma = settings.sigma_base + settings.sigma_per_press * math.sqrt(to_come)
        shares = [_phi(m / sigma) for m in _margins(scores)]
    return [(1.0 - w) * share + w * (0.5 + 0.5 * max(-1.0, min(1.0, m / scale)))
            for share, m in zip(shares, _margins(scores))]
