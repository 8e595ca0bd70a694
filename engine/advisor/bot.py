"""The advisor as a player: it plays the advisor's best move (the seats ``advisor:fast``,
``advisor:normal`` and ``advisor:deep`` of :mod:`pennypress.engine.arena.seats`).

Each decision is seeded from the bot's seed and the ply (:func:`decision_seed`,
the formula the audit grades with), so a game is repeatable. It runs its
playouts on one worker (``workers=1``: one thread of the native core, or its
own process) so a tournament can run games side by side.

>>> from pennypress.engine import new_game, public_view
>>> s = public_view(new_game(3, seed=2))
>>> AdvisorBot(seed=1, playouts=4).choose(s) in s.legal_moves()
True
"""
from __future__ import annotations

from ..game.moves import GoToPress, Move
from ..io.state import PublicState
from ..position.position import Phase
from ..rules.actions import legal_moves
from .budget import Budget
from .move_policy import MovePolicy
from .opponent_table import OpponentTable
from .policy import SEARCH_LEAF
from .replies import second_ply
from .search import analyse
from .settings import SearchSettings
from .value import Leaf


def decision_seed(seed: int, ply: int) -> int:
    """The advisor's seed for the decision at ply ``ply`` of a game or audit seeded ``seed``."""
    return seed * 1009 + ply


REPEATS_BEFORE_PRESS = 2
"""No stalling: when the bot is to move in the same position (:meth:`~pennypress.engine.position.position.
Position.repetition_key`) for the second time, it presses if pressing is "equal to the best" in the analysis;
from the third time on it presses whenever it can. Waiting that only shuffles reporters comes back to the
same position, and two advisors that both prefer waiting by a hair would otherwise wait until the game's
move cap."""

QUIET_MOVES_BEFORE_PRESS = 12
"""No stalling without repetition: once nobody has pressed (the presses made, every player's pennies,
unchanged) for about this many moves -- counted in the bot's own turns, ``ceil(moves / players)``
(:func:`quiet_turns`) -- the bot presses if pressing is "equal to the best"; after
:data:`QUIET_MOVES_MUST_PRESS` whenever it can. Reporters can wander without any position coming back.
Counted in moves, not own turns, because presses come about as often in moves at any table size (as the
`evaluator` bots' longest waits show); bounds of a few own turns press too early and lose games."""

QUIET_MOVES_MUST_PRESS = 15
"""After about this many quiet moves the bot presses whenever it can: a table where nobody presses for
five rounds of three is only shuffling (most games of three `evaluator` bots never wait that long), and
games of advisors stay as short as games of other bots."""


def quiet_turns(moves: int, players: int) -> int:
    """Own turns that make about ``moves`` moves at a table of ``players``.

    >>> quiet_turns(12, 3), quiet_turns(15, 3), quiet_turns(12, 2), quiet_turns(15, 2), quiet_turns(15, 5)
    (4, 5, 6, 8, 3)
    """
    return -(-moves // players)


class AdvisorBot:
    """Plays the advisor's first move with budget ``budget`` (a name or a :class:`~.budget.Budget`; or
    ``playouts``) -- where the budget has a second ply, the second ply's first (:mod:`.replies`), the move
    :func:`~.answer.advise` ranks first -- and presses rather than wait in a position that keeps coming back
    (:data:`REPEATS_BEFORE_PRESS`) or when nobody has pressed for a while (:data:`QUIET_MOVES_BEFORE_PRESS`);
    those checks read the analysis alone, before the second ply is spent."""

    def __init__(self, seed: int = 0, budget: str | Budget = "fast", playouts: int | None = None, workers: int = 1,
                 leaf: Leaf | None = SEARCH_LEAF, policy: str | None = None, name: str | None = None,
                 exact_end: bool | None = None, mover: MovePolicy | None = None, exact_seats: bool = False):
        self.seed = seed
        self.policy = policy
        self.exact_end = exact_end
        """:attr:`~.settings.SearchSettings.exact_end` of its searches (``None``: the search's own rule;
        ``False`` plays as the advisor did before its playouts finished the final edition exactly)."""
        self.mover = mover
        """:attr:`~.settings.SearchSettings.mover` of its searches (``None``: the value bot in the playouts)."""
        self.exact_seats = exact_seats
        """:attr:`~.settings.SearchSettings.exact_seats` of its searches."""
        self.budget = budget
        self.leaf = leaf
        self.playouts = playouts
        self.workers = workers
        self.name = name or f"advisor:{budget.name if isinstance(budget, Budget) else budget}"
        self.visits: dict[tuple, int] = {}
        self.quiet: tuple[int, int] = (-1, 0)
        """(presses made by everyone when last to move, own turns since that number last changed)."""
        self.table: OpponentTable | None = None
        """:attr:`~.settings.SearchSettings.table` of its next searches: the opponents as read (whoever reads
        the table sets it between moves; ``None``: the search's own playout players)."""

    def choose(self, view: PublicState) -> Move:
        moves = legal_moves(view)
        if len(moves) == 1:
            return moves[0]
        seen, quiet = 0, 0
        if view.phase is Phase.NORMAL:
            key = view.repetition_key()
            seen = self.visits.get(key, 0)
            self.visits[key] = seen + 1
            presses = sum(p.pennies for p in view.players)
            quiet = self.quiet[1] + 1 if presses == self.quiet[0] else 0
            self.quiet = (presses, quiet)
        press = next((m for m in moves if isinstance(m, GoToPress) and m.page is None), None)
        players = len(view.players)
        if press is not None and (seen >= REPEATS_BEFORE_PRESS or
                                  quiet >= quiet_turns(QUIET_MOVES_MUST_PRESS, players)):
            return press
        settings = SearchSettings.for_budget(self.budget, self.playouts, seed=decision_seed(self.seed, view.ply),
                                             workers=self.workers, leaf=self.leaf, policy=self.policy,
                                             exact_end=self.exact_end, mover=self.mover,
                                             exact_seats=self.exact_seats, table=self.table)
        advice = analyse(view, settings, reasons_top=0, lines=False)  # the bot reads no line nor why
        if press is not None and (seen >= 1 or quiet >= quiet_turns(QUIET_MOVES_BEFORE_PRESS, players)) and \
                advice.find(str(press)).equal_to_best:
            return press
        best = advice.best.move
        reply_plan = settings.budget.reply_plan()
        if reply_plan is not None and not advice.exact:
            best = second_ply(view, advice, settings, settings.budget.replies, reply_plan).move
        return next(m for m in moves if str(m) == best)
