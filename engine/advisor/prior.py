"""The prior: which moves deserve the search's playouts, from the heuristic bot's one-ply values.

A single screening playout per move says little (one game won or lost), so
the shortlist that successive halving works on starts from the moves the
tuned heuristic bot rates best (:meth:`~pennypress.engine.play.heuristic.HeuristicBot.evaluate`,
which reads only the public position), topped up with the best-screened moves.
This is the "policy prior" of AlphaGo-style search (Silver et al. 2016) in
its simplest form: knowledge narrows where playouts are spent; the playouts
alone decide among the moves kept.

>>> from pennypress.engine import new_game
>>> s = new_game(3, seed=5); moves = s.legal_moves()
>>> order = prior_order(s, moves)
>>> sorted(order) == list(range(len(moves)))
True
"""
from __future__ import annotations

from typing import Sequence

from ..game.moves import Move
from ..io.state import State
from ..play.heuristic import HeuristicBot


def prior_order(state: State, moves: Sequence[Move]) -> list[int]:
    """Indices of ``moves``, the heuristic bot's choice first, then by its value; moves it never weighs last.

    Equal values keep the bot's own candidate order (its choice is the first of
    the best), and the unweighed moves keep the order of ``moves``.
    """
    value: dict[str, tuple[float, int]] = {}
    for rank, (move, v) in enumerate(HeuristicBot().evaluate(state)):
        key = str(move)
        if key not in value or v > value[key][0]:
            value[key] = (v, rank)
    weighed = [i for i, m in enumerate(moves) if str(m) in value]
    weighed.sort(key=lambda i: (-value[str(moves[i])][0], value[str(moves[i])][1]))
    rest = [i for i, m in enumerate(moves) if str(m) not in value]
    return weighed + rest
