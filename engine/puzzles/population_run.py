"""Every timing puzzle played out against the population: a resumable run with its log.

:func:`run_population` certifies each chosen timing puzzle by full games
(:func:`.population_certificate.certify`) and writes every cell it plays to a
log, one JSON line each, as soon as it is played. Run again with the same log
and settings, it reads the cells already played and plays only the rest, so
a run stopped at any point goes on where it stopped and ends with exactly the
figures of an unbroken run. Each puzzle's games are seeded by the run's seed
and the puzzle's place in the set (:func:`puzzle_seed`).
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Callable, Sequence

from pennypress.errors import BadInput

from ..arena.population import Population, population
from ..game.moves import parse_move
from ..notation.text import from_text
from .model import Puzzle
from .population_certificate import GAMES, Cell, PopulationCertificate, certify, loss_words
from .population_story import tell, why_of
from .positions import read_move
from .store import TIMING_TAG, PuzzleSet

SEED_STEP = 1_000
"""Puzzle ``i`` of a run seeded ``s`` plays its games from seed ``s * SEED_STEP + i``."""


def puzzle_seed(run_seed: int, index: int) -> int:
    """The seed of the ``index``-th timing puzzle's games in a run seeded ``run_seed``."""
    return run_seed * SEED_STEP + index


def timing_puzzles(puzzles: PuzzleSet, ids: Sequence[str] | None = None) -> list[Puzzle]:
    """The set's search-first timing puzzles (in file order), or those of ``ids`` (:class:`BadInput` for one that
    is not); those found by games first (:mod:`.population_mining`) carry the certificate they were found by."""
    timing = [p for p in puzzles.puzzles if TIMING_TAG in p.tags and p.certainty == "searched"]
    if not ids:
        return timing
    by_id = {p.id: p for p in timing}
    missing = [i for i in ids if i not in by_id]
    if missing:
        raise BadInput(f"not a timing puzzle of the set: {', '.join(missing)}")
    return [by_id[i] for i in ids]


@dataclass(frozen=True)
class PopulationRun:
    """What a run plays: its seed, games a cell, population, threads and log."""

    seed: int
    population: Population
    log: Path
    games: int = GAMES
    threads: int = 1

    def played(self) -> dict[tuple[str, int, str, str], Cell]:
        """The cells the log holds, by (puzzle, seed, opponent, mover), for this run's games a cell."""
        cells: dict[tuple[str, int, str, str], Cell] = {}
        if not self.log.exists():
            return cells
        for n, line in enumerate(self.log.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
                cell = Cell.from_json(entry["cell"])
                key = (entry["puzzle"], int(entry["seed"]), cell.opponent, cell.mover)
            except (ValueError, KeyError, TypeError) as exc:
                raise BadInput(f"{self.log}: line {n} is not a cell of a population run ({exc})") from None
            if cell.games == self.games:
                cells[key] = cell
        return cells


def run_population(run: PopulationRun, puzzles: Sequence[Puzzle], order: dict[str, int],
                   progress: Callable[[int, int], None] | None = None,
                   stop_at_failure: bool = False) -> dict[str, PopulationCertificate]:
    """Each puzzle's population certificate, from the log where it has them and by games where not.

    ``order`` gives each puzzle's place among the set's timing puzzles (its seed); ``progress(done, total)``
    counts the cells looked at; ``stop_at_failure`` plays no more of a puzzle's cells once one rules it out
    (:func:`.population_certificate.certify`)."""
    played = run.played()
    total = len(puzzles) * len(run.population.cells())
    done = 0
    out: dict[str, PopulationCertificate] = {}
    with run.log.open("a", encoding="utf-8") as log:
        for puzzle in puzzles:
            seed = puzzle_seed(run.seed, order[puzzle.id])
            view = from_text(puzzle.question)
            cert = puzzle.evidence["certificate"]

            def write(cell: Cell, puzzle_id: str = puzzle.id, seed: int = seed) -> None:
                # unrounded, so that a resumed run ends with exactly the figures of an unbroken one
                log.write(json.dumps({"puzzle": puzzle_id, "seed": seed, "cell": asdict(cell)}) + "\n")
                log.flush()

            def counted(opponent: str, mover: str, puzzle_id: str = puzzle.id, seed: int = seed) -> Cell | None:
                nonlocal done
                done += 1
                if progress is not None:
                    progress(done - 1, total)
                return played.get((puzzle_id, seed, opponent, mover))

            out[puzzle.id] = certify(view, read_move(view, cert["answer"]), read_move(view, cert["rival"]),
                                     run.population, run.games, seed, run.threads, done=counted, on_cell=write,
                                     stop_at_failure=stop_at_failure)
    if progress is not None:
        progress(total, total)
    return out


def settle(puzzles: PuzzleSet, certificates: dict[str, PopulationCertificate], record: dict) -> PuzzleSet:
    """The set with each certified timing puzzle carrying its population certificate
    (``evidence["population"]``) and its why saying what the games showed -- the gain, and what each move
    leads to in the certificate's own games (``evidence["story"]``, :mod:`.population_story`); the timing
    puzzles the games did not certify are withdrawn. ``record`` (the run's settings and command) is kept in the generator."""
    kept = []
    withdrawn = []
    for puzzle in puzzles.puzzles:
        if TIMING_TAG not in puzzle.tags or puzzle.certainty == "population":  # the latter settled when found
            kept.append(puzzle)
            continue
        cert = certificates[puzzle.id]
        if not cert.certified:
            withdrawn.append(puzzle.id)
            continue
        answer, rival = parse_move(cert.answer), parse_move(cert.rival)
        story = tell(from_text(puzzle.question), answer, rival, population(), cert.seed)
        evidence = dict(puzzle.evidence, population=cert.to_json(), story=story)
        why = tuple(why_of(evidence["population"], answer, rival, story))
        second = dict(puzzle.second_best or {}, loses=loss_words(cert))
        kept.append(replace(puzzle, evidence=evidence, why=why, second_best=second))
    generator = dict(puzzles.generator, population=dict(record, certified=len(certificates) - len(withdrawn),
                                                         withdrawn=withdrawn))
    return PuzzleSet(tuple(kept), generator)


def summary(certificates: dict[str, PopulationCertificate], puzzles: Sequence[Puzzle]) -> dict:
    """What the run shows: how many are certified, and per puzzle the cells that fail or reverse."""
    tables = {p.id: p.source.get("players") for p in puzzles}
    rows = []
    for pid, cert in certificates.items():
        rows.append({"id": pid, "players": tables.get(pid), "certified": cert.certified,
                     "failing": [f"{c.opponent}/{c.mover}" for c in cert.failing()],
                     "reversed_by": [f"{c.opponent}/{c.mover}" for c in cert.reversed_by()]})
    by_table: dict[str, dict[str, int]] = {}
    for row in rows:
        counts = by_table.setdefault(str(row["players"]), {"puzzles": 0, "certified": 0})
        counts["puzzles"] += 1
        counts["certified"] += row["certified"]
    return {"puzzles": len(rows), "certified": sum(r["certified"] for r in rows),
            "reversed": sum(bool(r["reversed_by"]) for r in rows), "by_table": by_table, "results": rows}
