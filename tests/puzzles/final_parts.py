"""Reading a puzzle's final circulations and their parts off its words, as a player adds them up.

A position puzzle's prompt says each newspaper's circulation now (``circulation The Times 44, The Sun 35``);
each line of best play in its why says the presses that follow (``The Herald presses (+12, 1 scoop point to
The Times)``), then ``final: The Herald 68, ... (bonuses: War 7 to The Times and The Herald; ...)``. What a
player reads must add up: for every newspaper, its circulation now plus the gains, scoop points and bonuses
the line names equals the final figure it shows.
"""
from __future__ import annotations

import re

from pennypress.engine.game.names import NEWSPAPERS

_NAME = "|".join(re.escape(n) for n in NEWSPAPERS)
_NOW = re.compile(rf"({_NAME}) (\d+)")
_PRESS = re.compile(rf"({_NAME}) presses \(\+(\d+)((?:, \d+ scoop points? to (?:{_NAME}))*)\)")
_SCOOP = re.compile(rf"(\d+) scoop points? to ({_NAME})")
_FINAL = re.compile(rf"final: ((?:(?:{_NAME}) −?\d+(?:, )?)+)(?: \((?:bonus|bonuses): ([^)]*)\))?")
_BONUS = re.compile(r"^(.+?) (\d+) to (.+)$")


def circulations_now(prompt: str) -> dict[str, int]:
    """Each newspaper's circulation as the prompt says it."""
    said = prompt.split("circulation ", 1)[1].split(".", 1)[0]
    return {name: int(n) for name, n in _NOW.findall(said)}


def _names(text: str) -> list[str]:
    return [n for n in re.split(r", | and ", text) if n]


def final_lines(why: list[str] | tuple[str, ...]) -> list[str]:
    """The sentences of a why that end a line of play with its final circulations."""
    return [line for line in why if "final: " in line]


def parts_and_totals(line: str) -> tuple[dict[str, int], dict[str, int]]:
    """``(what the line adds to each newspaper, each newspaper's final circulation)``, as the line says them."""
    added: dict[str, int] = {}
    for name, gain, scoops in _PRESS.findall(line):
        added[name] = added.get(name, 0) + int(gain)
        for points, to in _SCOOP.findall(scoops):
            added[to] = added.get(to, 0) + int(points)
    final = _FINAL.search(line)
    assert final is not None, line
    totals = {name: int(n.replace("−", "-")) for name, n in _NOW.findall(final.group(1))}
    for bonus in (final.group(2) or "").split("; "):
        if not bonus:
            continue
        match = _BONUS.match(bonus)
        assert match is not None, bonus
        for name in _names(match.group(3)):
            added[name] = added.get(name, 0) + int(match.group(2))
    return added, totals


def unexplained(prompt: str, line: str) -> dict[str, int]:
    """Each newspaper whose final circulation the parts named do not reach, with what is missing (``{}``: every
    final figure is its circulation now plus the parts the line names)."""
    now = circulations_now(prompt)
    added, totals = parts_and_totals(line)
    return {name: total - now[name] - added.get(name, 0) for name, total in totals.items()
            if total != now[name] + added.get(name, 0)}
