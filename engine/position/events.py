"""What happened on a turn, kept in the state so a UI can show it.

:class:`Event` is the outcome of the last move: the move's notation, and for a
press the full :class:`PressOutcome` (claims, scoops, page, score, headline
card); for the end of the game the :class:`EndOutcome` (bonuses, winners).
All are plain frozen values with JSON round trips.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pennypress.solver.vocab import BEATS, Beat, Cell

from ..game.moves import Page, parse_move
from ..game.stories import Story


@dataclass(frozen=True)
class Scoop:
    """``player`` scored ``points`` for being scooped on ``story``."""

    player: int
    story: Story
    points: int

    def to_json(self) -> dict:
        return {"player": self.player, "story": str(self.story), "points": self.points}

    @classmethod
    def from_json(cls, doc: dict) -> "Scoop":
        return cls(doc["player"], Story.parse(doc["story"]), doc["points"])


@dataclass(frozen=True)
class PressOutcome:
    """Everything a press did, in the order the rulebook does it.

    ``claimed`` is in canonical story order; ``breakdown`` is the solver's
    breakdown (story indices refer to ``claimed``). ``beat_values`` are the
    values in force at the start of the turn, in board beat order.
    """

    player: int
    claimed: tuple[Story, ...]
    left: tuple[Story, ...]
    scoops: tuple[Scoop, ...]
    beat_values: tuple[int, ...]
    ad: Cell | None
    page: Page
    unpublished: tuple[Story, ...]
    total: int
    gain: int
    breakdown: dict = field(hash=False)
    card: int | None = None
    card_stories: tuple[Story, ...] = ()
    new_ad: Cell | None = None
    final_edition: bool = False

    @property
    def published(self) -> tuple[Story, ...]:
        return tuple(p.story for p in self.page.placements)

    def scoops_to(self, player: int) -> int:
        """Scoop points this press gives ``player`` (0 if none)."""
        return sum(s.points for s in self.scoops if s.player == player)

    @property
    def scoops_total(self) -> int:
        """Scoop points this press gives away in all."""
        return sum(s.points for s in self.scoops)

    def to_json(self) -> dict:
        return {
            "player": self.player,
            "claimed": [str(s) for s in self.claimed],
            "left": [str(s) for s in self.left],
            "scoops": [s.to_json() for s in self.scoops],
            "beat_values": {b.value: v for b, v in zip(BEATS, self.beat_values)},
            "ad": None if self.ad is None else list(self.ad),
            "page": str(self.page),
            "unpublished": [str(s) for s in self.unpublished],
            "total": self.total,
            "gain": self.gain,
            "breakdown": self.breakdown,
            "card": self.card,
            "card_stories": [str(s) for s in self.card_stories],
            "new_ad": None if self.new_ad is None else list(self.new_ad),
            "final_edition": self.final_edition,
        }

    @classmethod
    def from_json(cls, doc: dict) -> "PressOutcome":
        page_move = parse_move(f"press {doc['page']}")
        page = page_move.page if page_move.page is not None else Page(())
        return cls(
            player=doc["player"],
            claimed=tuple(map(Story.parse, doc["claimed"])),
            left=tuple(map(Story.parse, doc["left"])),
            scoops=tuple(map(Scoop.from_json, doc["scoops"])),
            beat_values=tuple(doc["beat_values"][b.value] for b in BEATS),
            ad=None if doc["ad"] is None else tuple(doc["ad"]),
            page=page,
            unpublished=tuple(map(Story.parse, doc["unpublished"])),
            total=doc["total"],
            gain=doc["gain"],
            breakdown=doc["breakdown"],
            card=doc["card"],
            card_stories=tuple(map(Story.parse, doc["card_stories"])),
            new_ad=None if doc["new_ad"] is None else tuple(doc["new_ad"]),
            final_edition=doc["final_edition"],
        )


@dataclass(frozen=True)
class BeatBonus:
    """End bonus of one beat: the most stars published, who had them, the points each got."""

    beat: Beat
    most_stars: int
    players: tuple[int, ...]
    points: int

    def to_json(self) -> dict:
        return {"beat": self.beat.value, "most_stars": self.most_stars, "players": list(self.players), "points": self.points}

    @classmethod
    def from_json(cls, doc: dict) -> "BeatBonus":
        return cls(Beat(doc["beat"]), doc["most_stars"], tuple(doc["players"]), doc["points"])


@dataclass(frozen=True)
class EndOutcome:
    """End-game scoring: the beat bonuses, final circulation and the winner(s)."""

    bonuses: tuple[BeatBonus, ...]
    circulation: tuple[int, ...]
    winners: tuple[int, ...]

    def to_json(self) -> dict:
        return {
            "bonuses": [b.to_json() for b in self.bonuses],
            "circulation": list(self.circulation),
            "winners": list(self.winners),
        }

    @classmethod
    def from_json(cls, doc: dict) -> "EndOutcome":
        return cls(tuple(map(BeatBonus.from_json, doc["bonuses"])), tuple(doc["circulation"]), tuple(doc["winners"]))


END_ONLY = "end"
"""``Event.move`` of a finished game given without its last move (e.g. read from the one-line
notation, ``docs/guide/notation.md``): the event holds only the end scoring."""


@dataclass(frozen=True)
class Event:
    """The last thing that happened: ``move`` is the notation (``"setup"`` for the deal; ``"end"``, with no
    player and only ``end``, for a finished game given without its last move, e.g. read from the one-line
    notation)."""

    ply: int
    player: int | None
    move: str
    press: PressOutcome | None = None
    cards: tuple[int, ...] = ()
    end: EndOutcome | None = None

    def to_json(self) -> dict:
        doc: dict[str, Any] = {"ply": self.ply, "player": self.player, "move": self.move}
        if self.press is not None:
            doc["press"] = self.press.to_json()
        if self.cards:
            doc["cards"] = list(self.cards)
        if self.end is not None:
            doc["end"] = self.end.to_json()
        return doc

    @classmethod
    def from_json(cls, doc: dict) -> "Event":
        return cls(
            ply=doc["ply"],
            player=doc["player"],
            move=doc["move"],
            press=PressOutcome.from_json(doc["press"]) if "press" in doc else None,
            cards=tuple(doc.get("cards", ())),
            end=EndOutcome.from_json(doc["end"]) if "end" in doc else None,
        )
