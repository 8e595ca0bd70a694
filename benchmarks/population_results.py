"""docs/results.md's section on the timing puzzles played out against the population of opponents.

Read from ``benchmarks/results/puzzles/population/``: ``cells-seed-S.jsonl``, every cell the run played
(``pennypress puzzle population --log``), and ``run-seed-S.json``, the commands that played them. Every
figure is computed here from the cells alone, with the certificate's own test
(:mod:`pennypress.engine.puzzles.population_certificate`): how many timing puzzles are certified, by table;
per opponent model, how many answers it keeps from certification and how many it reverses; and the
leave-one-out check -- certified by every model but one, how often the one left out reverses the answer.
"""
from __future__ import annotations

import json
from pathlib import Path

from pennypress.engine.arena.population import population
from pennypress.engine.puzzles.population_certificate import Cell, PopulationCertificate


def _cells(log: Path) -> dict[str, dict[tuple[str, str], Cell]]:
    out: dict[str, dict[tuple[str, str], Cell]] = {}
    for line in log.read_text(encoding="utf-8").splitlines():
        if line.strip():
            entry = json.loads(line)
            cell = Cell.from_json(entry["cell"])
            out.setdefault(entry["puzzle"], {})[cell.opponent, cell.mover] = cell
    return out


def _certificate(cells: dict[tuple[str, str], Cell], keys) -> PopulationCertificate | None:
    """The certificate over ``keys`` when every one of them was played, else ``None``."""
    if any(k not in cells for k in keys):
        return None
    return PopulationCertificate("", "", 0, tuple(cells[k] for k in keys))


def _fails(cert: PopulationCertificate | None) -> bool:
    return cert is not None and not cert.certified


def section(folder: Path, tables: dict[str, int]) -> list[str]:
    """The section's Markdown lines (none without a run); ``tables`` gives each puzzle's number of players."""
    run = json.loads(sorted(folder.glob("run-seed-*.json"))[-1].read_text(encoding="utf-8"))
    cells = _cells(folder / run["log"])
    pop = population()
    every = pop.cells()
    puzzles = sorted(cells)
    certs = {p: _certificate(cells[p], every) for p in puzzles}
    certified = [p for p in puzzles if certs[p] is not None and certs[p].certified]
    out = ["### Timing puzzles played out against the population", "",
           "Each timing puzzle's answer and the search's next choice, played to the end of the game "
           f"{run['games']} times against each opponent model with each mover (docs/concepts/puzzles.md); "
           "commands:", ""]
    out += [f"    {c}" for c in run["commands"]]
    out += ["", f"MCTS was played for {run['mcts_played_for']}. Cost: {run['cost']}."]
    out += ["", f"**{len(certified)} of the {len(puzzles)} timing puzzles hold against every model** "
                "(significant in every cell, Holm at 1%, and at least 8 more games won in 100 or 3 points "
                "of lead).", "",
            "| players | puzzles | certified |", "|---|---:|---:|"]
    for n in sorted({tables[p] for p in puzzles}):
        mine = [p for p in puzzles if tables[p] == n]
        out.append(f"| {n} | {len(mine)} | {sum(p in certified for p in mine)} |")
    out += ["", "Against each model (a puzzle counts once whichever mover): answers it keeps from certification "
                "(not shown better by enough), answers it reverses (the other choice significantly better), and "
                "the puzzles played against it.", "",
            "| opponent model | keeps from certification | reverses | puzzles played |", "|---|---:|---:|---:|"]
    for model in pop.opponents:
        keys = [(model, m) for m in pop.movers]
        played = [p for p in puzzles if all(k in cells[p] for k in keys)]
        fails = sum(_fails(_certificate(cells[p], keys)) for p in played)
        reverses = sum(bool(_certificate(cells[p], keys).reversed_by()) for p in played)
        out.append(f"| {pop.words(model)} | {fails} | {reverses} | {len(played)} |")
    out += ["", "Leave one out: the puzzles certified by every model but one, and how often the one left out "
                "then keeps the answer from certification or reverses it (the goal: never reverses).", "",
            "| left out | certified without it | it keeps from certification | it reverses |",
            "|---|---:|---:|---:|"]
    for model in pop.opponents:
        rest = pop.without(model).cells()
        keys = [(model, m) for m in pop.movers]
        without = [p for p in puzzles if (c := _certificate(cells[p], rest)) is not None and c.certified]
        judged = [p for p in without if all(k in cells[p] for k in keys)]
        keeps = sum(not certs[p].certified for p in judged if certs[p] is not None)
        reverses = sum(bool(_certificate(cells[p], keys).reversed_by()) for p in judged)
        unplayed = len(without) - len(judged)
        out.append(f"| {pop.words(model)} | {len(without)} | {keeps} | {reverses}"
                   f"{f' ({unplayed} not played against it)' if unplayed else ''} |")
    return out + [""]
