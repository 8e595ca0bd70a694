"""Turn order: clockwise, the two-player pattern, the newsboy strike."""
from pennypress.engine import Assign, Decline, PassNewsboy, new_game, parse_move
from pennypress.engine.play.invariants import check_state

from tests.engine.engine_builders import build


def _play_assigns(state, turns):
    """Play ``turns`` one-reporter assigns (recalling when home is empty); returns who moved and how."""
    seq = []
    for _ in range(turns):
        player = state.current
        if state.newsboy == player:
            move = PassNewsboy()
        elif state.players[player].home:
            move = Assign(next(state.stories_in_play()), 1)
        else:
            move = parse_move(f"recall {next(iter(state.reporters_of(player)))}")
        seq.append((player, str(move)))
        state.apply(move)
        assert check_state(state) == []
    return seq


def test_clockwise_order_with_three_players():
    s = new_game(3, seed=1)
    assert [p for p, _ in _play_assigns(s, 7)] == [0, 1, 2, 0, 1, 2, 0]


def test_two_player_pattern_p1_p2_p2_p1_p1():
    s = new_game(2, seed=1)
    assert [p for p, _ in _play_assigns(s, 9)] == [0, 1, 1, 0, 0, 1, 1, 0, 0]


def test_two_player_pattern_ends_with_the_final_edition():
    # Player 1 on its first of two turns triggers the final edition (4th press):
    # player 0 then gets one restricted turn and the optional last press.
    s = build(2, {"war:A:1": [1, 1], "war:B:1": [2, 1]}, pennies=[2, 3], ads=[(0, 1), (0, 0)], current=1)
    s.turns_left = 2
    press = s.apply(parse_move("press")).press
    assert press.final_edition and press.card is None
    assert s.phase.value == "final-turns" and s.current == 0 and s.players[1].done
    s.apply(parse_move("assign 1 war:B:1"))
    assert s.phase.value == "final-presses" and s.current == 0


def test_newsboy_passes_to_the_right_and_play_goes_left_four_players():
    s = new_game(4, seed=2, variants=["newsboy"])
    seq = _play_assigns(s, 12)
    players = [p for p, _ in seq]
    assert players == list(range(4)) * 3  # play still goes clockwise
    holders = [p for p, m in seq if m == "newsboy"]
    # turns: 0, 1 (holds: to 0), 2, 3, 0 (holds: to 3), 1, 2, 3 (holds: to 2), 0, 1, 2 (holds: to 1), 3
    assert holders == [1, 0, 3, 2]
    assert [i for i, (_, m) in enumerate(seq) if m == "newsboy"] == [1, 4, 7, 10]
    assert s.newsboy == 1


def test_newsboy_with_five_players():
    s = new_game(5, seed=2, variants=["newsboy"])
    seq = _play_assigns(s, 15)
    # turns: 0, 1 (to 0), 2, 3, 4, 0 (to 4), 1, 2, 3, 4 (to 3), 0, 1, 2, 3 (to 2), 4
    assert [p for p, m in seq if m == "newsboy"] == [1, 0, 4, 3]
    assert s.newsboy == 2


def test_newsboy_holder_has_one_move_only():
    s = new_game(4, seed=2, variants=["newsboy"])
    s.apply(s.legal_moves()[0])
    assert s.current == 1 and s.legal_moves() == [PassNewsboy()]
    assert s.why_illegal(PassNewsboy()) is None
    assert "only move is to pass" in s.why_illegal(Assign(next(s.stories_in_play()), 1))
    s.apply(PassNewsboy())
    assert "do not hold the newsboy" in s.why_illegal(PassNewsboy())


def test_no_passing_in_normal_play():
    s = new_game(3, seed=1)
    assert Decline() not in s.legal_moves()
    assert "may not pass" in s.why_illegal(Decline())


def test_decline_only_when_nothing_else_is_possible():
    # Empty board, everyone at home: no action exists, so the only move is to pass.
    s = build(3, {})
    assert s.legal_moves() == [Decline()]
    s.apply(Decline())
    assert s.current == 1
