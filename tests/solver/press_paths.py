"""What a press exercises in the fast solver: the paths its proof's coverage test counts.

The fast solver scores the few candidate pages :mod:`pennypress.solver.page_profiles` lists for the press's
geometry and keeps the first of the best. A press's *paths* name what it reaches there: its size, its ad,
its shapes and how many of its stories are on a top beat; how many candidates its geometry has and which of
them is the answer; what set the answer above the others (T*, R*, the score, or nothing -- a tie the
tie-break order settles); the answer's T*, R*, the sign of its total, the stories it leaves off and its
exclusive (and whether that was chosen among equal values); stories given out of the canonical order,
interchangeable stories, all values zero.

The ranking is the rules' (most top-beat stories on row 0, then most placed, then the score), worked out
here from the candidates and the press document; the fast solver itself is not called, so its memo stays
cold for the proof that follows.
"""
from __future__ import annotations

from pennypress.solver.page_profiles import profiles

SHAPES = "ABCD"


def _slot_key(item: tuple[int, int, bool]) -> tuple[int, bool, int]:
    """The canonical story order (``page_order``): by shape, top-beat first, higher value first."""
    shape, value, top = item
    return shape, not top, -value


def press_paths(doc: dict) -> set[str]:
    """The paths one press (a contract JSON document) takes through the fast solver."""
    values = doc["beat_values"]
    best_value = max(values.values())
    items = [(SHAPES.index(s["shape"]), values[s["beat"]], values[s["beat"]] == best_value) for s in doc["stories"]]
    slots = sorted(items, key=_slot_key)
    ad = None if doc["ad"] is None else tuple(doc["ad"])
    candidates = profiles(tuple(shape for shape, _, _ in slots), ad)
    all_values = sum(v for _, v, _ in slots)
    levels = []
    for c in candidates:
        exclusive = max([0] + [slots[i][1] for i in c.edge if not slots[i][2]])
        score = c.penalty + 2 * sum(slots[i][1] for i in c.placed) - all_values + exclusive
        levels.append((sum(slots[i][2] for i in c.edge), sum(slots[i][2] for i in c.placed), score))
    best = max(levels)
    first = levels.index(best)
    answer = candidates[first]
    edge, placed, total = best
    n = len(items)
    paths = {f"{n} stories", "no ad" if ad is None else f"ad at {ad}", f"{sum(t for _, _, t in items)} top-beat stories",
             f"{len(candidates)} candidate pages", f"candidate {first} is the answer",
             f"T* {edge}", f"R* {placed - edge}", f"{n - len(answer.placed)} stories left off",
             "total < 0" if total < 0 else "total 0" if total == 0 else "total > 0"}
    paths |= {f"shape {s['shape']}" for s in doc["stories"]}
    for k, level in enumerate(levels):
        if level == best and k != first:
            paths.add("a later candidate ties the answer: the tie-break order decides")
        elif level[0] < edge:
            paths.add("T* decides")
        elif level[1] < placed:
            paths.add("R* decides")
        elif level[2] < total:
            paths.add("the score decides")
    row0 = [slots[i][1] for i in answer.edge if not slots[i][2]]
    paths.add("an exclusive" if row0 else "no exclusive")
    if row0 and row0.count(max(row0)) > 1:
        paths.add("the exclusive among equal values")
    if items != slots:
        paths.add("stories out of the canonical order")
    if len(set(items)) < n:
        paths.add("interchangeable stories")
    if best_value == 0:
        paths.add("all values zero")
    return paths
