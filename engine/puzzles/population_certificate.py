"""A timing puzzle's answer settled by full games against a population of opponents.

The search's certificate (:mod:`.timing`) compares the answer with its rival on
the search's own playouts, its bots in the other seats: it shows that the
answer is right for the opponents the search assumes. This certificate plays
both moves to the end of the game (:func:`~pennypress.engine.arena.population.play_out`)
under every cell of a :class:`~pennypress.engine.arena.population.Population` --
each opponent model in the other seats, each mover playing the player's own
later moves -- on the same deals and bot seeds for both moves.

The answer is **certified** only when, in every cell, its paired advantage is
significant (one-sided, :data:`ALPHA`, Holm-corrected across the cells) and at
least :data:`~.timing.MIN_WIN_GAP` of win share -- or, where both moves' chances
are about 0 or about 1 in that cell (:func:`~.timing.saturated`), at least
:data:`~.timing.MIN_MARGIN_GAP` points of final margin. The stored certificate
keeps, per cell, the games, the mean difference and its interval, so a player
is told the smallest gain over every kind of opponent tried.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import Callable, Iterable, Sequence

from ..arena.population import Outcomes, Population, mean_and_error, play_out
from ..game.moves import Move
from ..io.state import PublicState, State
from .timing import MIN_MARGIN_GAP, MIN_WIN_GAP, saturated

ALPHA = 0.01
"""One-sided error of each cell's test, before Holm's correction across the cells."""
GAMES = 300
"""Paired games per cell at the least (each move plays every one)."""
_Z = NormalDist()


@dataclass(frozen=True)
class Cell:
    """One opponent model and mover: the answer's paired advantage over the rival in full games."""

    opponent: str
    mover: str
    games: int
    measure: str
    """``win`` (win share) or ``margin`` (points, where both chances saturate)."""
    advantage: float
    error: float
    """The standard error of ``advantage`` (paired games)."""
    answer_win: float
    rival_win: float
    unfinished: int = 0

    @property
    def p_value(self) -> float:
        """One-sided: how likely an advantage this large would be if the answer were no better."""
        if self.error == 0:
            return 0.0 if self.advantage > 0 else 1.0
        return 1.0 - _Z.cdf(self.advantage / self.error)

    def interval(self, alpha: float = ALPHA) -> tuple[float, float]:
        """The two-sided ``1 - 2 alpha`` interval of the advantage (its lower end the one-sided bound)."""
        z = _Z.inv_cdf(1 - alpha)
        return self.advantage - z * self.error, self.advantage + z * self.error

    @property
    def large_enough(self) -> bool:
        return self.advantage >= (MIN_WIN_GAP if self.measure == "win" else MIN_MARGIN_GAP)

    def to_json(self) -> dict:
        low, high = self.interval()
        return {"opponent": self.opponent, "mover": self.mover, "games": self.games, "measure": self.measure,
                "advantage": round(self.advantage, 6), "error": round(self.error, 6),
                "interval": [round(low, 6), round(high, 6)], "answer_win": round(self.answer_win, 4),
                "rival_win": round(self.rival_win, 4), "unfinished": self.unfinished}

    @classmethod
    def from_json(cls, doc: dict) -> Cell:
        return cls(doc["opponent"], doc["mover"], doc["games"], doc["measure"], doc["advantage"], doc["error"],
                   doc["answer_win"], doc["rival_win"], doc.get("unfinished", 0))


def cell_of(outcomes: Outcomes) -> Cell:
    """The cell a play-out of (answer, rival) gives: by win share, or by margin where both chances saturate."""
    answer_win = sum(outcomes.wins[0]) / outcomes.games
    rival_win = sum(outcomes.wins[1]) / outcomes.games
    measure = "margin" if saturated(answer_win, rival_win) else "win"
    advantage, error = mean_and_error(outcomes.differences(measure))
    return Cell(outcomes.opponent, outcomes.mover, outcomes.games, measure, advantage, error,
                answer_win, rival_win, outcomes.unfinished)


def holm(p_values: Sequence[float], alpha: float = ALPHA) -> list[bool]:
    """Holm's step-down test: which of the hypotheses are rejected at family-wise error ``alpha``."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    rejected = [False] * len(p_values)
    for rank, i in enumerate(order):
        if p_values[i] > alpha / (len(p_values) - rank):
            break
        rejected[i] = True
    return rejected


@dataclass(frozen=True)
class PopulationCertificate:
    """The answer against its rival under every cell of a population."""

    answer: str
    rival: str
    seed: int
    cells: tuple[Cell, ...]

    @property
    def significant(self) -> list[bool]:
        return holm([c.p_value for c in self.cells])

    @property
    def certified(self) -> bool:
        """Significant (Holm) and large enough in every cell."""
        return bool(self.cells) and all(self.significant) and all(c.large_enough for c in self.cells)

    def failing(self) -> list[Cell]:
        """The cells where the answer is not shown better enough (empty when certified)."""
        return [c for c, sig in zip(self.cells, self.significant) if not (sig and c.large_enough)]

    def reversed_by(self) -> list[Cell]:
        """The cells where the rival is significantly better (the answer reverses there)."""
        z = _Z.inv_cdf(1 - ALPHA)
        return [c for c in self.cells if c.advantage + z * c.error < 0]

    def smallest(self, measure: str = "win") -> Cell | None:
        """The cell of the smallest advantage in ``measure``."""
        cells = [c for c in self.cells if c.measure == measure]
        return min(cells, key=lambda c: c.advantage) if cells else None

    def to_json(self) -> dict:
        return {"certified": "population" if self.certified else "no", "answer": self.answer, "rival": self.rival,
                "seed": self.seed, "alpha": ALPHA, "cells": [c.to_json() for c in self.cells]}


def certify(position: State | PublicState, answer: Move, rival: Move, population: Population,
            games: int = GAMES, seed: int = 0, threads: int = 1,
            done: Callable[[str, str], Cell | None] | None = None,
            on_cell: Callable[[Cell], None] | None = None) -> PopulationCertificate:
    """Play ``answer`` and ``rival`` out under every cell of ``population``, ``games`` paired games a cell.

    ``done(opponent, mover)`` may give a cell already played (a resumed run); ``on_cell`` hears each cell
    as it is played. Every cell's games are seeded by ``seed`` alone, so a resumed run is the run."""
    cells = []
    for opponent, mover in population.cells():
        cell = done(opponent, mover) if done is not None else None
        if cell is None or cell.games != games:
            cell = cell_of(play_out(position, (answer, rival), opponent, mover, games, seed, threads))
            if on_cell is not None:
                on_cell(cell)
        cells.append(cell)
    return PopulationCertificate(str(answer), str(rival), seed, tuple(cells))


def gain_words(certificate: PopulationCertificate, answer_words: str) -> str:
    """The smallest gain over every kind of opponent tried, in a player's words."""
    win = certificate.smallest("win")
    if win is None:
        margin = certificate.smallest("margin")
        points = math.floor(margin.advantage) if margin is not None else 0
        return f"{answer_words} ends at least {points} points better off, against every kind of opponent tried"
    games = math.floor(win.advantage * 100 + 1e-9)
    return f"{answer_words} wins at least {games} more games in 100, against every kind of opponent tried"


def models_of(cells: Iterable[Cell]) -> list[str]:
    """The opponent models of ``cells``, once each, in order."""
    return list(dict.fromkeys(c.opponent for c in cells))
