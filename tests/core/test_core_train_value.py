"""``benchmarks/training/train_value.py``: its samples are the core's features of real positions of the games it
plays, a small seeded run writes the same model on one or two workers, and the model it writes loads."""
from __future__ import annotations

import json

from benchmarks.training import train_value as tv

from pennypress.engine.advisor.value import FEATURES, load_model


def test_a_game_gives_its_sampled_positions_with_the_games_outcome(core):
    rows = tv.play((5, 3, 7, 4, 2, tv.MIX, False))
    assert rows == tv.play((5, 3, 7, 4, 2, tv.MIX, False))  # a pure function of its numbers
    assert 4 <= len(rows) <= 6  # four sampled positions and up to two after random moves
    for game, progress, features, scores, shares, seats in rows:
        assert game == 7 and 0 <= progress <= 1 and len(seats) == 3
        assert len(features) == 3 and all(len(x) == len(FEATURES) for x in features)
        assert abs(sum(shares) - 1) < 1e-12
        winners = [p for p in range(3) if shares[p] > 0]
        assert all(scores[p] == max(scores) for p in winners)
        assert all(x[FEATURES.index("circulation")] <= scores[p] for p, x in enumerate(features))


def test_exact_final_editions_change_outcomes_only_and_only_at_small_tables(core):
    """With ``--exact-final`` the same positions are sampled (they are of normal play, which is the
    same); at 3 players some games end otherwise, at 4 every game is played as without it."""
    changed = 0
    for g in range(12):
        plain = tv.play((9, 3, g, 4, 0, tv.MIX, False))
        exact = tv.play((9, 3, g, 4, 0, tv.MIX, True))
        assert [r[:3] + r[5:] for r in plain] == [r[:3] + r[5:] for r in exact]
        changed += [r[3:5] for r in plain] != [r[3:5] for r in exact]
        assert tv.play((9, 4, g, 4, 0, tv.MIX, False)) == tv.play((9, 4, g, 4, 0, tv.MIX, True))
    assert changed > 0, "no 3-player game ended otherwise with exact final editions"
    assert tv.exact_final_at(3, True) and not tv.exact_final_at(4, True) and not tv.exact_final_at(2, False)


def test_a_small_run_is_the_same_on_one_and_two_workers(core, tmp_path):
    outs = []
    for workers in (1, 2):
        out = tmp_path / f"model{workers}.json"
        assert tv.main(["--games", "30", "--seed", "3", "--workers", str(workers), "--out", str(out)]) == 0
        doc = json.loads(out.read_text())
        doc["obtained"].pop("seconds")
        doc["obtained"].pop("command")
        outs.append(doc)
    assert outs[0] == outs[1]
    model = load_model((tmp_path / "model1.json").read_text())
    assert sorted(model.models) == [2, 3, 4, 5]
