"""The page a player laid out against the optimal page: points lost and which rule the page wasted.

A legal page can still waste points: cells left empty (each costs its
penalty), the exclusive not taken (the largest-value story on top doubles),
a story left off the page (its value counts against the total). The review
compares the page actually laid out with the solver's optimal page for the
same claims, rule by rule.

>>> from pennypress.engine import new_game, parse_move
>>> s = new_game(3, seed=7)
>>> story = next(s.stories_in_play())
>>> _ = s.apply(parse_move(f"assign 2 {story}"))
>>> r = review_page(s, 0, None)
>>> r.page_loss, r.notes
(0, ())
"""
from __future__ import annotations

from dataclasses import dataclass

from ..game.moves import Page
from ..game.names import story_name
from ..io.state import State
from ..rules.press import plan_press


@dataclass(frozen=True)
class PageReview:
    """A press's page: its total and gain against the optimal page's, and where the points went."""

    total: int
    gain: int
    optimal_total: int
    optimal_gain: int
    optimal_page: str
    page: str
    notes: tuple[str, ...]

    @property
    def page_loss(self) -> int:
        """The optimal page's total minus the total of the page laid out (never negative)."""
        return self.optimal_total - self.total


def _points(n: int) -> str:
    """``'−2 points'``: a true minus sign, as every figure the player reads."""
    return f"{n} point{'s' if n != 1 else ''}".replace("-", "\u2212")


def review_page(state: State, player: int, page: Page | None) -> PageReview:
    """Review ``player`` pressing ``page`` (``None``: the optimal page) in ``state`` (before the press)."""
    best = plan_press(state, player)
    laid = best if page is None else plan_press(state, player, page)
    b, a = best.breakdown, laid.breakdown
    notes: list[str] = []
    if a.total < b.total:
        left_off = [laid.claimed[s.story] for s in a.stories if not s.published]
        best_left = {best.claimed[s.story] for s in b.stories if not s.published}
        extra_left = [s for s in left_off if s not in best_left]
        if extra_left:
            names = ", ".join(story_name(s) for s in extra_left)
            notes.append(f"story left off the page: {names} (counts against the total; the optimal page prints it)")
        if len(a.empty_cells) > len(b.empty_cells) or a.empty_points < b.empty_points:
            notes.append(f"{len(a.empty_cells)} empty cell{'s' if len(a.empty_cells) != 1 else ''} costing "
                         f"{_points(-a.empty_points)} (the optimal page: {len(b.empty_cells)}, {_points(-b.empty_points)})")
        if a.exclusive_bonus < b.exclusive_bonus:
            notes.append(f"exclusive bonus {_points(a.exclusive_bonus)} instead of {_points(b.exclusive_bonus)}"
                         " (the largest-value story belongs on top of the page)")
        if not notes:
            notes.append(f"the page scores {_points(a.total)}, the optimal page {_points(b.total)}")
    return PageReview(a.total, a.gain, b.total, b.gain, str(best.page), str(laid.page), tuple(notes))
