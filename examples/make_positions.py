#!/usr/bin/env python3
"""Write the rulebook's examples as game positions: ``examples/positions/*.json``.

    python examples/make_positions.py          # (re)write the files
    python examples/make_positions.py --check  # exit 1 if a file is out of date

Each position is built with the engine (an empty table, stories moved from
their supply stacks onto the board or to the players), the arrow markers are
set by the engine's own adjustment, and the result must pass the engine's
invariant check and load back unchanged. Only the facts the rulebook prints
are chosen here (who holds which stories, how many reporters, the ad, the
bonus marker); every value, scoop and score is then the engine's to compute.

Players are numbered from 0; the rulebook's newspapers are named in the
files' ``_about`` companion (``examples/positions/README.md``).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from pennypress.engine import State
from pennypress.engine.rules.board import adjust_markers, place_story
from pennypress.engine.game.definition import GameDefinition
from pennypress.engine.play.invariants import check_state
from pennypress.engine.io.state import empty_state
from pennypress.engine.position.position import Phase
from pennypress.engine.game.stories import Story
from pennypress.solver.vocab import Beat

OUT = Path(__file__).resolve().parent / "positions"


def _take(state: State, text: str) -> Story:
    """Remove a story from its supply stack (so it can go on the board or to a player)."""
    story = Story.parse(text)
    state.stacks[story.kind].remove(story.stars)
    return story


def _board(state: State, column: list[tuple[str, list[int]]]) -> None:
    """Put stories on the board bottom to top with their reporters per player."""
    for text, reporters in column:
        story = _take(state, text)
        place_story(state, story)
        state.reporters[story] = list(reporters)
        for player, n in enumerate(reporters):
            state.players[player].home -= n


def _draw_cards(state: State, count: int) -> None:
    """Headline cards drawn so far (one per player at setup, one per press before the final edition)."""
    state.discard, state.deck = state.deck[:count], state.deck[count:]


def _publish(state: State, player: int, *texts: str) -> None:
    for text in texts:
        state.players[player].published.append(_take(state, text))


def rulebook_12_points() -> State:
    """Rulebook p. 9: The Times (player 0) goes to press, scooping The Sun (player 1) twice.

    The Times claims Politics A (2★), Crime & Calamity B (1★) and War D (3★);
    The Sun has one reporter on each of the Crime and War stories. Politics is
    the top beat (value 4), Crime and War are worth 3 with scoop value 1. The
    two beats the rulebook does not picture are worth 0, "as the rulebook says":
    their columns are empty.
    """
    s = empty_state(GameDefinition.create(3))
    _board(s, [("war:D:3", [2, 1, 0])])
    _board(s, [("crime:A:1", [0, 0, 0]), ("crime:B:1", [2, 1, 0])])
    _board(s, [("politics:C:1", [0, 0, 0]), ("politics:D:1", [0, 0, 0]), ("politics:A:2", [1, 0, 0])])
    _draw_cards(s, 3)  # the setup cards
    adjust_markers(s)
    s.current = 0
    return s


def when_not_to_press() -> State:
    """Rulebook p. 10: The Herald (player 2) has pressed twice; its ad sits at (1, 1).

    New York City is the top beat; The Herald would claim two New York City A
    stories and a War D. Both A stories must touch the top edge, which leaves
    no room for the D.
    """
    s = empty_state(GameDefinition.create(3))
    _board(s, [("war:D:1", [0, 0, 2])])
    _board(s, [("crime:B:1", [1, 0, 0]), ("crime:C:1", [0, 0, 0])])
    _board(s, [("politics:A:1", [0, 1, 0])])
    _board(s, [("city:D:1", [0, 0, 0]), ("city:C:1", [0, 0, 0]), ("city:A:1", [0, 0, 2]), ("city:A:2", [1, 0, 1])])
    _board(s, [("human:C:1", [0, 2, 0])])
    _publish(s, 0, "war:A:1", "crime:A:1")
    _publish(s, 1, "politics:B:1", "human:A:1")
    _publish(s, 2, "politics:D:1", "human:B:1", "war:B:1")
    s.players[0].pennies, s.players[0].ad, s.players[0].circulation = 1, (3, 2), 9
    s.players[1].pennies, s.players[1].ad, s.players[1].circulation = 2, (0, 1), 14
    s.players[2].pennies, s.players[2].ad, s.players[2].circulation = 2, (1, 1), 12
    s.bonus.update({Beat.CITY: 9, Beat.WAR: 6, Beat.POLITICS: 5, Beat.HUMAN: 4, Beat.CRIME: 4})
    _draw_cards(s, 3 + 5)  # setup, then one card per press
    adjust_markers(s)
    s.current = 2
    return s


def end_game_bonus_tie() -> State:
    """Rulebook p. 5: the game's last decision; the Politics bonus marker is at 7.

    Four newspapers, seated as the engine names them: The Times (player 0)
    published one Politics story of 3★, The Sun (player 1) none, The Herald
    (player 2) three of 1★ each, The World (player 3) one of 2★. The final
    edition is on: The Times triggered it with its 3rd press, The Sun and The
    Herald have made their last presses, and The World is the last to act with
    nothing to claim, so only ``decline`` is left.
    """
    s = empty_state(GameDefinition.create(4))
    _board(s, [("war:C:1", [0, 0, 0, 0])])
    _board(s, [("crime:D:1", [0, 0, 0, 0])])
    _board(s, [("city:B:1", [0, 0, 0, 0])])
    _publish(s, 0, "politics:D:3", "war:A:1", "war:B:2", "crime:A:1", "city:C:2")
    _publish(s, 1, "war:C:2", "human:B:1", "crime:D:2", "city:B:2")
    _publish(s, 2, "politics:A:1", "politics:B:1", "politics:C:1", "human:C:2", "crime:B:1", "war:D:1")
    _publish(s, 3, "politics:A:2", "city:A:1", "city:D:2", "human:A:1", "crime:C:3")
    s.bonus.update({Beat.POLITICS: 7, Beat.WAR: 9, Beat.CRIME: 5, Beat.CITY: 8, Beat.HUMAN: 4})
    adjust_markers(s)  # set the markers from the board, then the final edition freezes them
    for p, (pennies, circulation) in enumerate([(3, 41), (3, 35), (3, 39), (2, 42)]):
        s.players[p].pennies, s.players[p].circulation = pennies, circulation
    s.players[3].ad = (2, 1)  # from its 2nd press (the middle row)
    s.players[0].done = s.players[1].done = s.players[2].done = True
    _draw_cards(s, 4 + 8)  # setup, then two presses each before the final edition (it draws none)
    s.phase, s.trigger_player, s.current, s.pending = Phase.FINAL_PRESSES, 0, 3, []
    return s


def adjusting_news_beats() -> State:
    """Rulebook p. 7: adjusting the news beats.

    Crime & Calamity has two one-space stories, one of them covered (by two
    newspapers at once, which counts once); Politics has three spaces of
    stories, two of them covered. The engine's adjustment puts the arrow
    markers one and two spaces above the stories, pointing at values 3 and 4.
    The rulebook pictures only these two beats; the others are empty.
    """
    s = empty_state(GameDefinition.create(3))
    _board(s, [("crime:A:1", [0, 0, 0]), ("crime:B:1", [1, 1, 0])])
    _board(s, [("politics:C:1", [0, 2, 0]), ("politics:A:1", [0, 0, 1])])
    _draw_cards(s, 3)  # the setup cards
    adjust_markers(s)
    s.current = 0
    return s


POSITIONS = {
    "rulebook-12-points": rulebook_12_points,
    "when-not-to-press": when_not_to_press,
    "end-game-bonus-tie": end_game_bonus_tie,
    "adjusting-news-beats": adjusting_news_beats,
}


def build() -> dict[str, str]:
    out = {}
    for name, make in POSITIONS.items():
        state = make()
        problems = check_state(state)
        if problems:
            raise SystemExit(f"{name}: {'; '.join(problems)}")
        doc = state.to_json()
        if State.from_json(doc) != state:
            raise SystemExit(f"{name}: the position does not load back unchanged")
        out[name] = json.dumps(doc, indent=1) + "\n"
    return out


def main(argv: list[str]) -> int:
    texts = build()
    if "--check" in argv:
        stale = [n for n, t in texts.items() if not (OUT / f"{n}.json").is_file() or (OUT / f"{n}.json").read_text() != t]
        if stale:
            print(f"out of date: {', '.join(stale)} (run python examples/make_positions.py)", file=sys.stderr)
            return 1
        return 0
    OUT.mkdir(exist_ok=True)
    for name, text in texts.items():
        (OUT / f"{name}.json").write_text(text)
        print(f"wrote {OUT / name}.json", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
