"""The front page: vocabulary, press problems, the CP-SAT model, the fast solver, the checker.

Knows nothing about players, turns or cards.

>>> from pennypress.solver import make_problem, solve
>>> r = solve(make_problem([("city", "A"), ("city", "A"), ("war", "D")],
...                        {"war": 3, "crime": 2, "politics": 2, "city": 5, "human": 1}, ad=(1, 1)))
>>> r.unplaced, r.total
((2,), 0)
"""
from .checker import CheckResult, ProposedPage, Violation, check_page
from pennypress.errors import BadInput

from .fast import FastPage, PageValue, PressItem, best_page, clear_fast_cache, fast_cache_info, page_value, solve_fast
from .page_order import page_order_key
from .problem import ClaimedStory, PressProblem, make_problem, story_tag
from .result import PressResult
from .scoring import Breakdown, best_exclusive, score_page
from .solve import best_layouts, cache_info, clear_cache, solve
from .vocab import BEATS, COLUMNS, ROWS, SHAPES, Beat, Placement, Shape, cell_penalty, top_beats

__all__ = [
    "BEATS", "COLUMNS", "ROWS", "SHAPES", "BadInput", "Beat", "Breakdown", "CheckResult",
    "ClaimedStory", "FastPage", "PageValue", "Placement", "PressItem", "PressProblem", "PressResult",
    "ProposedPage", "Shape", "Violation", "best_exclusive", "best_layouts", "best_page",
    "cache_info", "cell_penalty", "check_page", "clear_cache", "clear_fast_cache",
    "fast_cache_info", "make_problem", "page_order_key", "page_value", "score_page", "solve",
    "solve_fast", "top_beats",
]
