"""Page puzzles: a press problem, its proven-optimal page, and what makes it instructive.

Everything here comes from the solver: the optimal page and the top-beat
rule's counts from CP-SAT (:func:`~pennypress.solver.solve`), how many distinct
pages tie for the best and the next lower score from
:func:`~pennypress.solver.score_levels.score_levels`, and the verdict on every
page a person (or a simple layout strategy, :mod:`.layouts`) proposes from the
checker (:func:`~pennypress.solver.check_page`), which names every broken rule.

Tags say what the page teaches (:data:`TAGS`).

>>> from pennypress.solver import make_problem
>>> p = make_problem([("city", "A", 1), ("city", "A", 2), ("war", "D", 3)],
...                  {"war": 3, "crime": 2, "politics": 2, "city": 5, "human": 1}, ad=(1, 1))
>>> facts = page_facts(p)
>>> facts.optimal.total, facts.tags, facts.difficulty
(0, ('top-beat', 'ad', 'left-off'), 5)
>>> print(facts.why()[0])
New York City is the top beat (5): both top-beat stories fit along the top edge, so a legal page puts them there.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pennypress.solver import PressProblem, ProposedPage, check_page, solve, solve_fast
from pennypress.solver.result import PressResult
from pennypress.solver.score_levels import score_levels
from pennypress.solver.scoring import Breakdown

from .layouts import STRATEGIES, lay_out
from .prompts import ROW_NAMES, ad_words, story_words
from .say import num, plural, signed

TAGS = ("top-beat", "ad", "left-off", "exclusive")
"""``top-beat``: the top-beat rule decides the page (a simple layout breaks it, or a top-beat story
cannot be placed); ``ad``: the ad is in the way (with its cell free the page would score more);
``left-off``: the best page leaves a claimed story off; ``exclusive``: the best page has an
exclusive and there was a choice of non-top-beat stories for it."""

def layout_json(placements, exclusive) -> dict:
    """A page as the ``layout`` of ``pennypress check``: ``{"placements": [...], "exclusive": i}``."""
    return {"placements": [p.to_json() for p in sorted(placements)], "exclusive": exclusive}


@dataclass(frozen=True)
class StrategyOutcome:
    """How one simple layout strategy fares: legal or not (the rules it breaks), its total, its loss."""

    name: str
    legal: bool
    total: int | None
    loss: int | None
    rules: tuple[str, ...]

    @property
    def fails(self) -> bool:
        return not self.legal or self.loss != 0

    def words(self) -> str:
        what = STRATEGIES[self.name][0]
        if not self.legal:
            return f"{what} breaks the rules ({', '.join(self.rules)})"
        return f"{what} scores {num(self.total)}" + (" (the best)" if not self.loss else f" ({signed(-self.loss)})")

    def to_json(self) -> dict:
        return {"strategy": self.name, "legal": self.legal, "total": self.total, "loss": self.loss,
                "rules": list(self.rules)}


def try_strategies(problem: PressProblem) -> tuple[StrategyOutcome, ...]:
    """Every simple layout strategy's page, judged by the checker."""
    out = []
    for name in STRATEGIES:
        verdict = check_page(problem, ProposedPage(lay_out(problem, name)))
        out.append(StrategyOutcome(name, verdict.legal, verdict.total, verdict.loss,
                                   tuple(dict.fromkeys(v.rule for v in verdict.violations))))
    return tuple(out)


def ad_free_total(problem: PressProblem) -> int | None:
    """What the best page would score with no ad at all (``None`` when there is none)."""
    if problem.ad is None:
        return None
    return solve_fast(PressProblem(problem.stories, problem.beat_values, None)).total


@dataclass(frozen=True)
class PageFacts:
    """A press problem with its optimal page (CP-SAT) and the simple strategies' verdicts.

    ``ties`` and ``next_best`` (the distinct pages scoring the optimum, the next lower
    score) are computed on first use (:func:`~pennypress.solver.score_levels.score_levels`).
    """

    problem: PressProblem
    optimal: PressResult
    strategies: tuple[StrategyOutcome, ...]

    @cached_property
    def _levels(self):
        return score_levels(self.problem, 1)

    @property
    def ties(self) -> int:
        return self._levels.ties

    @property
    def ties_capped(self) -> bool:
        return self._levels.ties_capped

    @property
    def next_best(self) -> PressResult | None:
        return self._levels.next_best[0] if self._levels.next_best else None

    @property
    def difficulty(self) -> int:
        """1 + how many of the simple strategies fail (break a rule or score less than the optimum)."""
        return 1 + sum(s.fails for s in self.strategies)

    @property
    def tags(self) -> tuple[str, ...]:
        p, r = self.problem, self.optimal
        n_top = sum(p.is_top(i) for i in range(len(p.stories)))
        tags = []
        if n_top and (r.top_edge_required + r.top_rest_required < n_top
                      or any({"top-edge", "top-total"} & set(s.rules) for s in self.strategies)):
            tags.append("top-beat")
        free = ad_free_total(p)
        if free is not None and free > r.total:
            tags.append("ad")
        if r.unplaced:
            tags.append("left-off")
        non_top = [i for i in range(len(p.stories)) if not p.is_top(i)]
        if r.exclusive is not None and len(non_top) >= 2:
            tags.append("exclusive")
        return tuple(tags)

    def _top_rule_line(self) -> str | None:
        p, r = self.problem, self.optimal
        tops = [b.title for b in p.beat_values if b in p.top_beats]
        value = max(p.beat_values.values())
        n_top = sum(p.is_top(i) for i in range(len(p.stories)))
        head = (f"{tops[0]} is the top beat ({value})" if len(tops) == 1
                else f"{', '.join(tops[:-1])} and {tops[-1]} are the top beats ({value})")
        if n_top == 0:
            return f"{head}; no claimed story is from a top beat, so the top-beat rule places nothing."
        t, rest = r.top_edge_required, r.top_rest_required
        if t == n_top:
            them = "it" if n_top == 1 else "them"
            return (f"{head}: {'the' if n_top == 1 else ('both' if n_top == 2 else f'all {n_top}')} top-beat stor{'y' if n_top == 1 else 'ies'} "
                    f"{'fits' if n_top == 1 else 'fit'} along the top edge, so a legal page puts {them} there.")
        line = (f"{head}: only {t} of the {n_top} top-beat stories {'fits' if t == 1 else 'fit'} along the top "
                f"edge at once, so a legal page puts exactly {t} there")
        if rest:
            line += f" and {rest} more lower down"
        left = n_top - t - rest
        if left:
            line += f"; the other {'one' if left == 1 else left} cannot be placed"
        return line + "."

    def breakdown_words(self, b: Breakdown | None = None) -> str:
        """The optimal page's score, story by story and row by row of empty cells."""
        b = b or self.optimal.breakdown
        parts = []
        for s in b.stories:
            name = story_words(self.problem.stories[s.story])
            if s.exclusive:
                parts.append(f"{name} +{s.value}, and +{s.value} again as the exclusive")
            elif s.published:
                parts.append(f"{name} +{s.value}")
            else:
                parts.append(f"{name} {signed(-s.value)} (left off)")
        for row, n, pts in b.empty_by_row():
            if n:
                parts.append(f"{plural(n, 'empty cell')} in the {ROW_NAMES[row]} row {signed(pts)}")
        return "; ".join(parts) + f" = {num(b.total)}"

    def why(self) -> tuple[str, ...]:
        """The explanation in plain words: the rule, the page's score, the ad, what is left off,
        the ties, the next best page and how the simple layouts fare."""
        p, r = self.problem, self.optimal
        lines = [self._top_rule_line(), f"The best page scores {num(r.total)}: {self.breakdown_words()}."]
        if r.exclusive is not None:
            lines.append(f"{story_words(p.stories[r.exclusive])} is the exclusive: the most valuable story on the "
                         "top edge that is not from a top beat scores twice.")
        if p.ad is not None:
            line = f"The ad in {ad_words(p.ad)} blocks its cell and costs nothing"
            if "ad" in self.tags:
                line += f", but it is in the way: without it the best page would score {num(ad_free_total(p))}"
            lines.append(line + ".")
        if r.unplaced:
            names = ", ".join(story_words(p.stories[i]) for i in r.unplaced)
            cost = sum(p.value(i) for i in r.unplaced)
            lines.append(f"The best page leaves {names} off, at a cost of {plural(cost, 'point')}.")
        if self.ties_capped:
            lines.append(f"At least {self.ties} different pages score {num(r.total)}; any of them is correct.")
        elif self.ties > 1:
            lines.append(f"{self.ties} different pages score {num(r.total)}; any of them is correct.")
        else:
            lines.append(f"Only this page scores {num(r.total)}.")
        nb = self.next_best
        if nb is not None:
            lines.append(f"The next best page scores {num(nb.total)} ({signed(nb.total - r.total)}): {self.breakdown_words(nb.breakdown)}.")
        lines.append("Simple layouts: " + "; ".join(s.words() for s in self.strategies) + ".")
        return tuple(line for line in lines if line)

    def second_best(self) -> dict | None:
        nb = self.next_best
        if nb is None:
            return None
        loss = self.optimal.total - nb.total
        return {"choice": layout_json(nb.placements, nb.exclusive), "total": nb.total, "loses": loss,
                "in_words": f"the next best page scores {num(nb.total)}, {plural(loss, 'point')} less"}

    def evidence(self) -> dict:
        r = self.optimal
        return {
            "certainty": "solver",
            "optimal_total": r.total,
            "optimal_page": layout_json(r.placements, r.exclusive),
            "top_edge_required": r.top_edge_required,
            "top_rest_required": r.top_rest_required,
            "optimal_pages": self.ties,
            "optimal_pages_capped": self.ties_capped,
            "next_best_total": None if self.next_best is None else self.next_best.total,
            "strategies": [s.to_json() for s in self.strategies],
        }


def page_facts(problem: PressProblem) -> PageFacts:
    """Solve ``problem`` (CP-SAT, proven optimal) and try the simple strategies on it."""
    optimal = solve(problem)
    if not optimal.proven_optimal:  # pragma: no cover - the default time limit proves every press
        raise RuntimeError(f"the page solver did not prove its page optimal ({optimal.status})")
    return PageFacts(problem, optimal, try_strategies(problem))
