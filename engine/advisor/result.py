"""The advisor's answer: one :class:`RankedMove` per legal move, ranked, in an :class:`Advice`.

``to_json`` gives the ``pennypress advise`` contract shape
(``/work/shared/contract/cli.md``).

>>> a = RankedMove("press", 1, 0.5, (0.4, 0.6), 40.0, 1.5, 0.0, 0.0, True, ("Press now.",), 30)
>>> a.to_json()["win_interval"], a.to_json()["playouts"], a.to_json()["searched"]
([0.4, 0.6], 30, True)
>>> u = RankedMove("decline", 2, None, None, None, None, None, 0.0, False)  # stopped before its playouts
>>> u.to_json()["win_probability"], u.to_json()["searched"]
(None, False)
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Protocol

from .facts import MoveFacts
from .line import LineStep


def _r(x: float, digits: int = 4) -> float:
    return round(float(x), digits)


@dataclass(frozen=True)
class Reply:
    """What the next player answers to a move a second ply opened (:mod:`.replies`), and what the advised
    player keeps after that answer."""

    move: str | None
    """The answer in the engine's notation (legal in the position after the move); for a press, the answer
    found after most of the headline cards tried (:attr:`draws`); ``None`` when the game ends first."""
    player: int
    """Who answers (the player to move after the move, and after the headline draw of a press)."""
    win_probability: float
    """The advised player's chance to win after the answer: the answer's own playouts (with the table read,
    weighed as :attr:`read` says), shown through the calibration like every chance to win."""
    win_interval: tuple[float, float]
    """Its 95% interval (:meth:`.replies.Opened.interval`, through the calibration)."""
    playouts: int
    """The playouts of the search that found the answer."""
    converged: bool
    """That search separated its answer from every other (:attr:`Advice.converged`)."""
    line: tuple[LineStep, ...] = ()
    """The likely line after the answer, from the answer's own playouts (``share``: of those futures)."""
    draws: int = 0
    """For a press: how many of the headline cards that may come up were drawn, each answered on its own
    (the chance is their mean); 0 for a move that draws none."""
    read: float = 0.0
    """With the table read: the chance the reading gives that the player answering plays a style read. That
    share of :attr:`win_probability` is the analysis's own figure for the move, whose playouts seat the styles
    read; the rest is the searched answer's, the answer of a player nobody has read (0: all of it)."""

    def clearly_above(self, other: Reply) -> bool:
        """Whether this answer leaves the advised player a chance to win clearly above ``other``'s: their 95%
        intervals apart (the two searches are independent)."""
        return self.win_interval[0] > other.win_interval[1]

    def to_json(self) -> dict:
        return {"move": self.move, "player": self.player, "win_probability": _r(self.win_probability),
                "win_interval": [_r(self.win_interval[0]), _r(self.win_interval[1])], "playouts": self.playouts,
                "converged": self.converged, "line": [step.to_json() for step in self.line], "draws": self.draws,
                "as_read": _r(self.read)}


@dataclass(frozen=True)
class FirstSight:
    """A move's figures on the analysis's own playouts, before the second ply weighed the next player's answer
    (:mod:`.replies`): kept beside the figures after the answer, which the ranking is sorted by."""

    win_probability: float
    win_interval: tuple[float, float]
    loss: float
    """The mean paired difference of win share to the analysis's figure for rank 1, never below 0."""
    loss_interval: tuple[float, float] | None

    def to_json(self) -> dict:
        return {"win_probability": _r(self.win_probability),
                "win_interval": [_r(self.win_interval[0]), _r(self.win_interval[1])], "loss": _r(self.loss),
                "loss_interval": None if self.loss_interval is None else [_r(x) for x in self.loss_interval]}


@dataclass(frozen=True)
class SecondPlyNote:
    """How a second ply changed an answer (:mod:`.replies`): which moves it opened and what it spent."""

    candidates: int
    """The analysis's first moves it could open (a press through the headline cards it may draw)."""
    reply_budget: str
    """The budget of each reply's search."""
    opened: int
    """The moves opened (each with its :attr:`RankedMove.reply`)."""
    playouts: int
    """The replies' playouts, in all."""
    analysis_first: str
    """The move the analysis alone ranked first."""

    def to_json(self, first: str) -> dict:
        """The JSON shape, ``first`` being the answer's first move (``changed``: not the analysis's own)."""
        return {"candidates": self.candidates, "reply_budget": self.reply_budget, "opened": self.opened,
                "playouts": self.playouts, "analysis_first": self.analysis_first,
                "changed": first != self.analysis_first}


@dataclass(frozen=True)
class RankedMove:
    """One legal move's evaluation (for the player to move): its rank and figures, written by the search in
    one place per kind of answer (:mod:`.search`), and its reasons for the top moves."""

    move: str
    rank: int
    win_probability: float | None
    """``None`` only for a move the analysis never reached (stopped early): never a bare guess."""
    win_interval: tuple[float, float] | None
    expected_score: float | None
    expected_margin: float | None
    loss: float | None
    """The mean paired difference of win share to rank 1 (0 for rank 1, never below 0)."""
    points_loss: float
    equal_to_best: bool
    reasons: tuple[str, ...] = ()
    playouts: int = 0
    exact: bool = False
    facts: MoveFacts | None = field(default=None, compare=False)
    equivalent_to: str | None = None
    win_all: tuple[float, ...] = ()
    """Every player's expected win share after this move, on the same playouts (exact in the final edition)."""
    searched: bool | None = None
    """Whether the analysis played this move out (``None``: say so from ``win_probability``)."""
    loss_interval: tuple[float, float] | None = None
    """The 95% interval of the paired difference of win share to rank 1 (on the playouts both had)."""
    paired_playouts: int = 0
    """How many playouts that paired difference is taken over."""
    line: tuple[LineStep, ...] = ()
    """The likely line after this move: its most frequent continuation in the playouts (:mod:`.line`); the
    first ranked moves only (:meth:`Advice.line` for any other)."""
    why: tuple[str, ...] = ()
    """How this move's futures differ from the best move's (rank 1: from rank 2's), in words; the first
    ranked moves only (:meth:`Advice.why` for any other)."""
    margin_loss_interval: tuple[float, float] | None = None
    """The 95% interval of the paired difference of expected margin to rank 1 (points; ``(0, 0)`` for rank
    1): what grades a move where every chance to win is about 0 or 1 (:func:`pennypress.engine.audit.grading.grade`)."""
    reply: Reply | None = None
    """For a move a second ply opened (:mod:`.replies`): the next player's answer and the chance kept after it."""
    first_sight: FirstSight | None = None
    """For a move a second ply weighed (:mod:`.replies`): its figures before the answer. Its own
    ``win_probability``, ``win_interval``, ``loss``, ``loss_interval`` and ``equal_to_best`` are then the
    figures after the answer, which the ranking is sorted by; ``None``: the analysis's figures alone."""

    @property
    def weighed(self) -> bool:
        """Whether the figures are after the next player's answer (a second ply weighed this move)."""
        return self.first_sight is not None

    def at_first_sight(self) -> RankedMove:
        """This move with the analysis's own figures (itself when no second ply weighed it): what a move
        measured beside it on the analysis's playouts -- an extra move, a move played -- is compared with."""
        sight = self.first_sight
        if sight is None:
            return self
        return replace(self, win_probability=sight.win_probability, win_interval=sight.win_interval,
                       loss=sight.loss, loss_interval=sight.loss_interval, first_sight=None)

    @property
    def was_searched(self) -> bool:
        return self.win_probability is not None if self.searched is None else self.searched

    def to_json(self) -> dict:
        pair = (lambda v, d=4: None if v is None else [_r(v[0], d), _r(v[1], d)])
        num = (lambda v, d=4: None if v is None else _r(v, d))
        doc = {
            "move": self.move, "rank": self.rank, "searched": self.was_searched,
            "win_probability": num(self.win_probability), "win_interval": pair(self.win_interval),
            "expected_score": num(self.expected_score, 2), "expected_margin": num(self.expected_margin, 2),
            "loss": num(self.loss), "loss_interval": pair(self.loss_interval), "points_loss": _r(self.points_loss, 2),
            "equal_to_best": self.equal_to_best, "reasons": list(self.reasons),
            "playouts": self.playouts, "paired_playouts": self.paired_playouts, "exact": self.exact,
            "margin_loss_interval": pair(self.margin_loss_interval, 2),
            "line": [step.to_json() for step in self.line], "why": list(self.why),
            "reply": None if self.reply is None else self.reply.to_json(),
            "first_sight": None if self.first_sight is None else self.first_sight.to_json(),
        }
        if self.equivalent_to is not None:
            doc["equivalent_to"] = self.equivalent_to
        return doc


class Futures(Protocol):
    """What an answer keeps of its search to give any move's line and why on asking."""

    def line_of(self, move: str) -> tuple[LineStep, ...]: ...

    def why_of(self, move: str) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class Advice:
    """The ranked answer for one position."""

    player: int
    budget: str
    seed: int
    exact: bool
    moves: tuple[RankedMove, ...]
    playouts: int
    stopped: bool = False
    seconds: float = 0.0
    extra: tuple[RankedMove, ...] = ()
    """Moves asked for beside the legal list (``advise(..., extra_moves=...)``, e.g. a press on a
    chosen page), evaluated on the same futures as the best move; not part of the ranking."""
    engine: str = "python"
    """Which engine ran the playouts (or the exact search): ``"native"`` (the Rust core) or ``"python"``."""
    converged: bool = False
    """Every other move was separated from the best (paired; 95% over the rounds that looked,
    :data:`.search.STOP_ALPHA`), so the analysis stopped before its cap; always true when exact, never when
    a second ply put another move first than the analysis (:attr:`reranked`)."""
    rounds: int = 0
    """Rounds of sequential halving run (:mod:`.search`)."""
    calibrated: bool = False
    """The win probabilities are the playouts' shares shown through the calibration map
    (:mod:`.calibration`); false when exact or when the caller asked for the raw shares."""
    futures: Futures | None = field(default=None, compare=False, repr=False)
    """The search's traced futures, kept to give any move's line and why on asking (:meth:`line`, :meth:`why`)."""
    second_ply: SecondPlyNote | None = None
    """What the budget's second ply opened and spent (:mod:`.replies`); ``None``: the analysis alone."""

    @property
    def reranked(self) -> bool:
        """Whether a second ply put another move first than the analysis alone would have."""
        return self.second_ply is not None and self.second_ply.analysis_first != self.best.move

    def line(self, move: str) -> tuple[LineStep, ...]:
        """The likely line after the legal move written ``move`` (:mod:`.line`), whatever its rank."""
        ranked = self.find(move)
        if ranked is not None and ranked.line:
            return ranked.line
        return self.futures.line_of(move) if self.futures is not None else ()

    def why(self, move: str) -> tuple[str, ...]:
        """How the futures after ``move`` differ from the best move's (rank 1: from rank 2's), in words,
        from the same playouts; ``()`` when nothing significant differs or nothing was played out."""
        ranked = self.find(move)
        if ranked is not None and ranked.why:
            return ranked.why
        return self.futures.why_of(move) if self.futures is not None else ()

    @property
    def legal_moves(self) -> int:
        return len(self.moves)

    @property
    def best(self) -> RankedMove:
        return self.moves[0]

    def find(self, move: str) -> RankedMove | None:
        """The evaluation of the move written ``move`` (a legal move or an extra one), or ``None``."""
        return next((m for m in self.moves + self.extra if m.move == move), None)

    def ranking(self) -> list[str]:
        """The moves' notation, best first."""
        return [m.move for m in self.moves]

    def to_json(self, top: int | None = None) -> dict:
        """The contract shape; ``top`` keeps only the first ``top`` moves (``legal_moves`` still counts all)."""
        moves = self.moves if top is None else self.moves[:top]
        return {
            "player": self.player, "budget": self.budget, "seed": self.seed, "exact": self.exact,
            "engine": self.engine, "legal_moves": self.legal_moves, "playouts": self.playouts, "stopped": self.stopped,
            "converged": self.converged, "rounds": self.rounds, "calibrated": self.calibrated,
            "seconds": round(self.seconds, 3), "moves": [m.to_json() for m in moves],
            "second_ply": None if self.second_ply is None else self.second_ply.to_json(self.best.move),
        }
