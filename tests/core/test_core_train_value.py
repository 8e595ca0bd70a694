"""``benchmarks/training/train_value.py``: its samples are the core's features of real positions of the games it
plays, a small seeded run writes the same model on one or two workers, and the model it writes loads."""
from __future__ import annotations

import json

import pytest

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


@pytest.mark.slow
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


@pytest.mark.slow
def test_a_network_fitted_by_train_value_is_the_one_the_value_model_evaluates(core, tmp_path):
    """``--network H``: a win network at every table, in the model file; loaded, the value model's own
    evaluation (both engines' reference) gives the fit's probabilities, so the file holds what was fitted."""
    import numpy as np

    from benchmarks.training import model_probe as mp
    from pennypress.engine.advisor.value import Leaf

    out = tmp_path / "model.json"
    assert tv.main(["--games", "30", "--seed", "4", "--workers", "1", "--network", "3", "--out", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert doc["obtained"]["network"] == {"hidden": 3, "l2": 1e-3, "at": [2, 3, 4, 5]}
    model = load_model(out.read_text())
    assert all(model.models[n].network is not None and len(model.models[n].network.bias) == 3 for n in (2, 3, 4, 5))
    rows = [r for g in range(30) if g % tv.HOLDOUT for r in tv.play((4, 3, g, 4, 0, tv.MIX, False))]
    net, data = model.models[3].network, mp.to_arrays(rows)
    w = np.concatenate([np.array(net.weights).ravel(), net.bias, net.out, net.linear])
    scale, rivals = mp.Scaler(data["x"][..., mp.VARYING]), mp.Scaler(mp.rivals_most(data["x"][..., mp.VARYING]))
    assert np.allclose(scale.mean, net.mean) and np.allclose(rivals.spread, net.rival_spread)  # the training rows' own
    fitted = mp.Network(2 * len(mp.VARYING) + len(tv.ANCHORS), len(mp.VARYING), 3)
    u, lin = mp.network_inputs(data, scale, rivals)
    assert np.allclose(w, fitted.fit(u, lin, data["y"], 1e-3, seed=4 + 3))  # the same seeded fit: the file holds it
    # the value model's evaluation of positions of other games: the chances the fitted network gives
    core_model = Leaf(0, model).core()
    checked = 0
    for g in (1, 2):
        for progress_, feats, estimate in _sampled_estimates(g, core_model):
            row = {"game": np.array([g]), "progress": np.array([progress_]), "x": np.array([feats], dtype=float),
                   "y": np.zeros((1, 3))}
            want = fitted.probabilities(w, *mp.network_inputs(row, scale, rivals))[0]
            assert np.allclose([e[0] for e in estimate], want, atol=1e-9)
            checked += 1
    assert checked > 4


def _sampled_estimates(g: int, core_model):
    """``(progress, features, the core's estimates)`` at every position of normal play of train_value's game ``g``."""
    from pennypress.engine import native
    from pennypress.engine.arena.tournament import deck_seed
    from pennypress.engine.game.definition import GameDefinition
    from pennypress.engine.io.state import new_game
    from pennypress.engine.arena.native_games import seat_policy

    core = native.core_module()
    state = new_game(GameDefinition.create(3), seed=deck_seed(4, 30_000_000 + g))
    pos = native.native_position(state, checked=False)
    deck = list(state.deck)
    bots = [core.Bot(seat_policy("heuristic"), s) for s in range(3)]
    out = []
    while not pos.is_over():
        if pos.phase == "normal" and not pos.is_chance_node():
            out.append((core.ValueModel.progress(pos), core.ValueModel.features(pos), core_model.evaluate(pos)))
        pos.apply(bots[pos.current_player].choose(pos))
        if pos.is_chance_node():
            pos.apply_chance(deck.pop(0))
    return out


@pytest.mark.slow
def test_networks_only_at_the_tables_asked_and_bad_tables_exit_2(core, tmp_path, capsys):
    out = tmp_path / "model.json"
    assert tv.main(["--games", "20", "--seed", "4", "--workers", "1", "--network", "2", "--network-at", "3",
                    "--out", str(out)]) == 0
    model = load_model(out.read_text())
    assert [n for n in (2, 3, 4, 5) if model.models[n].network is not None] == [3]
    capsys.readouterr()
    for bad in ("6", "x", ""):
        assert tv.main(["--games", "20", "--network", "2", "--network-at", bad]) == 2
        err = capsys.readouterr().err
        assert err.startswith("--network-at: player counts from 2 to 5") and err.count("\n") == 1
