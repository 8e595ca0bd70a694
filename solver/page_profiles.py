"""Page profiles: for each geometry, the few pages that can ever be a press's answer.

A *geometry* is what the page's shape depends on: the claimed stories' shapes
(a multiset of 1 to 5 of A, B, C, D -- 125 of them) and the ad cell (none or one
of 12): 1,625 geometries. For each, :func:`profiles` lists a handful of
candidate pages such that for *every* choice of
values and top-beat flags, the answer of the rules (most top-beat stories on
row 0, then most top-beat stories placed, then the best score) and of the
tie-break (:mod:`~pennypress.solver.page_order`) is one of them. The fast
solver only scores those.

**Slots.** A geometry's stories are numbered in the canonical story order of
:mod:`~pennypress.solver.page_order`: by shape, then top-beat first, then
higher value first. So within one shape, a lower slot is a story at least as
good (top if the other is, otherwise worth at least as much).

Why these candidates are enough:

1. *Sorted pages.* Within one shape, the answer publishes a prefix of the
   slots, puts a prefix of those on row 0, and gives lower slots lower
   placement ranks. Otherwise swap two same-shape stories, the lower slot
   taking the better role (published rather than not, on row 0 rather than
   below, the lower-ranked place): no top-beat count falls, no score falls (the
   lower slot is as good), and the page comes earlier in the tie-break order --
   so the unsorted page was not the answer. Each *packing* (a set of
   non-overlapping shaped rectangles off the ad) has exactly one sorted
   labelling; the search runs over packings.
2. *Signatures.* A sorted page's rank under the rules depends only on its
   signature: per shape, ``k`` published and ``e`` touching row 0, and ``c0``,
   the row-0 cells covered. (Its score is ``2 * published values - all values +
   exclusive + empty-cell points``, and the empty-cell points are a constant
   plus ``c0`` plus the area covered.) Of the packings with one signature,
   only the first in the tie-break order can be the answer: the *witness*.
3. *Dominance.* Signature Q beats P for every input when Q has at least P's
   ``k``, ``e`` and ``c0`` everywhere, and either more ``k`` or ``c0`` (more
   cells covered: a strictly higher score, no lower top-beat counts) or only
   more ``e`` with its witness first in the tie-break order (a score at least
   as high: more top stories on the edge, more exclusive candidates).
   A geometry keeps the signatures that no other signature fitting its
   shapes beats. ``kept(M) = maxima(signatures using exactly M ∪ kept(M - one
   story) for each shape)`` builds all of them in one pass over the multisets.

The tests check the result against CP-SAT and the independent enumerator on
every geometry and on tens of thousands of random presses.

Two A stories and a D with the ad at (1, 1) (the rulebook's "when not to go to
press"): either all three are published, the D on row 0 with one A, or -- the
answer when both A stories are top-beat stories and the D is not -- both A
stories lie along row 0 and the D stays off:

>>> for c in profiles((0, 0, 3), (1, 1)):
...     print(c.placed, c.edge, c.penalty, c.witness)
(0, 1, 2) (0, 2) -1 ((0, 0, 0, 2, 1), (1, 0, 1, 1, 2), (2, 2, 0, 2, 3))
(0, 1) (0, 1) -7 ((0, 0, 0, 2, 1), (1, 2, 0, 2, 1))
>>> len(table()), max(len(c) for c in table().values())
(1625, 11)
"""
from __future__ import annotations

import threading
import time
from itertools import product
from typing import NamedTuple

from .page_order import ranked_rectangles
from .vocab import CELLS, COLUMNS, MAX_CLAIMED_STORIES, SHAPES, Cell, cell_penalty

NSHAPES = len(SHAPES)
Witness = tuple[tuple[int, int, int, int, int], ...]
"""Placements as ``(slot, x, y, w, h)``."""


class Profile(NamedTuple):
    """A candidate page of one geometry, in slot numbers."""

    placed: tuple[int, ...]  # slots published
    edge: tuple[int, ...]  # slots touching row 0
    penalty: int  # the empty cells' points (ad excluded)
    witness: Witness  # the page itself


class _Packing(NamedTuple):
    counts: tuple[int, ...]  # rectangles per shape (k)
    edge: tuple[int, ...]  # of which on row 0 (e)
    top_cells: int  # row-0 cells covered (c0)
    mask: int  # cells covered, bit y * COLUMNS + x
    order: tuple  # place in the tie-break order among pages of one geometry
    rects: tuple[tuple[int, int, int, int, int], ...]  # (shape, x, y, w, h), each shape's by rank


def _bit(x: int, y: int) -> int:
    return 1 << (y * COLUMNS + x)


def _packings() -> list[_Packing]:
    """Every set of at most 5 non-overlapping rectangles on the empty page, once each.

    Depth first over the cells in reading order: the first undecided cell is
    either left empty or is the top-left cell of a new rectangle.
    """
    by_corner: dict[int, list] = {}
    for s, shape in enumerate(SHAPES):
        for rank, (x, y, w, h) in enumerate(ranked_rectangles(shape)):
            mask = 0
            for dy in range(h):
                for dx in range(w):
                    mask |= _bit(x + dx, y + dy)
            by_corner.setdefault(y * COLUMNS + x, []).append((s, rank, mask, (s, x, y, w, h)))
    ncells = len(CELLS)
    out: list[_Packing] = []
    chosen: list = []

    def finish() -> None:
        counts, edge = [0] * NSHAPES, [0] * NSHAPES
        mask = 0
        for s, _, m, r in chosen:
            counts[s] += 1
            edge[s] += r[2] == 0
            mask |= m
        ordered = sorted(chosen, key=lambda c: (c[0], c[1]))
        top_cells = bin(mask & ((1 << COLUMNS) - 1)).count("1")
        order = (tuple(-k for k in counts), tuple(c[1] for c in ordered))
        out.append(_Packing(tuple(counts), tuple(edge), top_cells, mask, order, tuple(c[3] for c in ordered)))

    def dfs(cell: int, used: int) -> None:
        while cell < ncells and used >> cell & 1:
            cell += 1
        if cell == ncells:
            finish()
            return
        dfs(cell + 1, used)
        if len(chosen) < MAX_CLAIMED_STORIES:
            for item in by_corner.get(cell, ()):
                if not item[2] & used:
                    chosen.append(item)
                    dfs(cell + 1, used | item[2])
                    chosen.pop()

    dfs(0, 0)
    return out


def _beats(q: _Packing, p: _Packing) -> bool:
    """Signature ``q`` beats ``p`` for every input (rule 3 of the module docstring)."""
    if q.top_cells < p.top_cells:
        return False
    for a, b in zip(q.counts, p.counts):
        if a < b:
            return False
    for a, b in zip(q.edge, p.edge):
        if a < b:
            return False
    if q.counts != p.counts or q.top_cells > p.top_cells:
        return True
    return q.edge != p.edge and q.order < p.order


def _maxima(items: list[_Packing]) -> list[_Packing]:
    return [p for p in items if not any(_beats(q, p) for q in items if q is not p)]


def _multisets() -> list[tuple[int, ...]]:
    """Shape counts (A, B, C, D) of 0 to 5 stories, fewest stories first."""
    counts = product(range(MAX_CLAIMED_STORIES + 1), repeat=NSHAPES)
    return sorted((k for k in counts if sum(k) <= MAX_CLAIMED_STORIES), key=lambda k: (sum(k), k))


def _empty_points(mask: int, ad: Cell | None) -> int:
    return sum(cell_penalty(x, y) for x, y in CELLS if not mask & _bit(x, y) and (x, y) != ad)


def _profile(pack: _Packing, counts: tuple[int, ...], ad: Cell | None) -> Profile:
    starts = [sum(counts[:s]) for s in range(NSHAPES)]
    placed = tuple(starts[s] + j for s in range(NSHAPES) for j in range(pack.counts[s]))
    edge = tuple(starts[s] + j for s in range(NSHAPES) for j in range(pack.edge[s]))
    seen = [0] * NSHAPES
    witness = []
    for s, x, y, w, h in pack.rects:
        witness.append((starts[s] + seen[s], x, y, w, h))
        seen[s] += 1
    return Profile(placed, edge, _empty_points(pack.mask, ad), tuple(sorted(witness)))


def _build_ad(packings: list[_Packing], ad: Cell | None) -> dict[tuple[int, ...], tuple[Profile, ...]]:
    """The profiles of every geometry with this ad cell, keyed by shape indices in slot order."""
    ad_mask = 0 if ad is None else _bit(*ad)
    first: dict[tuple, _Packing] = {}  # signature -> its witness packing
    for p in packings:
        if p.mask & ad_mask:
            continue
        sig = (p.counts, p.edge, p.top_cells)
        if sig not in first or p.order < first[sig].order:
            first[sig] = p
    exact: dict[tuple[int, ...], list[_Packing]] = {}
    for p in first.values():
        exact.setdefault(p.counts, []).append(p)
    kept: dict[tuple[int, ...], list[_Packing]] = {}
    part = {}
    for counts in _multisets():
        pool = {id(p): p for p in exact.get(counts, [])}
        for s in range(NSHAPES):
            if counts[s]:
                fewer = counts[:s] + (counts[s] - 1,) + counts[s + 1 :]
                pool.update((id(p), p) for p in kept[fewer])
        kept[counts] = _maxima(list(pool.values()))
        if sum(counts):
            shapes = tuple(s for s in range(NSHAPES) for _ in range(counts[s]))
            ordered = sorted(kept[counts], key=lambda p: p.order)
            part[shapes] = tuple(_profile(p, counts, ad) for p in ordered)
    return part


AD_CELLS: tuple[Cell | None, ...] = (None, *CELLS)
"""The ad's places: none, or one of the page's cells (the table's order)."""

_PACKINGS: list[_Packing] | None = None
_BY_AD: dict[Cell | None, dict[tuple[int, ...], tuple[Profile, ...]]] = {}
_TABLE: dict | None = None
_BUILD_SECONDS = 0.0
_LOCK = threading.RLock()


def _ad_table(ad: Cell | None) -> dict[tuple[int, ...], tuple[Profile, ...]]:
    """One ad cell's part of the table, built on first use (a press needs only its own ad's part)."""
    global _PACKINGS, _BUILD_SECONDS
    part = _BY_AD.get(ad)
    if part is None:
        if ad not in AD_CELLS:
            raise KeyError(ad)
        with _LOCK:
            part = _BY_AD.get(ad)
            if part is None:
                start = time.perf_counter()
                if _PACKINGS is None:
                    _PACKINGS = _packings()
                part = _build_ad(_PACKINGS, ad)
                _BUILD_SECONDS += time.perf_counter() - start
                _BY_AD[ad] = part
    return part


def table() -> dict[tuple[tuple[int, ...], Cell | None], tuple[Profile, ...]]:
    """Every geometry's profiles, keyed by ``(shape indices in slot order, ad)``; built on first use."""
    global _TABLE
    if _TABLE is None:
        with _LOCK:
            if _TABLE is None:
                _TABLE = {(shapes, ad): c for ad in AD_CELLS for shapes, c in _ad_table(ad).items()}
    return _TABLE


def reset() -> None:
    """Forget every built part, so that the next use builds it again (a cold start)."""
    global _PACKINGS, _TABLE, _BUILD_SECONDS
    with _LOCK:
        _PACKINGS, _TABLE, _BUILD_SECONDS = None, None, 0.0
        _BY_AD.clear()


def build_seconds() -> float:
    """How long building the whole table took in this process (building it first if need be)."""
    table()
    return _BUILD_SECONDS


def profiles(shapes: tuple[int, ...], ad: Cell | None) -> tuple[Profile, ...]:
    """The candidate pages of a geometry, first in the tie-break order first.

    ``shapes`` holds shape indices (A 0 .. D 3), sorted; ``ad`` a cell or ``None``.
    """
    return _ad_table(ad)[tuple(shapes)]
