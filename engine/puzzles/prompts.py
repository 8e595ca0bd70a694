"""A puzzle's question in words: the page's stories, values and ad, or whose move it is and when.

>>> from pennypress.solver import make_problem
>>> print(page_prompt(make_problem([("war", "D", 3), ("city", "A", 1)],
...                                {"war": 3, "crime": 0, "politics": 0, "city": 5, "human": 0}, ad=(1, 2))))
Lay out the best legal front page. Claimed: War D ★★★, New York City A ★. Beat values: War 3, Crime & Calamity 0, Politics 0, New York City 5 (top), Human Condition 0; the ad in the bottom row, column 2.
"""
from __future__ import annotations

from pennypress.solver import ClaimedStory, PressProblem

from ..game.names import newspaper, story_name
from ..game.words import move_words
from ..io.state import State
from ..position.position import Phase

ROW_NAMES = ("top", "middle", "bottom")


def story_words(story: ClaimedStory) -> str:
    """``'War D ★★★'`` as the engine names stories (``'War D'`` when the stars are not given)."""
    return story_name(story) if story.stars else f"{story.beat.title} {story.shape.value}"


def ad_words(cell: tuple[int, int]) -> str:
    return f"the {ROW_NAMES[cell[1]]} row, column {cell[0] + 1}"


def page_prompt(problem: PressProblem) -> str:
    """The question in words."""
    stories = ", ".join(story_words(s) for s in problem.stories)
    values = ", ".join(f"{b.title} {v}" + (" (top)" if b in problem.top_beats else "")
                       for b, v in problem.beat_values.items())
    ad = f"the ad in {ad_words(problem.ad)}" if problem.ad is not None else "no ad"
    return f"Lay out the best legal front page. Claimed: {stories}. Beat values: {values}; {ad}."


def _situation(state: State) -> str:
    """Who is to move, when, and every newspaper's circulation, in one sentence."""
    me = newspaper(state.current)
    when = {Phase.FINAL_TURNS: "the final edition, last turns (one reporter at a time)",
            Phase.FINAL_PRESSES: "the final edition, last presses"}.get(state.phase, "normal play")
    scores = ", ".join(f"{newspaper(i)} {p.circulation}" for i, p in enumerate(state.players))
    return f"{me} to move in {when}; circulation {scores}."


def position_prompt(state: State, asks_press: bool) -> str:
    """The question in words: is pressing now the best move (``asks_press``), or find the best move."""
    me = newspaper(state.current)
    head = _situation(state)
    if asks_press:
        claims = ", ".join(story_name(s) for s in state.claimable(state.current))
        return f"{head} {me} can go to press now, claiming {claims}. Is pressing now the best move?"
    return f"{head} Find the best move."


def better_move_prompt(state: State, played: str) -> str:
    """The question of a puzzle made from a game's mistake: the move played (notation) said as the move
    the person played, and the question.

    >>> from pennypress.engine import new_game
    >>> better_move_prompt(new_game(2, seed=11), "assign 1 war:A:1").split("; ")[1]
    'circulation The Times 0, The Sun 0. You played Send 1 reporter to War A ★ here: find the better move.'
    """
    return f"{_situation(state)} You played {move_words(played)} here: find the better move."
