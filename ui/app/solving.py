"""The app's calls into the solver, cached across sessions (``st.cache_data``).

Keys are the press problem's canonical JSON text, so the same press asked
from any page, by any user, is solved once. Results are the solver's own
objects (they pickle).
"""
from __future__ import annotations

import json
from typing import Any

import streamlit as st

from pennypress.solver import CheckResult, Placement, PressProblem, PressResult, ProposedPage, check_page, solve
from pennypress.solver.score_levels import ScoreLevels, score_levels


def key_of(problem: PressProblem) -> str:
    return json.dumps(problem.to_json(), sort_keys=True)


@st.cache_data(show_spinner=False, max_entries=2000)
def _solve(doc: str) -> PressResult:
    return solve(PressProblem.from_json(json.loads(doc)))


@st.cache_data(show_spinner=False, max_entries=500)
def _levels(doc: str, k: int) -> ScoreLevels:
    return score_levels(PressProblem.from_json(json.loads(doc)), k)


@st.cache_data(show_spinner=False, max_entries=2000)
def _check(doc: str, layout: str) -> CheckResult:
    problem = PressProblem.from_json(json.loads(doc))
    raw = json.loads(layout)
    placements = tuple(Placement(**p) for p in raw["placements"])
    page = ProposedPage(placements, raw["exclusive"]) if "exclusive" in raw else ProposedPage(placements)
    return check_page(problem, page)


def optimal(problem: PressProblem) -> PressResult:
    """The optimal page (the solver's :func:`solve`)."""
    return _solve(key_of(problem))


def levels(problem: PressProblem, k: int) -> ScoreLevels:
    """How many distinct pages tie for the best, and one page for each of the next ``k`` lower totals."""
    return _levels(key_of(problem), max(0, int(k)))


def check(problem: PressProblem, placements: list[Placement], exclusive: Any = "best") -> CheckResult:
    """The checker's verdict; ``exclusive`` is a story index, ``None``, or ``"best"`` (let it choose)."""
    layout: dict[str, Any] = {"placements": [p.to_json() for p in placements]}
    if exclusive != "best":
        layout["exclusive"] = exclusive
    return _check(key_of(problem), json.dumps(layout, sort_keys=True))
