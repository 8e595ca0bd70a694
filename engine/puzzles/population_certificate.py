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

from pennypress.stats import normal_quantile

from ..arena.population import Outcomes, Population, mean_and_error, play_out
from ..game.moves import GoToPress, Move
from ..game.words import move_words
from ..io.state import PublicState, State
from .timing import MIN_MARGIN_GAP, MIN_WIN_GAP, saturated

ALPHA = 0.01
"""One-sided error of each cell's test, before Holm's correction across the cells."""
GAMES = 300
"""Paired games per cell at the least (each move plays every one)."""
_Z = NormalDist()
_ROUNDING = 1e-5
"""How far a stored interval may be from the one its rounded advantage and error give."""
_WIN_ROUNDING = 2e-4
"""How far a win cell's stored advantage may be from its stored win shares' difference (each share rounded to
four places)."""


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
        z = normal_quantile(1 - alpha)
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
        z = normal_quantile(1 - ALPHA)
        return [c for c in self.cells if c.advantage + z * c.error < 0]

    def smallest(self, measure: str = "win") -> Cell | None:
        """The cell of the smallest advantage in ``measure``."""
        cells = [c for c in self.cells if c.measure == measure]
        return min(cells, key=lambda c: c.advantage) if cells else None

    def to_json(self) -> dict:
        """As stored with the puzzle (``evidence["population"]``): every cell rounded, the verdict named."""
        return {"certified": "population" if self.certified else "no", "answer": self.answer, "rival": self.rival,
                "seed": self.seed, "alpha": ALPHA, "cells": [c.to_json() for c in self.cells]}

    @classmethod
    def from_json(cls, doc: dict) -> PopulationCertificate:
        return cls(doc["answer"], doc["rival"], doc["seed"], tuple(Cell.from_json(c) for c in doc["cells"]))


def certify(position: State | PublicState, answer: Move, rival: Move, population: Population,
            games: int = GAMES, seed: int = 0, threads: int = 1,
            done: Callable[[str, str], Cell | None] | None = None,
            on_cell: Callable[[Cell], None] | None = None, stop_at_failure: bool = False) -> PopulationCertificate:
    """Play ``answer`` and ``rival`` out under every cell of ``population``, ``games`` paired games a cell.

    ``done(opponent, mover)`` may give a cell already played (a resumed run); ``on_cell`` hears each cell
    as it is played. Every cell's games are seeded by ``seed`` alone, so a resumed run is the run. With
    ``stop_at_failure`` no cell is played once one cell alone rules the certificate out (not significant
    even before Holm's correction, or too small): the certificate then holds the cells up to that one."""
    known = {key: done(*key) if done is not None else None for key in population.cells()}
    known = {key: cell for key, cell in known.items() if cell is not None and cell.games == games}
    if stop_at_failure:
        failed = next((cell for cell in known.values() if _rules_out(cell)), None)
        if failed is not None:
            return PopulationCertificate(str(answer), str(rival), seed, tuple(known.values()))
    cells = []
    for key in population.cells():
        cell = known.get(key)
        if cell is None:
            cell = cell_of(play_out(position, (answer, rival), key[0], key[1], games, seed, threads))
            if on_cell is not None:
                on_cell(cell)
        cells.append(cell)
        if stop_at_failure and _rules_out(cell):
            break
    return PopulationCertificate(str(answer), str(rival), seed, tuple(cells))


def _rules_out(cell: Cell) -> bool:
    """One cell alone keeps the answer from being certified: too small, or not significant at all."""
    return not cell.large_enough or cell.p_value > ALPHA


def _cell_problem(cell: Cell) -> str | None:
    """What a stored cell's figures contradict of one another, or ``None``: the measure is the margin exactly
    where both moves' win shares saturate (:func:`~.timing.saturated`), a win cell's advantage is the difference
    of the two win shares (as stored, rounded), and no more games are unfinished than were played."""
    if (cell.measure == "margin") != saturated(cell.answer_win, cell.rival_win):
        return (f"measured by {cell.measure} with win shares {cell.answer_win} and {cell.rival_win}, which "
                f"{'do not ' if cell.measure == 'margin' else ''}saturate")
    if cell.measure == "win" and abs(cell.advantage - (cell.answer_win - cell.rival_win)) > _WIN_ROUNDING:
        return f"an advantage of {cell.advantage} is not the win shares' difference"
    if not 0 <= cell.unfinished <= cell.games:
        return f"{cell.unfinished} unfinished of {cell.games} games"
    return None


def stored_problem(doc: dict, population: Population, answer: str, rival: str) -> str | None:
    """What is wrong with a stored population certificate, checked without a game, or ``None``: it
    certifies ``answer`` against ``rival``; it has one cell for each of the population's (opponent,
    mover) pairs, in order, each of at least :data:`GAMES` games, its interval the one its advantage and
    error give; and, tested again from those figures, every cell is significant (Holm) and large enough."""
    if (doc.get("answer"), doc.get("rival")) != (answer, rival):
        return f"it certifies {doc.get('answer')!r} against {doc.get('rival')!r}, the puzzle {answer!r} against {rival!r}"
    cert = PopulationCertificate.from_json(doc)
    cells = [(c.opponent, c.mover) for c in cert.cells]
    if cells != list(population.cells()):
        missing = [f"{o}/{m}" for o, m in population.cells() if (o, m) not in cells]
        return f"its cells are not the population's ({'missing ' + ', '.join(missing) if missing else 'another order'})"
    for cell, stored in zip(cert.cells, doc["cells"]):
        if cell.games < GAMES:
            return f"{cell.opponent}/{cell.mover}: {cell.games} games, fewer than {GAMES}"
        if cell.measure not in ("win", "margin"):
            return f"{cell.opponent}/{cell.mover}: no measure {cell.measure!r}"
        problem = _cell_problem(cell)
        if problem is not None:
            return f"{cell.opponent}/{cell.mover}: {problem}"
        interval = stored.get("interval") or [math.nan, math.nan]
        if any(not abs(a - b) <= _ROUNDING for a, b in zip(interval, cell.to_json()["interval"])):
            return f"{cell.opponent}/{cell.mover}: the interval is not the one its advantage and error give"
    if not cert.certified:
        failing = ", ".join(f"{c.opponent}/{c.mover}" for c in cert.failing())
        return f"the answer is not shown better against {failing}"
    if doc.get("certified") != "population" or doc.get("alpha") != ALPHA:
        return "it does not say it is a population certificate at the error it was tested at"
    return None


def replay(position: State | PublicState, doc: dict, answer: Move, rival: Move,
           models: Sequence[str] | None = None, threads: int = 1) -> tuple[list[Cell], str | None]:
    """The stored cells played again (only those of the opponent ``models`` if given) and the first one
    whose figures differ from the stored ones, in words (``None`` when every one reproduces)."""
    played = []
    for want in doc["cells"]:
        opponent, mover = want["opponent"], want["mover"]
        if models is not None and opponent not in models:
            continue
        cell = cell_of(play_out(position, (answer, rival), opponent, mover, want["games"], doc["seed"], threads))
        played.append(cell)
        if cell.to_json() != want:
            return played, (f"{opponent}/{mover}: played again, the advantage is {cell.advantage:.4f} "
                            f"({cell.measure}), stored {want['advantage']:.4f} ({want['measure']})")
    return played, None


def _smallest(certificate: PopulationCertificate) -> tuple[int | None, int | None]:
    """The smallest measured gain over the cells, whole games in 100 (where chances tell the moves apart) and
    whole points of lead (where the game is decided either way), rounded down; ``None`` where no cell has it."""
    win, margin = certificate.smallest("win"), certificate.smallest("margin")
    return (None if win is None else math.floor(win.advantage * 100 + 1e-9),
            None if margin is None else math.floor(margin.advantage + 1e-9))


def gain_words(certificate: PopulationCertificate, answer_words: str, rival_words: str | None = None) -> str:
    """The smallest gain measured over every kind of opponent tried, in a player's words (against
    ``rival_words`` when given): games won in 100 where chances can tell the moves apart, points of lead where
    the game is decided either way. Said in the past, of these games: it is what they measured, not a bound."""
    than = f" than {rival_words}" if rival_words else ""
    win, points = _smallest(certificate)
    parts = []
    if win is not None:
        parts.append(f"won {win} or more games in 100 more{than}")
    if points is not None:
        lead = f"ended {points} or more points further ahead{than}"
        parts.append(lead if win is None else f"and, where the game was decided either way, {lead.replace(than, '')}")
    return (f"{answer_words} {' '.join(parts) if win is None else ', '.join(parts)}, against every kind of opponent "
            "tried (the smallest gain measured)")


def loss_words(certificate: PopulationCertificate) -> str:
    """What the other choice loses, as the games measured it (a puzzle's ``second_best["loses"]``): the smallest
    loss over every kind of opponent tried."""
    win, points = _smallest(certificate)
    parts = []
    if win is not None:
        parts.append(f"{win} or more games in 100")
    if points is not None:
        lead = f"{points} or more points of lead"
        parts.append(lead if win is None else f"{lead} where the game was decided either way")
    return f"{' and '.join(parts)}, against every kind of opponent tried"


def population_why(doc: dict, answer_words: str, rival_words: str) -> list[str]:
    """What a timing puzzle's population certificate shows, for its why: the smallest gain, and what
    was played to show it."""
    cert = PopulationCertificate.from_json(doc)
    models = models_of(cert.cells)
    games = min(c.games for c in cert.cells)
    return [gain_words(cert, answer_words, rival_words) + ".",
            f"Played to the end of the game at least {games} times against each of {len(models)} kinds of "
            f"opponent ({', '.join(Population.words(m) for m in models)}), both moves on the same shuffled "
            "decks, your own later moves played by two strong bots. Players unlike all of these may still "
            "change the answer."]


def sides_words(answer: Move, rival: Move) -> tuple[str, str]:
    """The answer and the other choice as a why compares them: pressing against waiting by their side, two
    moves of the same side by their words."""
    if isinstance(answer, GoToPress) != isinstance(rival, GoToPress):
        if isinstance(answer, GoToPress):
            wait = move_words(rival)
            return "Going to press now", f"the best way to wait ({wait[0].lower()}{wait[1:]})"
        return "Waiting", "going to press now"
    said = move_words(rival)
    return move_words(answer), f"{said[0].lower()}{said[1:]}"


def models_of(cells: Iterable[Cell]) -> list[str]:
    """The opponent models of ``cells``, once each, in order."""
    return list(dict.fromkeys(c.opponent for c in cells))
