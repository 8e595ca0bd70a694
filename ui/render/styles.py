"""Colours and short names for drawing: one clear colour per beat, one per newspaper.

Presentation only (the rules' names are in the solver's and engine's data).

>>> BEAT_STYLE[Beat.WAR].fill, PAPER_STYLE[0].fill, beat_short(Beat.CITY)
('#c62828', '#f6c42b', 'NYC')
"""
from __future__ import annotations

from dataclasses import dataclass

from pennypress.solver import Beat


@dataclass(frozen=True)
class Style:
    fill: str
    stroke: str
    text: str


# One clear colour per beat; purple is kept for the advertisement.
BEAT_STYLE: dict[Beat, Style] = {
    Beat.WAR: Style("#c62828", "#7f1010", "#ffffff"),
    Beat.CRIME: Style("#ef8a17", "#9a5200", "#1b1b1b"),
    Beat.POLITICS: Style("#1e63c6", "#0d3a7a", "#ffffff"),
    Beat.CITY: Style("#2e9e55", "#176332", "#ffffff"),
    Beat.HUMAN: Style("#8d6e63", "#4e342e", "#ffffff"),
}
BeatStyle = Style  # the name the page drawing used

_BEAT_SHORT = {Beat.WAR: "War", Beat.CRIME: "Crime", Beat.POLITICS: "Politics", Beat.CITY: "NYC", Beat.HUMAN: "Human"}

# The newspapers' colours by seat: The Times yellow, The Sun blue, The Herald black
# (rulebook pp. 9-10), then white and pink.
PAPER_STYLE: tuple[Style, ...] = (
    Style("#f6c42b", "#8a6d00", "#1b1b1b"),
    Style("#8ecae6", "#2f6f8f", "#1b1b1b"),
    Style("#222222", "#000000", "#ffffff"),
    Style("#f4f4f4", "#555555", "#1b1b1b"),
    Style("#ff70a6", "#a3244f", "#1b1b1b"),
)

AD_FILL, AD_STROKE = "#6a1b9a", "#3c0c5a"
EMPTY_FILL, EMPTY_STROKE, PENALTY_TEXT = "#f6f2e7", "#b9b09a", "#b3261e"
BAD_STROKE = "#d50000"
PENNY_FILL, PENNY_STROKE = "#c77b30", "#7a4512"
TOP_BADGE = Style("#ffd54f", "#8a6d00", "#3e2f00")


def beat_short(beat: Beat) -> str:
    """A beat's name where room is short (the bonus track, table headers)."""
    return _BEAT_SHORT[Beat(beat)]


def paper_style(player: int) -> Style:
    return PAPER_STYLE[player % len(PAPER_STYLE)]
