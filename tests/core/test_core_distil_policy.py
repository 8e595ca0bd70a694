"""``benchmarks/training/distil_policy.py``: its rows are the search's own choices on the public position, the
conditional logit recovers a policy that made its data, a run writes a move policy that loads and is the same on
one and two workers, and bad arguments exit 2 with one line."""
from __future__ import annotations

import json
from dataclasses import replace

import numpy as np
import pytest

from benchmarks.training import distil, distil_policy as dp
from pennypress.engine.advisor.calibration import IDENTITY
from pennypress.engine.advisor.move_policy import from_value_model, load_move_policy
from pennypress.engine.advisor.policy import SEARCH_LEAF
from pennypress.engine.advisor.search import analyse
from pennypress.engine.advisor.settings import SearchSettings
from pennypress.engine.advisor.value import MODEL, position_features, progress, rivals_most
from pennypress.engine.rules.actions import legal_moves


def test_every_row_is_a_move_the_search_played_out_with_its_features_after_it(core, tmp_path):
    text = (tmp_path / "m.json")
    from benchmarks.training.tune_value import shipped_document
    text.write_text(json.dumps(shipped_document()), encoding="utf-8")
    rows = dp.searched((7, 3, 4, 2, 90, text.read_text(encoding="utf-8")))
    views = distil.decisions(7, 3, 4, 2)
    for k, view in enumerate(views):
        mine = [r for r in rows if r[1] == k]
        settings = SearchSettings.for_budget(playouts=90, seed=distil.search_seed(7, 4, k), workers=1,
                                             leaf=replace(SEARCH_LEAF, model=MODEL), calibration=IDENTITY)
        played = [m for m in analyse(view, settings, reasons_top=0, lines=False).moves if m.playouts > 0]
        assert [r[6] for r in mine] == [m.rank == 1 for m in played] and sum(r[6] for r in mine) == 1
        assert sum(r[5] for r in mine) == pytest.approx(1.0)
        moves = {str(m): m for m in legal_moves(view)}
        for r, m in zip(mine, played):
            after = view.clone()
            after.apply(moves[m.move])
            feats = position_features(after)
            assert (r[2], r[3], r[4]) == (progress(after), list(feats[view.current]),
                                          rivals_most(feats, view.current))


def test_the_fit_recovers_the_policy_that_drew_the_choices():
    """Choices drawn from a known conditional logit: the fitted weights are close to it, and score the held-out
    choices about as well as the truth does (far better than zero weights)."""
    rng = np.random.default_rng(5)
    truth = rng.normal(size=6)
    sizes = rng.integers(3, 12, size=4000)
    x = rng.normal(size=(sizes.sum(), 6)) * np.array([1, 3, 0.5, 2, 1, 10])
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    p = np.exp(dp.log_softmax(x @ truth, starts))
    q = np.zeros(len(x))
    for a, n in zip(starts, sizes):
        q[a + rng.choice(n, p=p[a:a + n] / p[a:a + n].sum())] = 1.0
    fitted = dp.fit(x, q, starts, 0.0)
    assert np.allclose(fitted, truth, atol=0.15 * np.abs(truth).max())
    loss = dp.position_losses(x, q, starts, fitted).mean()
    assert loss <= dp.position_losses(x, q, starts, truth).mean() + 0.01
    assert loss < dp.position_losses(x, q, starts, np.zeros(6)).mean() - 0.3


def test_the_policys_weights_go_in_the_designs_order():
    policy = from_value_model(MODEL, 3)
    again = dp.policy_of(dp.weights_of(policy), 3, policy.anchors, {})
    assert again == policy


@pytest.mark.slow
def test_a_run_writes_a_move_policy_the_same_on_one_and_two_workers(core, tmp_path, capsys):
    outs = []
    for workers in (1, 2):
        out = tmp_path / f"p{workers}.json"
        assert dp.main(["--games", "22", "--per-game", "1", "--playouts", "60", "--seed", "3", "--workers",
                        str(workers), "--out", str(out)]) == 0
        outs.append(out.read_text(encoding="utf-8"))
    capsys.readouterr()
    one, two = (load_move_policy(t, "p.json") for t in outs)
    assert one == two and one != from_value_model(MODEL, 3)
    assert one.obtained["command"].startswith("python -m benchmarks.training.distil_policy --games 22")
    assert one.obtained["seed"] == 3 and one.obtained["target"] == "first" and one.obtained["positions"] == 22


@pytest.mark.parametrize("argv, message", [
    (["--players", "4"], "--players: 2 or 3"),
    (["--games", "10"], "--games: at least 11"),
    (["--per-game", "0"], "--per-game: from 1 to 64, got 0"),
    (["--seed", "-1"], "--seed: from 0 to"),
    (["--l2", "-1"], "--l2: a finite number, 0 or more, got -1.0"),
    (["--model", "/nonexistent/m.json"], "--model: [Errno 2]"),
])
def test_bad_arguments_exit_2_with_one_line(core, tmp_path, capsys, argv, message):
    assert dp.main([*argv, "--out", str(tmp_path / "p.json")]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1
