"""A tournament's report in words, for the Tournament page and ``pennypress tournament --text``.

Bots by the names people read, seats by their newspapers, shares as whole
percentages, the binomial test as the chance that luck alone did as well.

>>> bot_label("greedy"), bot_label("advisor:fast"), bot_label("my-bot")
('Greedy bot', 'Advisor (fast)', 'My-bot')
>>> seats_words([1, 2]), interval_words((0.194, 0.812)), luck_words(0.2), luck_words(0.0004), luck_words(0.004)
('The Sun, The Herald', '19%–81%', '20%', 'under 0.1%', '0.4%')
"""
from __future__ import annotations

from typing import Sequence

from pennypress.engine.game.names import newspaper

LABELS = {"random": "Random bot", "greedy": "Greedy bot", "heuristic": "Heuristic bot",
          "evaluator": "Evaluator (league)", "timer": "Press timer (league)", "mcts": "MCTS (league)"}

LUCK_HEADING = "by luck alone"
LUCK_HELP = ("The chance that a bot no better than the fair share would win at least this often in these games "
             "(an exact one-sided binomial test): the smaller, the surer the bot is better than fair.")


def bot_label(name: str) -> str:
    """A seat name as people read it (``advisor:fast`` -> ``Advisor (fast)``)."""
    if name in LABELS:
        return LABELS[name]
    base, colon, option = name.partition(":")
    return f"{base.capitalize()} ({option})" if colon else base.capitalize()


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
    """The binomial test's p-value as the chance that luck alone did as well: whole percentages, with
    one decimal under 1% (``'0.4%'``) and ``'under 0.1%'`` below that."""
    if p < 0.001:
        return "under 0.1%"
    return f"{p:.1%}" if p < 0.01 else f"{p:.0%}"
