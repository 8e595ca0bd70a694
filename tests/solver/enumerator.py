"""An independent, exhaustive front-page enumerator: the reference the solver is proved against.

It shares nothing with ``pennypress.solver`` but the *geometry*, and even that it
spells out here from ``docs/rules/REFERENCE.md`` §1-2 (a test checks that the
solver's data says the same): a 4 x 3 page, shapes A 1x2, B 1x3, C 2x2, D 2x3
(rotatable), empty cells -2 on row 0 and -1 elsewhere, the ad cancelling its
cell's penalty. Rules from §5, written out independently:

- top beats: the beats whose value equals the highest of all five values;
- T* = the most top-beat stories touching row 0 on any page;
- R* = among pages with exactly T* on the edge, the most further top stories placed;
- a page is legal when it has T* top stories on the edge and T* + R* placed;
- score = published values + the best exclusive (the highest-value non-top story
  touching row 0, counted a second time) + empty-cell penalties - unpublished values.

Every assignment of every story to "unplaced" or to a rectangle (both
orientations, every position, off the ad, no overlaps) is visited; bitmasks keep
that cheap. Input is the command-line contract's JSON press document (a dict).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Iterator, Mapping, Sequence

COLUMNS = 4
ROWS = 3
SHAPE_SIZES = {"A": (1, 2), "B": (1, 3), "C": (2, 2), "D": (2, 3)}
ROW_PENALTY = (-2, -1, -1)
BEATS = ("war", "crime", "politics", "city", "human")

Rect = tuple[int, int, int, int]  # x, y, w, h (as placed)


def bit(x: int, y: int) -> int:
    return 1 << (y * COLUMNS + x)


FULL = (1 << (COLUMNS * ROWS)) - 1


def orientations(shape: str) -> list[tuple[int, int]]:
    w, h = SHAPE_SIZES[shape]
    return [(w, h)] if w == h else [(w, h), (h, w)]


def rect_mask(r: Rect) -> int:
    x, y, w, h = r
    m = 0
    for dy in range(h):
        for dx in range(w):
            m |= bit(x + dx, y + dy)
    return m


def rect_options(shape: str, ad: tuple[int, int] | None) -> list[tuple[int, bool, Rect]]:
    """``(cell mask, touches row 0, rect)`` for every legal rectangle of ``shape``."""
    ad_mask = bit(*ad) if ad is not None else 0
    out = []
    for w, h in orientations(shape):
        for y in range(ROWS - h + 1):
            for x in range(COLUMNS - w + 1):
                m = rect_mask((x, y, w, h))
                if m & ad_mask:
                    continue
                out.append((m, y == 0, (x, y, w, h)))
    return out


def _penalty_table(ad: tuple[int, int] | None) -> list[int]:
    """Penalty of the empty (non-ad) cells for every covered-cells mask."""
    ad_mask = bit(*ad) if ad is not None else 0
    cells = [(bit(x, y), ROW_PENALTY[y]) for y in range(ROWS) for x in range(COLUMNS)]
    table = []
    for covered in range(FULL + 1):
        table.append(sum(p for b, p in cells if not (covered | ad_mask) & b))
    return table


_PENALTY_CACHE: dict = {}


def penalty_table(ad):
    key = None if ad is None else tuple(ad)
    if key not in _PENALTY_CACHE:
        _PENALTY_CACHE[key] = _penalty_table(key)
    return _PENALTY_CACHE[key]


@dataclass(frozen=True)
class Press:
    """A press problem in plain data: ``stories`` as ``(beat, shape)``, the five values, the ad."""

    stories: tuple[tuple[str, str], ...]
    values: Mapping[str, int]
    ad: tuple[int, int] | None

    @classmethod
    def from_doc(cls, doc: Mapping) -> "Press":
        stories = tuple((s["beat"], s["shape"]) for s in doc["stories"])
        values = dict(doc["beat_values"])
        assert sorted(values) == sorted(BEATS), values
        ad = doc.get("ad")
        return cls(stories, values, None if ad is None else (ad[0], ad[1]))

    def value(self, i: int) -> int:
        return self.values[self.stories[i][0]]

    @property
    def top_beats(self) -> frozenset[str]:
        best = max(self.values.values())
        return frozenset(b for b, v in self.values.items() if v == best)

    def is_top(self, i: int) -> bool:
        return self.stories[i][0] in self.top_beats


@dataclass(frozen=True)
class Page:
    """One assignment: ``rects[i]`` is story i's rectangle or ``None`` (unplaced)."""

    rects: tuple[Rect | None, ...]
    edge: int  # top-beat stories touching row 0
    top_placed: int  # top-beat stories placed
    score: int  # with the best exclusive
    exclusive_value: int | None  # value counted twice, None when no candidate

    def key(self, press: Press) -> frozenset:
        """The page as a set of (beat, shape, rect): stories of one beat and shape are interchangeable."""
        return frozenset((press.stories[i][0], press.stories[i][1], r) for i, r in enumerate(self.rects) if r is not None)


def iter_pages(press: Press) -> Iterator[Page]:
    """Every assignment of the stories to "unplaced" or a non-overlapping, ad-free rectangle."""
    n = len(press.stories)
    opts = [rect_options(shape, press.ad) for _, shape in press.stories]
    top = [press.is_top(i) for i in range(n)]
    vals = [press.value(i) for i in range(n)]
    pen = penalty_table(press.ad)
    rects: list[Rect | None] = [None] * n

    def rec(i: int, used: int, edge: int, tp: int, base: int, excl: int) -> Iterator[Page]:
        if i == n:
            score = base + pen[used] + (excl if excl >= 0 else 0)
            yield Page(tuple(rects), edge, tp, score, excl if excl >= 0 else None)
            return
        v = vals[i]
        rects[i] = None
        yield from rec(i + 1, used, edge, tp, base - v, excl)
        for m, on_top, r in opts[i]:
            if used & m:
                continue
            rects[i] = r
            if top[i]:
                yield from rec(i + 1, used | m, edge + on_top, tp + 1, base + v, excl)
            else:
                yield from rec(i + 1, used | m, edge, tp, base + v, max(excl, v) if on_top else excl)
        rects[i] = None

    yield from rec(0, 0, 0, 0, 0, -1)


@dataclass(frozen=True)
class Optimum:
    edge_required: int  # T*
    rest_required: int  # R*
    total: int  # best score among legal pages
    pages: int  # assignments visited


def best_by_levels(press: Press) -> tuple[dict[tuple[int, int], int], int]:
    """Visit every assignment; return {(top on edge, top placed): best score} and the count visited."""
    n = len(press.stories)
    opts = [[(m, t) for m, t, _ in rect_options(shape, press.ad)] for _, shape in press.stories]
    top = [press.is_top(i) for i in range(n)]
    vals = [press.value(i) for i in range(n)]
    pen = penalty_table(press.ad)
    best: dict[tuple[int, int], int] = {}
    count = 0

    def rec(i: int, used: int, edge: int, tp: int, base: int, excl: int) -> None:
        nonlocal count
        if i == n:
            count += 1
            score = base + pen[used] + excl
            key = (edge, tp)
            if best.get(key, -10**9) < score:
                best[key] = score
            return
        v = vals[i]
        rec(i + 1, used, edge, tp, base - v, excl)
        if top[i]:
            for m, on_top in opts[i]:
                if not used & m:
                    rec(i + 1, used | m, edge + on_top, tp + 1, base + v, excl)
        else:
            for m, on_top in opts[i]:
                if not used & m:
                    rec(i + 1, used | m, edge, tp, base + v, (v if v > excl else excl) if on_top else excl)

    rec(0, 0, 0, 0, 0, 0)
    return best, count


def solve_exhaustive(press: Press) -> Optimum:
    """T*, R* and the optimal score, by visiting every assignment (fast path of :func:`iter_pages`)."""
    best, count = best_by_levels(press)
    t_star = max(e for e, _ in best)
    r_star = max(tp for e, tp in best if e == t_star) - t_star
    return Optimum(t_star, r_star, best[(t_star, t_star + r_star)], count)


def legal_pages(press: Press) -> list[Page]:
    """Every legal assignment (T* on the edge, T* + R* top stories placed)."""
    pages = list(iter_pages(press))
    t_star = max(p.edge for p in pages)
    r_star = max(p.top_placed for p in pages if p.edge == t_star) - t_star
    return [p for p in pages if p.edge == t_star and p.top_placed == t_star + r_star]


def best_by_published_set(press: Press) -> dict[frozenset, int]:
    """The best legal score for every set of stories (indices) some legal page prints."""
    best: dict[frozenset, int] = {}
    for p in legal_pages(press):
        key = frozenset(i for i, r in enumerate(p.rects) if r is not None)
        best[key] = max(best.get(key, p.score), p.score)
    return best


def distinct_page_scores(press: Press) -> list[int]:
    """Scores of the distinct legal pages (interchangeable stories merged), best first."""
    seen: dict[frozenset, int] = {}
    for p in legal_pages(press):
        k = p.key(press)
        assert seen.get(k, p.score) == p.score
        seen[k] = p.score
    return sorted(seen.values(), reverse=True)


def score_assignment(press: Press, rects: Sequence[Rect | None], exclusive: int | None | str = "best") -> int:
    """Score a page given as rectangles per story (no legality judgement beyond geometry asserts)."""
    used = 0
    for r in rects:
        if r is not None:
            m = rect_mask(r)
            assert not used & m
            used |= m
    score = penalty_table(press.ad)[used]
    for i, r in enumerate(rects):
        score += press.value(i) if r is not None else -press.value(i)
    cands = [press.value(i) for i, r in enumerate(rects) if r is not None and r[1] == 0 and not press.is_top(i)]
    if exclusive == "best":
        score += max(cands, default=0)
    elif exclusive is not None:
        score += press.value(exclusive)
    return score


def total_first(press: Press) -> tuple[int, int, int]:
    """The reading the project rejects (most top stories in total first, then edge): (edge, placed, best)."""
    best, _ = best_by_levels(press)
    placed = max(tp for _, tp in best)
    edge = max(e for e, tp in best if tp == placed)
    return edge, placed, best[(edge, placed)]


def page_problems(press: Press, rects: Sequence[Rect | None], exclusive: int | None) -> list[str]:
    """Why a page (rectangle or None per story) is not a legal optimal-rule page; [] if it is.

    Judged from scratch: shapes, bounds, ad, overlaps, T*/R* (from :func:`solve_exhaustive`),
    and that ``exclusive`` is None or a placed non-top story touching row 0.
    """
    out = []
    if len(rects) != len(press.stories):
        return [f"{len(rects)} entries for {len(press.stories)} stories"]
    used = 0
    ad_mask = bit(*press.ad) if press.ad is not None else 0
    for i, r in enumerate(rects):
        if r is None:
            continue
        x, y, w, h = r
        if (w, h) not in orientations(press.stories[i][1]):
            out.append(f"story {i}: {w}x{h} is not a {press.stories[i][1]}")
            continue
        if not (0 <= x and 0 <= y and x + w <= COLUMNS and y + h <= ROWS):
            out.append(f"story {i}: off the page")
            continue
        m = rect_mask(r)
        if m & ad_mask:
            out.append(f"story {i}: covers the ad")
        if m & used:
            out.append(f"story {i}: overlaps")
        used |= m
    opt = solve_exhaustive(press)
    edge = sum(1 for i, r in enumerate(rects) if r is not None and r[1] == 0 and press.is_top(i))
    placed = sum(1 for i, r in enumerate(rects) if r is not None and press.is_top(i))
    if edge != opt.edge_required:
        out.append(f"{edge} top stories on the edge, T* = {opt.edge_required}")
    if placed != opt.edge_required + opt.rest_required:
        out.append(f"{placed} top stories placed, T* + R* = {opt.edge_required + opt.rest_required}")
    if exclusive is not None:
        r = rects[exclusive] if 0 <= exclusive < len(rects) else None
        if r is None or r[1] != 0 or press.is_top(exclusive):
            out.append(f"story {exclusive} cannot be the exclusive")
    return out


# --------------------------------------------------------------------------
# The tie-break among equally good pages (README, "The rules"), spelled out
# here from its description, not from the solver's code.

SHAPE_ORDER = "ABCD"


def story_order(press: Press) -> list[int]:
    """By shape A-D, then top-beat stories first, then higher value first, then lower index."""
    return sorted(
        range(len(press.stories)),
        key=lambda i: (SHAPE_ORDER.index(press.stories[i][1]), 0 if press.is_top(i) else 1, -press.value(i), i),
    )


def rects_in_rank_order(shape: str, ad: tuple[int, int] | None) -> list[tuple[int, Rect]]:
    """``(mask, rect)`` of every legal rectangle: top-left cell in reading order, printed orientation first."""
    w0, h0 = SHAPE_SIZES[shape]
    keyed = []
    for m, _, r in rect_options(shape, ad):
        x, y, w, h = r
        keyed.append(((y, x, 0 if (w, h) == (w0, h0) else 1), m, r))
    return [(m, r) for _, m, r in sorted(keyed)]


def first_optimal_page(press: Press) -> tuple[tuple[Rect | None, ...], int | None, Optimum]:
    """The first legal optimal page in the tie-break order: ``(rects per story, exclusive, optimum)``.

    Pages are visited in that order -- published sets first to last (going
    through the stories in canonical order, publishing a story comes before
    leaving it off), and within one published set each story's rectangles in
    rank order -- and a page replaces the best so far only if it is strictly
    better on (top stories on row 0, top stories placed, score). So the page
    kept is the first of the best. The exclusive is the best candidate, lowest
    index among equal values.
    """
    n = len(press.stories)
    order = story_order(press)
    opts = {i: rects_in_rank_order(press.stories[i][1], press.ad) for i in range(n)}
    top = [press.is_top(i) for i in range(n)]
    vals = [press.value(i) for i in range(n)]
    pen = penalty_table(press.ad)
    rects: list[Rect | None] = [None] * n
    best: list = [None, None, 0]  # (edge, top placed, score), rects, pages visited

    def rec(k: int, placed: list[int], used: int, edge: int, tp: int, base: int, excl: int) -> None:
        if k == len(placed):
            best[2] += 1
            level = (edge, tp, base + pen[used] + excl)
            if best[0] is None or level > best[0]:
                best[0], best[1] = level, tuple(rects)
            return
        i = placed[k]
        for m, r in opts[i]:
            if used & m:
                continue
            rects[i] = r
            on_top = r[1] == 0
            if top[i]:
                rec(k + 1, placed, used | m, edge + on_top, tp + 1, base + vals[i], excl)
            else:
                rec(k + 1, placed, used | m, edge, tp, base + vals[i], max(excl, vals[i]) if on_top else excl)
            rects[i] = None

    for published in itertools.product((True, False), repeat=n):  # publish-first sets first
        placed = [i for i, pub in zip(order, published) if pub]
        rec(0, placed, 0, 0, 0, -sum(vals[i] for i in range(n) if i not in placed), 0)
    (edge, tp, score), page, visited = best
    cands = [i for i in range(n) if page[i] is not None and page[i][1] == 0 and not top[i]]
    exclusive = max(cands, key=lambda i: (vals[i], -i)) if cands else None
    return page, exclusive, Optimum(edge, tp - edge, score, visited)


# --------------------------------------------------------------------------
# Seeded random presses (shared by the cross-check tests and the benchmark)

CELL_LIST = [(x, y) for y in range(ROWS) for x in range(COLUMNS)]


def random_values(rng) -> dict[str, int]:
    """Five beat values 0..6, often with ties for the top, sometimes all zero or all equal."""
    mode = rng.random()
    if mode < 0.06:
        return {b: 0 for b in BEATS}
    if mode < 0.12:
        v = rng.randint(1, 6)
        return {b: v for b in BEATS}
    values = {b: rng.randint(0, 6) for b in BEATS}
    if mode < 0.45:  # force a tie for the top between two or three beats
        top = rng.randint(1, 6)
        tied = rng.sample(BEATS, rng.choice((2, 2, 3)))
        for b in BEATS:
            values[b] = top if b in tied else rng.randint(0, top - 1)
    return values


def random_press_doc(rng, n: int | None = None) -> dict:
    """One press problem in the contract's JSON shape."""
    n = n if n is not None else rng.choice((1, 2, 3, 3, 4, 4, 5, 5, 5))
    values = random_values(rng)
    # Draw beats from a small pool so several stories of one beat are common;
    # bias toward the top beats so the top-beat rule is exercised.
    best = max(values.values())
    tops = [b for b in BEATS if values[b] == best]
    pool = rng.sample(BEATS, rng.randint(1, 3)) + tops
    stories = []
    for _ in range(n):
        s = {"beat": rng.choice(pool), "shape": rng.choice("ABCD")}
        if rng.random() < 0.3:
            s["stars"] = rng.randint(1, 3)
        stories.append(s)
    ad = None if rng.random() < 0.25 else list(rng.choice(CELL_LIST))
    return {"stories": stories, "beat_values": values, "ad": ad}


def random_presses(seed: int, count: int) -> list[dict]:
    import random

    out = []
    for k in range(count):
        out.append(random_press_doc(random.Random(seed * 1_000_003 + k)))
    return out


def uniform_press_doc(rng) -> dict:
    """A press drawn uniformly: 1-5 stories, each of a uniform beat and shape; five uniform values 0..6;
    the ad uniform over none and the 12 cells."""
    n = rng.randint(1, 5)
    values = {b: rng.randint(0, 6) for b in BEATS}
    stories = [{"beat": rng.choice(BEATS), "shape": rng.choice("ABCD")} for _ in range(n)]
    ad = rng.choice([None] + CELL_LIST)
    return {"stories": stories, "beat_values": values, "ad": None if ad is None else list(ad)}


def uniform_presses(seed: int, count: int) -> list[dict]:
    import random

    rng = random.Random(seed)
    return [uniform_press_doc(rng) for _ in range(count)]
