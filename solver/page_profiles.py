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

**Shipped as data.** The table depends on the rules alone, so it is built once
and shipped as ``data/page_profiles.json`` (written by ``python -m
pennypress.solver.page_profiles_file --write``): a process reads an ad cell's
part from it instead of searching every packing on its first press. Each
candidate page is stored as its placements (the witness); what it publishes,
what touches row 0 and its empty-cell points are read off them
(:func:`decode_part`; the writer refuses a part that does not read back
exactly as built). The file holds a digest of what the table is made of
(:func:`inputs_digest`) and a digest of its parts; when either is not what the
loader computes -- the rules changed, the file was edited -- the parts are
built by the search as before, so the answer never depends on the file.
``tests/solver/test_page_profiles.py`` fails while the shipped file is not
what the writer writes now.

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

import hashlib
import json
import threading
import time
from importlib import resources
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


Part = dict[tuple[int, ...], tuple[Profile, ...]]
"""One ad cell's profiles, keyed by shape indices in slot order."""


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


def _build_ad(packings: list[_Packing], ad: Cell | None) -> Part:
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

DATA_FILE = "page_profiles.json"
"""The shipped table, in ``solver/data/`` (see the module docstring)."""
WRITE_COMMAND = "python -m pennypress.solver.page_profiles_file --write"
"""The command that writes :data:`DATA_FILE` (:mod:`.page_profiles_file`; ``--check``: exit 1 if it is stale)."""

_PACKINGS: list[_Packing] | None = None
_SHIPPED: dict[str, dict[str, str]] | None = None  # the data file's parts ({} when they cannot be used)
_BY_AD: dict[Cell | None, Part] = {}
_TABLE: dict | None = None
_BUILD_SECONDS = 0.0
_LOCK = threading.RLock()


def digest(value: object) -> str:
    """The SHA-256 of ``value`` written as canonical JSON (sorted keys, no spaces)."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def inputs_digest() -> str:
    """A digest of what the table is made of: the story limit, the page's cells and their penalties,
    and every shape's rectangles in placement-rank order."""
    return digest([MAX_CLAIMED_STORIES, CELLS, [cell_penalty(x, y) for x, y in CELLS],
                   [ranked_rectangles(shape) for shape in SHAPES]])


def ad_key(ad: Cell | None) -> str:
    """The ad cell as the data file names it: ``"none"`` or ``"x,y"``."""
    return "none" if ad is None else f"{ad[0]},{ad[1]}"


def decode_part(encoded: dict[str, str], ad: Cell | None) -> Part:
    """An ad cell's part from the data file's text: ``"013"`` (the shapes, A 0 .. D 3, in slot order) -> the
    candidate pages in tie-break order, ``/`` between them, a space between placements, each placement the
    five digits of ``(slot, x, y, w, h)``. A page publishes its placements' slots, those at ``y`` 0 touch
    row 0, and its empty cells' points are those of every cell but the ad's less those of the cells its
    placements cover (they neither overlap nor cover the ad)."""
    every_cell = sum(cell_penalty(x, y) for x, y in CELLS if (x, y) != ad)
    placements: dict[str, tuple[tuple[int, int, int, int, int], int]] = {}  # text -> (placement, its cells' points)
    pages: dict[str, Profile] = {}

    def placement(text: str) -> tuple[tuple[int, int, int, int, int], int]:
        found = placements.get(text)
        if found is None:
            slot, x, y, w, h = map(int, text)
            covered = sum(cell_penalty(x + dx, y + dy) for dy in range(h) for dx in range(w))
            found = placements[text] = ((slot, x, y, w, h), covered)
        return found

    def page(text: str) -> Profile:  # one profile per text: geometries share pages (profiles are immutable)
        profile = pages.get(text)
        if profile is None:
            found = [placement(t) for t in text.split()]
            witness = tuple(p for p, _ in found)
            profile = pages[text] = Profile(tuple(p[0] for p in witness), tuple(p[0] for p in witness if p[2] == 0),
                                            every_cell - sum(covered for _, covered in found), witness)
        return profile

    return {tuple(map(int, shapes)): tuple(page(t) for t in text.split("/")) for shapes, text in encoded.items()}


def _shipped() -> dict[str, dict[str, str]]:
    """The data file's parts by ad key, or ``{}`` when the file is missing, unreadable or not the table of
    these rules (its digests do not match: see the module docstring)."""
    try:
        doc = json.loads(resources.files(__package__).joinpath(f"data/{DATA_FILE}").read_text(encoding="utf-8"))
        parts = doc["parts"]
        if isinstance(parts, dict) and doc["inputs"] == inputs_digest() and doc["digest"] == digest(parts):
            return parts
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return {}


def _make_part(ad: Cell | None) -> Part:
    """One ad cell's part: read from the shipped data, or built when that cannot be used."""
    global _PACKINGS, _SHIPPED
    if _SHIPPED is None:
        _SHIPPED = _shipped()
    encoded = _SHIPPED.get(ad_key(ad))
    if encoded is not None:
        return decode_part(encoded, ad)
    if _PACKINGS is None:
        _PACKINGS = _packings()
    return _build_ad(_PACKINGS, ad)


def built_parts() -> dict[Cell | None, Part]:
    """Every ad cell's part built by the search, never read from the data file (what the file must hold)."""
    packings = _packings()
    return {ad: _build_ad(packings, ad) for ad in AD_CELLS}


def _ad_table(ad: Cell | None) -> Part:
    """One ad cell's part of the table, made on first use (a press needs only its own ad's part)."""
    global _BUILD_SECONDS
    part = _BY_AD.get(ad)
    if part is None:
        if ad not in AD_CELLS:
            raise KeyError(ad)
        with _LOCK:
            part = _BY_AD.get(ad)
            if part is None:
                start = time.perf_counter()
                part = _make_part(ad)
                _BUILD_SECONDS += time.perf_counter() - start
                _BY_AD[ad] = part
    return part


def table() -> dict[tuple[tuple[int, ...], Cell | None], tuple[Profile, ...]]:
    """Every geometry's profiles, keyed by ``(shape indices in slot order, ad)``; made on first use."""
    global _TABLE
    if _TABLE is None:
        with _LOCK:
            if _TABLE is None:
                _TABLE = {(shapes, ad): c for ad in AD_CELLS for shapes, c in _ad_table(ad).items()}
    return _TABLE


def reset() -> None:
    """Forget every part made and the data file read, so that the next use makes it again (a cold start)."""
    global _PACKINGS, _SHIPPED, _TABLE, _BUILD_SECONDS
    with _LOCK:
        _PACKINGS, _SHIPPED, _TABLE, _BUILD_SECONDS = None, None, None, 0.0
        _BY_AD.clear()


def build_seconds() -> float:
    """How long making the whole table (reading the shipped parts, or building them) took in this process
    (making it first if need be)."""
    table()
    return _BUILD_SECONDS


def profiles(shapes: tuple[int, ...], ad: Cell | None) -> tuple[Profile, ...]:
    """The candidate pages of a geometry, first in the tie-break order first.

    ``shapes`` holds shape indices (A 0 .. D 3), sorted; ``ad`` a cell or ``None``.
    """
    return _ad_table(ad)[tuple(shapes)]
