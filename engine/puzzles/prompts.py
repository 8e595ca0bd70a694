"""A puzzle's question in words: the page's stories, values and ad, or whose move it is and when.

>>> from pennypress.solver import make_problem
>>> print(page_prompt(make_problem([("war", "D", 3), ("city", "A", 1)],
...                                {"war": 3, "crime": 0, "politics": 0, "city": 5, "human": 0}, ad=(1, 2))))
Lay out the best legal front page. Claimed: War D ★★★, New York City A ★. Beat values: War 3, Crime & Calamity 0, Politics 0, New York City 5 (top), Human Condition 0; the ad in the bottom row, column 2.
"""
from __future__ import annotations

from pennypress.solver import ClaimedStory, PressProblem

from ..game.names import newspaper, story_name
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


def position_prompt(state: State, asks_press: bool) -> str:
    """The question in words: is pressing now the best move (``asks_press``), or find the best move."""
    me = newspaper(state.current)
    when = {Phase.FINAL_TURNS: "the final edition, last turns (one reporter at a time)",
            Phase.FINAL_PRESSES: "the final edition, last presses"}.get(state.phase, "normal play")
    scores = ", ".join(f"{newspaper(i)} {p.circulation}" for i, p in enumerate(state.players))
    head = f"{me} to move in {when}; circulation {scores}."
    if asks_press:
        claims = ", ".join(story_name(s) for s in state.claimable(state.current))
        return f"{head} {me} can go to press now, claiming {claims}. Is pressing now the best move?"
    return f"{head} Find the best move."
