"""Every message of a game against the computer, in one place: what each newspaper did, presses with
their page and score, the headline cards drawn and what they changed, a press previewed, and the end.

"Play a game" (the app) and ``pennypress play`` (the terminal) both say a game
through this module, so a sentence is right once for both. A message is said
to the person at seat ``me``: their own moves as "You …" and "your page", a
newspaper's as "The Times …" and "its page"; what happened in the past tense,
a press not yet made ("If you press now, …") in the future. Moves are said by
:func:`pennypress.engine.game.words.move_words`, stories and newspapers by
:mod:`pennypress.engine.game.names`.

>>> from pennypress.engine.game.moves import parse_move
>>> move_sentence(1, 1, parse_move("assign 2 war:B:1")), move_sentence(0, 1, parse_move("decline"))
('You sent 2 reporters to War B ★.', 'The Times declined the last press.')
>>> subject(2, 0), whose(0, 0), whose(0, 2), whose(1, 2)
('The Herald', 'your', "The Times'", "The Sun's")
>>> page_title(0, 0, 12), page_title(2, 0, -1)
('Your page: 12 points', "The Herald's page: −1 point")
"""
from __future__ import annotations

from typing import Iterable

from ..game.cards import HeadlineCard
from ..game.moves import Move
from ..game.names import newspaper, story_name
from ..game.words import card_words, move_words, plural
from ..position.events import PressOutcome

__all__ = [
    "subject", "whose", "move_sentence", "press_sentence", "preview_sentence", "card_sentence",
    "page_title", "end_sentence", "bonus_sentence", "hint_sentence", "listed",
]


def listed(words: Iterable[str]) -> str:
    """``'a'``, ``'a and b'``, ``'a, b and c'``."""
    items = list(words)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def subject(player: int, me: int | None) -> str:
    """Who did it, at the start of a sentence: ``'You'`` for the person, else the newspaper."""
    return "You" if player == me else newspaper(player)


def _object(player: int, me: int | None) -> str:
    return "you" if player == me else newspaper(player)


def whose(player: int, me: int | None) -> str:
    """The possessive: ``'your'``, ``"The Times'"``, ``"The Sun's"``."""
    if player == me:
        return "your"
    name = newspaper(player)
    return name + ("'" if name.endswith("s") else "'s")


def _its(player: int, me: int | None) -> str:
    """The possessive inside a sentence about ``player``: ``'your'`` or ``'its'``."""
    return "your" if player == me else "its"


def _points(n: int) -> str:
    """``'1 point'``, ``'−1 point'``, ``'12 points'`` (a true minus)."""
    return f"{n} point{'' if abs(n) == 1 else 's'}".replace("-", "−")


def _gain(gain: int, past: bool) -> str:
    if gain <= 0:
        return "gained no circulation" if past else "gain no circulation"
    return f"{'gained' if past else 'gain'} {_points(gain)} of circulation"


def move_sentence(player: int, me: int | None, move: Move | str) -> str:
    """What a newspaper did, as one sentence (a press is said by :func:`press_sentence`)."""
    return f"{subject(player, me)} {move_words(move, past=True)}."


def _page_clause(player: int, me: int | None, press: PressOutcome, optimal_total: int | None) -> str:
    """How the page was chosen: the optimal one, or a page of the player's own and what it gave up."""
    if optimal_total is None:
        return ""
    if press.total >= optimal_total:
        return " on the optimal page"
    short = optimal_total - press.total
    return f" on a page of {_its(player, me)} own, {_points(short)} below the optimal page"


def _scoops(press: PressOutcome, me: int | None) -> list[str]:
    out = []
    for s in press.scoops:
        verb = "score" if s.player == me else "scores"
        out.append(f"{_object(s.player, me)} {verb} {_points(s.points)} for being scooped on {story_name(s.story)}")
    return out


def press_sentence(player: int, me: int | None, press: PressOutcome, optimal_total: int | None = None) -> str:
    """A press that happened: the page (``optimal_total``, when known, says whether it was the optimal
    one), the stories claimed, the page's score and the circulation gained, the scoops it gave, and
    whether the final edition began."""
    who, its = subject(player, me), _its(player, me)
    claimed = listed(story_name(s) for s in press.claimed) or "no story"
    text = (f"{who} went to press{_page_clause(player, me, press, optimal_total)} and claimed {claimed}: "
            f"{its} page scored {_points(press.total)} and {_gain(press.gain, past=True)}.")
    scoops = _scoops(press, me)
    if scoops:
        text += " Scooped: " + listed(scoops) + "."
    if press.final_edition:
        text += " The final edition begins."
    return text


def preview_sentence(press: PressOutcome, optimal_total: int | None = None) -> str:
    """A press the person has not made yet: ``'If you press now, you will claim …'``."""
    claimed = listed(story_name(s) for s in press.claimed) or "no story"
    page = ""
    if optimal_total is not None and press.total < optimal_total:
        page = f" (your page is {_points(optimal_total - press.total)} below the optimal page)"
    text = (f"If you press now, you will claim {claimed}; your page will score {_points(press.total)}{page} "
            f"and you will {_gain(press.gain, past=False)}.")
    scoops = [s for s in press.scoops]
    if scoops:
        text += " You will give " + listed(f"{newspaper(s.player)} {_points(s.points)} for {story_name(s.story)}"
                                           for s in scoops) + " in scoops."
    if press.final_edition:
        text += " The final edition will begin."
    return text


def card_sentence(card: HeadlineCard | str) -> str:
    """A headline card drawn and what it changed (the card, or its words from
    :func:`~pennypress.engine.game.words.card_words`): ``'Headline card drawn: “…”: War bonus +1; …'``."""
    return f"Headline card drawn: {card if isinstance(card, str) else card_words(card)}."


def page_title(player: int, me: int | None, total: int) -> str:
    """The caption of a pressed page: ``'Your page: 12 points'``, ``"The Times' page: 9 points"``."""
    owner = whose(player, me)
    return f"{owner[0].upper() + owner[1:]} page: {_points(total)}"


def end_sentence(circulation: Iterable[int], winners: Iterable[int], me: int | None) -> str:
    """The end of the game: who won, with how much, and how the person finished."""
    scores, won = list(circulation), list(winners)
    names = [_object(p, me) for p in won]
    if me in won and len(won) == 1:
        return f"The game is over: you win with {_points(scores[me])} of circulation."
    if me in won:
        others = listed(newspaper(p) for p in won if p != me)
        return f"The game is over: you share the win with {others}, with {_points(scores[me])} of circulation."
    verb = "wins" if len(won) == 1 else "share the win"
    text = f"The game is over: {listed(names)} {verb} with {_points(scores[won[0]])} of circulation"
    if me is not None:
        text += f"; you finished with {_points(scores[me])}"
    return text + "."


def bonus_sentence(beat: str, players: Iterable[int], points: int, most_stars: int, me: int | None) -> str:
    """One beat's end bonus: ``'The Times takes the War bonus: 5 points for 7 stars.'``."""
    who = list(players)
    if not who:
        return f"Nobody takes the {beat} bonus."
    names = listed(_object(p, me) for p in who)
    names = names[0].upper() + names[1:]
    verb = "take" if len(who) > 1 or who == [me] else "takes"
    share = " each" if len(who) > 1 else ""
    return f"{names} {verb} the {beat} bonus: {_points(points)}{share} for {plural(most_stars, 'star')}."


def hint_sentence(move: Move | str, win: float | None, exact: bool = False) -> str:
    """The advisor's hint: ``'Hint: Send 2 reporters to War B ★ (your chance of winning about 40%).'``."""
    if win is None:
        return f"Hint: {move_words(move)}."
    chance = f"{'exactly' if exact else 'about'} {round(win * 100)}%"
    return f"Hint: {move_words(move)} (your chance of winning {chance}{' with best play' if exact else ''})."

