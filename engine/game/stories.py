"""The 60 stories: one per (beat, shape, stars), each with a stable identity.

A :class:`Story` is written ``beat:shape:stars``.

>>> s = Story.parse("war:D:3")
>>> s, s.spaces, s.label
(Story('war:D:3'), 2, 'War D ★★★')
>>> len(ALL_STORIES), ALL_STORIES[0], ALL_STORIES[-1]
(60, Story('war:A:1'), Story('human:D:3'))
>>> sorted([Story.parse("city:A:1"), Story.parse("war:B:2")], key=Story.sort_key)
[Story('war:B:2'), Story('city:A:1')]
>>> supply({Story.parse("war:A:1"), Story.parse("war:A:3")})[Beat.WAR, Shape.A]
[2]
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Collection

from pennypress.errors import BadInput
from pennypress.solver.problem import ClaimedStory
from pennypress.solver.vocab import BEATS, SHAPES, Beat, Shape

from .names import story_name
from .tables import STARS


@dataclass(frozen=True)
class Story:
    """One story tile: its beat, shape and stars (exactly one tile of each exists)."""

    beat: Beat
    shape: Shape
    stars: int

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "beat", Beat(self.beat))
            object.__setattr__(self, "shape", Shape(self.shape))
        except ValueError as exc:
            raise BadInput(f"story: {exc}") from None
        if self.stars not in STARS or isinstance(self.stars, bool):
            raise BadInput(f"story: stars must be one of {', '.join(map(str, STARS))}, got {self.stars!r}")
        # Stories are dictionary keys everywhere in the engine: hash and size once. The hash is
        # a small number from the story's place in the game (not from string hashing, which
        # differs between processes), so it is the same in every worker process.
        object.__setattr__(self, "_hash", (BEATS.index(self.beat) * len(SHAPES) + SHAPES.index(self.shape)) * 4 + self.stars)
        object.__setattr__(self, "_spaces", self.shape.column_spaces)

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self):
        """Pickled as its name, so a process pool's worker gets its own (interned) tile back."""
        return (Story.parse, (str(self),))

    @classmethod
    def parse(cls, text: str) -> "Story":
        """``"war:D:3"`` -> the War D 3★ story; :class:`BadInput` naming the problem otherwise."""
        if isinstance(text, Story):
            return text
        known = _BY_TEXT.get(text)
        if known is not None:
            return known
        parts = str(text).strip().split(":")
        if len(parts) != 3:
            raise BadInput(f"story {text!r}: expected beat:shape:stars, e.g. war:D:3")
        beat, shape, stars = parts
        if beat not in _BEAT_NAMES:
            raise BadInput(f"story {text!r}: unknown beat {beat!r} (expected one of {', '.join(_BEAT_NAMES)})")
        if shape.upper() not in _SHAPE_NAMES:
            raise BadInput(f"story {text!r}: unknown shape {shape!r} (expected A, B, C or D)")
        if not stars.isdigit() or int(stars) not in STARS:
            raise BadInput(f"story {text!r}: stars must be 1, 2 or 3")
        return _BY_KEY[(Beat(beat), Shape(shape.upper()), int(stars))]

    @staticmethod
    def of(beat: Beat, shape: Shape, stars: int) -> "Story":
        """The one tile of that beat, shape and stars (no checks: for values the engine holds)."""
        return _BY_KEY[(beat, shape, stars)]

    @property
    def spaces(self) -> int:
        """Spaces it takes in a news-beat column: A and B take 1, C and D take 2."""
        return self._spaces

    @property
    def kind(self) -> tuple[Beat, Shape]:
        """The supply stack it belongs to."""
        return (self.beat, self.shape)

    @property
    def label(self) -> str:
        """The story as players say it: ``'War D ★★★'`` (:func:`~pennypress.engine.game.names.story_name`)."""
        return story_name(self)

    def claimed(self) -> ClaimedStory:
        """The solver's view of this story."""
        return ClaimedStory(self.beat, self.shape, self.stars)

    def sort_key(self) -> int:
        """Canonical order: board beat order, then shape, then stars."""
        return _INDEX[self]

    def __str__(self) -> str:
        return f"{self.beat.value}:{self.shape.value}:{self.stars}"

    def __repr__(self) -> str:
        return f"Story('{self}')"


_BEAT_NAMES = [b.value for b in BEATS]
_SHAPE_NAMES = [s.value for s in SHAPES]
ALL_STORIES: tuple[Story, ...] = tuple(Story(b, s, n) for b in BEATS for s in SHAPES for n in STARS)
"""All 60 stories in canonical order."""
_INDEX = {s: i for i, s in enumerate(ALL_STORIES)}
_BY_KEY = {(s.beat, s.shape, s.stars): s for s in ALL_STORIES}
_BY_TEXT = {str(s): s for s in ALL_STORIES}


def stack_kinds() -> tuple[tuple[Beat, Shape], ...]:
    """The 20 supply stacks in board order."""
    return tuple((b, s) for b in BEATS for s in SHAPES)


def supply(taken: Collection[Story]) -> dict[tuple[Beat, Shape], list[int]]:
    """The supply stacks when ``taken`` (the stories in play and published) are out of them:
    each stack's stars, 1★ on top -- every story is in exactly one place."""
    return {kind: [st for st in STARS if _BY_KEY[(kind[0], kind[1], st)] not in taken] for kind in stack_kinds()}


def kind_text(kind: tuple[Beat, Shape]) -> str:
    """``(Beat.WAR, Shape.D)`` -> ``"war:D"``."""
    return f"{kind[0].value}:{kind[1].value}"


def parse_kind(text: str, where: str = "stack") -> tuple[Beat, Shape]:
    """``"war:D"`` -> ``(Beat.WAR, Shape.D)``."""
    parts = str(text).split(":")
    if len(parts) != 2 or parts[0] not in _BEAT_NAMES or parts[1] not in _SHAPE_NAMES:
        raise BadInput(f"{where}: expected beat:shape such as war:D, got {text!r}")
    return (Beat(parts[0]), Shape(parts[1]))
