"""What if: a newspaper pressed now, the game ended now, or a player waited a turn instead.

Every answer is the engine's (:func:`~pennypress.engine.preview_press`,
:func:`~pennypress.engine.rules.press.why_cannot_press`, :func:`~pennypress.engine.end_scoring`,
legal moves played on copies); this module only gathers them for the pages and
says in words what they mean.

>>> from pennypress.ui.io.example_files import position_examples, load
>>> from pennypress.ui.io.positions import parse_position
>>> s = parse_position(load(position_examples()["rulebook-12-points"]))
>>> pv = press_preview(s, 0)
>>> [str(x) for x in pv.claimed], pv.outcome.total, [(sc.player, sc.points) for sc in pv.outcome.scoops]
(['war:D:3', 'crime:B:1', 'politics:A:2'], 12, [(1, 1), (1, 1)])
>>> press_preview(s, 2).reason
'The Herald cannot go to press now: there is no story The Herald can claim.'
"""
from __future__ import annotations

from dataclasses import dataclass

from pennypress.engine import State, preview_press
from pennypress.engine.advisor.facts import presses_after_waiting
from pennypress.engine.rules.endgame import end_scoring, standing
from pennypress.engine.position.events import EndOutcome, PressOutcome
from pennypress.engine.rules.press import press_problem, why_cannot_press
from pennypress.engine.game.stories import Story
from pennypress.errors import BadInput
from pennypress.solver import PressProblem
from pennypress.ui.render.words import move_words, names_and, paper, plural


@dataclass(frozen=True)
class PressPreview:
    """What ``player`` would claim, leave, give away and score by pressing now.

    ``reason`` says why they cannot press (then ``outcome`` is ``None``);
    ``outcome`` is the engine's own press outcome (scoops, total, gain, page).
    """

    player: int
    claimed: tuple[Story, ...]
    left: tuple[Story, ...]
    problem: PressProblem | None
    outcome: PressOutcome | None
    reason: str | None = None


def press_preview(state: State, player: int) -> PressPreview:
    """What ``player`` would claim, give away and score by pressing now (the state is not changed)."""
    claimed = state.claimable(player)
    left = state.outnumbered(player)
    why = why_cannot_press(state, player)
    if why is not None:
        return PressPreview(player, claimed, left, None, None, f"{paper(player)} cannot go to press now: {why}.")
    problem = press_problem(state, player, claimed)
    try:
        outcome = preview_press(state, player)
    except BadInput as exc:
        return PressPreview(player, claimed, left, problem, None, f"{paper(player)} cannot go to press now: {exc}.")
    return PressPreview(player, claimed, left, problem, outcome)


def end_outcome(state: State) -> EndOutcome:
    """The engine's end scoring of this position's published stories and bonus markers."""
    if state.last_event is not None and state.last_event.end is not None:
        return state.last_event.end
    return end_scoring(state.players, state.bonus)


def winners_words(state: State, outcome: EndOutcome) -> str:
    """Who wins (or would win) and why, including a tie everyone shares at the start.

    >>> from pennypress.engine import new_game
    >>> s = new_game(5, seed=1)
    >>> winners_words(s, end_outcome(s))
    'Nobody has scored or published anything yet: all 5 newspapers are tied at 0, so it would be a shared victory.'
    """
    n = state.n_players
    ranked = standing(outcome.circulation, [len(p.published) for p in state.players])
    win, top, stories = ranked.winners, ranked.circulation, ranked.stories
    if ranked.untouched:
        return (f"Nobody has scored or published anything yet: all {n} newspapers are tied at 0, "
                "so it would be a shared victory.")
    if ranked.shared:
        return (f"{names_and(paper(i) for i in win)} tie at {top} circulation with "
                f"{plural(stories[win[0]], 'published story', 'published stories')} each "
                "(the tie-break, most stories published, does not separate them): a shared victory.")
    level = ranked.level
    text = f"{paper(win[0])} wins with {top} circulation"
    if level:
        text += (f"; {names_and(paper(i) for i in level)} also {'has' if len(level) == 1 else 'have'} {top}, but "
                 f"{paper(win[0])} published more stories ({stories[win[0]]} to "
                 f"{names_and(str(stories[i]) for i in level)})")
    return text + "."


@dataclass(frozen=True)
class Instead:
    """A move other than pressing, and what pressing on the next turn would then give (if the
    others left the board as it is)."""

    move: str
    words: str
    outcome: PressOutcome


def instead_of_pressing(state: State, player: int, k: int = 3) -> list[Instead]:
    """The ``k`` moves (not a press) after which ``player``'s next press scores most, best first.

    Only for the player to move in normal play (the engine's
    :func:`~pennypress.engine.advisor.facts.presses_after_waiting`).
    """
    return [Instead(str(w.move), move_words(w.move, past=True), w.press) for w in presses_after_waiting(state, player, k)]
