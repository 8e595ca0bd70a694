"""The app's shared press: what the Press desk edits and Check my page judges.

Kept in ``st.session_state`` under plain (non-widget) keys so it survives
switching pages; widgets are re-seeded from it whenever they are rebuilt.
The conversion from the editor's table to a press problem is a pure function
(:func:`problem_doc_from_table`) so it can be tested without Streamlit.

>>> df = stories_table([{"beat": "politics", "shape": "A", "stars": 2}])
>>> problem_doc_from_table(df, {"war": 3, "crime": 3, "politics": 4, "city": 0, "human": 0}, None)["stories"]
[{'beat': 'politics', 'shape': 'A', 'stars': 2}]
>>> problem_doc_from_table(stories_table([{"beat": None, "shape": "A"}]), {}, None)
Traceback (most recent call last):
...
pennypress.errors.BadInput: Story #0 (row 1 of the table): the beat is blank; pick one.
"""
from __future__ import annotations

import copy
import math
from typing import Any, Mapping

import pandas as pd

from pennypress.solver import BEATS, SHAPES, Beat, BadInput, PressProblem
from pennypress.ui.io.builtin_examples import RULEBOOK_12_POINTS
from pennypress.ui.io.json_text import parse_json_text

BEAT_BY_TITLE = {b.title: b.value for b in BEATS}
BEAT_TITLES = [b.title for b in BEATS]
SHAPE_NAMES = [s.value for s in SHAPES]
STAR_CHOICES = [1, 2, 3]


# session_state keys (not widget keys)
K_STORIES = "pp_stories"  # DataFrame: the table as last edited
K_STORIES_BASE = "pp_stories_base"  # DataFrame the editor widget was built on
K_VALUES = "pp_values"  # dict beat id -> int
K_AD = "pp_ad"  # [x, y] or None
K_SOURCE = "pp_source"  # where the press came from (text for the user)
EDITOR_KEY = "stories_editor"


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
        where = f"Story #{n} (row {n + 1} of the table)"
        beat, shape, stars = row.get("Beat"), row.get("Shape"), row.get("Stars")
        if _blank(beat) and _blank(shape) and _blank(stars):
            raise BadInput(f"{where} is empty: fill it in or delete the row.")
        if _blank(beat):
            raise BadInput(f"{where}: the beat is blank; pick one.")
        if _blank(shape):
            raise BadInput(f"{where}: the shape is blank; pick A, B, C or D.")
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


# ---------------------------------------------------------------- session state


def init(st) -> None:
    """Put the built-in example in the session on first use."""
    ss = st.session_state
    if K_STORIES not in ss:
        load_doc(st, RULEBOOK_12_POINTS, "Built-in example: the rulebook's 12-point press (p. 9)")


def load_doc(st, doc: Mapping[str, Any], source: str) -> None:
    """Replace the shared press with ``doc`` (already validated) and reset the widgets."""
    ss = st.session_state
    doc = copy.deepcopy(dict(doc))
    ss[K_STORIES] = stories_table(doc["stories"])
    ss[K_STORIES_BASE] = ss[K_STORIES].copy()
    ss[K_VALUES] = {b.value: int(doc["beat_values"][b.value]) for b in BEATS}
    ss[K_AD] = None if doc.get("ad") is None else [int(doc["ad"][0]), int(doc["ad"][1])]
    ss[K_SOURCE] = source
    for key in [EDITOR_KEY] + [f"bv_{b.value}" for b in BEATS]:
        if key in ss:
            del ss[key]
    ss["pp_version"] = ss.get("pp_version", 0) + 1


def current_doc(st) -> dict[str, Any]:
    """The shared press as a JSON document (may be invalid: blank cells raise BadInput)."""
    ss = st.session_state
    return problem_doc_from_table(ss[K_STORIES], ss[K_VALUES], ss[K_AD])


def current_problem(st) -> PressProblem:
    """The shared press as a validated problem; raises :class:`BadInput` with a readable message."""
    return PressProblem.from_json(current_doc(st))
