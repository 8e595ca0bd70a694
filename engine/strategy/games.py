"""The strategy study's games: seeded, seat-rotated games between strong bots on the core, with every press.

A study is a :class:`StrategySpec`: players, games, a root seed, the bots and
the variant. Game ``g`` deals deck ``g // players`` (the tournament's
:func:`~pennypress.engine.arena.tournament.deck_seed`) and seats the bots in
rotation ``g % players`` of that deck's line-up; the line-up itself alternates
from deck to deck (``bots[(seat + deck) % len(bots)]``), so with two bots at
three seats each bot holds two seats at every other deck. Over ``players``
consecutive games every seat has held every place of the line-up: no seat is
favoured by who sits in it.

The bots are the seats the registry lets sit at a study's table
(:func:`~pennypress.engine.arena.seats.strategy_seats`), played on the core as
each seat's core policy says (:func:`core_policy_of`): ``value`` -- the value
bot, the advisor's playout bot looking one move ahead with the value model
(:mod:`pennypress.engine.advisor.value_bot`) -- and every tournament seat the
core has (``evaluator``, ``timer``, ``mcts``, ``heuristic``, ``greedy``,
``random``). :func:`python_bot` makes the same bot on the Python engine; the
tests play the same games on both and compare every press.

A game's record (:class:`Game`) is what the core's ``play_games_recorded``
writes: per press the player, ply and round, the page's gain and total, the
stories claimed, the scoop points it gave each player, whether it began the
final edition, and every player's circulation before it; at the end the beat
bonuses.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple, Sequence

from pennypress.errors import BadInput

from .. import native
from ..arena.seats import SEARCHES, make_bot, seat_of, seat_seed, strategy_seats
from ..arena.tournament import deck_seed
from ..game.definition import GameDefinition
from ..io.state import new_game
from ..native.search import play_games_recorded
from ..play.invariants import DEFAULT_MOVE_CAP

if TYPE_CHECKING:
    from pennypress_core import Policy

    from ..play.bots import Bot

DEFAULT_BOTS = ("evaluator", "value")
"""The league's evaluator and the value bot: the strongest bots the core plays quickly."""


def advisor_budget(name: str) -> str | None:
    """The budget of an advisor seat (``"advisor:fast"`` -> ``"fast"``): the option of a seat whose bot
    plays on the Python game loop, its searches on the core (the registry's
    :data:`~pennypress.engine.arena.seats.SEARCHES`); ``None`` for a bot the core plays."""
    seat, budget = seat_of(name)
    return budget if seat is not None and seat.core == SEARCHES else None


def check_bots(names: str | Sequence[str]) -> tuple[str, ...]:
    """``"evaluator,value"`` -> the bots' names, each a seat the registry lets sit at a study's table
    (:func:`~pennypress.engine.arena.seats.strategy_seats`: one the core plays, or one advisor seat
    ``advisor:<budget>``); :class:`BadInput` otherwise.

    >>> check_bots("evaluator, value"), check_bots("advisor:fast,evaluator")
    (('evaluator', 'value'), ('advisor:fast', 'evaluator'))
    >>> check_bots("evaluator,advisor:xyz")
    Traceback (most recent call last):
    ...
    pennypress.errors.BadInput: bots: unknown advisor budget 'xyz' in 'advisor:xyz' (expected fast, normal or deep)
    >>> check_bots("evaluator,wizard")
    Traceback (most recent call last):
    ...
    pennypress.errors.BadInput: bots: unknown bot 'wizard' (expected some of random, greedy, early-presser, big-pages, heuristic, evaluator, timer, mcts, value, advisor:<budget>)
    """
    seats = strategy_seats()
    expected = ", ".join(b if not s.options else f"{b}:<budget>" for b, s in seats.items())
    found = [n.strip() for n in names.split(",")] if isinstance(names, str) else [str(n).strip() for n in names]
    if not found or found == [""]:
        raise BadInput(f"bots: name at least one bot ({expected})")
    for name in found:
        base, colon, budget = name.partition(":")
        seat = seats.get(base)
        if seat is None or bool(colon) != bool(seat.options):
            raise BadInput(f"bots: unknown bot {name!r} (expected some of {expected})")
        if colon and budget not in seat.options:
            *most, last = seat.options
            raise BadInput(f"bots: unknown {base} budget {budget!r} in {name!r} (expected {', '.join(most)} or {last})")
    advisors = sorted({n for n in found if advisor_budget(n) is not None})
    if len(advisors) > 1:
        raise BadInput(f"bots: one advisor seat at a time, got {', '.join(advisors)}")
    return tuple(found)


def core_policy_of(name: str) -> Policy:
    """The core's policy of a study's bot (``pennypress_core.Policy``), as its seat says. Needs the core."""
    from ..arena.native_games import seat_policy

    policy = seat_policy(name)
    if policy is None:
        raise BadInput(f"bots: the core does not play {name!r}")
    return policy


def python_bot(name: str, seed: int) -> Bot:
    """The same bot on the Python engine, made from the same seed (the reference the tests compare with)."""
    return make_bot(name, seed, anywhere=True)


@dataclass(frozen=True)
class StrategySpec:
    """What a study plays: ``games`` games of ``players`` seeded ``seed`` between ``bots``."""

    players: int
    games: int
    seed: int
    bots: tuple[str, ...] = DEFAULT_BOTS
    variants: tuple[str, ...] = ()
    deck: str = "default"
    move_cap: int = DEFAULT_MOVE_CAP

    @classmethod
    def create(cls, players: Any, games: Any, seed: Any = 0, bots: str | Sequence[str] = DEFAULT_BOTS,
               variants: Sequence[str] = (), deck: str = "default") -> StrategySpec:
        """A checked spec; :class:`BadInput` names the first bad option."""
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 5:
            raise BadInput(f"players: expected 2 to 5, got {players!r}")
        if isinstance(games, bool) or not isinstance(games, int) or games <= 0:
            raise BadInput(f"games: expected a whole number >= 1, got {games!r}")
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise BadInput(f"seed: expected a whole number >= 0, got {seed!r}")
        definition = GameDefinition.create(players, variants, deck)
        return cls(players, games, seed, check_bots(bots), tuple(definition.variants), deck)

    @cached_property
    def definition(self) -> GameDefinition:
        return GameDefinition.create(self.players, self.variants, self.deck)

    def deck_seed(self, game: int) -> int:
        """The seed of game ``game``'s deal (every rotation of a deck has the same deal)."""
        return deck_seed(self.seed, game // self.players)

    def lineup(self, game: int) -> tuple[str, ...]:
        """The bot in each seat of game ``game``.

        >>> spec = StrategySpec.create(3, 6, 1)
        >>> [spec.lineup(g) for g in range(4)]  # doctest: +NORMALIZE_WHITESPACE
        [('evaluator', 'value', 'evaluator'), ('value', 'evaluator', 'evaluator'),
         ('evaluator', 'evaluator', 'value'), ('value', 'evaluator', 'value')]
        """
        deck, rotation = divmod(game, self.players)
        k = len(self.bots)
        base = [self.bots[(s + deck) % k] for s in range(self.players)]
        return tuple(base[rotation:] + base[:rotation])

    @property
    def advisor(self) -> str | None:
        """The advisor's seat name when the study seats it (``"advisor:fast"``), else ``None``: its games are
        played by the Python game loop (:mod:`.advisor_games`), not by the core's."""
        return next((n for n in self.bots if advisor_budget(n) is not None), None)

    def seat_seeds(self, game: int) -> list[int]:
        """Each seat's bot seed in game ``game`` (the tournament's :func:`~.seats.seat_seed`)."""
        return [seat_seed(self.deck_seed(game), s) for s in range(self.players)]


class Press(NamedTuple):
    """One press of a recorded game (the core's ``PressRecord``)."""

    player: int
    ply: int
    round: int
    gain: int
    total: int
    claimed: int
    published: int
    scoops: tuple[int, ...]
    final_edition: bool
    before: tuple[int, ...]


class Bonus(NamedTuple):
    """One beat's end bonus: its points, the most stars published there, who got it."""

    points: int
    most_stars: int
    players: tuple[int, ...]


class Game(NamedTuple):
    """A recorded game: its index, the bot in each seat, final circulations, winners, and what happened."""

    game: int
    lineup: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    stories: tuple[int, ...]
    over: bool
    presses: tuple[Press, ...]
    bonuses: tuple[Bonus, ...]


def play_recorded(spec: StrategySpec, start: int, stop: int, threads: int = 1) -> list[Game]:
    """Games ``start`` to ``stop - 1`` of ``spec`` on the core's ``threads`` threads, recorded, in order."""
    policies = {name: core_policy_of(name) for name in spec.bots}
    dealt: dict[int, tuple[Any, list[int]]] = {}
    games = []
    for g in range(start, stop):
        seed = spec.deck_seed(g)
        if seed not in dealt:
            state = new_game(spec.definition, seed=seed)
            dealt[seed] = (native.native_position(state, checked=False), list(state.deck))
        position, deck = dealt[seed]
        games.append((position, deck, [policies[n] for n in spec.lineup(g)], spec.seat_seeds(g)))
    played = play_games_recorded(games, spec.move_cap, threads)
    return [Game(g, spec.lineup(g), tuple(scores), tuple(winners), tuple(stories), over,
                 tuple(Press(p[0], p[1], p[2], p[3], p[4], p[5], p[6], tuple(p[7]), p[8], tuple(p[9])) for p in presses),
                 tuple(Bonus(b[0], b[1], tuple(b[2])) for b in bonuses))
            for g, (scores, winners, _pennies, stories, _moves, over, presses, bonuses) in zip(range(start, stop), played)]


def play_recorded_python(spec: StrategySpec, game: int) -> Game:
    """Game ``game`` of ``spec`` on the Python engine (``play_match``), recorded the same way: the reference."""
    return record_game(spec, game, [python_bot(name, s) for name, s in zip(spec.lineup(game), spec.seat_seeds(game))])


def record_game(spec: StrategySpec, game: int, bots: Sequence[Any]) -> Game:
    """Game ``game`` of ``spec`` played by ``bots`` on the Python game loop (``play_match``) and recorded as the
    core's ``play_games_recorded`` records it: every press with the circulations before it, the end's bonuses."""
    from ..play.match import play_match

    seed = spec.deck_seed(game)
    state = new_game(spec.definition, seed=seed)
    n = spec.players
    presses: list[Press] = []
    bonuses: list[Bonus] = []
    before = [tuple(p.circulation for p in state.players)]

    def on_move(s: Any, event: Any) -> None:
        press = event.press
        if press is not None:
            ply = event.ply - 1
            scoops = [0] * n
            for sc in press.scoops:
                scoops[sc.player] += sc.points
            presses.append(Press(press.player, ply, ply // n + 1, press.gain, press.total, len(press.claimed),
                                 len(press.published), tuple(scoops), press.final_edition, before[0]))
        if event.end is not None:
            bonuses.extend(Bonus(b.points, b.most_stars, tuple(b.players)) for b in event.end.bonuses)
        before[0] = tuple(p.circulation for p in s.players)

    end = play_match(state, bots, seed=seed, move_cap=spec.move_cap, on_move=on_move, in_place=True).state
    return Game(game, spec.lineup(game), tuple(p.circulation for p in end.players), tuple(end.winners),
                tuple(len(p.published) for p in end.players), end.is_over, tuple(presses), tuple(bonuses))
