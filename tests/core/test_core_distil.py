"""``benchmarks/training/distil.py``: its targets are the search's own values of the moves it played out, on the
public position; weighing a row is counting it that many times; a run is the same on one or two workers and writes
a model that loads with only its table's win rows changed; bad arguments exit 2 with one line."""
from __future__ import annotations

import json
from dataclasses import replace
from importlib import resources

import numpy as np
import pytest

from benchmarks.training import distil
from benchmarks.training import model_probe as mp
from benchmarks.training import train_value as tv
from pennypress.engine.advisor import value as value_module
from pennypress.engine.advisor.calibration import IDENTITY
from pennypress.engine.advisor.policy import SEARCH_LEAF
from pennypress.engine.advisor.search import analyse
from pennypress.engine.advisor.settings import SearchSettings
from pennypress.engine.advisor.value import MODEL, load_model
from pennypress.engine.io.state import PublicState
from pennypress.engine.position.position import Phase
from pennypress.engine.rules.actions import legal_moves

SHIPPED = resources.files(value_module.__package__).joinpath(value_module.MODEL_FILE)


def test_the_kept_positions_are_public_decisions_of_normal_play(core):
    views = distil.decisions(7, 3, 4, 3)
    assert views == distil.decisions(7, 3, 4, 3) and len(views) == 3
    for view in views:
        assert isinstance(view, PublicState) and view.phase is Phase.NORMAL and len(legal_moves(view)) > 1
    assert len({v.ply for v in views}) == 3


def test_every_row_is_the_searchs_value_of_a_move_it_played_out(core):
    text = SHIPPED.read_text(encoding="utf-8")
    rows = distil.searched((7, 3, 4, 2, 90, text))
    views = distil.decisions(7, 3, 4, 2)
    assert {r[5] for r in rows} == {0, 1}
    for k, view in enumerate(views):
        mine = [r for r in rows if r[5] == k]
        settings = SearchSettings.for_budget(playouts=90, seed=distil.search_seed(7, 4, k), workers=1,
                                             leaf=replace(SEARCH_LEAF, model=MODEL), calibration=IDENTITY)
        advice = analyse(view, settings, reasons_top=0, lines=False)
        played = [m for m in advice.moves if m.playouts > 0]
        assert [r[4] for r in mine] == [list(m.win_all) for m in played]
        assert [r[7] for r in mine] == [m.rank == 1 for m in played] and sum(r[7] for r in mine) == 1
        total = sum(m.playouts for m in played)
        assert [r[6] for r in mine] == [m.playouts / total for m in played] and len({r[6] for r in mine}) > 1
        moves = {str(m): m for m in legal_moves(view)}
        for r, m in zip(mine, played):
            after = view.clone()
            after.apply(moves[m.move])
            assert r[8] == [e[0] for e in MODEL.evaluate(after)]  # the input model's own chances after it
            assert abs(sum(r[4]) - 1) < 1e-9 and r[9] == view.current


def test_search_seeds_are_distinct_and_fit_the_core():
    from pennypress.engine.native.search import seed_fits

    seeds = {distil.search_seed(s, g, k) for s in (0, 5) for g in (0, 1, 999_999) for k in range(distil.MAX_PER_GAME)}
    assert len(seeds) == 2 * 3 * distil.MAX_PER_GAME
    assert seed_fits(distil.search_seed(distil.MAX_SEED - 1, distil.MAX_GAMES - 1, distil.MAX_PER_GAME - 1))


def test_weighing_a_row_is_counting_it_that_many_times():
    rng = np.random.default_rng(3)
    d = rng.normal(size=(40, 3, 6))
    y = rng.dirichlet(np.ones(3), size=40)
    counts = rng.integers(1, 4, size=40)
    repeated = np.repeat(np.arange(40), counts)
    weighed = tv.fit_win(d, y, 1e-3, counts)
    assert np.allclose(weighed, tv.fit_win(d[repeated], y[repeated], 1e-3), atol=1e-5)
    assert not np.allclose(weighed, tv.fit_win(d, y, 1e-3), atol=1e-3)
    u, lin = rng.normal(size=(40, 3, 5)), rng.normal(size=(40, 3, 4))
    net = mp.Network(5, 4, 3)
    w = net.start(1)
    c = (counts / counts.mean())[:, None]
    value, grad = net.loss(w, u, lin, y, 1e-3, c)
    plain_value, plain_grad = net.loss(w, u[repeated], lin[repeated], y[repeated], 1e-3)
    assert np.isclose(value, plain_value) and np.allclose(grad, plain_grad)


@pytest.mark.slow
def test_a_run_is_the_same_on_one_and_two_workers_and_changes_only_its_tables_win(core, tmp_path, capsys):
    docs = []
    for workers in (1, 2):
        out = tmp_path / f"d{workers}.json"
        assert distil.main(["--players", "3", "--games", "12", "--per-game", "2", "--playouts", "60", "--seed", "5",
                            "--workers", str(workers), "--model", str(SHIPPED), "--out", str(out)]) == 0
        doc = json.loads(out.read_text())
        record = doc["obtained"]["distilled"][-1]
        record.pop("seconds"), record.pop("command")
        docs.append(doc)
    assert docs[0] == docs[1]
    assert "held out (" in capsys.readouterr().out
    before = json.loads(SHIPPED.read_text(encoding="utf-8"))
    after = docs[0]
    assert after["models"]["3"]["win"] != before["models"]["3"]["win"]
    assert after["models"]["3"]["score"] == before["models"]["3"]["score"]
    assert all(after["models"][n] == before["models"][n] for n in ("2", "4", "5"))
    assert "3" not in after["obtained"]["tuned"] and after["obtained"]["tuned"]["2"] == before["obtained"]["tuned"]["2"]
    record = after["obtained"]["distilled"][-1]
    assert record["players"] == 3 and record["seed"] == 5 and record["held_out"]["positions"] == 4
    load_model((tmp_path / "d1.json").read_text())


@pytest.mark.slow
def test_a_network_is_fitted_on_the_searchs_shares_and_loads(core, tmp_path, capsys):
    out = tmp_path / "n.json"
    assert distil.main(["--players", "3", "--games", "11", "--per-game", "2", "--playouts", "40", "--seed", "6",
                        "--workers", "1", "--network", "3", "--model", str(SHIPPED), "--out", str(out)]) == 0
    model = load_model(out.read_text())
    assert model.models[3].network is not None and model.models[2].network is None


@pytest.mark.parametrize("argv, message", [
    (["--players", "4"], "--players: 2 or 3"),
    (["--games", "0"], "--games: from 1 to 1,000,000, got 0"),
    (["--per-game", "65"], "--per-game: from 1 to 64, got 65"),
    (["--seed", "-1"], "--seed: from 0 to 100,000,000,000 (less one), got -1"),
    (["--playouts", "0"], "--playouts: 1 or more, got 0"),
    (["--network", "-1"], "--network: 0 or more"),
    (["--games", "10"], "--games: at least 11"),
])
def test_bad_arguments_exit_2_with_one_line(core, tmp_path, argv, message, capsys):
    base = ["--model", str(SHIPPED), "--out", str(tmp_path / "x.json"), "--per-game", "1", "--playouts", "20",
            "--workers", "1"]
    assert distil.main(base + argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert message in err[-1] and not any("Traceback" in line for line in err)


def test_an_unreadable_model_exits_2(core, tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    for path in (bad, tmp_path / "missing.json"):
        assert distil.main(["--model", str(path), "--out", str(tmp_path / "x.json")]) == 2
        err = capsys.readouterr().err
        assert err.startswith("--model: ") and "Traceback" not in err and len(err.strip().splitlines()) == 1
