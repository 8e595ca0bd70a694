"""The timer: a press-timing specialist that builds one page at a time and presses on a moving threshold.

Each turn in normal play it asks, in this order:

1. **Would this press trigger the final edition?** Then it presses only if the
   end it projects wins: the press made on a copy and the final edition played
   out by :mod:`.final_round`'s rule (every rival adds their best reporter and
   presses). Losing, it keeps building -- unless it has waited
   ``settings.last_wait`` turns on its last press, when it presses anyway (so a
   game always ends).
2. **Is the page threatened?** If the page is worth ``threat_floor`` and a
   rival acting before its next turn (:func:`~.reading.acting_order`) is likely
   to take a claimed story carrying at least ``threat_share`` of the page, it
   presses: a rival that ties the story and whose own page is worth
   ``threat_floor`` (it may press first), or one that can outnumber it (from
   home, or with one reporter moved) and whose page that raises by at least
   ``threat_worth`` plus ``reporter_cost`` a reporter needed.
3. **Has the page reached the threshold?** The threshold starts at
   ``base[players]`` and moves with the presses left and the clock:
   ``- behind`` for each press it has beyond one more than the rival closest to the
   trigger (presses it would otherwise lose), ``+ ahead`` for each press the
   rivals have beyond its own (its presses are scarcer), ``- closing`` when a rival
   is one press from the trigger, and ``- patience`` for each turn waited beyond
   ``patient_turns`` since its last press.
4. **Otherwise build toward the target page**: of every story it could
   claim by outnumbering everyone by one (reporters from home, or one reporter
   moved from a story it is losing or holds with a surplus), the one whose page
   gain -- with the beat values the move leaves -- rises most per reporter, plus
   ``top_beat`` for a story of a top beat and ``stars`` per star of a beat whose
   bonus it could lead. If nothing adds to the page it presses what it has, or
   brings home reporters that are losing.

In the final edition (no card left to draw) it plays each legal move on a copy
and plays the rest out by the same rule, keeping the move whose projected end
is best for it: win share, then margin, then circulation.

>>> from pennypress.engine import new_game, public_view
>>> s = public_view(new_game(3, seed=5))
>>> TimerBot(1).choose(s) == TimerBot(2).choose(s)
True
>>> TimerBot().threshold(s)
11.0
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pennypress.solver.vocab import BEATS, Beat

from ...game.moves import Assign, GoToPress, Move, Reassign, Recall
from ...game.stories import Story
from ...game.tables import beat_value, marker_position
from ...io.state import PublicState, public_view
from ...position.position import Phase, Position
from ...rules.actions import apply_move, legal_moves
from ...rules.press import PressValuer, would_trigger
from .final_round import final_scores
from .reading import acting_order, acts_before, claim_after, presses_left, reporters_to_take, stars_by_beat


@dataclass(frozen=True)
class TimerSettings:
    """The timer's parameters (points of page gain unless said otherwise)."""

    base: dict[int, float] = field(default_factory=lambda: {2: 11.0, 3: 11.0, 4: 10.0, 5: 10.0})
    """The press threshold by player count, before it moves."""
    behind: float = 3.0
    """Threshold drop per press it would lose to the clock (presses left beyond the closest rival's + 1)."""
    ahead: float = 1.5
    """Threshold rise per press the closest rival has left beyond its own."""
    closing: float = 2.0
    """Threshold drop once a rival is one press from triggering the final edition."""
    patience: float = 1.0
    """Threshold drop per turn waited beyond ``patient_turns`` since its last press."""
    patient_turns: int = 3
    """Turns it waits for a page before the threshold starts to fall."""
    floor: float = 3.0
    """The threshold never falls below this."""
    threat_share: float = 0.3
    """Press when a rival can take stories worth this share of the page before its next turn ..."""
    threat_floor: float = 8.0
    """... and the page gains at least this (a rival tying a story presses first when its own page gains this)."""
    threat_worth: float = 4.0
    """A rival outnumbers a claimed story when that adds at least this to its page (plus ``reporter_cost``
    a reporter it needs)."""
    reporter_cost: float = 1.0
    """What a reporter put on a story costs in the build choice."""
    top_beat: float = 1.0
    """Build bonus for a story of a top beat (the page's best stories come from the top beats)."""
    stars: float = 0.2
    """Build bonus per star, times the beat's bonus marker / 10, when it would lead or tie that beat."""
    last_wait: int = 6
    """Turns it waits on a losing final-edition trigger before it presses anyway."""


DEFAULT = TimerSettings()


class TimerBot:
    """A press-timing specialist (see the module docstring)."""

    name = "timer"

    def __init__(self, seed: int = 0, settings: TimerSettings = DEFAULT):
        self.seed = seed  # deterministic: ties go to the first candidate in the board's order
        self.s = settings
        self._pennies = -1
        self._waited = 0

    # ---------------------------------------------------------------- turn
    def choose(self, view: PublicState) -> Move:
        moves = legal_moves(view)
        if len(moves) == 1:
            return moves[0]
        if view.phase is not Phase.NORMAL:
            return self._final_edition(view, moves)
        me = view.current
        pennies = view.players[me].pennies
        if pennies != self._pennies:
            self._pennies, self._waited = pennies, 0
        else:
            self._waited += 1
        claim = view.claimable(me)
        valuer = PressValuer.for_player(view, me)
        gain = valuer.gain(valuer.items(claim)) if claim else 0
        if claim:
            if would_trigger(view, me):
                if self._trigger_wins(view) or self._waited >= self.s.last_wait:
                    return GoToPress()
            elif self._threatened(view, claim, gain, valuer) or gain >= self.threshold(view):
                return GoToPress()
        build = self._build(view, claim, gain)
        if build is not None:
            return build
        if claim and not would_trigger(view, me):
            return GoToPress()
        return self._tidy(view, moves, claim)

    # ---------------------------------------------------------------- timing
    def threshold(self, view: Position) -> float:
        """The page gain at which it presses now (see the module docstring)."""
        s, me = self.s, view.current
        mine = presses_left(view, me)
        rival = min(presses_left(view, o) for o in range(view.n_players) if o != me)
        value = s.base.get(view.n_players, 10.0)
        value -= s.behind * max(0, mine - (rival + 1))
        value += s.ahead * max(0, rival - mine)
        if rival <= 1:
            value -= s.closing
        value -= s.patience * max(0, self._waited - s.patient_turns)
        return max(s.floor, value)

    def _threatened(self, view: Position, claim: tuple[Story, ...], gain: int, valuer: PressValuer) -> bool:
        """Whether a rival acting before its next turn is likely to take stories worth ``threat_share`` of
        the page: one it ties and whose own page is worth pressing (``threat_floor``), or one it can
        outnumber whose page gains at least ``threat_worth`` plus ``reporter_cost`` a reporter by it."""
        s, me = self.s, view.current
        if gain < s.threat_floor:
            return False
        rivals = sorted(set(acts_before(acting_order(view)[1:], me)))  # after this turn, before its next one
        pages: dict[int, tuple[PressValuer, tuple[Story, ...], int]] = {}
        for o in rivals:
            theirs = view.claimable(o)
            v = PressValuer.for_player(view, o)
            pages[o] = (v, theirs, v.gain(v.items(theirs)) if theirs else 0)
        for story in claim:
            rest = valuer.gain(valuer.items([t for t in claim if t is not story]))
            if gain - rest < s.threat_share * gain:
                continue
            r = view.reporters[story]
            for o in rivals:
                v, theirs, now = pages[o]
                if r[o] == r[me]:
                    if now >= s.threat_floor:
                        return True
                    continue
                need = reporters_to_take(view, o, story, me, restricted=False)
                if need is None:
                    continue
                added = v.gain(v.items(theirs + (story,))) - now
                if added >= s.threat_worth + s.reporter_cost * need:
                    return True
        return False

    def _trigger_wins(self, view: PublicState) -> bool:
        """Whether pressing now (which triggers the final edition) leads to a win when the rest is played out."""
        after = public_view(view)
        apply_move(after, GoToPress())
        scores, winners = final_scores(after)
        return view.current in winners

    # ---------------------------------------------------------------- building
    def _build(self, view: Position, claim: tuple[Story, ...], gain: int) -> Move | None:
        """The assignment (or one reporter moved) that adds most to the page per reporter, if any adds."""
        s, me = self.s, view.current
        home = view.players[me].home
        stars = [stars_by_beat(view, i) for i in range(view.n_players)]
        held = {b: stars[me][k] + sum(t.stars for t in claim if t.beat is b) for k, b in enumerate(BEATS)}
        rival_stars = {b: max(stars[o][k] for o in range(view.n_players) if o != me) for k, b in enumerate(BEATS)}
        spare = self._spare_reporters(view)
        top = view.top_beats()
        best: tuple[float, Move] | None = None
        for story, r in view.reporters.items():
            if story in claim:
                continue
            need = max(r) - r[me] + 1 if any(c for i, c in enumerate(r) if i != me) else max(1, 1 - r[me])
            options: list[tuple[Move, dict[Story, int]]] = []
            if 1 <= need <= home:
                options.append((Assign(story, need), {story: need}))
            elif need == 1 and spare:
                options.append((Reassign(spare[0], story), {spare[0]: -1, story: 1}))
            for move, changes in options:
                after = claim_after(view, me, changes)
                valuer = self._valuer_after(view, me, changes)
                added = valuer.gain(valuer.items(after)) - gain
                score = added - s.reporter_cost * need
                if story.beat in top:
                    score += s.top_beat
                if held[story.beat] + story.stars >= rival_stars[story.beat]:
                    score += s.stars * story.stars * view.bonus[story.beat] / 10
                if added > 0 and (best is None or score > best[0]):
                    best = (score, move)
        return best[1] if best is not None and best[0] > 0 else None

    def _spare_reporters(self, view: Position) -> list[Story]:
        """Stories it could move a reporter from without losing a claim: those it is losing, then those it
        holds by two or more."""
        me = view.current
        losing, surplus = [], []
        for story, r in view.reporters.items():
            mine = r[me]
            if not mine:
                continue
            rival = max(c for i, c in enumerate(r) if i != me)
            if mine < rival:
                losing.append(story)
            elif mine - rival >= 2:
                surplus.append(story)
        return losing + surplus

    @staticmethod
    def _valuer_after(view: Position, me: int, changes: dict[Story, int]) -> PressValuer:
        """The press valuer with the beat values the move would leave (a story newly covered or left
        uncovered moves its beat's marker)."""
        values: dict[Beat, int] = {b: beat_value(view.markers[b]) for b in BEATS}
        for story, d in changes.items():
            r = view.reporters[story]
            before, after = any(r), any(c + (d if i == me else 0) for i, c in enumerate(r))
            if before != after:
                b = story.beat
                covered = view.covered(b) + (1 if after else -1)
                values[b] = beat_value(marker_position(view.height(b), covered))
        return PressValuer(values, view.players[me].ad)

    def _tidy(self, view: Position, moves: list[Move], claim: tuple[Story, ...]) -> Move:
        """Nothing to build and nothing to press: bring home the reporters that are losing, else the first
        legal move that is not a press."""
        losing = view.outnumbered(view.current)
        if losing:
            return Recall(tuple((s, view.reporters[s][view.current]) for s in losing))
        waiting = [m for m in moves if not isinstance(m, GoToPress)]
        return waiting[0] if waiting else moves[0]

    # ---------------------------------------------------------------- the final edition
    def _final_edition(self, view: PublicState, moves: list[Move]) -> Move:
        """The legal move whose end, played out by the rule, is best for it (win share, margin, circulation)."""
        me = view.current
        best_move, best = moves[0], None
        public = public_view(view)
        for move in moves:
            after = public.clone()
            apply_move(after, move)
            scores, winners = final_scores(after)
            share = 1.0 / len(winners) if me in winners else 0.0
            key = (share, scores[me] - max(x for i, x in enumerate(scores) if i != me), scores[me])
            if best is None or key > best:
                best_move, best = move, key
        return best_move
