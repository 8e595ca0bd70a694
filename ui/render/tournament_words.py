"""A tournament's report in words, for the Tournament page and ``pennypress tournament --text``.

Bots by the names people read, seats by their newspapers, shares as whole
percentages, the test against the fair share as how often luck alone would do
as well, ratings on the familiar 1500 scale (:mod:`pennypress.ui.render.ratings`),
and every column said in plain words (:func:`column_words`) where it is shown.

>>> bot_label("greedy"), bot_label("advisor:fast"), bot_label("my-bot")
('Greedy bot', 'Advisor (fast)', 'My-bot')
>>> seats_words([1, 2]), interval_words((0.194, 0.812)), luck_words(0.2), luck_words(0.0004), luck_words(0.004)
('The Sun, The Herald', '19%–81%', '20%', 'under 0.1%', '0.4%')
>>> rating_words({"mu": 25.0, "sigma": 2.0}), margin_words(-2.5)
('1500', '−2.5')
>>> luck_verdict(0.01), luck_verdict(0.1), luck_cell(0.35)
('very likely better than fair', 'perhaps better than fair', '35%, no sign it is better than fair')
"""
from __future__ import annotations

from typing import Sequence

from pennypress.engine.arena.seats import PLAYOUT, SEARCHES, SEATS, seat_label, seat_words
from pennypress.engine.game.names import newspaper
from pennypress.ui.render.ratings import margin_points, rating_points

LUCK_HEADING = "luck alone does as well"
"""The heading of the test against the fair share: how often pure luck would do this well."""
LUCK_HELP = ("How often a bot that only deserves the fair share would, by pure luck, win at least this often "
             "in these games: the smaller, the surer the bot really is better than fair (under 5%: very "
             "likely; 30% or more: these games cannot tell).")

SURE, PERHAPS = 0.05, 0.3
"""Where :func:`luck_verdict` changes its words (the usual 5%, and a chance too large to mean much)."""


def bot_label(name: str) -> str:
    """A seat name as people read it (``advisor:fast`` -> ``Advisor (fast)``): its label in the seat
    registry (:func:`~pennypress.engine.arena.seats.seat_label`)."""
    return seat_label(name)


CORE_WORDS = {PLAYOUT: "the advisor's playout bot", SEARCHES: "its searches"}
"""How a seat plays on the native core, for the seat table (any other seat: the core's twin of the bot)."""


def seat_table() -> str:
    """The seat table of ``docs/guide/cli.md``, in Markdown: every seat name of the registry
    (:data:`~pennypress.engine.arena.seats.SEATS`, a family once per option), its label, its words in
    the strategy guide, the tables that seat it and how it plays on the native core."""
    lines = ["| seat | shown as | in the strategy guide | tournament, selfplay, play | strategy | on the native core |",
             "|---|---|---|---|---|---|"]
    for base, seat in SEATS.items():
        for name in [base] if not seat.options else [f"{base}:{o}" for o in seat.options]:
            lines.append(f"| `{name}` | {seat_label(name)} | {seat_words(name)} | {'yes' if seat.tournament else 'no'} "
                         f"| {'yes' if seat.strategy else 'no'} | {CORE_WORDS.get(seat.core, 'the same bot')} |")
    return "\n".join(lines)


def seats_words(seats: Sequence[int]) -> str:
    """The newspapers a bot played (its seats in the first rotation)."""
    return ", ".join(newspaper(s) for s in seats)


def share_words(x: float) -> str:
    """A win share as a whole percentage."""
    return f"{x:.0%}"


def interval_words(interval: Sequence[float]) -> str:
    """A 95% interval of a share: ``'19%–81%'``."""
    low, high = interval
    return f"{low:.0%}–{high:.0%}"


def luck_words(p: float) -> str:
    """How often luck alone would do as well (the test's p-value): whole percentages, with one decimal
    under 1% (``'0.4%'``) and ``'under 0.1%'`` below that."""
    if p < 0.001:
        return "under 0.1%"
    return f"{p:.1%}" if p < 0.01 else f"{p:.0%}"


def luck_verdict(p: float) -> str:
    """What that chance says about the bot, in a few words."""
    if p < SURE:
        return "very likely better than fair"
    return "perhaps better than fair" if p < PERHAPS else "no sign it is better than fair"


def luck_cell(p: float) -> str:
    """The luck column's cell: the chance and what it says (``'35%, no sign it is better than fair'``)."""
    return f"{luck_words(p)}, {luck_verdict(p)}"


def rating_words(rating: dict) -> str:
    """A bot's rating (openskill's ``mu``) on the familiar scale: a whole number, 1500 at the start."""
    return str(rating_points(rating["mu"]))


def margin_words(x: float) -> str:
    """A mean margin with its sign, one decimal, a true minus sign."""
    return f"{x:+.1f}".replace("-", "−")


def rating_spread(report: dict) -> int:
    """How far the least certain bot's rating may be off after these games (about 95%), in rating points."""
    return max(margin_points(b["rating"]["sigma"]) for b in report["bots"])


def column_words(report: dict) -> list[tuple[str, str]]:
    """Each column of the results table and what it means, in a player's words (the report's own figures
    filled in: the fair share, the ratings' uncertainty)."""
    n = report["players"]
    return [
        ("Win share", f"the share of its games the bot won (a win shared by two newspapers counts a half). "
                      f"A bot no better than the others wins {share_words(1 / n)}, one game in {n}."),
        ("95% interval", "where the bot's true win share lies, 95 times in 100, judging by these games; "
                         "more games make it narrower."),
        (LUCK_HEADING.capitalize(), LUCK_HELP[0].lower() + LUCK_HELP[1:]),
        ("Mean circulation", "its circulation at the end of a game, on average."),
        ("Mean margin", "how far ahead (+) or behind (−) the best other newspaper it finished, on average."),
        ("Mean presses", "how many times a game it went to press, on average."),
        ("Rating", "like a chess rating: every bot starts at 1500, and 400 points more means winning ten "
                   f"two-player games to one. After these games each rating may be off by up to about "
                   f"{rating_spread(report)} points."),
    ]
