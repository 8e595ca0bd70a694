"""The press problem: claimed stories, the five beat values, and the ad cell.

This is the solver's whole input. It is immutable and validated on
construction; :meth:`PressProblem.from_json` turns a JSON document (see
``docs/guide/cli.md``) into one, raising :class:`~pennypress.errors.BadInput`
with the offending field named.

>>> p = PressProblem.from_json({
...     "stories": [{"beat": "politics", "shape": "A"}, {"beat": "war", "shape": "D", "stars": 3}],
...     "beat_values": {"war": 3, "crime": 3, "politics": 4, "city": 0, "human": 0},
...     "ad": None})
>>> sorted(b.value for b in p.top_beats), p.is_top(0), p.value(1)
(['politics'], True, 3)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from pennypress.errors import BadInput
from .vocab import (
    BEATS,
    COLUMNS,
    field_names,
    MAX_BEAT_VALUE,
    MAX_CLAIMED_STORIES,
    MAX_STARS,
    MIN_BEAT_VALUE,
    MIN_STARS,
    ROWS,
    Beat,
    Cell,
    Shape,
    top_beats,
)


def story_tag(index: int) -> str:
    """A story's number as people read it -- page drawings, messages, lists, the press desk's table: ``#1``
    for the first story of a press. Files and JSON keep the index (from 0): story ``0`` is ``#1``.

    >>> story_tag(0), story_tag(4)
    ('#1', '#5')
    """
    return f"#{index + 1}"


def _parse_beat(value: Any, where: str) -> Beat:
    if isinstance(value, Beat):
        return value
    try:
        return Beat(value)
    except (ValueError, TypeError):
        names = ", ".join(b.value for b in BEATS)
        raise BadInput(f"{where}: unknown beat {value!r} (expected one of {names})") from None


def _parse_shape(value: Any, where: str) -> Shape:
    if isinstance(value, Shape):
        return value
    try:
        return Shape(value)
    except (ValueError, TypeError):
        raise BadInput(f"{where}: unknown shape {value!r} (expected A, B, C or D)") from None


def _parse_int(value: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(f"{where}: expected a whole number from {lo} to {hi}, got {value!r}")
    if not lo <= value <= hi:
        raise BadInput(f"{where}: {value} is out of range (expected {lo} to {hi})")
    return value


def parse_cell(value: Any, where: str) -> Cell:
    """A JSON ``[x, y]`` page cell, checked against the 4x3 page."""
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise BadInput(f"{where}: expected [x, y] or null, got {value!r}")
    x = _parse_int(value[0], f"{where}[0] (column)", 0, COLUMNS - 1)
    y = _parse_int(value[1], f"{where}[1] (row)", 0, ROWS - 1)
    return (x, y)


def _expect_mapping(doc: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(doc, Mapping):
        raise BadInput(f"{where}: expected a JSON object, got {type(doc).__name__}")
    return doc


@dataclass(frozen=True)
class ClaimedStory:
    """A story taken to press. ``stars`` (1..3) matters for end bonuses, not for the page."""

    beat: Beat
    shape: Shape
    stars: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "beat", _parse_beat(self.beat, "beat"))
        object.__setattr__(self, "shape", _parse_shape(self.shape, "shape"))
        if self.stars is not None:
            _parse_int(self.stars, "stars", MIN_STARS, MAX_STARS)

    @property
    def label(self) -> str:
        """The story as players say it (the rulebook's beat name, shape, stars): ``Politics A ★★``
        (``Politics A`` when the stars are not given)."""
        stars = f" {'★' * self.stars}" if self.stars else ""
        return f"{self.beat.title} {self.shape.value}{stars}"

    def numbered(self, index: int) -> str:
        """The story of index ``index`` with its number in its press, as every page drawing and message shows
        it (:func:`story_tag`): ``#1 Politics A ★★`` for index 0."""
        return f"{story_tag(index)} {self.label}"

    def to_json(self) -> dict:
        doc: dict[str, Any] = {"beat": self.beat.value, "shape": self.shape.value}
        if self.stars is not None:
            doc["stars"] = self.stars
        return doc

    @classmethod
    def from_json(cls, doc: Any, where: str = "story") -> "ClaimedStory":
        doc = _expect_mapping(doc, where)
        unknown = set(doc) - {"beat", "shape", "stars"}
        if unknown:
            raise BadInput(f"{where}: unknown field(s) {field_names(unknown)}")
        for key in ("beat", "shape"):
            if key not in doc:
                raise BadInput(f"{where}.{key}: missing")
        stars = doc.get("stars")
        if stars is not None:
            stars = _parse_int(stars, f"{where}.stars", MIN_STARS, MAX_STARS)
        return cls(
            _parse_beat(doc["beat"], f"{where}.beat"),
            _parse_shape(doc["shape"], f"{where}.shape"),
            stars,
        )


@dataclass(frozen=True)
class PressProblem:
    """Everything that decides a front page.

    ``beat_values`` holds all five beats (top beats are those at the maximum of
    the five); ``ad`` is the advertisement's cell or ``None``.
    """

    stories: tuple[ClaimedStory, ...]
    beat_values: Mapping[Beat, int]
    ad: Cell | None = None
    _top: frozenset[Beat] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        stories = tuple(self.stories)
        if not 1 <= len(stories) <= MAX_CLAIMED_STORIES:
            raise BadInput(
                f"stories: a press claims 1 to {MAX_CLAIMED_STORIES} stories, got {len(stories)}"
            )
        for i, s in enumerate(stories):
            if not isinstance(s, ClaimedStory):
                raise BadInput(f"stories[{i}]: expected a ClaimedStory, got {type(s).__name__}")
        values: dict[Beat, int] = {}
        for key, v in dict(self.beat_values).items():
            beat = _parse_beat(key, "beat_values")
            values[beat] = _parse_int(v, f"beat_values.{beat.value}", MIN_BEAT_VALUE, MAX_BEAT_VALUE)
        missing = [b.value for b in BEATS if b not in values]
        if missing:
            raise BadInput(f"beat_values: missing {', '.join(missing)} (all five beats are needed)")
        ad = None if self.ad is None else parse_cell(self.ad, "ad")
        object.__setattr__(self, "stories", stories)
        object.__setattr__(self, "beat_values", {b: values[b] for b in BEATS})
        object.__setattr__(self, "ad", ad)
        object.__setattr__(self, "_top", top_beats(values))

    def __hash__(self) -> int:
        return hash((self.stories, tuple(self.beat_values.values()), self.ad))

    @property
    def top_beats(self) -> frozenset[Beat]:
        """Beats whose value equals the highest of all five (ties give several)."""
        return self._top

    def is_top(self, i: int) -> bool:
        return self.stories[i].beat in self._top

    def value(self, i: int) -> int:
        """The beat value story ``i`` scores when published (and costs when not)."""
        return self.beat_values[self.stories[i].beat]

    def to_json(self) -> dict:
        return {
            "stories": [s.to_json() for s in self.stories],
            "beat_values": {b.value: v for b, v in self.beat_values.items()},
            "ad": None if self.ad is None else list(self.ad),
        }

    @classmethod
    def from_json(cls, doc: Any, where: str = "press") -> "PressProblem":
        """Build from the contract's JSON shape, naming the field of any problem."""
        doc = _expect_mapping(doc, where)
        allowed = {"stories", "beat_values", "ad", "layout"}
        unknown = set(doc) - allowed
        if unknown:
            raise BadInput(f"{where}: unknown field(s) {field_names(unknown)}")
        if "stories" not in doc:
            raise BadInput(f"{where}.stories: missing")
        raw = doc["stories"]
        if not isinstance(raw, list):
            raise BadInput(f"{where}.stories: expected a list of stories")
        stories = tuple(ClaimedStory.from_json(s, f"{where}.stories[{i}]") for i, s in enumerate(raw))
        if "beat_values" not in doc:
            raise BadInput(f"{where}.beat_values: missing")
        bv = _expect_mapping(doc["beat_values"], f"{where}.beat_values")
        values = {}
        for key, v in bv.items():
            values[_parse_beat(key, f"{where}.beat_values")] = _parse_int(
                v, f"{where}.beat_values.{key}", MIN_BEAT_VALUE, MAX_BEAT_VALUE
            )
        ad = doc.get("ad")
        ad = None if ad is None else parse_cell(ad, f"{where}.ad")
        try:
            return cls(stories, values, ad)
        except BadInput as exc:
            raise BadInput(f"{where}.{exc}") from None


def make_problem(
    stories: Iterable[tuple[str, str] | tuple[str, str, int]],
    beat_values: Mapping[str, int],
    ad: Cell | None = None,
) -> PressProblem:
    """Convenience constructor: ``make_problem([("politics", "A"), ("war", "D", 3)], {...})``."""
    return PressProblem(
        tuple(ClaimedStory(*s) for s in stories),
        {Beat(k): v for k, v in beat_values.items()},
        ad,
    )
