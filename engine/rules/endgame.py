"""End-game scoring: beat bonuses and the winner. Pure functions.

>>> from pennypress.solver.vocab import Beat
>>> stars = [{Beat.POLITICS: 3}, {Beat.POLITICS: 3}, {Beat.POLITICS: 0}]
>>> beat_bonus(Beat.POLITICS, stars, 7)
BeatBonus(beat=<Beat.POLITICS: 'politics'>, most_stars=3, players=(0, 1), points=7)
>>> winners([30, 30, 12], [5, 4, 9]), winners([30, 30], [5, 5])
((0,), (0, 1))
>>> standing([30, 30, 12], [5, 4, 9])
Standing(winners=(0,), circulation=30, stories=(5, 4, 9), level=(1,))
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from pennypress.solver.vocab import BEATS, Beat

from ..position.events import BeatBonus, EndOutcome
from ..position.position import PlayerState


def beat_bonus(beat: Beat, stars: Sequence[Mapping[Beat, int]], points: int) -> BeatBonus:
    """Who gets ``beat``'s bonus: every player with the most stars there (nobody if the most is 0)."""
    counts = [s.get(beat, 0) for s in stars]
    most = max(counts)
    players = tuple(i for i, c in enumerate(counts) if c == most) if most > 0 else ()
    return BeatBonus(beat, most, players, points if players else 0)


def winners(circulation: Sequence[int], stories: Sequence[int]) -> tuple[int, ...]:
    """Highest circulation; ties broken by most stories published; still tied: shared."""
    best = max(zip(circulation, stories))
    return tuple(i for i, key in enumerate(zip(circulation, stories)) if key == best)


@dataclass(frozen=True)
class Standing:
    """Who wins on these scores and what the tie-break did: ``winners`` have the highest
    ``circulation``; ``level`` are the players with that circulation whom the tie-break (most stories
    published, ``stories`` per player) put behind. Several winners: the tie-break did not separate them."""

    winners: tuple[int, ...]
    circulation: int
    stories: tuple[int, ...]
    level: tuple[int, ...]

    @property
    def shared(self) -> bool:
        """A shared victory (the tie-break left several winners)."""
        return len(self.winners) > 1

    @property
    def untouched(self) -> bool:
        """Nobody has scored or published anything: every player shares the win at 0."""
        return self.circulation == 0 and len(self.winners) == len(self.stories) and not any(self.stories)


def standing(circulation: Sequence[int], stories: Sequence[int]) -> Standing:
    """The winners by :func:`winners` and the players level with them on circulation who lost the tie-break."""
    won = winners(circulation, stories)
    top = circulation[won[0]]
    level = tuple(i for i, c in enumerate(circulation) if c == top and i not in won)
    return Standing(won, top, tuple(stories), level)


def end_scoring(players: Sequence[PlayerState], bonus: Mapping[Beat, int]) -> EndOutcome:
    """Bonuses per beat and the final circulation (after bonuses) and winners; does not mutate."""
    stars = [{b: p.stars(b) for b in BEATS} for p in players]
    bonuses = tuple(beat_bonus(b, stars, bonus[b]) for b in BEATS)
    final = [p.circulation for p in players]
    for bb in bonuses:
        for i in bb.players:
            final[i] += bb.points
    return EndOutcome(bonuses, tuple(final), winners(final, [len(p.published) for p in players]))
