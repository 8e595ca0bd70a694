"""The heuristic bot: a one-ply player that values what each candidate move really changes.

It enumerates the few moves worth weighing -- press; assign the reporters
needed to claim a story (and one more, to hold it); one reporter moved to a
story (reassign); recall from stories it is losing -- never the full list of
legal moves, and scores each one from the public position only (it never
reads the deck's order):

- **page**: the optimal page of what it would claim after the move, with the
  beat values the move leaves (covering a story moves its beat's marker) and
  its ad (the ad row is in the page);
- **scoops**: the scoop points a press gives away, and those it can expect
  back from stories where another player outnumbers it;
- **threat**: for each story it would claim, whether a player to move before
  its next turn can take it first (outnumber it with reporters they have at
  home, or tie it and press), costed at what the story adds to the page;
- **bonus race**: the end-of-game beat bonuses (stars per beat against the
  bonus markers) as a margin over the best other player, before and after
  publishing;
- **press count and the final-edition trigger**: a press that would trigger
  the final edition is weighed by the margin it leaves (its gain and bonuses
  against what every other player can still press), and waiting costs a tempo.

The weights (:class:`Weights`) were tuned by seat-rotated tournaments against
the greedy bot (``benchmarks/tune_heuristic.py``; runs and results in
``docs/heuristic.md``). Ties between equally scored moves go to the first in
a fixed candidate order, so the bot is deterministic (its seed only breaks a
rare fallback).

>>> from pennypress.engine import new_game
>>> s = new_game(3, seed=5)
>>> HeuristicBot(1).choose(s) == HeuristicBot(2).choose(s)
True
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterable

from pennypress.solver import page_value
from pennypress.solver.page_order import SHAPE_INDEX
from pennypress.solver.vocab import BEATS, Beat, Cell

from .moves import Assign, Decline, GoToPress, Move, PassNewsboy, Reassign, Recall
from .rules import legal_moves
from .state import Phase, State
from .stories import Story
from .tables import beat_value, final_edition_presses, marker_position, scoop_value


@dataclass(frozen=True)
class Weights:
    """What the heuristic bot weighs, in circulation points (tuned: ``docs/heuristic.md``)."""

    wait: float = 0.85
    """A page claimed for the next turn is worth this share of the same page pressed now."""
    tempo: float = 1.0
    """The cost of spending a turn without pressing."""
    threat: float = 0.4
    """The share of a story's page value lost when a player can take it before our next turn."""
    tie_threat: float = 0.35
    """The same for a story a player ties (they take it by pressing first)."""
    scoop_given: float = 0.4
    """Weight of scoop points a press gives to other players (they gain on us)."""
    scoop_back: float = 0.3
    """Weight of scoop points we may receive from stories where we are outnumbered."""
    bonus: float = 0.5
    """Weight of the change in the end-bonus margin (stars per beat) while the game is young."""
    reporter: float = 0.4
    """Cost of each reporter tied up on the board beyond those needed (spare reporters claim later)."""
    trigger: float = 12.0
    """What triggering the final edition while ahead (or behind) is worth (or costs)."""
    small_press: float = 0.5
    """Cost of a press slot, as a share of the shortfall of a page below ``par``."""
    par: float = 12.0
    """A good page's gain: presses are few, so a small page wastes one."""


TUNED = Weights()


# ------------------------------------------------------------------ page values


def page_gain(stories: Iterable[Story], values: dict[Beat, int], ad: Cell | None) -> int:
    """The circulation an optimal page of ``stories`` gains with these beat values and ad.

    >>> from pennypress.solver.vocab import Beat
    >>> v = {Beat.WAR: 3, Beat.CRIME: 3, Beat.POLITICS: 4, Beat.CITY: 0, Beat.HUMAN: 0}
    >>> page_gain([Story.parse("politics:A:2"), Story.parse("crime:B:1"), Story.parse("war:D:3")], v, None)
    12
    """
    stories = tuple(stories)
    if not stories:
        return 0
    top = max(values.values())
    items = tuple((SHAPE_INDEX[s.shape], values[s.beat], values[s.beat] == top) for s in stories)
    return page_value(items, ad).gain  # the exact fast solver, memoised on the items and the ad


# ------------------------------------------------------------------ the bonus race
def bonus_margin(stars: list[dict[Beat, int]], bonus: dict[Beat, int], player: int) -> int:
    """``player``'s end bonuses minus the best other player's, if the game ended with these stars."""
    got = [0] * len(stars)
    for b in BEATS:
        most = max(s.get(b, 0) for s in stars)
        if most:
            for i, s in enumerate(stars):
                if s.get(b, 0) == most:
                    got[i] += bonus[b]
    return got[player] - max(g for i, g in enumerate(got) if i != player)


class HeuristicBot:
    """A one-ply player weighing page, scoops, threats, the bonus race and the final-edition trigger."""

    name = "heuristic"

    def __init__(self, seed: int = 0, weights: Weights = TUNED):
        self.rng = random.Random(seed)
        self.w = weights

    # -------------------------------------------------------------- the position
    def _setup(self, state: State) -> None:
        me = self.me = state.current
        n = state.n_players
        self.state = state
        self.columns = {b: state.columns[b] for b in BEATS}
        self.stars = [{b: p.stars(b) for b in BEATS} for p in state.players]
        self.base_bonus = bonus_margin(self.stars, state.bonus, me)
        self.home = [p.home for p in state.players]
        # the players who move before our next turn, in order
        if state.phase is Phase.NORMAL:
            order = []
            cur, left = me, state.turns_left
            two = state.definition.two_player_turns
            for _ in range(2 * n):
                if left > 1:
                    left -= 1
                else:
                    cur, left = (cur + 1) % n, (2 if two else 1)
                if cur == me:
                    break
                order.append(cur)
            self.rivals_before = [p for p in dict.fromkeys(order) if state.newsboy != p]
        else:
            self.rivals_before = list(dict.fromkeys(p for p in state.pending if p != me))

    def _positions(self, reporters: dict[Story, list[int]]) -> dict[Beat, int]:
        """Marker positions after a move that leaves these reporter counts (frozen in the final edition)."""
        state = self.state
        if state.phase is not Phase.NORMAL:
            return dict(state.markers)
        out = {}
        for b, col in self.columns.items():
            height = covered = 0
            for s in col:
                height += s.spaces
                if any(reporters[s]):
                    covered += 1
            out[b] = marker_position(height, covered)
        return out

    def _claim(self, reporters: dict[Story, list[int]], player: int) -> list[Story]:
        return [s for s, r in reporters.items() if r[player] and r[player] >= max(r)]

    # -------------------------------------------------------------- evaluation of a waiting move
    def _after(self, changes: dict[Story, int], extra: int) -> float:
        """Value of the position after a non-press move changing our counts by ``changes``."""
        state, me, w = self.state, self.me, self.w
        reporters = dict(state.reporters)
        for s, d in changes.items():
            r = list(reporters[s])
            r[me] += d
            reporters[s] = r
        positions = self._positions(reporters)
        values = {b: beat_value(p) for b, p in positions.items()}
        claim = self._claim(reporters, me)
        ad = state.players[me].ad
        gain = page_gain(claim, values, ad)
        threat = 0.0
        for s in claim:
            r = reporters[s]
            mine = r[me]
            lost_if_taken = None
            for o in self.rivals_before:
                theirs = r[o]
                takes = self.home[o] >= mine - theirs + 1 and (state.phase is Phase.NORMAL or mine - theirs < 1)
                ties = theirs == mine
                if not (takes or ties):
                    continue
                if lost_if_taken is None:
                    lost_if_taken = gain - page_gain([t for t in claim if t is not s], values, ad)
                threat += (w.threat if takes else w.tie_threat) * max(0, lost_if_taken)
                break
        scoop_back = sum(scoop_value(positions[s.beat]) for s, r in reporters.items() if r[me] and r[me] < max(r))
        stars = [dict(x) for x in self.stars]
        for s in claim:
            stars[me][s.beat] = stars[me].get(s.beat, 0) + s.stars
        bonus = bonus_margin(stars, state.bonus, me) - self.base_bonus
        return (w.wait * (gain - threat + self._bonus_weight() * bonus) + w.scoop_back * scoop_back
                - w.reporter * extra)

    def _bonus_weight(self) -> float:
        state = self.state
        if state.phase is not Phase.NORMAL:
            return 1.0
        trig = final_edition_presses(state.n_players)
        most = max(p.pennies for p in state.players)
        return self.w.bonus + (1 - self.w.bonus) * most / trig

    # -------------------------------------------------------------- evaluation of a press
    def _press(self) -> float | None:
        state, me, w = self.state, self.me, self.w
        claim = state.claimable(me)
        if not claim:
            return None
        values = state.beat_values()
        gain = page_gain(claim, values, state.players[me].ad)
        given = [0] * state.n_players
        for s in claim:
            for o, n in enumerate(state.reporters[s]):
                if o != me and n:
                    given[o] += state.scoop_value(s.beat)
        stars = [dict(x) for x in self.stars]
        for s in claim:
            stars[me][s.beat] = stars[me].get(s.beat, 0) + s.stars
        bonus = bonus_margin(stars, state.bonus, me) - self.base_bonus
        value = gain + self._bonus_weight() * bonus - w.scoop_given * sum(given)
        if state.phase is Phase.NORMAL:
            pennies = state.players[me].pennies
            trig = final_edition_presses(state.n_players)
            if pennies + 1 >= trig:
                value += self._trigger(gain, given, stars)
            else:
                value -= w.small_press * max(0.0, w.par - gain)
        return value

    def _trigger(self, gain: int, given: list[int], stars: list[dict[Beat, int]]) -> float:
        """Triggering the final edition: + if we stay ahead of what every other player can still press."""
        state, me = self.state, self.me
        values = state.beat_values()
        mine = state.players[me].circulation + gain
        best = None
        for o, p in enumerate(state.players):
            if o == me or p.done:
                continue
            reach = page_gain(state.claimable(o), values, p.ad) if any(state.reporters[s][o] for s in state.reporters) else 0
            theirs = p.circulation + given[o] + reach + 2  # + what one more reporter may add
            best = theirs if best is None else max(best, theirs)
        if best is None:
            return self.w.trigger
        margin = mine + bonus_margin(stars, state.bonus, me) - best
        return self.w.trigger * max(-1.0, min(1.0, margin / 6.0))

    # -------------------------------------------------------------- candidates
    def _waiting_moves(self) -> list[tuple[Move, dict[Story, int], int]]:
        state, me = self.state, self.me
        restricted = state.phase is Phase.FINAL_TURNS
        home = self.home[me]
        out: list[tuple[Move, dict[Story, int], int]] = []
        mine = {s: r[me] for s, r in state.reporters.items() if r[me]}
        for s in state.stories_in_play():
            r = state.reporters[s]
            rival = max((c for i, c in enumerate(r) if i != me), default=0)
            need = max(1, rival - r[me]) if r[me] < rival or not r[me] else 0
            counts = [need, need + 1] if need else [1]
            for k in counts:
                if k < 1 or k > home or (restricted and k > 1):
                    continue
                out.append((Assign(s, k), {s: k}, k - need if need else 0))
            if need == 1 or (need == 0 and r[me] == rival and rival):
                for src, n in mine.items():
                    if src is s:
                        continue
                    out.append((Reassign(src, s), {src: -1, s: 1}, 0))
        losing = [s for s in mine if mine[s] < max(state.reporters[s])]
        for s in losing:
            n = 1 if restricted else mine[s]
            out.append((Recall(((s, n),)), {s: -n}, 0))
        return out

    def choose(self, state: State) -> Move:
        if state.newsboy == state.current and state.phase is Phase.NORMAL:
            return PassNewsboy()
        self._setup(state)
        press = self._press()
        if state.phase is Phase.FINAL_PRESSES:
            return GoToPress() if press is not None and press > 0 else Decline()
        best_move: Move | None = None
        best = float("-inf")
        if press is not None:
            best_move, best = GoToPress(), press
        tempo = self.w.tempo if state.phase is Phase.NORMAL else 0.0
        for move, changes, extra in self._waiting_moves():
            value = self._after(changes, extra) - tempo
            if value > best:
                best_move, best = move, value
        if best_move is not None:
            return best_move
        moves = legal_moves(state)
        return moves[0] if len(moves) == 1 else self.rng.choice(moves)

