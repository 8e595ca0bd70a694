"""What is wrong with a position: the one place for every whole-state rule.

In the style of python-chess's ``Board.status()``: :func:`position_problems`
looks at a :class:`~pennypress.engine.position.position.Position` and returns every problem it
finds as data -- a :class:`~pennypress.engine.game.errors.Problem` with a ``code`` (stable, for programs),
the ``field`` of the position document it concerns (``players[1]``,
``markers.war``, ``board.city[2].reporters``) and a plain ``message`` -- in
reading order. The loader (:mod:`pennypress.engine.io.validate`) refuses a
document with the first; the invariant checks after every move
(:mod:`pennypress.engine.play.invariants`) use the same list; the app shows each
problem at the spot it concerns.

The rules these checks rest on are asked of the engine, not restated: the
marker formula (``Position.marker_formula``), the final-edition turn order
(:mod:`pennypress.engine.position.turns`), the number of cards a game has drawn
(``Position.cards_drawn_span``), the reporters a player owns, and what the
game's variant says about the turn (its hooks ``turn_problems`` and
``why_not_pressed``, :mod:`pennypress.engine.game.variants`).

>>> from pennypress.engine import new_game
>>> s = new_game(3, seed=2)
>>> position_problems(s)
[]
>>> s.players[0].home = 4
>>> [p.text() for p in position_problems(s)]
['position.players[0]: 4 reporters at home and 0 on the board; a player has 5']
>>> position_problems(s)[0].code
'reporters'
"""
from __future__ import annotations

from collections import Counter

from pennypress.solver.vocab import BEATS, COLUMNS, ROWS

from ..game.errors import Problem
from ..game.names import newspaper
from ..game.stories import ALL_STORIES, Story, kind_text, stack_kinds
from ..game.tables import BONUS_MAX, BONUS_START, COLUMN_CAPACITY, REPORTERS, STARS, ad_row
from ..position.events import END_ONLY
from ..position.position import Phase, Position
from ..position.turns import final_edition_order, pending_after


ACCOUNTING = frozenset({"cards-drawn"})
"""Codes that compare the position with the game's history (cards drawn at setup and per
press); hand-built test tables that skip the setup draw are exempt from them."""


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _pennies(n: int) -> str:
    return f"{n} {'penny' if n == 1 else 'pennies'}"


class _Checks:
    """Runs the checks in reading order, collecting problems."""

    def __init__(self, state: Position):
        self.s = state
        self.n = state.n_players
        self.trigger = state.definition.final_edition_presses
        self.normal = state.phase is Phase.NORMAL
        self.out: list[Problem] = []

    def add(self, code: str, field: str, message: str) -> None:
        self.out.append(Problem(code, field, message))

    def run(self, cheap: bool = False) -> list[Problem]:
        self.seats()
        if self.out:
            return self.out  # nothing else can be read with a seat that does not exist
        self.stories()
        self.reporters()
        self.markers()
        if cheap:
            self.deck()
            return [p for p in self.out if p.code in CHEAP]
        self.turn()
        self.player_fields()
        self.chance()
        self.deck()
        self.last_event()
        return self.out

    # ------------------------------------------------------------ seats and sizes
    def _seat(self, field: str, value: int | None) -> None:
        if value is not None and not 0 <= value < self.n:
            self.add("seat", field, f"there is no player {value}: with {self.n} players they are numbered 0 to {self.n - 1}")

    def seats(self) -> None:
        s, n = self.s, self.n
        if len(s.players) != n:
            self.add("players", "players", f"expected {n} players (game.players is {n}), got {len(s.players)}")
            return
        for b in BEATS:
            for i, story in enumerate(s.columns[b]):
                r = s.reporters.get(story)
                if r is not None and len(r) != n:
                    self.add("reporters", f"board.{b.value}[{i}].reporters",
                             f"expected {n} counts (one per player), got {len(r)}")
                elif r is not None and min(r) < 0:
                    self.add("reporters", f"board.{b.value}[{i}].reporters", f"a count below 0: {r}")
        self._seat("turn.player", s.current)
        self._seat("turn.newsboy", s.newsboy)
        self._seat("turn.trigger_player", s.trigger_player)
        for i, v in enumerate(s.pending):
            self._seat(f"turn.pending[{i}]", v)

    # ------------------------------------------------------------ stories
    def stories(self) -> None:
        s = self.s
        where: dict[Story, str] = {}

        def put(story: Story, field: str) -> None:
            if story in where:
                self.add("story-twice", field, f"{story} is also at position.{where[story]}; each story is in exactly one place")
            else:
                where[story] = field

        for b in BEATS:
            for i, story in enumerate(s.columns[b]):
                if story.beat is not b:
                    self.add("story-beat", f"board.{b.value}[{i}].story",
                             f"{story} is not a {b.title} story (it belongs in the {story.beat.value} column)")
                put(story, f"board.{b.value}[{i}].story")
            height = s.height(b)
            if height > COLUMN_CAPACITY:
                self.add("column-full", f"board.{b.value}", f"the stories take {height} spaces and the column has "
                         f"{COLUMN_CAPACITY} (A and B stories take 1 space, C and D take 2)")
        for kind in stack_kinds():
            name = kind_text(kind)
            stars = s.stacks[kind]
            if stars != sorted(stars):
                self.add("stack-order", f"stacks.{name}", f"expected the stars in star order, 1★ on top, got {stars}")
            for st in stars:
                put(Story.of(kind[0], kind[1], st) if st in STARS else Story(kind[0], kind[1], st), f"stacks.{name}")
        for i, p in enumerate(s.players):
            for k, story in enumerate(p.published):
                put(story, f"players[{i}].published[{k}]")
        board = {story for b in BEATS for story in s.columns[b]}
        if board != set(s.reporters):
            self.add("reporters", "board", "the columns and the reporters on them list different stories")
        missing = [str(x) for x in ALL_STORIES if x not in where]
        if missing:
            self.add("story-missing", "", f"stories missing from board, stacks and published stories: {', '.join(missing)} "
                     f"(each of the {len(ALL_STORIES)} stories is in exactly one place)")

    # ------------------------------------------------------------ reporters
    def reporters(self) -> None:
        s = self.s
        for i, p in enumerate(s.players):
            on = [(story, r[i]) for story, r in s.reporters.items() if len(r) == self.n and r[i]]
            on.sort(key=lambda sn: sn[0].sort_key())
            on_board = sum(c for _, c in on)
            if p.home < 0 or p.home + on_board != REPORTERS:
                detail = f" ({', '.join(f'{c} on {x}' for x, c in on)})" if on else ""
                said = (f"{p.home} reporters at home and {on_board} on the board" if p.home >= 0
                        else f"{on_board} reporters on the board")  # home below 0: too many on the board
                self.add("reporters", f"players[{i}]", f"{said}{detail}; a player has {REPORTERS}")

    # ------------------------------------------------------------ markers
    def markers(self) -> None:
        s = self.s
        for b in BEATS:
            if not BONUS_START <= s.bonus[b] <= BONUS_MAX:
                self.add("bonus", f"bonus.{b.value}", f"{s.bonus[b]}, but the bonus track runs from {BONUS_START} to {BONUS_MAX}")
        if s.markers_frozen:
            return  # frozen since the final edition began: any position 0..9 stands
        for b in BEATS:
            expected = s.marker_formula(b)
            if s.markers[b] != expected:
                self.add("marker", f"markers.{b.value}", f"{s.markers[b]}, but outside the final edition the marker stands "
                         f"at min(9, height + covered stories) = min(9, {s.height(b)} + {s.covered(b)}) = {expected}")

    # ------------------------------------------------------------ pennies, ads, published, done
    def player_fields(self) -> None:
        s, trigger = self.s, self.trigger
        for i, p in enumerate(s.players):
            field = f"players[{i}]"
            if p.pennies > trigger:
                self.add("pennies", f"{field}.pennies", f"{p.pennies} presses, but with {self.n} players the "
                         f"{_ordinal(trigger)} press triggers the final edition and nobody presses more than {trigger} times")
            elif p.pennies == trigger and self.normal:
                self.add("pennies", f"{field}.pennies", f"{p.pennies} presses, but the {_ordinal(trigger)} press triggers "
                         "the final edition and the phase is normal")
            elif p.pennies == trigger and not p.done:
                self.add("pennies", f"{field}.pennies", f"{p.pennies} presses and not done, but a player's "
                         f"{_ordinal(trigger)} press either triggers the final edition or is their final-edition press, "
                         "and either way they are done")
            if p.ad is not None:
                x, y = p.ad
                row = ad_row(p.pennies) if 1 <= p.pennies < trigger else None  # the trigger's and later presses draw no card
                if p.pennies == 0:
                    self.add("ad", f"{field}.ad", "a player places an ad only after a press (pennies is 0): expected null")
                elif not (0 <= x < COLUMNS and 0 <= y < ROWS):
                    self.add("ad", f"{field}.ad", f"{list(p.ad)} is off the page")
                elif row is None:
                    self.add("ad", f"{field}.ad", f"a player with {_pennies(p.pennies)} has no ad: that press triggered or "
                             "came after the final edition, and no card was drawn: expected null")
                elif y != row:
                    self.add("ad", f"{field}.ad", f"{list(p.ad)} is in row {y}, but the ad goes in the row of the highest "
                             f"penny: row {row} with {_pennies(p.pennies)}")
            elif p.pennies and p.pennies < trigger and not p.done and not (s.draw_pending and i == s.current):
                self.add("ad", f"{field}.ad", f"missing: after a press the player draws a headline card and places an "
                         f"ad, in row {ad_row(p.pennies)} with {_pennies(p.pennies)}")
            if len(p.published) > REPORTERS * p.pennies:
                self.add("published", f"{field}.published", f"{len(p.published)} stories in {p.pennies} presses, but a "
                         f"press publishes at most {REPORTERS} (one per reporter)")
            if self.normal and p.done:
                self.add("done", f"{field}.done", "true, but players are done only in the final edition (the phase is normal)")
            if p.circulation < 0:
                self.add("circulation", f"{field}.circulation", f"{p.circulation}: circulation is never below 0")

    # ------------------------------------------------------------ the chance node
    def chance(self) -> None:
        s = self.s
        if not s.draw_pending:
            return
        me = s.players[s.current]
        why = None
        if not self.normal:
            why = "no headline card is drawn in the final edition"
        elif me.pennies == 0:
            why = f"{newspaper(s.current)} (turn.player) has not gone to press (pennies is 0)"
        elif me.ad is not None:
            why = f"{newspaper(s.current)} (turn.player) still has an ad, but a press removes it before the draw"
        elif not s.deck:
            why = "the deck is empty, so no card can be drawn"
        else:
            why = s.definition.variant.why_not_pressed(s, s.current)
        if why is not None:
            self.add("chance", "turn.draw_pending", f"true, but {why}")

    # ------------------------------------------------------------ headline cards
    def deck(self) -> None:
        s = self.s
        both = sorted(set(s.deck) & set(s.discard))
        if both:
            self.add("cards", "deck", f"card {both[0]} is both in deck.cards and in deck.discard")
            return
        ids = s.definition.deck.ids
        missing = sorted(set(ids) - set(s.deck) - set(s.discard))
        extra = sorted((Counter(s.deck) + Counter(s.discard) - Counter(ids)).elements())
        if missing:
            self.add("cards", "deck", f"the deck and discard pile must hold each of the {len(ids)} cards exactly once; "
                     f"missing: {', '.join(map(str, missing))}")
            return
        if extra:
            self.add("cards", "deck", f"the deck and discard pile must hold each of the {len(ids)} cards exactly once; "
                     f"extra: {', '.join(map(str, extra))}")
            return
        lo, hi = s.cards_drawn_span()
        drawn = len(s.discard)
        if not lo <= drawn <= hi:
            presses = sum(p.pennies for p in s.players)
            explain = (f"setup draws {self.n} (one per player) and each press draws one, except the press that triggers "
                       "the final edition and those after it")
            span = str(lo) if lo == hi else f"{lo} to {hi}"
            after = f"after {presses} {'press' if presses == 1 else 'presses'}"
            if not self.normal:
                after += f" with {sum(1 for p in s.players if p.done)} players done"
            elif s.draw_pending:
                after += " (the last one's card not yet drawn)"
            self.add("cards-drawn", "deck.discard", f"{drawn} cards drawn, but {explain}: expected {span} {after}")

    # ------------------------------------------------------------ whose turn
    def turn(self) -> None:
        s, n = self.s, self.n
        phase = s.phase
        variant = s.definition.variant
        if s.turns_left == 2 and not (self.normal and variant.turns_in_a_row == 2):
            self.add("turn", "turn.turns_left", "2, but only the two-player turn order gives a player two turns in a row "
                     "(and only before the final edition)")
        if s.turns_left not in (1, 2):
            self.add("turn", "turn.turns_left", f"{s.turns_left}: a player has 1 turn (2 in the two-player order)")
        self.out += variant.turn_problems(s)
        trigger, pending, current = s.trigger_player, s.pending, s.current
        if self.normal:
            if trigger is not None:
                self.add("turn", "turn.trigger_player", f"{trigger}, but nobody has triggered the final edition: the phase is normal")
            if pending:
                self.add("turn", "turn.pending", "players wait in turn.pending only in the final edition: expected []")
            return
        if trigger is None:
            self.add("turn", "turn.trigger_player", f"null, but the phase is {phase}: name the player whose press triggered "
                     "the final edition")
            return
        t = s.players[trigger]
        who = newspaper(trigger)
        if t.pennies != self.trigger:
            self.add("turn", f"players[{trigger}].pennies", f"{t.pennies}, but {who} triggered the final edition "
                     f"(turn.trigger_player) with their {_ordinal(self.trigger)} press")
        if not t.done:
            self.add("turn", f"players[{trigger}].done", f"false, but {who} triggered the final edition "
                     "(turn.trigger_player) and is done")
        if t.ad is not None:
            self.add("turn", f"players[{trigger}].ad", f"{who} triggered the final edition: their ad went with "
                     "that press and no card was drawn, expected null")
        if phase is Phase.OVER:
            if pending:
                self.add("turn", "turn.pending", "the game is over: expected []")
            for i, p in enumerate(s.players):
                if not p.done:
                    self.add("turn", f"players[{i}].done", "false, but the game is over and every player is done")
            return
        if s.players[current].done:
            self.add("turn", "turn.player", f"{newspaper(current)} has the turn but is done (players[{current}].done)")
            return
        order = final_edition_order(n, trigger)
        if current not in order:
            self.add("turn", "turn.player", f"{newspaper(current)} triggered the final edition and has no further turn")
            return
        after = order[order.index(current) + 1:]
        before = order[: order.index(current)]
        if phase is Phase.FINAL_TURNS:
            for j in after:
                if s.players[j].done:
                    self.add("turn", f"players[{j}].done", f"true, but {newspaper(j)} has not yet had their final-edition turn "
                             f"(they come after {newspaper(current)})")
            what = "every player after"
        else:
            for j in before:
                if not s.players[j].done:
                    self.add("turn", f"players[{j}].done", f"false, but {newspaper(j)} has already had the last round's press "
                             f"(they come before {newspaper(current)})")
            what = "every player not yet done after"
        expected = pending_after(n, current, trigger, [p.done for p in s.players], phase is Phase.FINAL_TURNS)
        if pending != expected:
            self.add("turn", "turn.pending", f"{pending}, but in the {phase} round it lists {what} {newspaper(current)} in turn "
                     f"order from the trigger player's left: expected {expected}")

    # ------------------------------------------------------------ the last event
    def last_event(self) -> None:
        s = self.s
        ev = s.last_event
        over = s.phase is Phase.OVER
        if ev is None:
            if over:
                self.add("event", "last_event", "null, but the game is over: the last event is the end of the game with its "
                         "scoring (\"end\")")
            return
        if ev.ply != s.ply:
            self.add("event", "last_event.ply", f"{ev.ply}, but the position's ply is {s.ply}: the last event "
                     "is the move that led here")
        self._seat("last_event.player", ev.player)
        if ev.move == "setup":
            if ev.player is not None or ev.press is not None:
                self.add("event", "last_event", "the setup event has no player and no press")
        elif ev.move == END_ONLY:
            if ev.player is not None or ev.press is not None or ev.end is None:
                self.add("event", "last_event", f"the {END_ONLY!r} event (a finished game given without its last move) "
                         "has no player and no press, only the end scoring (\"end\")")
        elif ev.player is None:
            self.add("event", "last_event.player", f"null, but the move {ev.move!r} was made by a player")
        if ev.press is not None:
            if ev.press.player != ev.player:
                self.add("event", "last_event.press.player", f"{ev.press.player}, but the event's player is {ev.player}")
            for k, scoop in enumerate(ev.press.scoops):
                self._seat(f"last_event.press.scoops[{k}].player", scoop.player)
        if s.draw_pending and (ev.press is None or ev.player != s.current or ev.press.card is not None):
            self.add("event", "last_event", "a card is to be drawn, so the last event is turn.player's press, "
                     "its card not yet drawn")
        if ev.end is not None and not over:
            self.add("event", "last_event.end", f"the game's end scoring is the last event, but the phase is {s.phase}")
        if over and ev.end is None:
            self.add("event", "last_event", "the game is over: the last event is the end of the game with its scoring (\"end\")")
        if ev.end is not None:
            circulation = [p.circulation for p in s.players]
            if list(ev.end.circulation) != circulation:
                self.add("event", "last_event.end.circulation", f"{list(ev.end.circulation)}, but the players' circulation "
                         f"is {circulation}")
            for k, w in enumerate(ev.end.winners):
                self._seat(f"last_event.end.winners[{k}]", w)


CHEAP = frozenset({"seat", "players", "reporters", "story-twice", "story-missing", "marker", "cards", "column-full"})
"""The invariants every position the engine writes must meet, checked on the trusted fast path."""


def cheap_problems(state: Position) -> list[Problem]:
    """:data:`CHEAP` problems only: 5 reporters each, 60 stories once each, 45 cards, markers on the formula."""
    return _Checks(state).run(cheap=True)


def position_problems(state: Position, accounting: bool = True) -> list[Problem]:
    """Every problem of a position, in reading order (``[]`` for a position the rules can reach).

    ``accounting=False`` leaves out the checks against the game's history
    (:data:`ACCOUNTING`: cards drawn at setup and per press), for tables built
    by hand without a setup draw.
    """
    problems = _Checks(state).run()
    if not accounting:
        problems = [p for p in problems if p.code not in ACCOUNTING]
    return problems
