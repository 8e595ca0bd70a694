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
the greedy bot (``benchmarks/training/tune_heuristic.py``; the runs in
``docs/lab/heuristic.md``). Ties between equally scored moves go to the first in
a fixed candidate order, so the bot is deterministic (its seed only breaks a
rare fallback).

>>> from pennypress.engine import new_game, public_view
>>> s = public_view(new_game(3, seed=5))
>>> HeuristicBot(1).choose(s) == HeuristicBot(2).choose(s)
True
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from pennypress.solver.vocab import BEATS, Beat, Cell

from ..game.moves import Assign, Decline, GoToPress, Move, Reassign, Recall
from ..game.stories import Story
from ..game.tables import beat_value, final_edition_presses, marker_position, scoop_value
from ..io.state import PublicState
from ..position.position import Phase, Position
from ..rules.actions import legal_moves
from ..rules.press import PressValuer


@dataclass(frozen=True)
class Weights:
    """What the heuristic bot weighs, in circulation points (each explained in ``docs/concepts/heuristic.md``)."""

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
    repeat: float = 3.0
    """Extra cost of waiting, per earlier time this bot was to move in the very same position.

    Nothing forces a press, so two bots can chase each other's reporters from
    story to story for ever (seen in 2-player games: four reassignments that
    bring the board back where it was). Each return makes waiting dearer until
    pressing is worth more; a game that never repeats is unaffected."""


TUNED = Weights()

BEAT_INDEX = {b: i for i, b in enumerate(BEATS)}


# ------------------------------------------------------------------ page values


def page_gain(stories: Iterable[Story], values: dict[Beat, int], ad: Cell | None) -> int:
    """The circulation an optimal page of ``stories`` gains with these beat values and ad.

    >>> from pennypress.solver.vocab import Beat
    >>> v = {Beat.WAR: 3, Beat.CRIME: 3, Beat.POLITICS: 4, Beat.CITY: 0, Beat.HUMAN: 0}
    >>> page_gain([Story.parse("politics:A:2"), Story.parse("crime:B:1"), Story.parse("war:D:3")], v, None)
    12
    """
    valuer = _valuer(tuple(values[b] for b in BEATS), ad)
    return valuer.gain(valuer.items(stories))  # the exact fast solver, memoised on the items and the ad


@lru_cache(maxsize=1 << 12)
def _valuer(values: tuple[int, ...], ad: Cell | None) -> PressValuer:
    """The press valuer of five beat values (in board order) and an ad, made once (a bot asks for the same
    few sets again and again)."""
    return PressValuer(dict(zip(BEATS, values)), ad)


# ------------------------------------------------------------------ the bonus race
def bonus_margin(stars: list[dict[Beat, int]], bonus: dict[Beat, int], player: int) -> int:
    """``player``'s end bonuses minus the best other player's, if the game ended with these stars.

    The definition; the bot computes the same per position, the others' stars
    fixed (``HeuristicBot._margin``), and the tests check one against the other.
    """
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
        self.visits: dict[tuple, int] = {}
        """Times this bot was to move in each position of its game (positions repeat only by a cycle)."""

    # -------------------------------------------------------------- the position
    def _setup(self, state: Position) -> None:
        me = self.me = state.current
        n = state.n_players
        self.state = state
        reps = self.reps = state.reporters
        self.stars = [{b: p.stars(b) for b in BEATS} for p in state.players]
        self.others = [o for o in range(n) if o != me]
        self.others_top = [max(self.stars[o].get(b, 0) for o in self.others) for b in BEATS]
        self.others_leading = [[o for o in self.others if top and self.stars[o].get(b, 0) == top]
                               for b, top in zip(BEATS, self.others_top)]
        self.bonus_values = [state.bonus[b] for b in BEATS]
        self._margin_memo: dict[tuple[int, ...], int] = {}
        self.base_bonus = self._margin(tuple(self.stars[me].get(b, 0) for b in BEATS))
        self.home = [p.home for p in state.players]
        self.ad = state.players[me].ad
        self.normal = state.phase is Phase.NORMAL
        self.bonus_w = self._bonus_weight()
        self._gain_memo: dict[tuple, int] = {}
        self._threat_estimate_memo: dict[tuple[Story, int], float] = {}
        # what every move's evaluation starts from (a move changes only a story or two)
        self.order = {s: i for i, s in enumerate(reps)}
        self.rival = {s: max(c for i, c in enumerate(r) if i != me) for s, r in reps.items()}
        self.claim = [s for s, r in reps.items() if r[me] and r[me] >= self.rival[s]]
        held = dict(self.stars[me])
        for s in self.claim:
            held[s.beat] = held.get(s.beat, 0) + s.stars
        self.held = tuple(held.get(b, 0) for b in BEATS)
        """Our stars per beat (in BEATS order) with those of the stories we claim now."""
        self.losing = {b: 0 for b in BEATS}
        for s, r in reps.items():
            if r[me] and r[me] < self.rival[s]:
                self.losing[s.beat] += 1
        if self.normal:
            self.height = {b: state.height(b) for b in BEATS}
            self.covered = {b: state.covered(b) for b in BEATS}
            self.positions = {b: marker_position(self.height[b], self.covered[b]) for b in BEATS}
        else:
            self.positions = dict(state.markers)
        self.values = {b: beat_value(p) for b, p in self.positions.items()}
        self.valuer = _valuer(tuple(self.values[b] for b in BEATS), self.ad)
        # the players who move before our next turn, in order (the newsboy's holder only passes it)
        self.rivals_before = [p for p in state.movers_before_next_turn() if state.newsboy != p]

    def _margin(self, held: tuple[int, ...]) -> int:
        """:func:`bonus_margin` for us if we held ``held`` stars per beat (memoised per position).

        The others' stars are fixed in a position, so for each beat only the best
        of them and who has it matter: they share the bonus unless we hold more.
        """
        got = self._margin_memo.get(held)
        if got is None:
            ours = 0
            theirs = dict.fromkeys(self.others, 0)
            for m, top, leaders, bonus in zip(held, self.others_top, self.others_leading, self.bonus_values):
                if m and m >= top:
                    ours += bonus
                if top and top >= m:
                    for o in leaders:
                        theirs[o] += bonus
            got = self._margin_memo[held] = ours - max(theirs.values())
        return got

    def _bonus_after(self, held: tuple[int, ...]) -> int:
        """The change of our end-bonus margin if we held ``held`` stars per beat."""
        return self._margin(held) - self.base_bonus

    def _gain(self, stories: list[Story], values: dict[Beat, int]) -> int:
        """:func:`page_gain` with our ad, memoised per position (``values`` is the position's or a copy)."""
        changed = None if values is self.values else tuple(values.values())  # board order, as the position's
        key = (tuple(stories), changed)
        got = self._gain_memo.get(key)
        if got is None:
            valuer = self.valuer if changed is None else _valuer(changed, self.ad)
            got = self._gain_memo[key] = valuer.gain(valuer.items(stories))
        return got

    def _threat_estimate(self, s: Story, mine: int) -> float:
        """The weight of losing ``s`` (held with ``mine`` reporters) before our next turn: the first rival
        to move who can take it (outnumber it from home) or tie it; 0 when none can.

        This bot's own estimate, tuned with its weights: it counts only reporters from home (a rival's
        reassignment is not seen) and weighs a tie as a threat too. What it exactly takes a rival to
        take a story is :func:`~pennypress.engine.position.taking.reporters_to_take`, which the
        advisor's facts and the league read."""
        key = (s, mine)
        got = self._threat_estimate_memo.get(key)
        if got is None:
            got = 0.0
            r = self.reps[s]
            for o in self.rivals_before:
                theirs = r[o]
                takes = self.home[o] >= mine - theirs + 1 and (self.normal or mine - theirs < 1)
                if takes or theirs == mine:
                    got = self.w.threat if takes else self.w.tie_threat
                    break
            self._threat_estimate_memo[key] = got
        return got

    # -------------------------------------------------------------- evaluation of a waiting move
    def _after(self, changes: dict[Story, int], extra: int) -> float:
        """Value of the position after a non-press move changing our counts by ``changes``.

        Only the stories in ``changes`` differ from the position, so the claim, the
        marker positions (frozen in the final edition) and the stories we are losing
        are those of the position, corrected for them.
        """
        me, w, reps = self.me, self.w, self.reps
        mine_after: dict[Story, int] = {}
        positions, values, losing = self.positions, self.values, self.losing
        claim_changed = False
        for s, d in changes.items():
            before = reps[s][me]
            after = mine_after[s] = before + d
            rival = self.rival[s]
            if (before and before >= rival) != (after and after >= rival):
                claim_changed = True
            was_losing, is_losing = bool(before and before < rival), bool(after and after < rival)
            if was_losing != is_losing:
                if losing is self.losing:
                    losing = dict(losing)
                losing[s.beat] += 1 if is_losing else -1
            if self.normal and bool(before or rival) != bool(after or rival):
                b = s.beat
                if positions is self.positions:
                    positions, values = dict(positions), dict(values)
                covered = self.covered[b] + sum(
                    (1 if (mine_after[t] or self.rival[t]) else 0) - (1 if (reps[t][me] or self.rival[t]) else 0)
                    for t in mine_after if t.beat is b)
                positions[b] = marker_position(self.height[b], covered)
                values[b] = beat_value(positions[b])
        held = self.held
        if claim_changed:
            claim = [s for s in self.claim if s not in mine_after]
            claim += [s for s, a in mine_after.items() if a and a >= self.rival[s]]
            claim.sort(key=self.order.__getitem__)
            held = list(held)
            for s, a in mine_after.items():
                before, rival = reps[s][me], self.rival[s]
                held[BEAT_INDEX[s.beat]] += s.stars * (bool(a and a >= rival) - bool(before and before >= rival))
            held = tuple(held)
        else:
            claim = self.claim
        gain = self._gain(claim, values)
        threat = 0.0
        for s in claim:
            weight = self._threat_estimate(s, mine_after.get(s, reps[s][me]))
            if weight:
                lost_if_taken = gain - self._gain([t for t in claim if t is not s], values)
                threat += weight * max(0, lost_if_taken)
        scoop_back = sum(k * scoop_value(positions[b]) for b, k in losing.items() if k)
        bonus = self._bonus_after(held)
        return (w.wait * (gain - threat + self.bonus_w * bonus) + w.scoop_back * scoop_back
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
        bonus = self._bonus_after(self.held)  # what we hold once the claim is published
        value = gain + self.bonus_w * bonus - w.scoop_given * sum(given)
        if state.phase is Phase.NORMAL:
            pennies = state.players[me].pennies
            trig = final_edition_presses(state.n_players)
            if pennies + 1 >= trig:
                value += self._trigger(gain, given)
            else:
                value -= w.small_press * max(0.0, w.par - gain)
        return value

    def _trigger(self, gain: int, given: list[int]) -> float:
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
        margin = mine + self._margin(self.held) - best
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

    def evaluate(self, state: PublicState, repeats: int = 0) -> list[tuple[Move, float]]:
        """The moves the bot weighs in ``state`` with their values, in its fixed candidate order.

        The bot plays the first of the highest value; a legal move not listed is one
        it never considers (it is worse by its lights than every listed one). Empty
        only when it weighs nothing (it then plays a random legal move). ``repeats``
        is how many times the bot was to move here before (waiting then costs more).

        >>> from pennypress.engine import new_game, public_view
        >>> s = public_view(new_game(3, seed=5))
        >>> scored = HeuristicBot().evaluate(s)
        >>> max(scored, key=lambda mv: mv[1])[0] == HeuristicBot().choose(s)
        True
        """
        forced = state.definition.variant.forced_moves(state, state.current)
        if forced is not None and state.phase is Phase.NORMAL:
            return [(move, 0.0) for move in forced]
        self._setup(state)
        press = self._press()
        if state.phase is Phase.FINAL_PRESSES:
            return [(Decline(), 0.0)] + ([(GoToPress(), press)] if press is not None else [])
        out: list[tuple[Move, float]] = [] if press is None else [(GoToPress(), press)]
        tempo = self.w.tempo + self.w.repeat * repeats if state.phase is Phase.NORMAL else 0.0
        for move, changes, extra in self._waiting_moves():
            out.append((move, self._after(changes, extra) - tempo))
        return out

    def choose(self, state: PublicState) -> Move:
        repeats = 0
        if state.phase is Phase.NORMAL:
            key = state.repetition_key()
            repeats = self.visits.get(key, 0)
            self.visits[key] = repeats + 1
        best_move: Move | None = None
        best = float("-inf")
        for move, value in self.evaluate(state, repeats):
            if value > best:
                best_move, best = move, value
        if best_move is not None:
            return best_move
        moves = legal_moves(state)
        return moves[0] if len(moves) == 1 else self.rng.choice(moves)
