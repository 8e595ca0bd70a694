"""Invariants that hold after every move; shared by the tests and ``selfplay``.

:func:`check_state` looks at one state; :class:`InvariantChecker` follows a
game move by move and adds the checks that compare consecutive states
(circulation never falls, pennies match presses, the game ends in time).
Each returns a list of plain-language violations (empty when all is well).

>>> from pennypress.engine import new_game
>>> s = new_game(3, seed=2)
>>> check_state(s)
[]
>>> s.players[0].home = 4; check_state(s)
['player 0 has 4 reporters at home and 0 on the board, not 5']
"""
from __future__ import annotations

from collections import Counter

from pennypress.solver.vocab import BEATS, COLUMNS, ROWS

from .events import Event
from .state import Phase, State
from .stories import ALL_STORIES, Story
from .tables import BONUS_MAX, BONUS_START, COLUMN_CAPACITY, REPORTERS, ad_row

DEFAULT_MOVE_CAP = 3000
"""Moves after which a game is judged not to end."""


def check_state(state: State) -> list[str]:
    """Every static invariant of a position."""
    out: list[str] = []
    n = state.n_players
    # reporters
    for i, p in enumerate(state.players):
        on_board = sum(r[i] for r in state.reporters.values())
        if p.home < 0 or p.home + on_board != REPORTERS:
            out.append(f"player {i} has {p.home} reporters at home and {on_board} on the board, not {REPORTERS}")
    for s, r in state.reporters.items():
        if len(r) != n or min(r) < 0:
            out.append(f"{s} has a bad reporter list {r}")
    # stories: exactly 60, each in one place
    where: Counter[Story] = Counter()
    board = [s for b in BEATS for s in state.columns[b]]
    where.update(board)
    if set(board) != set(state.reporters):
        out.append("the board's columns and its reporter table list different stories")
    for b in BEATS:
        if any(s.beat is not b for s in state.columns[b]):
            out.append(f"a story of another beat is in the {b.value} column")
        if state.height(b) > COLUMN_CAPACITY:
            out.append(f"the {b.value} column holds {state.height(b)} spaces of stories (capacity {COLUMN_CAPACITY})")
    for kind, stars in state.stacks.items():
        if stars != sorted(set(stars)):
            out.append(f"stack {kind[0].value}:{kind[1].value} is not in star order: {stars}")
        where.update(Story(kind[0], kind[1], st) for st in stars)
    for p in state.players:
        where.update(p.published)
    dup = [str(s) for s, c in where.items() if c > 1]
    missing = [str(s) for s in ALL_STORIES if s not in where]
    if dup:
        out.append(f"stories in two places: {', '.join(dup)}")
    if missing:
        out.append(f"stories lost: {', '.join(missing)}")
    if sum(where.values()) != len(ALL_STORIES):
        out.append(f"{sum(where.values())} story tiles counted, not {len(ALL_STORIES)}")
    # markers
    for b in BEATS:
        if not state.markers_frozen and state.markers[b] != state.marker_formula(b):
            out.append(
                f"the {b.value} marker is at {state.markers[b]}, the board says {state.marker_formula(b)}"
            )
        if not BONUS_START <= state.bonus[b] <= BONUS_MAX:
            out.append(f"the {b.value} bonus marker is at {state.bonus[b]}")
    # cards
    deck_ids = sorted(state.definition.deck.ids)
    if sorted(state.deck + state.discard) != deck_ids:
        out.append("the deck and discard pile do not hold each headline card exactly once")
    # players: pennies, ads
    trigger = state.definition.final_edition_presses
    for i, p in enumerate(state.players):
        if not 0 <= p.pennies <= trigger:
            out.append(f"player {i} has {p.pennies} pennies")
        if p.ad is not None:
            x, y = p.ad
            if not (0 <= x < COLUMNS and 0 <= y < ROWS):
                out.append(f"player {i}'s ad {p.ad} is off the page")
            else:
                try:
                    row = ad_row(p.pennies)
                except ValueError:
                    row = None
                if y != row:
                    out.append(f"player {i}'s ad {p.ad} is not in the row of their highest penny ({p.pennies} pennies)")
        if p.circulation < 0:
            out.append(f"player {i} has negative circulation")
    # phase
    if state.phase is Phase.NORMAL:
        if any(p.done for p in state.players) or state.trigger_player is not None or state.pending:
            out.append("normal play but final-edition bookkeeping is set")
        if any(p.pennies >= trigger for p in state.players):
            out.append("a player has reached the final-edition press count but the final edition has not begun")
        expected_turns = (1, 2) if state.definition.two_player_turns else (1,)
        if state.turns_left not in expected_turns:
            out.append(f"turns_left is {state.turns_left}")
    else:
        if state.newsboy is not None:
            out.append("the newsboy strike continues into the final edition")
        if state.trigger_player is None or not state.players[state.trigger_player].done:
            out.append("the final edition has no finished trigger player")
    if state.phase in (Phase.FINAL_TURNS, Phase.FINAL_PRESSES):
        if state.players[state.current].done:
            out.append(f"player {state.current} is done but has the turn")
        if any(state.players[i].done for i in state.pending):
            out.append("a done player is still waiting for a final-edition turn")
    if state.phase is Phase.OVER and not state.winners:
        out.append("the game is over but has no winner")
    if state.newsboy is not None and not state.definition.newsboy:
        out.append("the newsboy is in play without the newsboy variant")
    return out


class InvariantChecker:
    """Follows one game: ``start(state)``, then ``step(state)`` after every move.

    Besides :func:`check_state`, it checks that circulation never falls,
    that each player's pennies equal the presses they made, that at most
    one player's pennies change per move, and the move cap.
    """

    def __init__(self, move_cap: int = DEFAULT_MOVE_CAP):
        self.move_cap = move_cap
        self.violations: list[str] = []
        self.presses: list[int] = []
        self.moves = 0
        self._circulation: list[int] = []

    def _record(self, where: str, problems: list[str]) -> list[str]:
        tagged = [f"{where}: {p}" for p in problems]
        self.violations.extend(tagged)
        return tagged

    def start(self, state: State) -> list[str]:
        self.presses = [p.pennies for p in state.players]
        self._circulation = [p.circulation for p in state.players]
        self.moves = 0
        return self._record("start", check_state(state))

    def step(self, state: State, event: Event | None = None) -> list[str]:
        event = event if event is not None else state.last_event
        self.moves += 1
        problems = check_state(state)
        if event is not None and event.press is not None:
            self.presses[event.press.player] += 1
        for i, p in enumerate(state.players):
            if p.pennies != self.presses[i]:
                problems.append(f"player {i} has {p.pennies} pennies after {self.presses[i]} presses")
            if p.circulation < self._circulation[i]:
                problems.append(f"player {i}'s circulation fell from {self._circulation[i]} to {p.circulation}")
        self._circulation = [p.circulation for p in state.players]
        if self.moves > self.move_cap and not state.is_over:
            problems.append(f"the game has not ended after {self.move_cap} moves")
        return self._record(f"move {self.moves} ({event.move if event else '?'})", problems)
