"""Going to press (rulebook pp. 4, 8-9): claim, scoop, build and score the page, publish.

:func:`plan_press` works out the whole press without changing anything (so
an illegal page is refused before the state is touched); :func:`resolve_press`
carries it out: scoops, reporters home, published stories to the player,
unpublished back to their stacks, circulation, ad removed, penny, and then
either the final-edition trigger (:mod:`.final_edition`) or a chance node for
the headline card (:mod:`.chance`). Both build the press's outcome with the
same function, so a preview is what the press does.

A press as the fast solver sees it is a tuple of
:class:`~pennypress.solver.fast.PressItem` -- each story's shape, beat value and
whether its beat is a top beat -- built in one place, :class:`PressValuer`.

The page is always scored with the values in force at the start of the turn
(the markers as they stand: they only move between turns).
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterable, Iterator, Mapping

from pennypress.errors import BadInput
from pennypress.solver import CheckResult, PageValue, ProposedPage, PressProblem, check_page, page_value, solve, solve_fast
from pennypress.solver.fast import PressItem, beat_items
from pennypress.solver.page_order import SHAPE_INDEX
from pennypress.solver.scoring import Breakdown
from pennypress.solver.vocab import BEATS, Beat, Cell, Placement, top_beats

from ..game.errors import IllegalMove
from ..game.moves import BEST, GoToPress, Page
from ..game.names import newspaper
from ..game.stories import Story
from ..game.tables import beat_value
from ..position.events import PressOutcome, Scoop
from ..position.position import Phase, Position
from .board import remove_story, return_to_stack
from .final_edition import start_final_edition


@dataclass(frozen=True)
class PressPlan:
    """A press worked out but not yet carried out."""

    player: int
    claimed: tuple[Story, ...]
    problem: PressProblem
    page: Page
    breakdown: Breakdown


PAGE_SOLVERS = ("fast", "cp-sat")
"""The engine's optimal pages come from the exact fast solver; CP-SAT (the proven reference) gives
the same page under the solvers' shared tie-break and can be chosen with :func:`use_page_solver`."""
_page_solver = ["fast"]


@contextmanager
def use_page_solver(name: str) -> Iterator[None]:
    """Within the block, the engine's optimal pages come from ``name`` (``"fast"`` or ``"cp-sat"``).

    For benchmarks beside the reference path and for tests that the two give the same games.
    """
    if name not in PAGE_SOLVERS:
        raise BadInput(f"page solver {name!r}: expected one of {', '.join(PAGE_SOLVERS)}")
    before = _page_solver[0]
    _page_solver[0] = name
    try:
        yield
    finally:
        _page_solver[0] = before


def press_problem(state: Position, player: int, stories: tuple[Story, ...]) -> PressProblem:
    """The solver's question for ``player`` pressing ``stories`` with the values in force now."""
    return PressProblem(
        tuple(s.claimed() for s in stories), state.beat_values(), state.players[player].ad
    )


def press_value(state: Position, player: int, stories: Iterable[Story]) -> PageValue:
    """The optimal page's value for ``player`` pressing ``stories`` now (any stories, claimable
    or not: a bot weighs claims it could make). Memoised by the fast solver on the items and the
    ad, so a press seen before costs a dictionary look-up.

    >>> from pennypress.engine import new_game
    >>> s = new_game(3, seed=7)
    >>> press_value(s, 0, list(s.stories_in_play())[:2]).total == solve(press_problem(s, 0, tuple(list(s.stories_in_play())[:2]))).total
    True
    """
    return PressValuer.for_player(state, player).value_of(stories)


_NOTHING = PageValue(0, 0, 0, 0)


class PressValuer:
    """Press values for one player with one set of beat values -- a position's, or the values a
    move would leave: the fast solver's :class:`~pennypress.solver.fast.PressItem` of every story
    (its shape, its beat's value, whether that beat is a top beat), built here and nowhere else.

    >>> from pennypress.engine import new_game
    >>> s = new_game(3, seed=7)
    >>> v = PressValuer.for_player(s, 0)
    >>> stories = list(s.stories_in_play())[:2]
    >>> v.value(v.items(stories)) == press_value(s, 0, stories), v.items(stories[:1])
    (True, (PressItem(shape=1, value=2, top=False),))
    """

    __slots__ = ("_by_beat", "ad")

    def __init__(self, values: Mapping[Beat, int], ad: Cell | None):
        """Pages with these five beat values and this ad cell."""
        top = top_beats(values)
        self._by_beat = {b: beat_items(v, b in top) for b, v in values.items()}
        self.ad = ad

    @classmethod
    def for_player(cls, state: Position, player: int) -> "PressValuer":
        """``player``'s pages now: the beat values in force and their ad."""
        return cls({b: beat_value(m) for b, m in state.markers.items()}, state.players[player].ad)

    def items(self, stories: Iterable[Story]) -> tuple[PressItem, ...]:
        by_beat, shape = self._by_beat, SHAPE_INDEX
        return tuple([by_beat[s.beat][shape[s.shape]] for s in stories])

    def value(self, items: tuple[PressItem, ...]) -> PageValue:
        return page_value(items, self.ad) if items else _NOTHING

    def value_of(self, stories: Iterable[Story]) -> PageValue:
        return self.value(self.items(stories))

    def gain(self, items: tuple[PressItem, ...]) -> int:
        return page_value(items, self.ad)[1] if items else 0  # PageValue.gain


def _proposed(page: Page, claimed: tuple[Story, ...]) -> ProposedPage:
    index = {s: i for i, s in enumerate(claimed)}
    placements = []
    for p in page.placements:
        if p.story not in index:
            raise IllegalMove(f"{p.story} is not among the stories you would claim ({_names(claimed)})")
        placements.append(Placement(index[p.story], p.x, p.y, p.w, p.h))
    if page.exclusive == BEST:
        return ProposedPage(tuple(placements))
    if page.exclusive is None:
        return ProposedPage(tuple(placements), None)
    if page.exclusive not in index:
        raise IllegalMove(f"exclusive {page.exclusive} is not among the stories you would claim")
    return ProposedPage(tuple(placements), index[page.exclusive])


def _names(stories) -> str:
    return ", ".join(map(str, stories)) or "none"


def plan_press(state: Position, player: int, page: Page | None = None) -> PressPlan:
    """Claims and the page (``None``: the solver's optimal page); :class:`IllegalMove` if not allowed."""
    claimed = state.claimable(player)
    if not claimed:
        raise IllegalMove("you cannot go to press: there is no story you can claim")
    problem = press_problem(state, player, claimed)
    if page is None:
        result = solve_fast(problem) if _page_solver[0] == "fast" else solve(problem)
        return PressPlan(player, claimed, problem, Page.from_solver(claimed, result.placements, result.exclusive), result.breakdown)
    check = check_page(problem, _proposed(page, claimed))
    if not check.legal:
        raise IllegalMove("that front page breaks the rules: " + " ".join(v.message for v in check.violations))
    placements = tuple(Placement(claimed.index(p.story), p.x, p.y, p.w, p.h) for p in page.placements)
    return PressPlan(player, claimed, problem, Page.from_solver(claimed, placements, check.exclusive), check.breakdown)


def check_press(state: Position, player: int, page: Page) -> CheckResult:
    """The front-page checker's verdict on ``player`` laying out ``page`` now: legal or not, every
    broken rule (its id, a sentence, the cells), and the page's total beside the optimal total.

    The page is judged for the stories the press would claim, with the values
    in force; a story the player would not claim raises :class:`IllegalMove`,
    as does a player who can claim nothing. A UI shows the verdict while the
    page is built; :func:`plan_press` refuses the same pages.

    >>> from pennypress.engine import new_game, parse_move
    >>> s = new_game(3, seed=7)
    >>> _ = s.apply(parse_move("assign 2 war:B:1"))
    >>> off = parse_move("press war:B:1@3,1,1x3").page            # runs off the bottom of the page
    >>> v = check_press(s, 0, off)
    >>> v.legal, [x.rule for x in v.violations]
    (False, ['bounds'])
    >>> best = plan_press(s, 0).page
    >>> check_press(s, 0, best).total == plan_press(s, 0).breakdown.total
    True
    """
    claimed = state.claimable(player)
    if not claimed:
        raise IllegalMove("you cannot go to press: there is no story you can claim")
    return check_page(press_problem(state, player, claimed), _proposed(page, claimed))


def scoops_given(state: Position, player: int, claimed: tuple[Story, ...]) -> tuple[Scoop, ...]:
    """Scoop points ``player`` pressing ``claimed`` gives away: once per other player per story
    they have a reporter on, at that beat's scoop value now (exclusives do not change it)."""
    return tuple(
        Scoop(other, story, state.scoop_value(story.beat))
        for story in claimed
        for other, n in enumerate(state.reporters[story])
        if other != player and n
    )


def would_trigger(state: Position, player: int) -> bool:
    """Whether a press by ``player`` now would trigger the final edition."""
    return (
        state.phase is Phase.NORMAL
        and state.players[player].pennies + 1 >= state.definition.final_edition_presses
    )


def press_draws_card(state: Position, player: int) -> bool:
    """Whether a press by ``player`` now is followed by a headline-card draw: in normal play,
    unless it triggers the final edition, and only while the deck has cards.

    The one place this rule lives: the press (which then stops at a chance
    node), records and position checks ask it.
    """
    return state.phase is Phase.NORMAL and not would_trigger(state, player) and bool(state.deck)


def _outcome(state: Position, plan: PressPlan) -> PressOutcome:
    """What ``plan`` claims, leaves, gives away and scores, worked out on the state before the press."""
    published = {p.story for p in plan.page.placements}
    return PressOutcome(
        player=plan.player,
        claimed=plan.claimed,
        left=state.outnumbered(plan.player),
        scoops=scoops_given(state, plan.player, plan.claimed),
        beat_values=tuple(plan.problem.beat_values[b] for b in BEATS),
        ad=state.players[plan.player].ad,
        page=plan.page,
        unpublished=tuple(s for s in plan.claimed if s not in published),
        total=plan.breakdown.total,
        gain=plan.breakdown.gain,
        breakdown=plan.breakdown.to_json(),
        final_edition=would_trigger(state, plan.player),
    )


def why_cannot_press(state: Position, player: int) -> str | None:
    """Why ``player`` could not go to press now, in plain words, or ``None`` if they could.

    For any player, not only the one to move (a UI asks "what if they pressed
    now?"); the player is named by their newspaper.

    >>> from pennypress.engine import new_game
    >>> why_cannot_press(new_game(3, seed=7), 1)
    'there is no story The Sun can claim'
    """
    if state.is_over:
        return "the game is over"
    if state.players[player].done:
        return f"{newspaper(player)} has finished the final edition"
    if not state.claimable(player):
        return f"there is no story {newspaper(player)} can claim"
    return None


def preview_press(state: Position, player: int, page: Page | None = None) -> PressOutcome:
    """What ``player`` would claim, leave, give away and score by pressing now -- any player,
    not only the one to move; the state is not changed and no headline card is drawn.

    Raises :class:`IllegalMove` if ``player`` can claim nothing or the page is illegal.

    >>> from pennypress.engine import new_game, parse_move
    >>> s = new_game(3, seed=7)
    >>> story = next(s.stories_in_play())
    >>> _ = s.apply(parse_move(f"assign 2 {story}"))
    >>> before = s.to_json()
    >>> out = preview_press(s, 0)
    >>> [str(c) for c in out.claimed], out.gain == out.total or out.total < 0, s.to_json() == before
    (['war:B:1'], True, True)
    """
    return _outcome(state, plan_press(state, player, page))


def optimal_press(state: Position) -> GoToPress:
    """The press the player to move would make with the solver's optimal page, page spelled out.

    Playing it has the same effect as ``GoToPress()``; a UI can show its page first.
    """
    return GoToPress(plan_press(state, state.current).page)


def resolve_press(state: Position, plan: PressPlan) -> PressOutcome:
    """Carry out a planned press on ``state`` (steps 1-4 of p. 4, or the final-edition trigger).

    Step 5, the headline card, is a chance event: when the press draws one
    (:func:`press_draws_card`) the state is left with ``draw_pending`` set, and
    :func:`pennypress.engine.rules.chance.apply_chance` finishes the turn.
    """
    outcome = _outcome(state, plan)
    player = plan.player
    me = state.players[player]
    draws = press_draws_card(state, player)
    for sc in outcome.scoops:
        state.players[sc.player].circulation += sc.points
    for story in plan.claimed:
        remove_story(state, story)
    me.published.extend(outcome.published)
    for story in outcome.unpublished:
        return_to_stack(state, story)
    me.circulation += outcome.gain
    me.ad = None
    me.pennies += 1
    if outcome.final_edition:
        start_final_edition(state, player)
    state.draw_pending = draws
    return outcome
