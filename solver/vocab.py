"""Vocabulary of the front page, shared by the whole project.

Beats, story shapes and their orientations, the 4x3 page and the penalty of
each empty cell. The numbers come from ``data/front_page.json`` (rules data as
data); this module gives them types.

>>> Shape.D.orientations
((2, 3), (3, 2))
>>> cell_penalty(1, 0), cell_penalty(1, 2)
(-2, -1)
>>> Beat("city").title
'New York City'
>>> sorted(b.value for b in top_beats({Beat.WAR: 3, Beat.CRIME: 4, Beat.POLITICS: 4, Beat.CITY: 0, Beat.HUMAN: 1}))
['crime', 'politics']
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum
from importlib import resources
from typing import Iterator, Mapping

_DATA = json.loads(resources.files(__package__).joinpath("data/front_page.json").read_text())

COLUMNS: int = _DATA["columns"]
ROWS: int = _DATA["rows"]
_ROW_PENALTY: tuple[int, ...] = tuple(_DATA["empty_cell_penalty_by_row"])
MIN_BEAT_VALUE, MAX_BEAT_VALUE = _DATA["beat_value_range"]
MIN_STARS, MAX_STARS = _DATA["stars_range"]
MAX_CLAIMED_STORIES: int = _DATA["max_claimed_stories"]

Cell = tuple[int, int]
"""A page cell ``(x, y)``: x = column 0..3 left to right, y = row 0..2, row 0 is the top edge."""

CELLS: tuple[Cell, ...] = tuple((x, y) for y in range(ROWS) for x in range(COLUMNS))


class Beat(str, Enum):
    """The five news beats, in the board's left-to-right order."""

    WAR = "war"
    CRIME = "crime"
    POLITICS = "politics"
    CITY = "city"
    HUMAN = "human"

    @property
    def title(self) -> str:
        """The beat's name as printed on the board."""
        return _BEAT_TITLES[self.value]

    def __str__(self) -> str:  # "war", not "Beat.WAR", in messages and JSON keys
        return self.value


_BEAT_TITLES = {b["id"]: b["name"] for b in _DATA["beats"]}
assert [b.value for b in Beat] == [b["id"] for b in _DATA["beats"]], "beat list out of sync with data"
BEATS: tuple[Beat, ...] = tuple(Beat)


def top_beats(values: Mapping[Beat, int]) -> frozenset[Beat]:
    """The top beats: every beat whose value equals the highest of the five (ties give several).

    The one place this rule is written; the press problem, the position and
    the bots ask it.
    """
    top = max(values.values())
    return frozenset(b for b in BEATS if values[b] == top)


class Shape(str, Enum):
    """Story shapes; the width x height as printed, either orientation may be used."""

    A = "A"
    B = "B"
    C = "C"
    D = "D"

    @property
    def width(self) -> int:
        return _DATA["shapes"][self.value]["width"]

    @property
    def height(self) -> int:
        return _DATA["shapes"][self.value]["height"]

    @property
    def area(self) -> int:
        return self.width * self.height

    @property
    def orientations(self) -> tuple[tuple[int, int], ...]:
        """Distinct ``(w, h)`` footprints: the printed one and, unless square, the rotated one."""
        w, h = self.width, self.height
        return ((w, h),) if w == h else ((w, h), (h, w))

    @property
    def column_spaces(self) -> int:
        """Spaces the story takes in a news-beat column (laid sideways, shortest side up)."""
        return min(self.width, self.height)

    def __str__(self) -> str:
        return self.value


SHAPES: tuple[Shape, ...] = tuple(Shape)


def cell_penalty(x: int, y: int) -> int:
    """Points an empty, ad-free cell costs: -2 on the top row, -1 elsewhere."""
    return _ROW_PENALTY[y]


def field_names(names) -> str:
    """Field names for a message, sorted: as written, or quoted when not printable (a newline in a key
    must not break the one-line message)."""
    return ", ".join(n if n.isprintable() else repr(n) for n in sorted(names))


MAX_SPAN = 100
"""The largest ``w`` or ``h`` a proposed placement may give: larger than the page (a ``bounds`` violation)
is judged, but a size no page has is refused when it is read, since judging walks every cell it covers."""


def in_page(x: int, y: int) -> bool:
    return 0 <= x < COLUMNS and 0 <= y < ROWS


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ... ``11th``, ``21st``."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def row_words(y: int) -> str:
    """A page row by where it is on the mat: ``'top row'`` (the top edge), ``'middle row'``, ``'bottom row'``.

    >>> [row_words(y) for y in range(ROWS)]
    ['top row', 'middle row', 'bottom row']
    """
    if y == 0:
        return "top row"
    if y == ROWS - 1:
        return "bottom row"
    return "middle row" if ROWS == 3 else f"{ordinal(y + 1)} row"


def cell_words(cell: Cell | list[int]) -> str:
    """Where a page cell is on the mat, as a person says it (messages name cells this way).

    >>> cell_words((1, 0)), cell_words((3, 2))
    ('top row, 2nd column', 'bottom row, 4th column')
    """
    x, y = int(cell[0]), int(cell[1])
    return f"{row_words(y)}, {ordinal(x + 1)} column"


@dataclass(frozen=True, order=True)
class Placement:
    """One story on the page: its index in the press problem and its rectangle.

    ``w`` and ``h`` are as placed (after any rotation).

    >>> Placement(story=0, x=2, y=0, w=2, h=3).touches_top
    True
    >>> sorted(Placement(story=1, x=0, y=1, w=2, h=1).cells())
    [(0, 1), (1, 1)]
    """

    story: int
    x: int
    y: int
    w: int
    h: int

    @property
    def touches_top(self) -> bool:
        return self.y == 0

    def cells(self) -> Iterator[Cell]:
        for dy in range(self.h):
            for dx in range(self.w):
                yield (self.x + dx, self.y + dy)

    def in_bounds(self) -> bool:
        return self.w > 0 and self.h > 0 and in_page(self.x, self.y) and in_page(
            self.x + self.w - 1, self.y + self.h - 1
        )

    def to_json(self) -> dict:
        return {"story": self.story, "x": self.x, "y": self.y, "w": self.w, "h": self.h}


def rectangles(shape: Shape, ad: Cell | None = None) -> Iterator[tuple[int, int, int, int]]:
    """Every ``(x, y, w, h)`` where ``shape`` fits on the page without covering ``ad``."""
    for w, h in shape.orientations:
        for y in range(ROWS - h + 1):
            for x in range(COLUMNS - w + 1):
                if ad is not None and x <= ad[0] < x + w and y <= ad[1] < y + h:
                    continue
                yield (x, y, w, h)
