"""How people name things at the table: newspapers for players, stories as spoken.

The one place that turns a player index (0-based everywhere in the code and in
files) or a story into the words the app and messages show. Newspaper names are
rules data (``data/game.json``): the rulebook's examples call the players The
Times, The Sun and The Herald.

>>> newspaper(0), newspaper(2), player_number(0), player_token(0)
('The Times', 'The Herald', 1, 'p1')
>>> from pennypress.engine.game.stories import Story
>>> story_name(Story.parse("war:D:3")), story_name(Story.parse("city:A:1"))
('War D ★★★', 'New York City A ★')
"""
from __future__ import annotations

import json
from importlib import resources
from typing import Any

_GAME = json.loads(resources.files(__package__).joinpath("data/game.json").read_text())
NEWSPAPERS: tuple[str, ...] = tuple(_GAME["newspapers"]["names"])
"""Newspaper names by seat (player 0 is The Times)."""
assert len(NEWSPAPERS) >= _GAME["players"]["max"], "a newspaper name for every seat"


def newspaper(player: int) -> str:
    """The newspaper of ``player`` (0-based seat): ``'The Times'``, ``'The Sun'``, ..."""
    return NEWSPAPERS[player]


def player_number(player: int) -> int:
    """The 1-based number people say for a 0-based seat (the first player is player 1)."""
    return player + 1


def player_token(player: int) -> str:
    """``'p1'``: the seat as the one-line notation writes it (players numbered from 1)."""
    return f"p{player_number(player)}"


def player_label(player: int) -> str:
    """``'The Times (player 1)'``: the newspaper and the number people say."""
    return f"{newspaper(player)} (player {player_number(player)})"


def stars_text(stars: int) -> str:
    """``3`` -> ``'★★★'``."""
    return "★" * stars


def story_name(story: Any) -> str:
    """A story (anything with a ``beat``, a ``shape`` and ``stars``: a
    :class:`~pennypress.engine.game.stories.Story`) as players say it: ``'War D ★★★'``."""
    return f"{story.beat.title} {story.shape.value} {stars_text(story.stars)}"
