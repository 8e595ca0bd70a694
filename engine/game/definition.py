"""The immutable game definition: player count, variants, deck.

Everything that does not change during a game. Built with
:meth:`GameDefinition.create`, which checks the combination is allowed.

>>> g = GameDefinition.create(4, variants=["newsboy"])
>>> g.final_edition_presses, g.variant.name, len(g.deck)
(3, 'newsboy', 45)
>>> two = GameDefinition.create(2)
>>> two.variants, two.chosen_variants, two.variant.turns_in_a_row, two.final_edition_presses
(('two-player',), (), 2, 4)
>>> GameDefinition.create(3, variants=["newsboy"])
Traceback (most recent call last):
...
pennypress.errors.BadInput: the newsboy variant is for 4 or 5 players, not 3
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from pennypress.errors import BadInput
from pennypress.solver.vocab import field_names

from .cards import DECK_NAMES, Deck, load_deck
from .tables import MAX_PLAYERS, MIN_PLAYERS, final_edition_presses
from .variants import VARIANTS, Variant, variant_of


@dataclass(frozen=True)
class GameDefinition:
    """Players (2..5), variant names (sorted; at most one applies), and the deck's name."""

    players: int
    variants: tuple[str, ...] = ()
    deck_name: str = "default"
    variant: Variant = field(init=False, repr=False, compare=False)
    """The variant this game plays (:data:`~pennypress.engine.game.variants.base.STANDARD` if none):
    the rules ask its hooks wherever a variant changes them."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "variant", variant_of(self.variants))

    def __reduce__(self):
        """Pickled as its three fields (a worker process finds its own variant object)."""
        return (GameDefinition, (self.players, self.variants, self.deck_name))

    @classmethod
    def create(cls, players: int, variants: Iterable[str] = (), deck: str = "default") -> "GameDefinition":
        """Validate and normalise; variants marked automatic (``two-player``) are added when they apply."""
        if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise BadInput(f"players: expected {MIN_PLAYERS} to {MAX_PLAYERS}, got {players!r}")
        chosen = set(variants)
        for name in chosen:
            if name not in VARIANTS:
                raise BadInput(f"unknown variant {name!r} (expected one of {', '.join(VARIANTS)})")
            allowed = VARIANTS[name].players
            if players not in allowed:
                counts = " or ".join(map(str, allowed))
                raise BadInput(f"the {name} variant is for {counts} players, not {players}")
        for name, variant in VARIANTS.items():
            if variant.automatic and players in variant.players:
                chosen.add(name)
        if len(chosen) > 1:
            raise BadInput(f"the variants {' and '.join(sorted(chosen))} cannot be played together")
        if deck not in DECK_NAMES:
            raise BadInput(f"unknown deck {deck!r} (expected one of {', '.join(DECK_NAMES)})")
        return cls(players, tuple(sorted(chosen)), deck)

    @property
    def deck(self) -> Deck:
        return load_deck(self.deck_name)

    @property
    def chosen_variants(self) -> tuple[str, ...]:
        """The variants a person chose (those that apply by themselves, as two-player, left out)."""
        return tuple(v for v in self.variants if not VARIANTS[v].automatic)

    @property
    def final_edition_presses(self) -> int:
        return final_edition_presses(self.players)

    def to_json(self) -> dict:
        return {"players": self.players, "variants": list(self.variants), "deck": self.deck_name}

    @classmethod
    def from_json(cls, doc: object, where: str = "game") -> "GameDefinition":
        if not isinstance(doc, dict):
            raise BadInput(f"{where}: expected an object with players, variants, deck")
        unknown = set(doc) - {"players", "variants", "deck"}
        if unknown:
            raise BadInput(f"{where}: unknown field(s) {field_names(unknown)}")
        variants = doc.get("variants", [])
        if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
            raise BadInput(f"{where}.variants: expected a list of variant names")
        try:
            return cls.create(doc.get("players"), variants, doc.get("deck", "default"))
        except BadInput as exc:
            raise BadInput(f"{where}: {exc}") from None
