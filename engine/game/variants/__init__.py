"""The game's variants as objects: the standard game and every variant, each with its hooks.

A new variant is one new module here (a :class:`~.base.Variant` subclass
overriding the hooks it changes, see :mod:`.base`), its entry in
``data/game.json`` (its player counts, whether it applies by itself, a
description), one line in :data:`VARIANTS` below, and its tests.

>>> sorted(VARIANTS), [v.name for v in choosable(4)], choosable(3)
(['newsboy', 'two-player'], ['newsboy'], [])
>>> variant_of(()) is STANDARD, variant_of(("newsboy",)) is NEWSBOY
(True, True)
"""
from __future__ import annotations

from typing import Iterable

from ..tables import VARIANT_DATA
from .base import STANDARD, Variant
from .newsboy import NEWSBOY
from .two_player import TWO_PLAYER

VARIANTS: dict[str, Variant] = {v.name: v for v in (TWO_PLAYER, NEWSBOY)}
"""Every variant by name (the standard game is :data:`~.base.STANDARD`)."""
assert set(VARIANTS) == set(VARIANT_DATA), "every variant in data/game.json has its module, and the reverse"


def variant_of(names: Iterable[str]) -> Variant:
    """The variant a game with these variant names plays (at most one applies to a game)."""
    names = tuple(names)
    return VARIANTS[names[0]] if names else STANDARD


def choosable(players: int) -> list[Variant]:
    """The variants a person may choose for a game of ``players`` (those that do not apply by themselves)."""
    return [v for v in VARIANTS.values() if not v.automatic and players in v.players]


__all__ = ["NEWSBOY", "STANDARD", "TWO_PLAYER", "VARIANTS", "Variant", "choosable", "variant_of"]
