"""The table of the shipped set in docs/concepts/puzzles.md is the shipped set's: counted again here."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from pennypress.engine.puzzles import load_puzzles

DOC = Path(__file__).resolve().parents[2] / "docs" / "concepts" / "puzzles.md"
ROWS = {"`page`": ("page", False), "`press-or-wait`, final edition": ("press-or-wait", False),
        "`press-or-wait`, timing": ("press-or-wait", True), "`best-move`": ("best-move", False),
        "`best-move`, timing": ("best-move", True)}


def _doc_table() -> tuple[int, dict[tuple[str, bool], list[int]]]:
    text = DOC.read_text(encoding="utf-8")
    heading = re.search(r"\*\*(\d+) puzzles\*\*, by kind and difficulty:\n\n((?:\|.*\n)+)", text)
    total = int(heading.group(1))
    rows = {}
    for line in heading.group(2).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and cells[0] in ROWS:
            rows[ROWS[cells[0]]] = [0 if c == "--" else int(c) for c in cells[1:]]
    return total, rows


def test_the_docs_table_counts_the_shipped_set():
    puzzles = list(load_puzzles())
    counted: dict[tuple[str, bool], Counter] = {}
    for p in puzzles:
        row = (p.kind, "timing" in p.tags)
        counted.setdefault(row, Counter())[p.difficulty] += 1
    total, rows = _doc_table()
    assert total == len(puzzles)
    assert set(rows) == set(counted)
    for row, cells in rows.items():
        assert cells == [counted[row][d] for d in range(1, 6)] + [sum(counted[row].values())], row
