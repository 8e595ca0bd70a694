"""The advisor's answer: one :class:`MoveAdvice` per legal move, ranked, in an :class:`Advice`.

``to_json`` gives the ``pennypress advise`` contract shape
(``/work/shared/contract/cli.md``).

>>> a = MoveAdvice("press", 1, 0.5, (0.4, 0.6), 40.0, 1.5, 0.0, 0.0, True, ("Press now.",), 30)
>>> a.to_json()["win_interval"], a.to_json()["playouts"]
([0.4, 0.6], 30)
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .facts import MoveFacts


def _r(x: float, digits: int = 4) -> float:
    return round(float(x), digits)


@dataclass(frozen=True)
class MoveAdvice:
    """One legal move's evaluation (for the player to move)."""

    move: str
    rank: int
    win_probability: float
    win_interval: tuple[float, float]
    expected_score: float
    expected_margin: float
    loss: float
    points_loss: float
    equal_to_best: bool
    reasons: tuple[str, ...] = ()
    playouts: int = 0
    exact: bool = False
    facts: MoveFacts | None = field(default=None, compare=False)
    equivalent_to: str | None = None
    win_all: tuple[float, ...] = ()
    """Every player's expected win share after this move, on the same playouts (exact in the final edition)."""
    screened_only: bool = False
    """Estimated by the cheap screening playouts only (the search did not pursue it: it ranks below every
    move the search played out, and its loss is measured against the best move's screening playouts)."""

    def to_json(self) -> dict:
        doc = {
            "move": self.move, "rank": self.rank,
            "win_probability": _r(self.win_probability),
            "win_interval": [_r(self.win_interval[0]), _r(self.win_interval[1])],
            "expected_score": _r(self.expected_score, 2), "expected_margin": _r(self.expected_margin, 2),
            "loss": _r(self.loss), "points_loss": _r(self.points_loss, 2),
            "equal_to_best": self.equal_to_best, "reasons": list(self.reasons),
            "playouts": self.playouts, "exact": self.exact, "screened_only": self.screened_only,
        }
        if self.equivalent_to is not None:
            doc["equivalent_to"] = self.equivalent_to
        return doc


@dataclass(frozen=True)
class Advice:
    """The ranked answer for one position."""

    player: int
    budget: str
    seed: int
    exact: bool
    moves: tuple[MoveAdvice, ...]
    playouts: int
    stopped: bool = False
    seconds: float = 0.0
    extra: tuple[MoveAdvice, ...] = ()
    """Moves asked for beside the legal list (``advise(..., extra_moves=...)``, e.g. a press on a
    chosen page), evaluated on the same futures as the best move; not part of the ranking."""
    engine: str = "python"
    """Which engine ran the playouts (or the exact search): ``"native"`` (the Rust core) or ``"python"``."""

    @property
    def legal_moves(self) -> int:
        return len(self.moves)

    @property
    def best(self) -> MoveAdvice:
        return self.moves[0]

    def find(self, move: str) -> MoveAdvice | None:
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
            "seconds": round(self.seconds, 3), "moves": [m.to_json() for m in moves],
        }
