"""Judging a page a person proposes: legal or not, which rules it breaks, what it costs.

Rule ids (``docs/guide/cli.md``): ``bounds``, ``overlap``, ``ad``, ``shape``,
``duplicate``, ``top-edge``, ``top-total``, ``exclusive``. Every violation has
a plain sentence naming the stories and cells involved.

>>> from pennypress.solver.problem import make_problem
>>> from pennypress.solver.vocab import Placement
>>> p = make_problem([("politics", "A"), ("war", "D")],
...                  {"war": 3, "crime": 3, "politics": 4, "city": 0, "human": 0})
>>> r = check_page(p, ProposedPage((Placement(0, 0, 1, 1, 2), Placement(1, 1, 0, 2, 3))))
>>> r.legal, [v.rule for v in r.violations]
(False, ['top-edge'])
>>> print(r.violations[0].message)
#1 Politics A must touch the top edge: 1 top-beat story fits along the top, this page has 0.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from pennypress.errors import BadInput
from .problem import PressProblem
from .scoring import Breakdown, best_exclusive, score_page
from .solve import solve
from .vocab import COLUMNS, MAX_SPAN, ROWS, Placement, cell_words, field_names, in_page, ordinal, row_words

RULES = ("bounds", "overlap", "ad", "shape", "duplicate", "top-edge", "top-total", "exclusive")

_BEST = object()  # "exclusive omitted": take the best valid one


@dataclass(frozen=True)
class Violation:
    """A broken rule: its id, a plain sentence, and the page cells involved (for drawing).

    ``cells`` lists the cells two stories both cover (``overlap``), the cells a
    story's extra copy shares with other placements (``duplicate``) or the ad's
    cell (``ad``); it is empty for the other rules. It is not part of the JSON.
    """

    rule: str
    message: str
    cells: tuple[tuple[int, int], ...] = ()

    def to_json(self) -> dict:
        return {"rule": self.rule, "message": self.message}


@dataclass(frozen=True)
class ProposedPage:
    """Placements a person proposes, and the exclusive they declare.

    ``exclusive`` is a story index, ``None`` for no exclusive, or left out to
    take the best valid one.
    """

    placements: tuple[Placement, ...]
    exclusive: Any = field(default=_BEST)

    @property
    def exclusive_declared(self) -> bool:
        return self.exclusive is not _BEST

    @classmethod
    def from_json(cls, doc: Any, problem: PressProblem, where: str = "layout") -> "ProposedPage":
        if not isinstance(doc, dict):
            raise BadInput(f"{where}: expected an object with 'placements'")
        unknown = set(doc) - {"placements", "exclusive"}
        if unknown:
            raise BadInput(f"{where}: unknown field(s) {field_names(unknown)}")
        raw = doc.get("placements")
        if not isinstance(raw, list):
            raise BadInput(f"{where}.placements: expected a list of placements")
        placements = []
        n = len(problem.stories)
        for k, item in enumerate(raw):
            w = f"{where}.placements[{k}]"
            if not isinstance(item, dict):
                raise BadInput(f"{w}: expected an object with story, x, y, w, h")
            missing = [f for f in ("story", "x", "y", "w", "h") if f not in item]
            if missing:
                raise BadInput(f"{w}: missing {', '.join(missing)}")
            extra = set(item) - {"story", "x", "y", "w", "h"}
            if extra:
                raise BadInput(f"{w}: unknown field(s) {field_names(extra)}")
            for f in ("story", "x", "y", "w", "h"):
                if isinstance(item[f], bool) or not isinstance(item[f], int):
                    raise BadInput(f"{w}.{f}: expected a whole number, got {item[f]!r}")
            if not 0 <= item["story"] < n:
                raise BadInput(f"{w}.story: no story {item['story']} (the press has stories 0 to {n - 1})")
            for f in ("w", "h"):  # the checker walks a placement's cells: a size past any page is refused here
                if item[f] > MAX_SPAN:
                    raise BadInput(f"{w}.{f}: {item[f]} is larger than any page (the page is {COLUMNS} by {ROWS} "
                                   f"cells; at most {MAX_SPAN} is read)")
            placements.append(Placement(item["story"], item["x"], item["y"], item["w"], item["h"]))
        if "exclusive" not in doc:
            return cls(tuple(placements))
        ex = doc["exclusive"]
        if ex is not None and (isinstance(ex, bool) or not isinstance(ex, int)):
            raise BadInput(f"{where}.exclusive: expected a story index or null, got {ex!r}")
        return cls(tuple(placements), ex)

    def to_json(self) -> dict:
        doc: dict[str, Any] = {"placements": [p.to_json() for p in self.placements]}
        if self.exclusive_declared:
            doc["exclusive"] = self.exclusive
        return doc


@dataclass(frozen=True)
class CheckResult:
    """The verdict on a proposed page. ``total``/``loss`` are ``None`` for an illegal page."""

    legal: bool
    violations: tuple[Violation, ...]
    breakdown: Breakdown | None
    optimal_total: int
    exclusive: int | None

    @property
    def total(self) -> int | None:
        return self.breakdown.total if self.breakdown else None

    @property
    def loss(self) -> int | None:
        return None if self.total is None else self.optimal_total - self.total

    def to_json(self) -> dict:
        return {
            "legal": self.legal,
            "violations": [v.to_json() for v in self.violations],
            "total": self.total,
            "optimal_total": self.optimal_total,
            "loss": self.loss,
            "exclusive": self.exclusive,
            "breakdown": self.breakdown.to_json() if self.breakdown else None,
        }


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {plural or word + 's'}"


def _cells(cells) -> str:
    """Cells as a person finds them on the mat: ``'the top row, 2nd column'``."""
    return " and ".join(f"the {cell_words(c)}" for c in sorted(cells, key=lambda c: (c[1], c[0])))


def _corner(p: Placement) -> str:
    """Where a placement's top-left corner is, in words, even off the page."""
    if in_page(p.x, p.y):
        return f"the {cell_words((p.x, p.y))}"
    row = row_words(p.y) if 0 <= p.y < ROWS else f"row {p.y + 1}"
    column = f"{ordinal(p.x + 1)} column" if p.x >= 0 else f"column {p.x + 1}"
    return f"the {row}, {column}"


def _name(problem: PressProblem, i: int) -> str:
    """Story ``i`` as every page drawing and message shows it, numbered once: ``'#1 Politics A ★★'`` for story 0."""
    return problem.stories[i].numbered(i)


def _footprint(problem: PressProblem, p: Placement) -> list[Violation]:
    """What is wrong with one placement by itself: its shape, the page's edges, the ad."""
    story = problem.stories[p.story]
    name = _name(problem, p.story)
    out = []
    if (p.w, p.h) not in story.shape.orientations:
        sizes = " or ".join(f"{w}×{h}" for w, h in story.shape.orientations)
        out.append(Violation("shape", f"{name} is placed {p.w} wide and {p.h} tall; "
                                      f"{'an' if story.shape.value == 'A' else 'a'} {story.shape.value} story is {sizes}."))
    if not p.in_bounds():
        out.append(Violation("bounds", f"{name} ({p.w} wide, {p.h} tall) with its top-left corner in {_corner(p)} "
                                       f"runs off the page ({COLUMNS} columns, {ROWS} rows)."))
    if problem.ad is not None and problem.ad in set(p.cells()):
        out.append(Violation("ad", f"{name} covers the advertisement in {_cells([problem.ad])}.", (problem.ad,)))
    return out


def _geometry(problem: PressProblem, page: ProposedPage) -> tuple[dict[int, Placement], list[Violation]]:
    """Each story's first placement, and every footprint, duplicate and overlap violation."""
    violations: list[Violation] = []
    seen: dict[int, Placement] = {}
    duplicates: list[Placement] = []  # second (third, ...) placements of a story
    for p in page.placements:
        if p.story in seen:
            duplicates.append(p)
            continue
        seen[p.story] = p
        violations += _footprint(problem, p)
    owner: dict[tuple[int, int], int] = {}
    clashes: dict[tuple[int, int], set] = {}
    for p in seen.values():
        for c in p.cells():
            if c in owner:
                clashes.setdefault((owner[c], p.story), set()).add(c)
            else:
                owner[c] = p.story
    for p in duplicates:  # where the extra copy lands on another placement
        others = {c for q in page.placements if q is not p for c in q.cells()}
        clash = tuple(sorted(set(p.cells()) & others))
        violations.append(Violation("duplicate", f"{_name(problem, p.story)} is placed more than once.", clash))
    for (a, b), cells in sorted(clashes.items()):
        violations.append(Violation(
            "overlap", f"{_name(problem, a)} and {_name(problem, b)} both cover {_plural(len(cells), 'cell')}: "
                       f"{_cells(cells)}.", tuple(sorted(cells))))
    return seen, violations


def _top_rule(problem: PressProblem, seen: dict[int, Placement], t_star: int, r_star: int) -> list[Violation]:
    """The top-beat rule: ``t_star`` top-beat stories on the top edge, ``t_star + r_star`` placed."""
    out = []
    placed = list(seen.values())
    top_edge = [p.story for p in placed if problem.is_top(p.story) and p.touches_top]
    top_placed = [p.story for p in placed if problem.is_top(p.story)]
    if len(top_edge) < t_star:
        off = [i for i in range(len(problem.stories)) if problem.is_top(i) and i not in top_edge]
        who = " or ".join(_name(problem, i) for i in off)
        out.append(Violation(
            "top-edge", f"{who} must touch the top edge: "
                        f"{_plural(t_star, 'top-beat story', 'top-beat stories')} {'fits' if t_star == 1 else 'fit'} "
                        f"along the top, this page has {len(top_edge)}."))
    if len(top_placed) < t_star + r_star:
        off = [i for i in range(len(problem.stories)) if problem.is_top(i) and i not in seen]
        who = " and ".join(_name(problem, i) for i in off)
        out.append(Violation(
            "top-total", f"{_plural(t_star + r_star, 'top-beat story', 'top-beat stories')} can be published on this "
                         f"page, this page publishes {len(top_placed)}: {who} must be placed."))
    return out


def _exclusive(problem: PressProblem, page: ProposedPage, seen: dict[int, Placement]) -> tuple[int | None, list[Violation]]:
    """The page's exclusive (declared, or the best valid one) and why a declared one cannot be it."""
    if not page.exclusive_declared:
        return best_exclusive(problem, list(seen.values())), []
    exclusive = page.exclusive
    why = None
    if exclusive is None:
        pass
    elif not 0 <= exclusive < len(problem.stories):
        why = f"There is no story {exclusive} to declare exclusive."
    elif exclusive not in seen:
        why = f"{_name(problem, exclusive)} is not on the page, so it cannot be the exclusive."
    elif problem.is_top(exclusive):
        why = f"{_name(problem, exclusive)} is from a top beat, so it cannot be the exclusive."
    elif not seen[exclusive].touches_top:
        why = f"{_name(problem, exclusive)} does not touch the top edge, so it cannot be the exclusive."
    return exclusive, ([Violation("exclusive", why)] if why else [])


def check_page(problem: PressProblem, page: ProposedPage) -> CheckResult:
    """Every rule ``page`` breaks, its score if legal, and the optimal score to compare."""
    n = len(problem.stories)
    for k, p in enumerate(page.placements):
        if not 0 <= p.story < n:
            raise BadInput(f"layout.placements[{k}].story: no story {p.story} (the press has stories 0 to {n - 1})")
    seen, violations = _geometry(problem, page)
    optimum = solve(problem)
    violations += _top_rule(problem, seen, optimum.top_edge_required, optimum.top_rest_required)
    exclusive, wrong = _exclusive(problem, page, seen)
    violations += wrong
    order = {r: k for k, r in enumerate(RULES)}
    violations.sort(key=lambda v: order[v.rule])
    legal = not violations
    breakdown = score_page(problem, list(seen.values()), exclusive) if legal else None
    return CheckResult(
        legal=legal,
        violations=tuple(violations),
        breakdown=breakdown,
        optimal_total=optimum.total,
        exclusive=exclusive if legal else None,
    )
