"""Two seeded bots: uniformly random legal moves, and a greedy one-ply player.

A bot is any object with ``choose(state) -> Move``.

>>> from pennypress.engine import new_game
>>> s = new_game(3, seed=5)
>>> RandomBot(1).choose(s) == RandomBot(1).choose(s)
True
"""
from __future__ import annotations

import importlib
import random
from typing import Callable, Protocol, Sequence

from pennypress.errors import BadInput

from ..moves import Assign, Decline, GoToPress, Move, Recall
from ..press import PressValuer, press_value
from ..rules import legal_move_count, legal_moves
from ..state import Phase, State
from ..stories import Story
from .heuristic import HeuristicBot


class Bot(Protocol):
    def choose(self, state: State) -> Move: ...


class RandomBot:
    """Picks a kind of move (assign, recall, reassign, press, ...) uniformly, then a move of that kind.

    Choosing the kind first keeps presses as likely as placements, so games end.
    """

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Move:
        kinds: dict[type, list[Move]] = {}
        for m in legal_moves(state):
            kinds.setdefault(type(m), []).append(m)
        kind = self.rng.choice(list(kinds))
        return self.rng.choice(kinds[kind])


def press_gain(state: State, player: int, stories: tuple[Story, ...]) -> int:
    """Circulation ``player`` would gain pressing ``stories`` now (optimal page; scoops not counted)."""
    return press_value(state, player, stories).gain


class GreedyBot:
    """Presses when the optimal page gains at least ``threshold``; otherwise assigns where the
    hypothetical claim (what it claims now plus that story) gains most.

    - Needed reporters for a story: enough to tie the strongest other player
      (at least one); each reporter costs ``reporter_cost`` in the comparison.
    - No worthwhile assignment: press if it can claim anything, else recall
      from stories where it is outnumbered, else a random legal move.
    - Final edition: the restricted turn assigns one reporter if that helps,
      else presses; in the last round it presses when the page gains > 0.
    """

    name = "greedy"

    def __init__(self, seed: int = 0, threshold: int = 9, reporter_cost: float = 1.0):
        self.rng = random.Random(seed)
        self.threshold = threshold
        self.reporter_cost = reporter_cost

    def choose(self, state: State) -> Move:
        if legal_move_count(state) == 1:
            return legal_moves(state)[0]
        player = state.current
        claim = state.claimable(player)
        valued = PressValuer(state, player)
        claim_items = valued.items(claim)
        now = valued.gain(claim_items)
        press = GoToPress() if claim else None
        if state.phase is Phase.FINAL_PRESSES:
            return press if press is not None and now > 0 else Decline()
        restricted = state.phase is Phase.FINAL_TURNS
        if press is not None and now >= self.threshold and not restricted:
            return press
        home = state.players[player].home
        best_key: tuple[float, int] | None = None
        best: tuple[int, Assign] | None = None
        seen_kinds: dict[tuple, int] = {}
        for story, counts in state.reporters.items():
            mine = counts[player]
            rival = max(counts[:player] + counts[player + 1:])
            need = max(1, rival - mine) if mine == 0 else rival - mine
            if need <= 0 or need > home or (restricted and need > 1):
                continue
            key = (story.kind, need)
            gain = seen_kinds.get(key)
            if gain is None:
                gain = seen_kinds[key] = valued.gain(claim_items + valued.items((story,)))
            rank = (gain - self.reporter_cost * need, -story.sort_key())
            if best_key is None or rank > best_key:
                best_key, best = rank, (gain, Assign(story, need))
        if best is not None and best[0] > now:
            return best[1]
        if press is not None:
            return press
        losing = state.outnumbered(player)
        if losing:
            n = 1 if restricted else state.reporters[losing[0]][player]
            return Recall(((losing[0], n),))
        return self.rng.choice(legal_moves(state))


BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "greedy": GreedyBot, "heuristic": HeuristicBot}
"""Seat name -> factory; every factory takes ``seed=`` and returns an object with ``choose(state)``.

A seat name may carry a parameter after a colon (``"advisor:fast"``): the
factory then declares the parameters it accepts in an ``options`` attribute
(a tuple of strings) and is called as ``factory("fast", seed=...)``.
"""

PLUGINS: dict[str, str] = {"advisor": "pennypress.engine.advisor.bot"}
"""Seat name -> module that registers it in :data:`BOTS` when imported (``register_bot``).

A process that never imported that module (a process-pool or Dask worker)
still finds the bot: :func:`make_bot` imports it on first use.
"""


def register_bot(name: str, factory: Callable[..., Bot]) -> None:
    """Make ``name`` a seat name (``factory.options`` lists its parameters, if it takes one)."""
    if not name or ":" in name or "," in name:
        raise ValueError(f"a seat name is a word without ':' or ',', got {name!r}")
    BOTS[name] = factory


def bot_names() -> tuple[str, ...]:
    """The seat names :func:`make_bot` accepts (a bot with parameters once per parameter).

    >>> bot_names()[:3]
    ('random', 'greedy', 'heuristic')
    """
    for base, module in PLUGINS.items():
        if base not in BOTS:
            importlib.import_module(module)
    names: list[str] = []
    for base, factory in BOTS.items():
        options = getattr(factory, "options", None)
        names += [base] if not options else [f"{base}:{o}" for o in options]
    return tuple(names)


def _factory(name: str) -> tuple[Callable[..., Bot], str | None]:
    base, colon, option = name.partition(":")
    if base not in BOTS and base in PLUGINS:
        importlib.import_module(PLUGINS[base])
    factory = BOTS.get(base)
    if factory is None:
        raise BadInput(f"unknown bot {name!r} (expected one of {', '.join(bot_names())})")
    options = getattr(factory, "options", None)
    if colon:
        if not options:
            raise BadInput(f"bot {base!r} takes no parameter, got {name!r}")
        if option not in options:
            raise BadInput(f"unknown bot {name!r} (expected one of {', '.join(f'{base}:{o}' for o in options)})")
        return factory, option
    return factory, None


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by its seat name (``"greedy"``, ``"advisor:fast"``), seeded; :class:`BadInput` for an unknown name.

    >>> make_bot("greedy", 3).name
    'greedy'
    >>> make_bot("greedy:fast")
    Traceback (most recent call last):
    ...
    pennypress.errors.BadInput: bot 'greedy' takes no parameter, got 'greedy:fast'
    """
    factory, option = _factory(name)
    return factory(seed=seed) if option is None else factory(option, seed=seed)


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
            _factory(name)
        except BadInput as exc:
            raise BadInput(f"seats: {exc}") from None
    return tuple(names)


def seat_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game seeded ``game_seed`` (one rule for every game loop)."""
    return game_seed * 31 + seat
