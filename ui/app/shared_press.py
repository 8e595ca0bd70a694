"""The app's shared press: what the Press desk edits and Check my page judges.

Kept in ``st.session_state`` under plain (non-widget) keys
(:mod:`~pennypress.ui.app.session_keys`) so it survives switching pages;
widgets are re-seeded from it whenever they are rebuilt. The table's
conversion to a press problem is :mod:`~pennypress.ui.app.press_table`'s.
"""
from __future__ import annotations

import copy
from typing import Any, Mapping

from pennypress.solver import BEATS, PressProblem
from pennypress.ui.app import session_keys as keys
from pennypress.ui.app.press_table import problem_doc_from_table, stories_table
from pennypress.ui.io.builtin_examples import RULEBOOK_12_POINTS

BUILTIN_SOURCE = "Built-in example: the rulebook's 12-point press (p. 9)"


def init(st) -> None:
    """Put the built-in example in the session on first use."""
    if keys.STORIES not in st.session_state:
        load_doc(st, RULEBOOK_12_POINTS, BUILTIN_SOURCE)


def load_doc(st, doc: Mapping[str, Any], source: str) -> None:
    """Replace the shared press with ``doc`` (already validated) and reset the widgets."""
    ss = st.session_state
    doc = copy.deepcopy(dict(doc))
    ss[keys.STORIES] = stories_table(doc["stories"])
    ss[keys.STORIES_BASE] = ss[keys.STORIES].copy()
    ss[keys.VALUES] = {b.value: int(doc["beat_values"][b.value]) for b in BEATS}
    ss[keys.AD] = None if doc.get("ad") is None else [int(doc["ad"][0]), int(doc["ad"][1])]
    ss[keys.SOURCE] = source
    for key in [keys.STORIES_EDITOR] + [keys.beat_value_key(b.value) for b in BEATS]:
        if key in ss:
            del ss[key]
    ss[keys.VERSION] = ss.get(keys.VERSION, 0) + 1


def current_doc(st) -> dict[str, Any]:
    """The shared press as a JSON document (may be invalid: blank cells raise BadInput)."""
    ss = st.session_state
    return problem_doc_from_table(ss[keys.STORIES], ss[keys.VALUES], ss[keys.AD])


def current_problem(st) -> PressProblem:
    """The shared press as a validated problem; raises :class:`BadInput` with a readable message."""
    return PressProblem.from_json(current_doc(st))
