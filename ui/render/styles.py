"""Colours and short names for drawing: one clear colour per beat, one per newspaper.

The one palette of the app: every board, mat, chip, table mark and chart takes a
newspaper's colour from :data:`PAPER_STYLE` (``fill`` for chips and mats,
``ink`` for lines and marks on a white chart: the same hue, dark enough to see),
and a beat's from :data:`BEAT_STYLE`. Presentation only (the rules' names are
in the solver's and engine's data).

>>> BEAT_STYLE[Beat.WAR].fill, PAPER_STYLE[0].fill, beat_short(Beat.CITY)
('#c62828', '#f6c42b', 'NYC')
>>> paper_chart_colours(3)
(['The Times', 'The Sun', 'The Herald'], ['#d4a00b', '#3b8bbf', '#222222'])
"""
from __future__ import annotations

from dataclasses import dataclass

from pennypress.engine.game.names import newspaper
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


@dataclass(frozen=True)
class PaperStyle(Style):
    ink: str
    """The newspaper's colour for a line or a mark on white (a white newspaper is drawn grey)."""


# The newspapers' colours by seat: The Times yellow, The Sun blue, The Herald black
# (rulebook pp. 9-10), then white and pink.
PAPER_STYLE: tuple[PaperStyle, ...] = (
    PaperStyle("#f6c42b", "#8a6d00", "#1b1b1b", "#d4a00b"),
    PaperStyle("#8ecae6", "#2f6f8f", "#1b1b1b", "#3b8bbf"),
    PaperStyle("#222222", "#000000", "#ffffff", "#222222"),
    PaperStyle("#f4f4f4", "#555555", "#1b1b1b", "#9a9a9a"),
    PaperStyle("#ff70a6", "#a3244f", "#1b1b1b", "#e0558f"),
)

AD_FILL, AD_STROKE = "#6a1b9a", "#3c0c5a"
EMPTY_FILL, EMPTY_STROKE, PENALTY_TEXT = "#f6f2e7", "#b9b09a", "#b3261e"
BAD_STROKE = "#d50000"
PENNY_FILL, PENNY_STROKE = "#c77b30", "#7a4512"
TOP_BADGE = Style("#ffd54f", "#8a6d00", "#3e2f00")


def beat_short(beat: Beat) -> str:
    """A beat's name where room is short (the bonus track, table headers)."""
    return _BEAT_SHORT[Beat(beat)]


def paper_style(player: int) -> PaperStyle:
    return PAPER_STYLE[player % len(PAPER_STYLE)]


def paper_chart_colours(players: int) -> tuple[list[str], list[str]]:
    """A chart's colour scale for ``players`` newspapers: their names and their inks, in seat order."""
    return [newspaper(i) for i in range(players)], [paper_style(i).ink for i in range(players)]
