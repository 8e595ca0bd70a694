"""The rules' numbers, read from ``data/tracks.json`` and ``data/game.json``.

One function per rule number: the arrow marker's position, the beat and
scoop values it points to, the bonus track, the ad row, the final-edition
trigger.

>>> marker_position(height=4, covered=1), beat_value(5), scoop_value(5)
(5, 4, 2)
>>> marker_position(height=9, covered=3)
9
>>> advance_bonus(19, 3), ad_row(1), ad_row(3), final_edition_presses(2), final_edition_presses(4)
(20, 2, 0, 4, 3)
"""
from __future__ import annotations

import json
from importlib import resources

_TRACKS = json.loads(resources.files(__package__).joinpath("data/tracks.json").read_text())
_GAME = json.loads(resources.files(__package__).joinpath("data/game.json").read_text())

COLUMN_CAPACITY: int = _TRACKS["column_capacity"]
"""Spaces in a news-beat column (A/B stories take 1, C/D take 2)."""
_VALUES: tuple[int, ...] = tuple(_TRACKS["beat_value_by_position"])
_SCOOPS: tuple[int, ...] = tuple(_TRACKS["scoop_value_by_position"])
MAX_POSITION: int = len(_VALUES) - 1
assert len(_SCOOPS) == len(_VALUES) and MAX_POSITION == COLUMN_CAPACITY
BONUS_START: int = _TRACKS["bonus_track"]["start"]
BONUS_MAX: int = _TRACKS["bonus_track"]["max"]

MIN_PLAYERS: int = _GAME["players"]["min"]
MAX_PLAYERS: int = _GAME["players"]["max"]
REPORTERS: int = _GAME["reporters_per_player"]
STARS: tuple[int, ...] = tuple(_GAME["stars"])
_FINAL: dict[int, int] = {int(k): v for k, v in _GAME["final_edition_press_count"].items()}
_AD_ROW: dict[int, int] = {int(k): v for k, v in _GAME["ad_row_by_pennies"].items()}
VARIANT_DATA: dict[str, dict] = _GAME["variants"]
"""Variant name -> ``{"players": [...], "automatic": bool, "description": str}`` (the hooks are in
:mod:`pennypress.engine.game.variants`)."""


def marker_position(height: int, covered: int) -> int:
    """Arrow marker position: spaces filled plus covered stories, at most 9."""
    return min(MAX_POSITION, height + covered)


def beat_value(position: int) -> int:
    """The beat value the large arrow points to at ``position`` (0..9)."""
    return _VALUES[position]


def scoop_value(position: int) -> int:
    """The scoop value the S-shaped arrow points to at ``position`` (0..9)."""
    return _SCOOPS[position]


def advance_bonus(value: int, increment: int) -> int:
    """A bonus marker after a headline card's increment, capped at the track's end."""
    return min(BONUS_MAX, value + increment)


def ad_row(pennies: int) -> int:
    """Row of the new ad: the row of the player's highest penny (pennies fill bottom-up)."""
    try:
        return _AD_ROW[pennies]
    except KeyError:
        raise ValueError(f"no ad row for {pennies} pennies") from None


def final_edition_presses(players: int) -> int:
    """The press count (a player's pennies) that triggers the final edition."""
    return _FINAL[players]
