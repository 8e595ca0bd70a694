"""Moves: notation, legal_moves lists exactly the legal moves, why_illegal's words."""
import itertools
import random

import pytest

from pennypress.engine import (
    Assign, BadInput, Decline, GoToPress, IllegalMove, PassNewsboy, Reassign, Recall, new_game, parse_move,
)
from pennypress.engine.play.bots import RandomBot
from pennypress.engine.play.invariants import check_state
from pennypress.engine.position.position import Phase
from pennypress.engine.game.stories import ALL_STORIES

from tests.engine.engine_builders import build, story


def sample_states(n_games=6, every=3):
    """Positions from seeded random games, all phases included."""
    out = []
    for g in range(n_games):
        players = 2 + g % 4
        variants = ["newsboy"] if players >= 4 and g % 2 else []
        s = new_game(players, seed=100 + g, variants=variants)
        bot = RandomBot(g)
        k = 0
        while not s.is_over:
            if k % every == 0 or s.phase is not Phase.NORMAL:
                out.append(s.clone())
            s.play(bot.choose(s))
            k += 1
    return out


STATES = sample_states()


def candidates(s):
    """A superset of the legal moves: every action shape, legal or not."""
    board = list(s.stories_in_play())
    off = [x for x in ALL_STORIES if x not in s.reporters][:2]
    me = s.current
    mine = sorted(s.reporters_of(me).items(), key=lambda kv: kv[0].sort_key())
    out = [GoToPress(), PassNewsboy(), Decline()]
    out += [Assign(x, n) for x in board + off for n in range(1, 7)]
    for counts in itertools.product(*(range(c + 2) for _, c in mine)):
        if any(counts):
            out.append(Recall(tuple((x, c) for (x, _), c in zip(mine, counts) if c)))
    out += [Recall(((x, 1),)) for x in off]
    out += [Reassign(a, b) for a in board + off for b in board + off]
    return out


def test_phases_are_all_sampled():
    assert {s.phase for s in STATES} == {Phase.NORMAL, Phase.FINAL_TURNS, Phase.FINAL_PRESSES}
    assert any(s.newsboy == s.current for s in STATES)


def test_legal_moves_are_exactly_the_legal_candidates():
    for s in STATES:
        legal = s.legal_moves()
        assert len(legal) == len(set(legal)), "a move is listed twice"
        by_why = {m for m in candidates(s) if s.why_illegal(m) is None}
        assert set(legal) == by_why, (str(s.phase), sorted(map(str, set(legal) ^ by_why)))


def test_recalls_are_multisets_per_story():
    for s in STATES:
        if s.phase is not Phase.NORMAL or s.newsboy == s.current:
            continue
        counts = s.reporters_of(s.current).values()
        expected = 1
        for c in counts:
            expected *= c + 1
        assert sum(isinstance(m, Recall) for m in s.legal_moves()) == expected - 1


def test_notation_round_trips_for_every_legal_move():
    for s in STATES[::3]:
        for m in s.legal_moves():
            assert parse_move(str(m)) == m


def test_every_legal_move_applies_and_keeps_the_invariants():
    rng = random.Random(0)
    for s in STATES[::4]:
        moves = s.legal_moves()
        for m in rng.sample(moves, min(8, len(moves))):
            t = s.clone()
            t.apply(m)
            assert check_state(t) == [], str(m)
        assert s == s.clone()


def test_why_illegal_messages():
    s = build(3, {"war:A:1": [2, 0, 1], "war:B:1": [1, 0, 0], "crime:A:1": [0, 3, 0]})
    assert s.players[0].home == 2
    cases = {
        "assign 3 war:A:1": "you have only 2 reporters at home",
        "assign 1 city:A:1": "city:A:1 is not on the board",
        "recall 3 war:A:1": "you have only 2 reporters on war:A:1",
        "recall 1 crime:A:1": "you have no reporters on crime:A:1",
        "reassign war:A:1 -> war:A:1": "a reassigned reporter must move to a different story",
        "reassign crime:A:1 -> war:A:1": "you have no reporters on crime:A:1",
        "decline": "it is not the final edition's last round",
        "newsboy": "nobody holds the newsboy",
    }
    for text, reason in cases.items():
        assert reason in s.why_illegal(parse_move(text)), text
        with pytest.raises(IllegalMove, match=reason.split(":")[0]):
            s.clone().apply(parse_move(text))
    s.current = 1
    s.players[1].home = 2
    assert s.why_illegal(parse_move("assign 1 war:A:1")) is None
    t = build(3, {"war:A:1": [1, 2, 0]})
    assert t.why_illegal(GoToPress()) == "you cannot go to press: there is no story you can claim"


def test_illegal_move_is_bad_input_and_leaves_state_unchanged():
    s = new_game(3, seed=1)
    before = s.clone()
    with pytest.raises(BadInput):
        s.apply(parse_move("assign 9 " + str(next(s.stories_in_play()))))
    assert s == before


def test_reassign_moves_exactly_one():
    s = build(3, {"war:A:1": [3, 0, 0], "war:B:1": [0, 0, 0]})
    s.apply(Reassign(story("war:A:1"), story("war:B:1")))
    assert s.reporters[story("war:A:1")][0] == 2 and s.reporters[story("war:B:1")][0] == 1


def test_recall_several_stories_at_once():
    s = build(3, {"war:A:1": [3, 0, 0], "war:B:1": [2, 0, 0]})
    s.apply(parse_move("recall 2 war:A:1, 2 war:B:1"))
    assert s.players[0].home == 4 and s.reporters_of(0) == {story("war:A:1"): 1}


@pytest.mark.parametrize("text,msg", [
    ("assign 0 war:A:1", "expected a number"),
    ("assign war:Z:1", "unknown shape"),
    ("recall", "at least one story"),
    ("recall war:A:1, war:A:1", "named twice"),
    ("reassign war:A:1", "reassign FROM -> TO"),
    ("press war:A:1@0,0", "is not a placement"),
    ("sleep", "unknown action"),
    ("", "empty"),
])
def test_bad_notation(text, msg):
    with pytest.raises(BadInput, match=msg):
        parse_move(text)


def test_bots_always_choose_a_legal_move():
    from pennypress.engine.play.bots import GreedyBot

    finals = [s for s in STATES if s.phase is not Phase.NORMAL]
    for s in finals + STATES[::10]:
        for bot in (RandomBot(1), GreedyBot(1)):
            move = bot.choose(s)
            assert s.why_illegal(move) is None, (str(s.phase), str(move))


def test_greedy_recall_in_the_restricted_turn_moves_one_reporter():
    from pennypress.engine.play.bots import GreedyBot

    s = build(3, {"war:A:1": [3, 2, 0], "war:B:1": [0, 3, 4]}, current=1)
    s.phase, s.trigger_player, s.pending = Phase.FINAL_TURNS, 0, [2]
    s.players[0].done = True
    move = GreedyBot(0).choose(s)
    assert isinstance(move, Recall) and move.total == 1 and s.why_illegal(move) is None


def test_legal_move_count_matches_the_list_everywhere():
    from pennypress.engine.rules.actions import legal_move_count

    for s in STATES:
        assert legal_move_count(s) == len(s.legal_moves()), s.to_json()
