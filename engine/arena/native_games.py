"""Tournament games on the native core: the games :func:`~.tournament.play_planned` plays, on threads.

When every seat is a bot the core has -- ``random``, ``greedy``, ``heuristic``
and the league's ``evaluator``, ``timer`` and ``mcts``, as :func:`~.seats.make_bot` makes
them (the policy proofs: the core's bots decide as these do) -- a tournament plays its games on the core: the Python engine
sets each game up (the seeded deal) and hands the core the public view and,
apart from it, the deck's order, which only the draws read (the bots stay
blind to it). The results are the Python games' own, whatever the number of
threads. Games with records (``--records``, the app's audit) stay on the Python
engine, which writes each move down.

>>> from pennypress.engine.arena.tournament import TournamentSpec
>>> spec = TournamentSpec.create(players=2, seats="greedy,random", games=4, seed=1)
>>> can_play(spec) == native.available()
True
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from .. import native
from ..io.state import new_game
from ..native.search import greedy_policy, heuristic_policy, league_policy, play_games, random_policy
from ..play.bots import GreedyBot, RandomBot
from ..play.heuristic import HeuristicBot
from ..play.league.evaluator import EvaluatorBot
from ..play.league.mcts import MctsBot
from ..play.league.timer import TimerBot
from .seats import PLAYOUT, TWIN, make_bot, seat_of, seat_seed

if TYPE_CHECKING:
    from pennypress_core import Policy, Position


def seat_policy(name: str) -> Policy | None:
    """The core's policy for a seat name (``pennypress_core.Policy``), as the seat's core policy in the
    registry says (:class:`~.seats.Seat`), or ``None`` if the core does not play that bot. Needs the core."""
    seat, _ = seat_of(name)
    if seat is not None and seat.core == PLAYOUT:
        from ..advisor.policy import core_policy

        return core_policy(name)
    if seat is not None and seat.core != TWIN:
        return None
    return bot_policy(make_bot(name, 0, anywhere=True))


def bot_policy(bot: object) -> Policy | None:
    """The core's policy of this Python bot, with its parameters (``pennypress_core.Policy``), or ``None``
    if the core does not have that bot. Needs the core."""
    if type(bot) is RandomBot:
        return random_policy()
    if type(bot) is GreedyBot:
        return greedy_policy(bot.threshold, bot.reporter_cost)
    if type(bot) is HeuristicBot:
        return heuristic_policy(bot.w)
    if type(bot) is EvaluatorBot:
        return league_policy("evaluator", bot.w)
    if type(bot) is TimerBot:
        return league_policy("timer", bot.s)
    if type(bot) is MctsBot:
        return league_policy("mcts", bot.s)
    return None


def can_play(spec: Any) -> bool:
    """Whether the core can play the tournament ``spec`` (installed, every seat a bot it has, no records)."""
    return native.available() and not spec.records and all(seat_policy(n) is not None for n in set(spec.seats))


def play_plans(spec: Any, plans: Sequence[Any], threads: int = 1) -> list[dict]:
    """Play the planned games on the core's ``threads`` threads; each game's result as
    :func:`~.tournament.play_planned` gives it (in the order of ``plans``)."""
    policies = {name: seat_policy(name) for name in set(spec.seats)}
    dealt: dict[int, tuple[Position, list[int]]] = {}  # every rotation of a deck starts from the same deal
    games = []
    for plan in plans:
        if plan.deck_seed not in dealt:
            state = new_game(spec.definition, seed=plan.deck_seed)
            dealt[plan.deck_seed] = (native.native_position(state, checked=False), list(state.deck))
        start, deck = dealt[plan.deck_seed]
        games.append((start, deck, [policies[n] for n in plan.seats],
                      [seat_seed(plan.deck_seed, seat) for seat in range(len(plan.seats))]))
    played = play_games(games, spec.move_cap, threads)
    return [{
        "game": plan.game,
        "deck_seed": plan.deck_seed,
        "rotation": plan.rotation,
        "seats": list(plan.seats),
        "scores": scores,
        "winners": winners,
        "presses": presses,
        "stories": stories,
        "moves": moves,
        "over": over,
    } for plan, (scores, winners, presses, stories, moves, over) in zip(plans, played)]
