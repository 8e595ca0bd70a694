"""Hand-built positions for the engine tests."""
from __future__ import annotations

from pennypress.engine.rules.board import adjust_markers, place_story
from pennypress.engine.game.definition import GameDefinition
from pennypress.engine.io.state import empty_state
from pennypress.engine.io.state import State
from pennypress.engine.game.stories import Story
from pennypress.solver.vocab import BEATS, Beat


def build(
    players: int = 3,
    board: dict[str, list[int]] | None = None,
    *,
    variants=(),
    current: int = 0,
    pennies: list[int] | None = None,
    ads: list | None = None,
    published: dict[int, list[str]] | None = None,
    deck: list[int] | None = None,
    bonus: dict[str, int] | None = None,
    circulation: list[int] | None = None,
) -> State:
    """A position: ``board`` maps ``beat:shape:stars`` to reporters per player,
    in column order bottom to top; everything else defaults to a fresh table.
    The deck is in id order (known) unless given; markers follow the board."""
    state = empty_state(GameDefinition.create(players, variants))
    for text, counts in (board or {}).items():
        story = Story.parse(text)
        state.stacks[story.kind].remove(story.stars)
        place_story(state, story)
        assert len(counts) == players
        state.reporters[story] = list(counts)
    for i, texts in (published or {}).items():
        for text in texts:
            story = Story.parse(text)
            state.stacks[story.kind].remove(story.stars)
            state.players[i].published.append(story)
    for i, p in enumerate(state.players):
        p.home = 5 - sum(r[i] for r in state.reporters.values())
        assert p.home >= 0
        if pennies:
            p.pennies = pennies[i]
        if ads:
            p.ad = None if ads[i] is None else tuple(ads[i])
        if circulation:
            p.circulation = circulation[i]
    if deck is not None:
        rest = [c for c in state.deck if c not in deck]
        state.deck = list(deck) + rest
    state.deck_known = True
    for b, v in (bonus or {}).items():
        state.bonus[Beat(b)] = v
    state.current = current
    state.definition.variant.deal(state)  # the newsboy to the second player in the strike
    adjust_markers(state)
    return state


def values(state: State) -> dict[str, int]:
    return {b.value: state.beat_value(b) for b in BEATS}


def story(text: str) -> Story:
    return Story.parse(text)
