"""Every seat at the table by name: the one registry of bots.

Above the play layer and the advisor, so it can seat either: ``random``,
``greedy`` and ``heuristic`` (:mod:`pennypress.engine.play`), and two styles of the greedy bot,
``early-presser`` (presses whenever its page gains a point) and ``big-pages`` (only big pages); the league,
opponents written apart from the advisor's playout policy (``evaluator``,
``timer``, ``mcts``: :mod:`pennypress.engine.play.league`, ``docs/concepts/league.md``);
``value``, the advisor's playout bot, which sits only at the strategy study's
table; the family ``mcts-quick:5``, ``:10``, ``:25`` (the MCTS bot of so many iterations a move, which stands in
for the MCTS bot in the playouts of an advisor reading the table, at no table of its own); and the family ``advisor:fast``, ``advisor:normal``, ``advisor:deep``
(:class:`~pennypress.engine.advisor.bot.AdvisorBot`, one seat name per budget).
Each :class:`Seat` says all there is to say of its seat: how its bot is made,
its label and its words for people, how it plays on the native core and at
which tables it sits. Self-play, tournaments, recorded games, the strategy
study, the command line's help, the app's pickers and the strategy guide's
words all read this one table (:func:`make_bot`, :func:`bot_names`,
:func:`strategy_seats`, :func:`seat_label`, :func:`seat_words`); every bot is
seeded (:func:`seat_seed`).

>>> bot_names()[:6]
('random', 'greedy', 'early-presser', 'big-pages', 'heuristic', 'evaluator')
>>> make_bot("advisor:fast", 3).name, make_bot("greedy", 3).name
('advisor:fast', 'greedy')
>>> seat_label("greedy"), seat_label("advisor:fast"), seat_words("evaluator"), seat_words("advisor:deep")
('Greedy bot', 'Advisor (fast)', "the league's evaluator", 'the advisor (deep)')
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Callable, Sequence

from pennypress.errors import BadInput

from ..play.bots import Bot, GreedyBot, RandomBot

if TYPE_CHECKING:
    from ..advisor.bot import AdvisorBot
    from ..play.heuristic import HeuristicBot
    from ..play.league.evaluator import EvaluatorBot
    from ..play.league.mcts import MctsBot
    from ..play.league.timer import TimerBot

TWIN = "twin"
"""A seat's core policy: the core plays the twin of the bot the seat makes, with its parameters
(:func:`~pennypress.engine.arena.native_games.bot_policy`; none if the core has no twin of it)."""
PLAYOUT = "playout"
"""A seat's core policy: the advisor's playout bot of the seat's name
(:func:`~pennypress.engine.advisor.policy.core_policy`)."""
SEARCHES = "searches"
"""A seat's core policy: the bot plays on the Python game loop and only its searches run on the core
(the advisor); the strategy study plays its games apart (:mod:`pennypress.engine.strategy.advisor_games`)."""
CORE_POLICIES = (TWIN, PLAYOUT, SEARCHES)


@dataclass(frozen=True)
class Seat:
    """One seat of the registry: how its name makes its bot -- ``factory(seed=...)``, or, for a family of
    seat names with a parameter after a colon (``advisor:fast``), ``factory(option, seed=...)`` with one of
    ``options`` -- and what people and the other tables need to know of it.

    ``label`` is its name in tables and pickers (``"Greedy bot"``; the name capitalised when empty);
    ``words`` its name in a sentence (``"the greedy bot"``; the seat name itself when empty); a family's
    seat names add the option to both in parentheses (``"Advisor (fast)"``, ``"the advisor (fast)"``).
    ``core`` is how it plays on the native core (:data:`TWIN`, :data:`PLAYOUT` or :data:`SEARCHES`);
    ``tournament`` whether tournaments, self-play and the game against the bots seat it;
    ``strategy`` whether the strategy study may seat it (a seat the core plays, or the advisor);
    ``population`` whether it is one of the opponent models claims are tested against
    (:mod:`~pennypress.engine.arena.population`; a seat the core plays);
    ``stand_in`` the seat a search's playouts seat in its place when a player is read as playing like it
    (:mod:`~pennypress.engine.arena.table_reading`): a bot that searches at every move is too costly to sit in
    thousands of playouts, so a cheaper seat stands in, chosen by what the advisor reading the table wins with it
    against the style itself (``benchmarks.strength.stand_in_wins``; how often a cheap seat makes the
    style's own moves, ``benchmarks.strength.stand_ins``, did not pick the one that wins); empty: the seat
    itself."""

    factory: Callable[..., Bot]
    options: tuple[str, ...] = ()
    label: str = ""
    words: str = ""
    core: str = TWIN
    tournament: bool = True
    strategy: bool = False
    population: bool = False
    stand_in: str = ""

    def __post_init__(self) -> None:
        if self.core not in CORE_POLICIES:
            raise ValueError(f"a seat's core policy is one of {', '.join(CORE_POLICIES)}, got {self.core!r}")


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


def _quick_mcts(iterations: str, seed: int = 0) -> MctsBot:
    from ..play.league.mcts import DEFAULT, MctsBot

    return MctsBot(seed, replace(DEFAULT, iterations=int(iterations)))


EARLY_THRESHOLD = 1
"""The early presser's threshold: it presses whenever its best page gains a point."""
BIG_PAGE_THRESHOLD = 14
"""The big-page presser's threshold: it presses only a page that gains this many points (or when the game
leaves it nothing else)."""


def _greedy_style(name: str, threshold: int, seed: int) -> GreedyBot:
    bot = GreedyBot(seed, threshold=threshold)
    bot.name = name  # the core plays it as the greedy bot with this threshold
    return bot


def _early_presser(seed: int = 0) -> GreedyBot:
    return _greedy_style("early-presser", EARLY_THRESHOLD, seed)


def _big_pages(seed: int = 0) -> GreedyBot:
    return _greedy_style("big-pages", BIG_PAGE_THRESHOLD, seed)


def _value(seed: int = 0) -> Bot:
    from ..advisor.policy import rollout_bot

    return rollout_bot(0, seed, "value")  # its seed is 0 * 8 + seed: the core's Bot(policy, seed)


def _advisor(budget: str, seed: int = 0) -> AdvisorBot:
    from ..advisor.bot import AdvisorBot

    return AdvisorBot(seed=seed, budget=budget)


SEATS: dict[str, Seat] = {
    "random": Seat(RandomBot, label="Random bot", words="the random bot", strategy=True),
    "greedy": Seat(GreedyBot, label="Greedy bot", words="the greedy bot", strategy=True, population=True),
    "early-presser": Seat(_early_presser, label="Early presser", words="the early presser", strategy=True,
                          population=True),
    "big-pages": Seat(_big_pages, label="Big-page presser", words="the big-page presser", strategy=True,
                      population=True),
    "heuristic": Seat(_heuristic, label="Heuristic bot", words="the heuristic bot", strategy=True, population=True),
    "evaluator": Seat(_evaluator, label="Evaluator (league)", words="the league's evaluator", strategy=True,
                      population=True),
    "timer": Seat(_timer, label="Press timer (league)", words="the timer bot", strategy=True, population=True),
    "mcts": Seat(_mcts, label="MCTS (league)", words="the MCTS bot", strategy=True, population=True,
                 stand_in="mcts-quick:10"),
    "mcts-quick": Seat(_quick_mcts, ("5", "10", "25"), label="MCTS of few iterations",
                       words="the MCTS bot of few iterations", tournament=False),
    "value": Seat(_value, label="Value bot", words="the value bot", core=PLAYOUT, tournament=False,
                  strategy=True, population=True),
    "advisor": Seat(_advisor, ("fast", "normal", "deep"), label="Advisor", words="the advisor", core=SEARCHES,
                    strategy=True),
}
"""Seat name -> :class:`Seat`, in the order every list of seats shows them. A tuning run may add a
candidate with :func:`register_seat`."""


def register_seat(name: str, factory: Callable[..., Bot], options: tuple[str, ...] = (), **about: object) -> None:
    """Make ``name`` a seat name (a process pool's forked workers inherit it); ``about`` gives the other
    fields of its :class:`Seat` (``label``, ``words``, ``core``, ``tournament``, ``strategy``)."""
    if not name or ":" in name or "," in name:
        raise ValueError(f"a seat name is a word without ':' or ',', got {name!r}")
    SEATS[name] = Seat(factory, options, **about)  # type: ignore[arg-type]


def seat_of(name: str) -> tuple[Seat | None, str | None]:
    """The registered seat of a seat name and its option (``"advisor:fast"`` -> the advisor, ``"fast"``);
    ``None`` for a name not registered, the option ``None`` without a colon. Checks nothing else."""
    base, colon, option = name.partition(":")
    return SEATS.get(base), option if colon else None


def seat_label(name: str) -> str:
    """A seat name as tables and pickers show it (``"greedy"`` -> ``"Greedy bot"``, ``"advisor:fast"`` ->
    ``"Advisor (fast)"``); a name not registered, capitalised (``"my-bot"`` -> ``"My-bot"``)."""
    seat, option = seat_of(name)
    label = seat.label if seat is not None and seat.label else name.partition(":")[0].capitalize()
    return label if option is None else f"{label} ({option})"


def playout_seat(name: str) -> str:
    """The seat a search's playouts seat for a player read as ``name`` (its :attr:`Seat.stand_in`, else itself).

    >>> playout_seat("mcts"), playout_seat("greedy")
    ('mcts-quick:10', 'greedy')
    """
    seat, _ = seat_of(name)
    return seat.stand_in if seat is not None and seat.stand_in else name


def seat_words(name: str) -> str:
    """A seat name as a sentence says it (``"evaluator"`` -> ``"the league's evaluator"``,
    ``"advisor:fast"`` -> ``"the advisor (fast)"``); a name without words, itself."""
    seat, option = seat_of(name)
    if seat is None or not seat.words:
        return name
    return seat.words if option is None else f"{seat.words} ({option})"


def _names(seats: dict[str, Seat]) -> tuple[str, ...]:
    names: list[str] = []
    for base, seat in seats.items():
        names += [base] if not seat.options else [f"{base}:{o}" for o in seat.options]
    return tuple(names)


def strategy_seats() -> dict[str, Seat]:
    """The seats the strategy study may seat (``pennypress strategy --bots``), in the registry's order."""
    return {base: seat for base, seat in SEATS.items() if seat.strategy}


def bot_names() -> tuple[str, ...]:
    """The seat names :func:`make_bot` accepts: the tournament's seats, a family once per option."""
    return _names({base: seat for base, seat in SEATS.items() if seat.tournament})


def strategy_names() -> tuple[str, ...]:
    """The seat names the strategy study accepts, a family once per option.

    >>> strategy_names()[-4:]
    ('value', 'advisor:fast', 'advisor:normal', 'advisor:deep')
    """
    return _names(strategy_seats())


def _seat(name: str, anywhere: bool = False) -> tuple[Seat, str | None]:
    base, colon, option = name.partition(":")
    seat = SEATS.get(base)
    if seat is None or not (anywhere or seat.tournament):
        names = _names(SEATS) if anywhere else bot_names()
        raise BadInput(f"unknown bot {name!r} (expected one of {', '.join(names)})")
    if colon and not seat.options:
        raise BadInput(f"bot {base!r} takes no parameter, got {name!r}")
    if seat.options and option not in seat.options:
        raise BadInput(f"unknown bot {name!r} (expected one of {', '.join(f'{base}:{o}' for o in seat.options)})")
    return seat, option if colon else None


def make_bot(name: str, seed: int = 0, anywhere: bool = False) -> Bot:
    """A bot by its seat name (``"greedy"``, ``"advisor:fast"``), seeded; :class:`BadInput` for an unknown name.
    A seat that tournaments do not seat (``value``) only with ``anywhere`` (the strategy study's bots).

    >>> make_bot("greedy:fast")
    Traceback (most recent call last):
    ...
    pennypress.errors.BadInput: bot 'greedy' takes no parameter, got 'greedy:fast'
    >>> make_bot("advisor")
    Traceback (most recent call last):
    ...
    pennypress.errors.BadInput: unknown bot 'advisor' (expected one of advisor:fast, advisor:normal, advisor:deep)
    """
    seat, option = _seat(name, anywhere)
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
