"""docs/results.md's section on the timing puzzles found by full games first (``pennypress puzzle mine``).

Read from ``benchmarks/results/puzzles/mined/``: ``mine-seed-S.jsonl``, every candidate the run decided, and
``run-seed-S.json``, the run's command and measured cost. Every figure is computed here from the log with the
certificate's own test (:mod:`pennypress.engine.puzzles.population_certificate`): the candidates by table and
how far each got, the answers, the smallest gains, and the leave-one-out check on the model the screen never
played (:data:`~pennypress.engine.puzzles.population_mining.LAST`): certified by every other model, how often
it keeps the answer from certification or reverses it.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from statistics import median

from pennypress.engine.arena.population import Population, population
from pennypress.engine.puzzles.population_certificate import PopulationCertificate
from pennypress.engine.puzzles.population_mining import LAST
from pennypress.engine.puzzles.timing import MIN_MARGIN_GAP, MIN_WIN_GAP


def _docs(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]


@dataclass(frozen=True)
class Split:
    """A candidate's certificate split for the leave-one-out check of one model: every other model's cells
    (``rest``) and the model's own (``mine``)."""

    full: PopulationCertificate
    rest: PopulationCertificate
    mine: PopulationCertificate

    @property
    def certified_without(self) -> bool:
        return self.rest.certified

    @property
    def reversed(self) -> bool:
        return bool(self.mine.reversed_by())


def split(doc: dict, model: str, rest_cells: tuple | None = None) -> Split | None:
    """``doc``'s certificate split for leaving ``model`` out; ``None`` without a certificate, without a cell of
    ``model``, or (given ``rest_cells``) when the other cells are not exactly those."""
    cert = doc.get("population")
    if cert is None:
        return None
    full = PopulationCertificate.from_json(cert)
    rest = tuple(c for c in full.cells if c.opponent != model)
    mine = tuple(c for c in full.cells if c.opponent == model)
    if not mine or (rest_cells is not None and [(c.opponent, c.mover) for c in rest] != list(rest_cells)):
        return None
    return Split(full, PopulationCertificate(full.answer, full.rival, full.seed, rest),
                 PopulationCertificate(full.answer, full.rival, full.seed, mine))


def _left_out(docs: list[dict], pop: Population, model: str) -> tuple[int, int, int]:
    """Of the candidates whose certificate played every other model's cells and reached ``model``'s: those
    certified without ``model``, of them how many it keeps from certification (a cell of it stopped the
    certificate, or the whole is not certified), and how many it reverses."""
    rest_cells = pop.without(model).cells()
    found = [s for s in (split(doc, model, rest_cells) for doc in docs) if s is not None and s.certified_without]
    keeps = sum(len(s.mine.cells) < len(pop.movers) or not s.full.certified for s in found)
    return len(found), keeps, sum(s.reversed for s in found)


BARS = (1, 1.5, 2, 2.5, 3, 4)
"""Stricter bars tried on the leave-one-out check: multiples of the certificate's own (8 games in 100, or 3 points
of lead where both chances are about 0 or 1)."""


def _stricter(docs: list[dict], pop: Population, model: str) -> list[tuple[float, int, int]]:
    """For each of :data:`BARS`: the candidates certified without ``model`` whose every other cell gains at least
    that multiple of the bar, and how many of them ``model`` reverses."""
    rest_cells = pop.without(model).cells()
    found = [s for s in (split(doc, model, rest_cells) for doc in docs) if s is not None and s.certified_without]
    rows = [(min(c.advantage / (MIN_WIN_GAP if c.measure == "win" else MIN_MARGIN_GAP) for c in s.rest.cells),
             s.reversed) for s in found]
    return [(bar, sum(least >= bar for least, _ in rows), sum(least >= bar and rev for least, rev in rows))
            for bar in BARS]


def section(folder: Path) -> list[str]:
    """The section's Markdown lines (none without a run)."""
    runs = sorted(folder.glob("run-seed-*.json"), key=lambda f: int(f.stem.rsplit("-", 1)[1]))
    if not runs:
        return []
    run = json.loads(runs[-1].read_text(encoding="utf-8"))
    docs = _docs(folder / run["log"])
    tables = sorted({d["players"] for d in docs})
    pop = population()
    out = ["### Timing puzzles found by full games first", "",
           "Press decisions of seeded games of strong bots, screened by full games against every model but "
           f"{', '.join(pop.words(m) for m in LAST)} ({run['screen_games']} games a cell), then certified on a "
           f"fresh seed against the whole population ({run['games']} games a cell; docs/concepts/puzzles.md); "
           "command:", "", f"    {run['command']}", "",
           f"Cost: {run['cost']}.", "",
           "| candidates | " + " | ".join(f"{n} players" for n in tables) + " | all |",
           "|---|" + "---:|" * (len(tables) + 1)]
    rows = [("decided", lambda d: True),
            ("past the screen", lambda d: "population" in d),
            ("certified", lambda d: "puzzle" in d)]
    for title, keep in rows:
        counts = [sum(keep(d) and d["players"] == n for d in docs) for n in tables]
        out.append(f"| {title} | " + " | ".join(map(str, counts)) + f" | {sum(counts)} |")
    certified = [PopulationCertificate.from_json(d["population"]) for d in docs if "puzzle" in d]
    if certified:
        waits = sum(c.answer != "press" for c in certified)
        gains = [c.smallest("win").advantage for c in certified if c.smallest("win") is not None]
        out += ["", f"**{len(certified)} certified**: waiting right in {waits}, pressing now in "
                    f"{len(certified) - waits}; the smallest gain over the population's cells, in games won in 100: "
                    f"median {100 * median(gains):.0f} ({100 * min(gains):.0f} to {100 * max(gains):.0f})."
                if gains else ""]
    out += ["", "Leave one out, for the model the screen never played (so it took no part in choosing the "
                "positions): of the candidates whose certificate played it, those certified by every other "
                "model, and how often it then keeps the answer from certification or reverses it (the goal: "
                "never reverses).", "",
            "| left out | certified without it | it keeps from certification | it reverses |", "|---|---:|---:|---:|"]
    for model in LAST:
        without, keeps, reverses = _left_out(docs, pop, model)
        out.append(f"| {pop.words(model)} | {without} | {keeps} | {reverses} |")
    for model in LAST:
        out += ["", f"A stricter bar does not stop {pop.words(model)} reversing: the candidates certified without it "
                    "whose every other cell gains at least a multiple of the bar (8 games won in 100, or 3 points of "
                    "lead), and how many it reverses.", "",
                "| every other cell at least | certified without it | it reverses |", "|---|---:|---:|"]
        out += [f"| {bar:g} × the bar | {n} | {rev} |" for bar, n, rev in _stricter(docs, pop, model)]
    return out + [""]
