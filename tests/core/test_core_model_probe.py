"""``benchmarks/training/model_probe.py``: the network's gradient is its loss's, each non-linear arm finds an
interaction the linear model cannot see, the sampled positions are train_value's and keep in a file.

The interaction is sought in fewer positions by default; ``--proof-count full`` (``conftest.py``) seeks it in as
many as the linear case uses:

    .venv/bin/python -m pytest tests/core/test_core_model_probe.py --proof-count full
"""
from __future__ import annotations

import numpy as np
import pytest

from benchmarks.training import model_probe as mp
from benchmarks.training import train_value as tv

from pennypress.engine.advisor.value import FEATURES


def _positions(n: int, players: int, seed: int, interaction: bool) -> dict[str, np.ndarray]:
    """Random whole-number features and a winner drawn from a known softmax: linear in two features, or
    driven by their product alone (a score no model linear in the features can see)."""
    rng = np.random.default_rng(seed)
    k = len(FEATURES)
    x = rng.integers(-3, 4, size=(n, players, k)).astype(float)
    x[..., FEATURES.index("one")] = 1
    a, b = x[..., 1], x[..., 2]
    z = 0.8 * a * b if interaction else 0.7 * a - 0.4 * b
    p = np.exp(z - z.max(1, keepdims=True))
    p /= p.sum(1, keepdims=True)
    y = np.zeros((n, players))
    y[np.arange(n), [rng.choice(players, p=row) for row in p]] = 1
    return {"game": np.arange(n) // 4, "progress": rng.uniform(0, 1, n), "x": x, "y": y}


def test_the_networks_gradient_is_the_derivative_of_its_loss():
    data = _positions(40, 3, 1, interaction=True)
    scale = mp.Scaler(data["x"][..., mp.VARYING])
    rivals = mp.Scaler(mp.rivals_most(data["x"][..., mp.VARYING]))
    u, lin = mp.network_inputs(data, scale, rivals)
    net = mp.Network(u.shape[-1], lin.shape[-1], 5)
    w = net.start(3) + np.random.default_rng(4).normal(0, 0.1, net.size)
    _, grad = net.loss(w, u, lin, data["y"], 1e-3)
    step = 1e-6
    for i in np.random.default_rng(5).choice(net.size, 25, replace=False):
        e = np.zeros(net.size)
        e[i] = step
        numeric = (net.loss(w + e, u, lin, data["y"], 1e-3)[0] - net.loss(w - e, u, lin, data["y"], 1e-3)[0]) / (2 * step)
        assert abs(numeric - grad[i]) < 1e-6 * max(1.0, abs(numeric)), i


INTERACTION_POSITIONS = {"small": 2000, "full": 4000}
"""Positions whose winner follows a product of two features, by ``--proof-count``: in either many the non-linear
arms beat the linear one far beyond the bound asked for (the network fits are what take the time). The linear
case keeps its 4,000: its bound on every arm's gain is close to the noise of fewer positions."""


@pytest.mark.slow
def test_an_interaction_is_found_by_the_non_linear_arms_and_not_by_the_linear_one(proof_count):
    train, held = mp.split(_positions(INTERACTION_POSITIONS[proof_count], 3, 2, interaction=True))
    fits = mp.probe(train, held, 6, seed=7, grid=(1e-3, 1e-1, 1.0))
    assert fits["linear"]["log_loss"] > np.log(3) - 0.01  # linear in the features it learns (almost) nothing
    for arm in ("pairwise", "network"):
        d, low, high = fits[arm]["against_linear"]
        assert high < -0.05, (arm, fits[arm])
    assert fits["rivals"]["against_linear"][2] > -0.05  # the rivals' most alone does not make a product


@pytest.mark.slow
def test_where_the_winner_is_linear_no_arm_gains_much():
    train, held = mp.split(_positions(4000, 3, 3, interaction=False))
    fits = mp.probe(train, held, 6, seed=7, grid=(1e-3, 1e-1, 1.0))
    assert fits["linear"]["log_loss"] < np.log(3) - 0.1
    assert all(abs(f["against_linear"][0]) < 0.02 for f in fits.values()), fits


def test_the_positions_are_train_values_and_keep_in_a_file(core, tmp_path):
    rows = [r for g in (3, 4, 10) for r in tv.play((5, 3, g, 4, 0, tv.MIX, False))]
    data = mp.to_arrays(rows)
    assert data["x"].shape == (len(rows), 3, len(FEATURES)) and np.allclose(data["y"].sum(1), 1)
    meta = {"players": 3, "games": 11, "per_game": 4, "seed": 5, "exact_final": False}
    mp.save_rows(tmp_path / "rows.npz", data, meta)
    back, kept = mp.load_rows(tmp_path / "rows.npz")
    assert kept == meta and all(np.array_equal(back[k], data[k]) for k in data)
    train, held = mp.split(data)
    assert set(held["game"]) == {10} and set(train["game"]) == {3, 4}


@pytest.mark.parametrize("argv", [["--players", "6"], ["--games", "5"], ["--workers", "0"], ["--hidden", "0"], ["--l2", "-1"]])
def test_bad_arguments_get_one_line_and_exit_2(argv, capsys):
    assert mp.main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("--players: 2 to 5") and "\n" not in err


def test_rows_of_another_run_are_refused_in_one_line(core, tmp_path, capsys):
    rows = tv.play((5, 3, 3, 4, 0, tv.MIX, False))
    mp.save_rows(tmp_path / "rows.npz", mp.to_arrays(rows),
                 {"players": 3, "games": 40, "per_game": 4, "seed": 5, "exact_final": False})
    assert mp.main(["--games", "40", "--seed", "6", "--rows", str(tmp_path / "rows.npz")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("--rows:") and "\n" not in err


def test_a_rows_file_that_is_not_one_is_refused_in_one_line(tmp_path, capsys):
    for text in ("not a zip", "PK\x03\x04 a broken zip"):
        bad = tmp_path / "rows.npz"
        bad.write_text(text, encoding="utf-8")
        assert mp.main(["--rows", str(bad)]) == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith("--rows:") and "not a file of sampled positions" in err and "\n" not in err
