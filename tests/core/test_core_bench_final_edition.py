"""``benchmarks/strength/final_edition.py``: both arms play the same deals, card orders and seeds, the
games agree until the final edition and differ only there, the figures do not depend on the threads,
and bad arguments are refused in one line. (That ``Policy.exact_final`` plays the exact search's moves
is proven with every core policy in ``tests/core/decisions.py``.)"""
from __future__ import annotations

import json

import pytest

from benchmarks.strength import final_edition as fe
from pennypress.engine.native import search
from pennypress.engine.play.invariants import DEFAULT_MOVE_CAP

TRIGGERS = 8  # the press record's flag: this press began the final edition (search.play_games_recorded)


def normal_play(presses: list) -> list:
    """The presses up to the one that began the final edition (all of them in a game without one)."""
    ends = [i for i, p in enumerate(presses) if p[TRIGGERS]]
    return presses[:ends[0] + 1] if ends else presses


def test_the_arms_share_deals_seeds_and_every_seat_but_the_bots(core):
    plain = fe.games_of("value", "evaluator", 12, seed=5, exact=False)
    exact = fe.games_of("value", "evaluator", 12, seed=5, exact=True)
    assert len(plain) == len(exact) == 12
    for i, ((s1, d1, p1, k1), (s2, d2, p2, k2)) in enumerate(zip(plain, exact)):
        rotation = i % fe.PLAYERS
        assert s1 == s2 and d1 == d2 and k1 == k2
        assert [repr(p) for j, p in enumerate(p1) if j != rotation] == \
            [repr(p) for j, p in enumerate(p2) if j != rotation]
        assert repr(p1[rotation]) != repr(p2[rotation])
    assert len({json.dumps(s.to_json(), sort_keys=True) for s, *_ in plain}) == 4  # a new deal every rotation of three


def test_normal_play_is_the_same_and_only_final_editions_differ(core):
    games = 60
    plain = search.play_games_recorded(fe.games_of("heuristic", "evaluator", games, 11, False), DEFAULT_MOVE_CAP)
    exact = search.play_games_recorded(fe.games_of("heuristic", "evaluator", games, 11, True), DEFAULT_MOVE_CAP)
    differ = 0
    for a, b in zip(plain, exact):
        presses_a, presses_b = a[6], b[6]
        assert normal_play(presses_a) == normal_play(presses_b)
        differ += presses_a != presses_b
    assert differ > 0, "the exact final edition changed no game"


def test_the_figures_are_the_same_on_one_and_two_threads(core):
    one = fe.measure("value", "evaluator", 30, seed=7, threads=1)
    two = fe.measure("value", "evaluator", 30, seed=7, threads=2)
    one.pop("seconds"), two.pop("seconds")
    assert one == two and one["games"] == 30 and 0 < one["share"] < 1


@pytest.mark.parametrize("argv, message", [
    (["--bots", "value,bogus"], "unknown bot 'bogus'"),
    (["--opponent", "nobody"], "unknown bot 'nobody'"),
    (["--games", "7"], "--games must be a positive multiple of 3, got 7"),
])
def test_bad_arguments_exit_2_naming_the_problem(argv, message, capsys):
    assert fe.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
