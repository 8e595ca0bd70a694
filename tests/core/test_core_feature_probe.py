"""``benchmarks/training/feature_probe.py``: the candidate features of a hand-built position, the probe's
samples (train_value's games, the candidates beside the present features), and its paired interval."""
from __future__ import annotations

import numpy as np

from benchmarks.training import feature_probe as fp
from benchmarks.training import train_value as tv
from tests.engine.engine_builders import build

from pennypress.engine.advisor.value import FEATURES, player_features


def test_the_candidates_of_a_hand_built_position():
    # player 0 leads war:A:1 by 2 and city:D:1 by 1; player 1 (acting next, 2 at home) could reach 3 on each
    state = build(3, {"war:A:1": [3, 1, 0], "city:D:1": [1, 0, 0], "crime:B:1": [0, 2, 1]},
                  circulation=[10, 14, 7], pennies=[1, 2, 0])
    base = [player_features(state, p) for p in range(3)]
    got = dict(zip(fp.CANDIDATES, fp.candidates(state, base)[0]))
    assert (got["margin"], got["secure"]) == (2 + 1, 1)
    home = [p.home for p in state.players]
    assert home == [1, 2, 4]
    # the players acting before player 0's next turn: 1 and 2; on war:A:1 the most is 1 + 2 or 0 + 4 = 4,
    # so 4 - 3 + 1 = 2 more; on city:D:1, 0 + 4 = 4: 4 - 1 + 1 = 4 more
    assert got["to_secure"] == 2 + 4
    assert got["lead"] == 10 - 14 and got["behind"] == 2 - 1
    assert got["rival_page"] == max(base[1][FEATURES.index("page")], base[2][FEATURES.index("page")])
    last = base[0][FEATURES.index("presses_before_end")] == 1
    assert got["page_last"] == (base[0][FEATURES.index("page")] if last else 0)


def test_the_probe_samples_train_values_positions_with_the_candidates_beside(core):
    plain = tv.play((5, 3, 7, 4, 0, tv.MIX, False))
    probed = tv.play((5, 3, 7, 4, 0, tv.MIX, False), features=fp.probe_features)
    assert [r[:2] + r[3:] for r in plain] == [r[:2] + r[3:] for r in probed]
    k = len(FEATURES)
    for a, b in zip(plain, probed):
        assert [list(x) for x in a[2]] == [x[:k] for x in b[2]]
        assert all(len(x) == k + len(fp.CANDIDATES) for x in b[2])


def test_the_paired_interval_takes_a_games_positions_together():
    games = np.array([1, 1, 1, 2, 3, 3])
    same = fp.paired_by_game(games, np.full(6, -0.02))
    assert same[0] == -0.02 and abs(same[1] - same[2]) < 1e-12  # no spread: a point
    mean, low, high = fp.paired_by_game(games, np.array([0.1, 0.1, 0.1, -0.1, 0.0, 0.0]))
    assert abs(mean - 0.2 / 6) < 1e-12 and low < 0 < high


def test_bad_arguments_get_one_line_and_exit_2(capsys):
    for argv in (["--players", "6"], ["--games", "5"], ["--workers", "0"], ["--per-game", "0"]):
        assert fp.main(argv) == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith("--players: 2 to 5") and "\n" not in err
