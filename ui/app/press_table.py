"""The Press desk's stories table: its rows to a press problem and back (pure, no Streamlit).

Every limit is the solver's: the beats, the shapes, the star range and how
many stories a press claims.

>>> df = stories_table([{"beat": "politics", "shape": "A", "stars": 2}])
>>> problem_doc_from_table(df, {"war": 3, "crime": 3, "politics": 4, "city": 0, "human": 0}, None)["stories"]
[{'beat': 'politics', 'shape': 'A', 'stars': 2}]
>>> problem_doc_from_table(stories_table([{"beat": None, "shape": "A"}]), {}, None)
Traceback (most recent call last):
...
pennypress.errors.BadInput: Story #1 (row 1 of the table): the beat is blank; pick one.
>>> SHAPE_HELP
'A 1×2, B 1×3, C 2×2, D 2×3 (any story may be turned either way)'
"""
from __future__ import annotations

import math
from typing import Any, Mapping

import pandas as pd

from pennypress.errors import BadInput
from pennypress.json_text import parse_json_text
from pennypress.solver import BEATS, SHAPES, Beat, PressProblem, story_tag
from pennypress.solver.vocab import MAX_CLAIMED_STORIES, MAX_STARS, MIN_STARS
from pennypress.ui.render.words import names_and

BEAT_BY_TITLE = {b.title: b.value for b in BEATS}
BEAT_TITLES = [b.title for b in BEATS]
SHAPE_NAMES = [s.value for s in SHAPES]
STAR_CHOICES = list(range(MIN_STARS, MAX_STARS + 1))
SHAPE_HELP = ", ".join(f"{s.value} {s.width}×{s.height}" for s in SHAPES) + " (any story may be turned either way)"
STORY_COUNT_HELP = f"1 to {MAX_CLAIMED_STORIES} stories"


def _blank(v: Any) -> bool:
    if v is None:
        return True
    if isinstance(v, float) and math.isnan(v):
        return True
    try:
        return bool(pd.isna(v))
    except (TypeError, ValueError):
        return False


def stories_table(stories: list[Mapping[str, Any]]) -> pd.DataFrame:
    """The editor's table (columns Beat, Shape, Stars; beats by their printed name)."""
    rows = []
    for s in stories:
        beat = s.get("beat")
        try:
            title = Beat(beat).title if beat is not None else None
        except ValueError:
            title = None
        rows.append({"Beat": title, "Shape": s.get("shape"), "Stars": s.get("stars")})
    df = pd.DataFrame(rows, columns=["Beat", "Shape", "Stars"])
    df["Beat"] = df["Beat"].astype(object)
    df["Shape"] = df["Shape"].astype(object)
    df["Stars"] = df["Stars"].astype("Int64")
    df.index = pd.RangeIndex(1, len(df) + 1)  # the "#" column: the numbers the page drawings show
    return df


def problem_doc_from_table(
    table: pd.DataFrame, values: Mapping[str, int], ad: Any
) -> dict[str, Any]:
    """The contract's press-problem JSON from the editor's table, the five values and the ad.

    Blank cells and empty rows raise :class:`BadInput` naming the row; the
    rest (count of stories, ranges) is left to :meth:`PressProblem.from_json`.
    """
    stories = []
    for n, (_, row) in enumerate(table.iterrows()):
        where = f"Story {story_tag(n)} (row {n + 1} of the table)"
        beat, shape, stars = row.get("Beat"), row.get("Shape"), row.get("Stars")
        if _blank(beat) and _blank(shape) and _blank(stars):
            raise BadInput(f"{where} is empty: fill it in or delete the row.")
        if _blank(beat):
            raise BadInput(f"{where}: the beat is blank; pick one.")
        if _blank(shape):
            raise BadInput(f"{where}: the shape is blank; pick {names_and(SHAPE_NAMES).replace(' and ', ' or ')}.")
        if beat not in BEAT_BY_TITLE:
            raise BadInput(f"{where}: unknown beat {beat!r}.")
        doc: dict[str, Any] = {"beat": BEAT_BY_TITLE[beat], "shape": str(shape)}
        if not _blank(stars):
            doc["stars"] = int(stars)
        stories.append(doc)
    return {
        "stories": stories,
        "beat_values": {b: int(v) for b, v in values.items()},
        "ad": None if ad is None else [int(ad[0]), int(ad[1])],
    }


def parse_press_text(text: str) -> PressProblem:
    """A press problem from pasted JSON text; :class:`BadInput` with a readable message otherwise."""
    doc = parse_json_text(text, "pasted press")
    if isinstance(doc, dict) and "layout" in doc:
        doc = {k: v for k, v in doc.items() if k != "layout"}
    return PressProblem.from_json(doc)
