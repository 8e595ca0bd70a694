"""Moves as small frozen values, each with a one-line text notation.

============================  ==============================================
``assign 2 war:D:3``          put 2 reporters from home on War D 3★
``recall 2 war:D:3, 1 city:A:1``  bring reporters home (any number ≥ 1 in all)
``reassign war:D:3 -> city:A:1``  move exactly one reporter to another story
``press``                     go to press with the solver's optimal page
``press war:D:3@2,0,2x3 ...``  go to press with this page (``exclusive=...``)
``newsboy``                   the newsboy holder passes it to the right
``decline``                   skip the optional last press of the final edition
============================  ==============================================

>>> m = parse_move("assign 2 war:D:3"); m, str(m)
(Assign(story=Story('war:D:3'), count=2), 'assign 2 war:D:3')
>>> str(parse_move("recall city:A:1, 2 war:D:3"))
'recall 2 war:D:3, 1 city:A:1'
>>> str(parse_move("reassign war:D:3 city:A:1"))
'reassign war:D:3 -> city:A:1'
>>> str(parse_move("press war:D:3@2,0,2x3 crime:A:1@0,0,1x2 exclusive=crime:A:1"))
'press crime:A:1@0,0,1x2 war:D:3@2,0,2x3 exclusive=crime:A:1'
>>> parse_move("jump")
Traceback (most recent call last):
...
pennypress.errors.BadInput: move 'jump': unknown action (expected assign, recall, reassign, press, newsboy or decline)
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Union

from pennypress.errors import BadInput
from pennypress.solver.vocab import COLUMNS, MAX_SPAN, ROWS, Placement

from .stories import Story

BEST = "best"
"""``Page.exclusive`` when the player leaves the choice of exclusive to the engine (the best valid one)."""


@dataclass(frozen=True)
class Assign:
    """Move ``count`` (≥ 1) reporters from home onto one story."""

    story: Story
    count: int = 1

    def __str__(self) -> str:
        return f"assign {self.count} {self.story}"


@dataclass(frozen=True)
class Recall:
    """Bring reporters home: ``((story, count), ...)``, stories distinct, in canonical order."""

    reporters: tuple[tuple[Story, int], ...]

    def __post_init__(self) -> None:
        items = tuple(sorted(((s, int(n)) for s, n in self.reporters), key=lambda sn: sn[0].sort_key()))
        object.__setattr__(self, "reporters", items)

    @property
    def total(self) -> int:
        return sum(n for _, n in self.reporters)

    def __str__(self) -> str:
        return "recall " + ", ".join(f"{n} {s}" for s, n in self.reporters)


@dataclass(frozen=True)
class Reassign:
    """Move exactly one reporter from ``source`` to a different story ``target``."""

    source: Story
    target: Story

    def __str__(self) -> str:
        return f"reassign {self.source} -> {self.target}"


@dataclass(frozen=True)
class PagePlacement:
    """A claimed story's rectangle on the front page (``w``, ``h`` as placed)."""

    story: Story
    x: int
    y: int
    w: int
    h: int

    def __str__(self) -> str:
        return f"{self.story}@{self.x},{self.y},{self.w}x{self.h}"


@dataclass(frozen=True)
class Page:
    """A front page a player proposes; ``exclusive`` is a story, ``None``, or :data:`BEST`."""

    placements: tuple[PagePlacement, ...]
    exclusive: Union[Story, None, str] = BEST

    def __post_init__(self) -> None:
        object.__setattr__(
            self,
            "placements",
            tuple(sorted(self.placements, key=lambda p: (p.y, p.x, p.story.sort_key()))),
        )

    @classmethod
    def from_solver(cls, stories: tuple[Story, ...], placements: tuple[Placement, ...], exclusive: int | None) -> "Page":
        """Convert the solver's index-based page for the claimed ``stories``."""
        return cls(
            tuple(PagePlacement(stories[p.story], p.x, p.y, p.w, p.h) for p in placements),
            None if exclusive is None else stories[exclusive],
        )

    def __str__(self) -> str:
        parts = [str(p) for p in self.placements]
        if self.exclusive != BEST:
            parts.append(f"exclusive={self.exclusive if self.exclusive is not None else 'none'}")
        return " ".join(parts)


@dataclass(frozen=True)
class GoToPress:
    """Claim, score and publish. ``page=None`` means the solver's optimal page."""

    page: Page | None = None

    def __str__(self) -> str:
        return "press" if self.page is None else f"press {self.page}".rstrip()


@dataclass(frozen=True)
class PassNewsboy:
    """The newsboy holder's only move: pass it to the player on the right."""

    def __str__(self) -> str:
        return "newsboy"


@dataclass(frozen=True)
class Decline:
    """Skip the optional final press (also the only move when no action is possible)."""

    def __str__(self) -> str:
        return "decline"


Move = Union[Assign, Recall, Reassign, GoToPress, PassNewsboy, Decline]

_PLACEMENT = re.compile(r"^(?P<story>[a-z]+:[A-Da-d]:\d)@(?P<x>\d+),(?P<y>\d+),(?P<w>\d+)x(?P<h>\d+)$")


def _count(text: str, where: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise BadInput(f"{where}: expected a number of reporters (1 or more), got {text!r}")
    return int(text)


def parse_move(text: str) -> Move:
    """Parse the text notation (see the module docstring); :class:`BadInput` names the problem."""
    if not isinstance(text, str):
        raise BadInput(f"move: expected text such as 'assign 1 war:D:3', got {text!r}")
    where = f"move {text!r}"
    words = text.strip().split()
    if not words:
        raise BadInput("move: empty")
    action, rest = words[0].lower(), words[1:]
    if action == "assign":
        if len(rest) == 1:
            return Assign(Story.parse(rest[0]), 1)
        if len(rest) == 2:
            return Assign(Story.parse(rest[1]), _count(rest[0], where))
        raise BadInput(f"{where}: expected 'assign N beat:shape:stars'")
    if action == "recall":
        body = " ".join(rest)
        items: dict[Story, int] = {}
        for part in filter(None, (p.strip() for p in body.split(","))):
            bits = part.split()
            if len(bits) == 1:
                story, n = Story.parse(bits[0]), 1
            elif len(bits) == 2:
                story, n = Story.parse(bits[1]), _count(bits[0], where)
            else:
                raise BadInput(f"{where}: expected 'recall N story, N story, ...'")
            if story in items:
                raise BadInput(f"{where}: {story} is named twice")
            items[story] = n
        if not items:
            raise BadInput(f"{where}: name at least one story to recall from")
        return Recall(tuple(items.items()))
    if action == "reassign":
        names = [w for w in rest if w not in ("->", "to")]
        if len(names) != 2:
            raise BadInput(f"{where}: expected 'reassign FROM -> TO'")
        return Reassign(Story.parse(names[0]), Story.parse(names[1]))
    if action == "press":
        if not rest:
            return GoToPress()
        placements, exclusive = [], BEST
        for word in rest:
            if word.startswith("exclusive="):
                value = word.split("=", 1)[1]
                exclusive = None if value in ("none", "") else Story.parse(value)
                continue
            m = _PLACEMENT.match(word)
            if not m:
                raise BadInput(f"{where}: {word!r} is not a placement like war:D:3@2,0,2x3")
            # judging the page walks every cell a placement covers (and int() refuses 4,300 digits)
            if any(len(m[k]) > 3 for k in "xywh") or max(int(m["w"]), int(m["h"])) > MAX_SPAN:
                raise BadInput(f"{where}: {word!r} is larger than any page or far off it (the page is {COLUMNS} by "
                               f"{ROWS} cells; at most {MAX_SPAN} is read)")
            placements.append(
                PagePlacement(Story.parse(m["story"]), int(m["x"]), int(m["y"]), int(m["w"]), int(m["h"]))
            )
        return GoToPress(Page(tuple(placements), exclusive))
    if action == "newsboy":
        return PassNewsboy()
    if action in ("decline", "pass"):
        return Decline()
    raise BadInput(f"{where}: unknown action (expected assign, recall, reassign, press, newsboy or decline)")
