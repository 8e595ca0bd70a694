"""Moving story tiles between the supply, the news-beat columns and the players.

Small mutating helpers used by setup, headline cards and presses; each keeps
the state's bookkeeping (``columns``, ``reporters``, ``stacks``) in step.

>>> from pennypress.engine.io.state import empty_state
>>> from pennypress.engine.game.definition import GameDefinition
>>> from pennypress.solver.vocab import Beat, Shape
>>> s = empty_state(GameDefinition.create(3))
>>> take_from_stack(s, (Beat.WAR, Shape.D)), s.stacks[(Beat.WAR, Shape.D)]
(Story('war:D:1'), [2, 3])
>>> return_to_stack(s, Story.parse("war:D:1")); s.stacks[(Beat.WAR, Shape.D)]
[1, 2, 3]
"""
from __future__ import annotations

import bisect
from typing import Iterable

from pennypress.solver.vocab import BEATS, Beat, Shape

from ..game.stories import Story
from ..position.position import Position, column_marker


def take_from_stack(state: Position, kind: tuple[Beat, Shape]) -> Story | None:
    """Take the top (fewest stars) story of a supply stack, or ``None`` if it is empty."""
    stack = state.stacks[kind]
    if not stack:
        return None
    return Story.of(kind[0], kind[1], stack.pop(0))


def peek_stack(state: Position, kind: tuple[Beat, Shape]) -> Story | None:
    stack = state.stacks[kind]
    return Story.of(kind[0], kind[1], stack[0]) if stack else None


def return_to_stack(state: Position, story: Story) -> None:
    """Put a story back into its supply stack in star order (1★ on top)."""
    bisect.insort(state.stacks[story.kind], story.stars)


def place_story(state: Position, story: Story) -> None:
    """Put a story on top of its news-beat column, with no reporters (caller checks it fits)."""
    state.columns[story.beat].append(story)
    state.reporters[story] = [0] * state.n_players


def remove_story(state: Position, story: Story) -> list[int]:
    """Take a story off the board; every reporter on it goes home. Returns the reporters per player."""
    state.columns[story.beat].remove(story)
    counts = state.reporters.pop(story)
    for player, n in enumerate(counts):
        state.players[player].home += n
    return counts


def adjust_markers(state: Position, beats: Iterable[Beat] | None = None) -> None:
    """Adjust the news beats: every arrow marker to ``min(9, height + covered)``.

    Called between turns only, and never once the final edition has begun.
    ``beats`` limits the work to the columns a move touched (the others cannot
    have moved); ``None`` adjusts all five.
    """
    if state.markers_frozen:
        return
    reporters, markers, columns = state.reporters, state.markers, state.columns
    for b in columns if beats is None else beats:
        markers[b] = column_marker(columns[b], reporters)
