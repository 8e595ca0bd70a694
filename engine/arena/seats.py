"""Every seat at the table by name: the one registry of bots.

Above the play layer and the advisor, so it can seat either: ``random``,
``greedy`` and ``heuristic`` (:mod:`pennypress.engine.play`); the league,
opponents written apart from the advisor's playout policy (``evaluator``,
``timer``, ``mcts``: :mod:`pennypress.engine.play.league`, ``docs/concepts/league.md``);
and ``advisor:fast``, ``advisor:normal``, ``advisor:deep``
(:class:`~pennypress.engine.advisor.bot.AdvisorBot`). Self-play, tournaments,
recorded games, the command line and the app make their bots here
(:func:`make_bot`); every bot is seeded (:func:`seat_seed`).

>>> bot_names()
('random', 'greedy', 'heuristic', 'evaluator', 'timer', 'mcts', 'advisor:fast', 'advisor:normal', 'advisor:deep')
>>> make_bot("advisor:fast", 3).name, make_bot("greedy", 3).name
('advisor:fast', 'greedy')
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Sequence

from pennypress.errors import BadInput

from ..play.bots import Bot, GreedyBot, RandomBot

if TYPE_CHECKING:
    from ..advisor.bot import AdvisorBot
    from ..play.heuristic import HeuristicBot
    from ..play.league.evaluator import EvaluatorBot
    from ..play.league.mcts import MctsBot
    from ..play.league.timer import TimerBot


@dataclass(frozen=True)
class Seat:
    """How a seat name makes its bot: ``factory(seed=...)``, or ``factory(option, seed=...)`` for a
    name with a parameter after a colon (``advisor:fast``), one of ``options``."""

    factory: Callable[..., Bot]
    options: tuple[str, ...] = ()


# The bots past the play layer's simple two are imported when a seat is made, not with this table:
# naming the seats (the command line's help) does not load the advisor or the league.
def _heuristic(seed: int = 0) -> HeuristicBot:
    from ..play.heuristic import HeuristicBot

    return HeuristicBot(seed=seed)


def _evaluator(seed: int = 0) -> EvaluatorBot:
    from ..play.league.evaluator import EvaluatorBot

    return EvaluatorBot(seed=seed)


def _timer(seed: int = 0) -> TimerBot:
    from ..play.league.timer import TimerBot

    return TimerBot(seed=seed)


def _mcts(seed: int = 0) -> MctsBot:
    from ..play.league.mcts import MctsBot

    return MctsBot(seed=seed)


def _advisor(budget: str, seed: int = 0) -> AdvisorBot:
    from ..advisor.bot import AdvisorBot

    return AdvisorBot(seed=seed, budget=budget)


SEATS: dict[str, Seat] = {
    "random": Seat(RandomBot),
    "greedy": Seat(GreedyBot),
    "heuristic": Seat(_heuristic),
    "evaluator": Seat(_evaluator),
    "timer": Seat(_timer),
    "mcts": Seat(_mcts),
    "advisor": Seat(_advisor, ("fast", "normal", "deep")),
}
"""Seat name -> :class:`Seat`. A tuning run may add a candidate with :func:`register_seat`."""


def register_seat(name: str, factory: Callable[..., Bot], options: tuple[str, ...] = ()) -> None:
    """Make ``name`` a seat name (a process pool's forked workers inherit it)."""
    if not name or ":" in name or "," in name:
        raise ValueError(f"a seat name is a word without ':' or ',', got {name!r}")
    SEATS[name] = Seat(factory, options)


def bot_names() -> tuple[str, ...]:
    """The seat names :func:`make_bot` accepts (a seat with parameters once per parameter)."""
    names: list[str] = []
    for base, seat in SEATS.items():
        names += [base] if not seat.options else [f"{base}:{o}" for o in seat.options]
    return tuple(names)


def _seat(name: str) -> tuple[Seat, str | None]:
    base, colon, option = name.partition(":")
    seat = SEATS.get(base)
    if seat is None:
        raise BadInput(f"unknown bot {name!r} (expected one of {', '.join(bot_names())})")
    if colon:
        if not seat.options:
            raise BadInput(f"bot {base!r} takes no parameter, got {name!r}")
        if option not in seat.options:
            raise BadInput(f"unknown bot {name!r} (expected one of {', '.join(f'{base}:{o}' for o in seat.options)})")
        return seat, option
    return seat, None


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by its seat name (``"greedy"``, ``"advisor:fast"``), seeded; :class:`BadInput` for an unknown name.

    >>> make_bot("greedy:fast")
    Traceback (most recent call last):
    ...
    pennypress.errors.BadInput: bot 'greedy' takes no parameter, got 'greedy:fast'
    """
    seat, option = _seat(name)
    return seat.factory(seed=seed) if option is None else seat.factory(option, seed=seed)


def parse_seats(text: str | Sequence[str], players: int) -> tuple[str, ...]:
    """``"greedy,random,greedy"`` -> one bot name per seat, checked against the player count.

    >>> parse_seats("greedy, random,greedy", 3)
    ('greedy', 'random', 'greedy')
    >>> parse_seats("greedy,random", 3)
    Traceback (most recent call last):
    ...
    pennypress.errors.BadInput: seats: 2 bots named (greedy, random) for 3 players; name one bot per seat
    """
    names = [n.strip() for n in text.split(",")] if isinstance(text, str) else [str(n).strip() for n in text]
    if len(names) != players:
        raise BadInput(f"seats: {len(names)} bots named ({', '.join(names)}) for {players} players; name one bot per seat")
    for name in names:
        try:
            _seat(name)
        except BadInput as exc:
            raise BadInput(f"seats: {exc}") from None
    return tuple(names)


def seat_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game seeded ``game_seed`` (one rule for every game loop)."""
    return game_seed * 31 + seat
