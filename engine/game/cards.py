"""Headline cards and the named decks, read from ``data/``.

The ``default`` deck is ``headline_cards.csv`` as transcribed; ``corrected``
applies the three fixes listed in ``data/decks.json`` (REFERENCE.md §8).

>>> default, corrected = load_deck("default"), load_deck("corrected")
>>> len(default), DECK_NAMES
(45, ('default', 'corrected'))
>>> default.card(4).story_text, corrected.card(4).story_text
('war:A human:D crime:B', 'war:A human:C crime:B')
>>> default.card(10).bonus, corrected.card(10).bonus, corrected.card(19).story_text
(2, 3, 'city:B politics:D')
"""
from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources

from pennypress.errors import BadInput
from pennypress.solver.vocab import COLUMNS, Beat, Shape

from .stories import kind_text, parse_kind

_DATA = resources.files(__package__).joinpath("data")
_DECKS: dict = json.loads(_DATA.joinpath("decks.json").read_text())
DECK_NAMES: tuple[str, ...] = tuple(k for k in _DECKS if not k.startswith("_"))
DECK_CACHE_SIZE = 8
"""Decks (and their card indexes) kept loaded: every named deck (two ship) with room to spare
(docs/developer/caches.md)."""


@dataclass(frozen=True)
class HeadlineCard:
    """One headline card: its beat, bonus increment, stories (in printed order), ad column."""

    id: int
    beat: Beat
    bonus: int
    stories: tuple[tuple[Beat, Shape], ...]
    ad_column: int
    headline: str

    @property
    def story_text(self) -> str:
        return " ".join(kind_text(k) for k in self.stories)

    def __str__(self) -> str:
        return f"#{self.id} {self.beat.value} +{self.bonus} [{self.story_text}] ad col {self.ad_column}: {self.headline}"


@dataclass(frozen=True)
class Deck:
    """A named, immutable deck of headline cards, in id order."""

    name: str
    cards: tuple[HeadlineCard, ...]

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def ids(self) -> tuple[int, ...]:
        return tuple(c.id for c in self.cards)

    def card(self, card_id: int) -> HeadlineCard:
        try:
            return self._by_id()[card_id]
        except KeyError:
            raise BadInput(f"deck {self.name!r}: no headline card {card_id!r}") from None

    def _by_id(self) -> dict[int, HeadlineCard]:
        return _index(self)


@lru_cache(maxsize=DECK_CACHE_SIZE)
def _index(deck: Deck) -> dict[int, HeadlineCard]:
    return {c.id: c for c in deck.cards}


def _parse_row(row: dict) -> HeadlineCard:
    where = f"headline card {row.get('id')}"
    try:
        ad = int(row["ad"])
        if not 0 <= ad < COLUMNS:
            raise ValueError(f"ad column {ad}")
        return HeadlineCard(
            id=int(row["id"]),
            beat=Beat(row["beat"]),
            bonus=int(row["bonus"]),
            stories=tuple(parse_kind(s, where) for s in row["stories"].split(";")),
            ad_column=ad,
            headline=row["headline"],
        )
    except (KeyError, ValueError) as exc:
        raise BadInput(f"{where}: {exc}") from None


@lru_cache(maxsize=DECK_CACHE_SIZE)
def load_deck(name: str = "default") -> Deck:
    """The named deck (``default`` or ``corrected``)."""
    if name not in DECK_NAMES:
        raise BadInput(f"unknown deck {name!r} (expected one of {', '.join(DECK_NAMES)})")
    spec = _DECKS[name]
    rows = csv.DictReader(io.StringIO(_DATA.joinpath(spec["file"]).read_text()))
    cards = {c.id: c for c in map(_parse_row, rows)}
    for key, fix in spec["corrections"].items():
        card = cards[int(key)]
        if "stories" in fix:
            card = replace(card, stories=tuple(parse_kind(s) for s in fix["stories"]))
        if "bonus" in fix:
            card = replace(card, bonus=int(fix["bonus"]))
        cards[card.id] = card
    return Deck(name, tuple(cards[i] for i in sorted(cards)))
