"""The final edition (p. 5), end bonuses and the winner."""
import pytest

from pennypress.engine import Decline, GoToPress, IllegalMove, parse_move
from pennypress.engine.rules.endgame import winners
from pennypress.engine.play.invariants import check_state
from pennypress.engine.position.position import Phase
from pennypress.engine.game.tables import scoop_value
from pennypress.solver.vocab import BEATS, Beat

from tests.engine.engine_builders import build, story


def final_table():
    """4 players, newsboy strike on (player 0 holds it), player 2 about to press a 3rd time."""
    s = build(
        4,
        {
            "war:A:1": [0, 0, 1, 0],
            "war:B:1": [0, 0, 1, 1],
            "crime:C:1": [1, 0, 2, 0],
            "politics:A:1": [2, 0, 0, 0],
            "city:B:1": [0, 2, 1, 0],
            "human:D:1": [0, 0, 0, 0],
        },
        variants=["newsboy"],
        pennies=[1, 1, 2, 0],
        ads=[(2, 2), (1, 2), None, None],
        bonus={"war": 5, "crime": 7, "politics": 4, "city": 3, "human": 9},
        current=2,
    )
    s.newsboy = 0
    return s


def test_final_edition_flow():
    s = final_table()
    deck, discard = list(s.deck), list(s.discard)
    markers = dict(s.markers)

    # player 2's third press triggers the final edition
    press = s.apply(GoToPress()).press
    assert press.final_edition and press.card is None and press.new_ad is None
    assert s.deck == deck and s.discard == discard  # no headline card
    assert set(press.claimed) == {story("war:A:1"), story("war:B:1"), story("crime:C:1")}
    assert s.phase is Phase.FINAL_TURNS and s.players[2].done
    assert s.newsboy is None  # the strike is settled
    assert s.markers == markers  # frozen at the values of that turn (war is now empty!)
    assert s.marker_formula(Beat.WAR) == 0 and s.beat_value(Beat.WAR) == 3
    assert (s.current, s.pending) == (3, [0, 1])  # the others, in turn order from the trigger's left
    assert {sc.player for sc in press.scoops} == {0, 3}

    # player 3: restricted turn
    assert "only one reporter" in s.why_illegal(parse_move("assign 2 human:D:1"))
    assert all(getattr(m, "count", 1) == 1 for m in s.legal_moves())
    s.apply(parse_move("assign 1 human:D:1"))
    assert s.markers == markers and not s.players[3].done

    # player 0: presses in the restricted round -> done; no card, ad removed
    press = s.apply(GoToPress()).press
    assert press.claimed == (story("politics:A:1"),) and press.card is None
    assert s.players[0].done and s.players[0].ad is None and s.players[0].pennies == 2

    # player 1: restricted recall refused, reassign allowed
    assert "only one reporter" in s.why_illegal(parse_move("recall 2 city:B:1"))
    s.apply(parse_move("reassign city:B:1 -> human:D:1"))

    # last round: the players not done, again from the trigger's left: 3 then 1
    assert s.phase is Phase.FINAL_PRESSES and (s.current, s.pending) == (3, [1])
    assert set(map(str, s.legal_moves())) == {"press", "decline"}
    assert "only go to press or decline" in s.why_illegal(parse_move("assign 1 human:D:1"))
    s.apply(Decline())
    assert s.players[3].done and s.current == 1

    before = [p.circulation for p in s.players]
    event = s.apply(GoToPress())
    press = event.press
    assert set(press.claimed) == {story("city:B:1"), story("human:D:1")}
    # scoops still go to players who are done (player 2 on city, player 3 on human)
    city_scoop, human_scoop = scoop_value(markers[Beat.CITY]), scoop_value(markers[Beat.HUMAN])
    assert sorted((sc.player, sc.points) for sc in press.scoops) == sorted([(2, city_scoop), (3, human_scoop)])

    # game over: end bonuses
    assert s.is_over and s.legal_moves() == []
    end = event.end
    got = {b.beat.value: (b.players, b.points) for b in end.bonuses}
    assert got == {"war": ((2,), 5), "crime": ((2,), 7), "politics": ((0,), 4), "city": ((1,), 3), "human": ((1,), 9)}
    expected = list(before)
    expected[1] += press.gain
    expected[2] += city_scoop + 5 + 7
    expected[3] += human_scoop
    expected[0] += 4
    expected[1] += 3 + 9
    assert [p.circulation for p in s.players] == expected == list(end.circulation)
    top = max(expected)
    assert set(s.winners) <= {i for i, c in enumerate(expected) if c == top}
    assert check_state(s) == []
    with pytest.raises(IllegalMove, match="game is over"):
        s.apply(Decline())


def test_trigger_player_draws_no_card_in_a_two_to_three_player_game_on_the_fourth_press():
    s = build(3, {"war:A:1": [1, 0, 0]}, pennies=[3, 0, 0], ads=[(1, 0), None, None])
    press = s.apply(GoToPress()).press
    assert press.final_edition and press.card is None and s.players[0].ad is None
    assert not s.is_chance_node() and s.chance_outcomes() == []
    s3 = build(3, {"war:A:1": [1, 0, 0]}, pennies=[2, 0, 0], ads=[(1, 1), None, None])
    press = s3.apply(GoToPress()).press
    assert not press.final_edition and press.card is None and s3.is_chance_node()
    press = s3.apply_chance(s3.chance_outcomes()[0][0]).press
    assert press.card is not None and not s3.is_chance_node()


def test_pressing_in_the_restricted_turn_means_no_second_press():
    s = build(3, {"war:A:1": [1, 0, 0], "war:B:1": [0, 1, 0], "war:C:1": [0, 0, 1]}, pennies=[3, 0, 0])
    s.apply(GoToPress())  # player 0 triggers
    s.apply(GoToPress())  # player 1 presses in its restricted turn: done
    s.apply(parse_move("assign 1 war:C:1"))  # player 2
    assert s.phase is Phase.FINAL_PRESSES and (s.current, s.pending) == (2, [])
    s.apply(GoToPress())
    assert s.is_over


def test_p5_bonus_tie_both_get_seven():
    # Times (0): one 3-star Politics story; Herald (1): three 1-star stories; World (2): a 2-star one.
    s = build(
        3,
        {},
        published={0: ["politics:D:3"], 1: ["politics:A:1", "politics:B:1", "politics:C:1"], 2: ["politics:A:2"]},
        bonus={"politics": 7},
        circulation=[20, 20, 20],
    )
    s.phase, s.trigger_player, s.current = Phase.FINAL_PRESSES, 1, 2
    s.players[0].done = s.players[1].done = True
    event = s.apply(Decline())
    politics = next(b for b in event.end.bonuses if b.beat is Beat.POLITICS)
    assert politics.players == (0, 1) and politics.points == 7
    assert [p.circulation for p in s.players] == [27, 27, 20]
    # other beats: nobody has stars, nobody scores
    assert all(b.players == () for b in event.end.bonuses if b.beat is not Beat.POLITICS)
    # 27 = 27: the tie goes to the player with more stories (the Herald, three)
    assert s.winners == (1,)


def test_winner_tie_breaks():
    assert winners([10, 12, 12], [4, 1, 2]) == (2,)
    assert winners([12, 12], [3, 3]) == (0, 1)  # shared victory
    assert winners([5, 4], [0, 9]) == (0,)
