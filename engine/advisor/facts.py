"""Immediate facts a player weighs before a move, computed exactly by the engine.

- For a press (:class:`PressFacts`): the optimal page's score, the scoop points
  given away (to whom, how many), whether it triggers the final edition and who
  then still plays.
- For any move (:class:`Threat`): after it, what each opponent could claim and
  score by pressing on their next turn (and how many scoop points that gives
  the player), and which of the player's stories they could take (outnumber)
  with the reporters they can bring.

Threats are read on the position right after the move, before any headline
card it draws. :func:`presses_after_waiting` answers "what if I waited a turn
instead of pressing?": each move that does not press, and the press it leaves.

>>> from pennypress.engine import new_game, parse_move
>>> from pennypress.engine.io.state import public_view
>>> s = public_view(new_game(3, seed=7))
>>> f = move_facts(s, parse_move("assign 2 war:B:1"))
>>> f.press is None, [t.player for t in f.threats], f.threats[0].can_take
(True, [1, 2], (TakeThreat(story=Story('war:B:1'), reporters=3),))
"""
from __future__ import annotations

from dataclasses import dataclass

from pennypress.errors import BadInput

from ..game.errors import IllegalMove
from ..game.moves import Decline, GoToPress, Move
from ..game.stories import Story
from ..io.state import State
from ..position.events import PressOutcome
from ..position.position import Phase
from ..position.taking import reporters_to_take
from ..position.turns import final_edition_order
from ..rules.press import preview_press, why_cannot_press


@dataclass(frozen=True)
class PressFacts:
    """What pressing now does for the player to move."""

    gain: int
    total: int
    claimed: tuple[Story, ...]
    unpublished: tuple[Story, ...]
    scoops: tuple[tuple[int, Story, int], ...]
    """``(player, story, points)`` given away."""
    triggers_final: bool
    still_play: tuple[int, ...]
    """When it triggers the final edition: who then still plays, in order."""

    def scoop_points(self) -> dict[int, int]:
        """Scoop points given away per opponent."""
        out: dict[int, int] = {}
        for p, _, pts in self.scoops:
            out[p] = out.get(p, 0) + pts
        return out


@dataclass(frozen=True)
class TakeThreat:
    """An opponent could take ``story`` from the player by adding ``reporters`` (outnumbering them)."""

    story: Story
    reporters: int


@dataclass(frozen=True)
class Threat:
    """What opponent ``player`` could do on their next turn after the move."""

    player: int
    press_gain: int | None
    """Their optimal page's score if they pressed (``None``: they could not press)."""
    press_claims: tuple[Story, ...]
    scoops_to_me: int
    """Scoop points that press would give the player we advise."""
    can_take: tuple[TakeThreat, ...]


@dataclass(frozen=True)
class MoveFacts:
    move: Move
    player: int
    press: PressFacts | None
    threats: tuple[Threat, ...]


def press_facts(state: State, player: int) -> PressFacts:
    """Exact facts of ``player`` pressing now with the optimal page (:class:`IllegalMove` if they cannot)."""
    out = preview_press(state, player)
    still: tuple[int, ...] = ()
    if out.final_edition:
        done = [p.done for p in state.players]
        done[player] = True
        still = tuple(final_edition_order(state.n_players, player, done))
    return PressFacts(
        gain=out.gain, total=out.total, claimed=out.claimed, unpublished=out.unpublished,
        scoops=tuple((sc.player, sc.story, sc.points) for sc in out.scoops),
        triggers_final=out.final_edition, still_play=still,
    )


def _can_take(state: State, me: int, other: int) -> tuple[TakeThreat, ...]:
    """The stories ``me`` holds (not outnumbered there) that ``other`` could take on their next turn, fewest
    reporters first (:func:`~pennypress.engine.position.taking.reporters_to_take`); none once only the last
    presses are left."""
    if state.phase is Phase.FINAL_PRESSES:
        return ()
    restricted = state.phase is Phase.FINAL_TURNS
    out = []
    for story, counts in state.reporters.items():
        if counts[me] and counts[other] <= counts[me]:
            need = reporters_to_take(state, other, story, me, restricted)
            if need is not None:
                out.append(TakeThreat(story, need))
    out.sort(key=lambda t: (t.reporters, t.story.sort_key()))
    return tuple(out)


def threats(after: State, me: int) -> tuple[Threat, ...]:
    """What each opponent still to play could do next, on the position ``after`` the move."""
    if after.is_over:
        return ()
    out = []
    for other in range(after.n_players):
        if other == me or after.players[other].done:
            continue
        gain, claims, to_me = None, (), 0
        if after.claimable(other):
            try:
                pv = preview_press(after, other)
            except IllegalMove:
                pv = None
            if pv is not None:
                gain, claims = pv.gain, pv.claimed
                to_me = sum(sc.points for sc in pv.scoops if sc.player == me)
        out.append(Threat(other, gain, claims, to_me, _can_take(after, me, other)))
    return tuple(out)


def move_facts(state: State, move: Move) -> MoveFacts:
    """The facts of ``move`` for the player to move in ``state`` (which is not changed)."""
    me = state.current
    press = press_facts(state, me) if isinstance(move, GoToPress) else None
    after = state.clone()
    after.apply(move)
    return MoveFacts(move, me, press, threats(after, me))


@dataclass(frozen=True)
class WaitingPress:
    """A move that does not press, and the press ``player`` could make on their next turn after it
    (if the others left the board as it is)."""

    move: Move
    press: PressOutcome


def presses_after_waiting(state: State, player: int, k: int = 3) -> list[WaitingPress]:
    """The ``k`` actions (not a press) after which ``player``'s next press scores most, best first
    (then fewer scoops given, then the move's notation).

    Only for the player to move in normal play; each move is played on a copy
    (markers adjusted as the rules say) and the press previewed there.

    >>> from pennypress.engine import new_game, parse_move
    >>> s = new_game(3, seed=7)
    >>> _ = s.apply(parse_move("assign 2 war:B:1")); _ = s.apply(parse_move("assign 1 crime:A:1"))
    >>> _ = s.apply(parse_move("assign 1 city:B:1"))
    >>> best = presses_after_waiting(s, 0, k=1)[0]; str(best.move), best.press.total
    ('assign 1 crime:C:1', 5)
    """
    if state.phase is not Phase.NORMAL or state.is_over or state.current != player:
        return []
    found = []
    for move in state.legal_moves():
        if isinstance(move, (GoToPress, Decline)) or state.definition.variant.carries_out(move):
            continue
        child = state.child(move)
        if why_cannot_press(child, player) is not None:
            continue
        try:
            found.append(WaitingPress(move, preview_press(child, player)))
        except BadInput:
            continue
    found.sort(key=lambda w: (-w.press.total, len(w.press.scoops), str(w.move)))
    return found[:k]
