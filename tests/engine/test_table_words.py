"""Every message of a game against the computer (engine/arena/table_words.py), for every seat -- you
and each opponent -- and every kind of move and event, against the sentences a person expects:
"you" and "your page" for your own moves, the newspaper and "its page" for the others', the past
tense for what happened and the future for a press not yet made. The expected sentences are written
here from the rulebook's words; the figures in them (stories, totals, gains) come from the engine."""
from __future__ import annotations

from dataclasses import replace

import pytest

from pennypress.engine import new_game
from pennypress.engine.arena.seats import make_bot
from pennypress.engine.arena.table_game import TableGame
from pennypress.engine.arena.table_words import (bonus_sentence, card_sentence, end_sentence, hint_sentence,
                                                  move_sentence, page_title, press_sentence, preview_sentence)
from pennypress.engine.game.cards import load_deck
from pennypress.engine.game.moves import Assign, Decline, GoToPress, PassNewsboy, Reassign, Recall, parse_move
from pennypress.engine.game.names import story_name
from pennypress.engine.rules.press import plan_press, preview_press

NAMES = ("The Times", "The Sun", "The Herald")
POSSESSIVE = ("The Times'", "The Sun's", "The Herald's")
WRONG = ("its own page", "Times's", "you claimed", "You scores", "you scores", " 1 points", " -")


def _who(player, me):
    return "You" if player == me else NAMES[player]


def _pts(n):
    return f"{n} point{'' if abs(n) == 1 else 's'}".replace("-", "−")


def _expected_move(player, me, move) -> str:
    who = _who(player, me)
    if isinstance(move, Assign):
        return f"{who} sent {move.count} reporter{'s' if move.count > 1 else ''} to {story_name(move.story)}."
    if isinstance(move, Recall):
        parts = [f"{n} from {story_name(s)}" for s, n in move.reporters]
        (s0, n0) = move.reporters[0]
        parts[0] = f"{n0} reporter{'s' if n0 > 1 else ''} from {story_name(s0)}"
        said = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        return f"{who} recalled {said}."
    if isinstance(move, Reassign):
        return f"{who} moved 1 reporter from {story_name(move.source)} to {story_name(move.target)}."
    if isinstance(move, PassNewsboy):
        return f"{who} passed the newsboy."
    if isinstance(move, Decline):
        return f"{who} declined the last press."
    raise AssertionError(move)


def _no_wrong_words(sentence: str) -> None:
    for wrong in WRONG:
        assert wrong not in sentence, (wrong, sentence)


@pytest.mark.parametrize("me", [0, 1, 2, None])
def test_every_kind_of_move_for_every_seat(me):
    moves = [parse_move(m) for m in ("assign 1 war:B:1", "assign 3 crime:C:2", "recall 2 war:B:1",
                                     "recall 1 war:B:1, 2 human:C:3", "reassign city:A:2 -> crime:B:1",
                                     "newsboy", "decline")]
    for player in range(3):
        for move in moves:
            said = move_sentence(player, me, move)
            assert said == _expected_move(player, me, move)
            assert said.startswith("You " if player == me else NAMES[player] + " ")
            _no_wrong_words(said)


def _a_press():
    """A real press: 2 reporters on the first story of a dealt game, The Times pressing."""
    s = new_game(3, seed=7)
    story = next(s.stories_in_play())
    s.apply(parse_move(f"assign 2 {story}"))
    return preview_press(s, 0), plan_press(s, 0).breakdown.total


@pytest.mark.parametrize("me", [0, 1, 2])
def test_presses_on_the_optimal_page_and_on_a_chosen_page_for_every_seat(me):
    press, optimal = _a_press()
    claimed = story_name(press.claimed[0])
    assert press.total == optimal and len(press.claimed) == 1
    for player in range(3):
        pressed = replace(press, player=player)
        who, its = _who(player, me), "your" if player == me else "its"
        gain = f"gained {_pts(press.gain)} of circulation" if press.gain > 0 else "gained no circulation"
        on_optimal = press_sentence(player, me, pressed, optimal)
        assert on_optimal == f"{who} went to press on the optimal page and claimed {claimed}: {its} page scored {_pts(press.total)} and {gain}."
        chosen = press_sentence(player, me, replace(pressed, total=optimal - 2, gain=max(0, optimal - 2)), optimal)
        assert chosen.startswith(f"{who} went to press on a page of {its} own, 2 points below the optimal page "
                                 f"and claimed {claimed}: {its} page scored {_pts(optimal - 2)}")
        unknown = press_sentence(player, me, pressed)  # a page whose optimum is not known: no claim about it
        assert unknown.startswith(f"{who} went to press and claimed {claimed}: ")
        final = press_sentence(player, me, replace(pressed, final_edition=True), optimal)
        assert final.endswith(". The final edition begins.")
        title = page_title(player, me, press.total)
        assert title == (f"Your page: {_pts(press.total)}" if player == me else f"{POSSESSIVE[player]} page: {_pts(press.total)}")
        for said in (on_optimal, chosen, unknown, final, title):
            _no_wrong_words(said)


def test_scoops_say_who_scored_for_every_seat():
    press, optimal = _a_press()
    story = press.claimed[0]
    from pennypress.engine.position.events import Scoop
    scooped = replace(press, scoops=(Scoop(1, story, 2), Scoop(2, story, 1)))
    assert press_sentence(0, 1, scooped, optimal).endswith(
        f" Scooped: you score 2 points for being scooped on {story_name(story)} and The Herald scores 1 point "
        f"for being scooped on {story_name(story)}.")
    assert press_sentence(0, 0, scooped, optimal).endswith(
        f" Scooped: The Sun scores 2 points for being scooped on {story_name(story)} and The Herald scores 1 point "
        f"for being scooped on {story_name(story)}.")


def test_a_press_previewed_is_said_in_the_future():
    press, optimal = _a_press()
    claimed = story_name(press.claimed[0])
    said = preview_sentence(press, optimal)
    gain = f"gain {_pts(press.gain)} of circulation" if press.gain > 0 else "gain no circulation"
    assert said == f"If you press now, you will claim {claimed}; your page will score {_pts(press.total)} and you will {gain}."
    lower = preview_sentence(replace(press, total=optimal - 1), optimal)
    assert "(your page is 1 point below the optimal page)" in lower
    _no_wrong_words(said)


def test_a_card_drawn_says_what_it_changed():
    card = load_deck().card(4)
    said = card_sentence(card)
    assert said.startswith(f"Headline card drawn: “{card.headline}”: {card.beat.title} bonus +{card.bonus}; new stories ")
    assert said.endswith(" column.") and card_sentence(said[len("Headline card drawn: "):-1]) == said


def test_the_end_for_every_seat():
    scores = [30, 24, 30]
    assert end_sentence(scores, [0], 0) == "The game is over: you win with 30 points of circulation."
    assert end_sentence(scores, [0], 1) == "The game is over: The Times wins with 30 points of circulation; you finished with 24 points."
    assert end_sentence(scores, [0, 2], 2) == "The game is over: you share the win with The Times, with 30 points of circulation."
    assert end_sentence(scores, [0, 2], 1) == ("The game is over: The Times and The Herald share the win with 30 points "
                                              "of circulation; you finished with 24 points.")
    assert bonus_sentence("War", [1], 5, 7, 1) == "You take the War bonus: 5 points for 7 stars."
    assert bonus_sentence("War", [1], 5, 1, 0) == "The Sun takes the War bonus: 5 points for 1 star."
    assert bonus_sentence("War", [0, 1], 5, 4, 0) == "You and The Sun take the War bonus: 5 points each for 4 stars."
    assert bonus_sentence("War", [], 5, 0, 0) == "Nobody takes the War bonus."


def test_the_hint():
    assert hint_sentence("assign 2 war:B:1", 0.404) == "Hint: Send 2 reporters to War B ★ (your chance of winning about 40%)."
    assert hint_sentence("press", 1.0, exact=True) == "Hint: Go to press (your chance of winning exactly 100% with best play)."


@pytest.mark.parametrize("me", [0, 1, 2])
def test_a_whole_game_is_told_in_these_sentences_from_every_seat(me):
    """Every event of a real game (greedy bots, you played by a greedy bot too), from each seat: the
    moves, the presses with their page, the cards drawn and the end."""
    game = TableGame.new(3, me, ["greedy", "greedy"], seed=5)
    mine = make_bot("greedy", 77)
    while not game.is_over:
        game.run_bots()
        if game.person_to_move:
            game.play(mine.choose(game.view()))
    kinds = set()
    for e in game.events:
        move = parse_move(e.move)
        _no_wrong_words(e.words)
        if isinstance(move, GoToPress):
            kinds.add("press")
            assert e.words.startswith(f"{_who(e.player, me)} went to press on ")  # the page judged from the position
            assert f"{'your' if e.player == me else 'its'} page scored {_pts(e.press.total)}" in e.words
            if e.card is not None:
                kinds.add("card")
                assert card_sentence(e.card_text).startswith("Headline card drawn: “")
        else:
            kinds.add(type(move).__name__)
            assert e.words == _expected_move(e.player, me, move)
    assert {"press", "card", "Assign"} <= kinds and any(e.by_person for e in game.events)
    end = game.end()
    said = end_sentence([s["circulation"] for s in end["scores"]], end["winner_seats"], me)
    assert said.startswith("The game is over: ") and ("you win" in said or "you share" in said or "you finished" in said)
