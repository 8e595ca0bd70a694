"""``benchmarks/training/tune_value.py``: the parameterisation starts at the fitted model, the shipped file is what its
record says, a small seeded run is the same on one or two threads, and bad arguments exit 2."""
from __future__ import annotations

import json

import pytest

from benchmarks.training import tune_playout as tp
from benchmarks.training import tune_value as tv

from pennypress.engine.advisor.value import FEATURES, MODEL, load_model


def test_theta_zero_is_the_fitted_model_and_one_step_is_a_typical_weight():
    doc = tv.shipped_document()
    fitted = tv.fitted_win(doc, 3)
    rms = tv.rms_of(fitted)
    assert tv.tuned_rows(fitted, [0.0] * len(tv.FREE), rms) == fitted
    one = tv.tuned_rows(fitted, [1.0] * len(tv.FREE), rms)
    for a, row in enumerate(one):
        for f, w in enumerate(row):
            expected = fitted[a][f] + (0.0 if FEATURES[f] == "one" else rms[f])
            assert w == pytest.approx(expected)
    assert "one" not in [FEATURES[i] for i in tv.FREE] and len(tv.FREE) == len(FEATURES) - 1


def test_the_shipped_win_rows_are_the_fitted_rows_moved_by_the_recorded_theta():
    doc = tv.shipped_document()
    tuned = doc["obtained"].get("tuned", {})
    assert set(tuned) == {"2", "3"}, "the advisor's 2- and 3-player models are tuned (docs/concepts/value-and-playouts.md)"
    for n, record in tuned.items():
        assert record["command"].startswith("python -m benchmarks.training.tune_value")
        assert record["rms"] == tv.rms_of(record["fitted_win"])
        rows = tv.tuned_rows(record["fitted_win"], record["theta"], record["rms"])
        assert rows == doc["models"][n]["win"]
        assert [list(r) for r in MODEL.models[int(n)].win] == rows  # the advisor reads the tuned rows
        assert rows != record["fitted_win"]


def test_a_tuned_document_reads_back_and_a_rerun_starts_from_the_fit():
    doc = tv.shipped_document()
    fitted = tv.fitted_win(doc, 4)
    theta = [0.1 * (i % 3 - 1) for i in range(len(tv.FREE))]
    out = tv.tuned_document(doc, 4, theta, {"command": "test"})
    model = load_model(json.dumps(out))
    assert [list(r) for r in model.models[4].win] == tv.tuned_rows(fitted, theta, tv.rms_of(fitted))
    assert tv.fitted_win(out, 4) == fitted  # tuning again starts where the first run started
    assert out["models"]["3"] == doc["models"]["3"]  # other player counts untouched


def test_a_small_run_is_the_same_on_one_or_two_threads(core):
    doc = tv.shipped_document()

    def run(threads: int):
        arena = tp.Arena(tp.parse_mix("evaluator,evaluator@2;heuristic,heuristic@1"), seed=11, threads=threads)
        return tp.spsa(arena, iterations=3, seed=11, c=0.3, step=0.2, calibrate=1, progress=False,
                       space=tv.value_space(doc, 3))

    one, two = run(1), run(2)
    assert one.trace == two.trace and one.theta == two.theta
    assert one.games == (1 + 3) * 2 * (2 * 3 + 1 * 3)  # calibration and iterations, two candidates, 3 rotations a deck
    assert any(t != 0 for t in one.last)


def test_exact_final_candidates_end_exactly_and_change_some_games(core):
    doc = tv.shipped_document()
    theta = [0.0] * len(tv.FREE)
    plain, exact = tv.value_space(doc, 3).candidate(theta), tv.value_space(doc, 3, exact_final=True).candidate(theta)
    assert repr(exact) == repr(plain).replace("Policy(", "Policy(ExactFinal { inner: ", 1)[:-1] + " })"
    arena = tp.Arena(tp.parse_mix("evaluator,evaluator@20"), seed=13, threads=2)
    (shares_plain,), (shares_exact,) = arena.shares(0, [plain, exact])
    assert shares_plain != shares_exact


def test_a_model_compared_against_itself_plays_the_same_games(core, capsys, tmp_path):
    shipped = tmp_path / "shipped.json"
    shipped.write_text(json.dumps(tv.shipped_document()), encoding="utf-8")
    argv = ["--players", "3", "--seed", "17", "--compare", "2", "--mix", "evaluator,evaluator@3", "--threads", "1"]
    assert tv.main([*argv, "--against", str(shipped)]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("| 3p vs evaluator+evaluator"))
    _, _, games, a, b, _ = row.split("|")
    assert games.strip() == "18" and a == b
    assert "paired over 2 blocks: +0.0 points (+0.0 to +0.0, 95%)" in out
    assert tv.main(argv) == 0  # the fitted and the tuned rows of one file differ
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("| all"))
    _, _, _, fitted, tuned, _ = row.split("|")
    assert fitted != tuned


@pytest.mark.parametrize("argv, message", [
    (["--against", "x.json"], "--against: give --compare BLOCKS too"),
    (["--compare", "1", "--against", "/nonexistent/x.json"], "--against:"),
    (["--players", "4", "--exact-final", "--mix", "evaluator,evaluator,evaluator@1"],
     "--exact-final: the final edition is solved at tables of up to 3 players, not 4"),
    (["--players", "3", "--mix", "evaluator@2", "--iterations", "1"], "every matchup must seat 3 players"),
    (["--players", "4", "--iterations", "1"], "--mix is needed for 4 players"),
    (["--iterations", "0"], "--iterations must be at least 1, got 0"),
    (["--c", "0", "--iterations", "1"], "--c must be above 0, got 0.0"),
    (["--compare", "-1"], "--compare must be 0 or more, got -1"),
])
def test_bad_arguments_exit_2_with_one_line(core, capsys, argv, message):
    assert tv.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_model_file_that_is_not_a_value_model_exits_2(core, capsys, tmp_path):
    bad = tmp_path / "m.json"
    bad.write_text('{"format": "something else"}', encoding="utf-8")
    assert tv.main(["--model", str(bad), "--iterations", "1"]) == 2
    assert "--model:" in capsys.readouterr().err


def _with_network(doc: dict, players: int) -> dict:
    """``doc`` with a seeded random win network at ``players`` (``tests.core.values.network_model``'s)."""
    from tests.core.values import network_model

    net = network_model(9).models[players].network
    out = json.loads(json.dumps(doc))
    out["models"][str(players)]["network"] = {
        "mean": list(net.mean), "spread": list(net.spread), "rival_mean": list(net.rival_mean),
        "rival_spread": list(net.rival_spread), "weights": [list(r) for r in net.weights], "bias": list(net.bias),
        "out": list(net.out), "linear": list(net.linear)}
    return out


def test_a_network_model_plays_its_network_and_is_not_tuned(core, capsys, tmp_path):
    """The value bot of a model whose table has a network plays by the network (a candidate built from the
    file must not drop it); tuning its linear win rows would change nothing it plays, so it is refused."""
    doc = tv.shipped_document()
    theta = [0.0] * len(tv.FREE)
    plain, networked = tv.value_space(doc, 3).candidate(theta), tv.value_space(_with_network(doc, 3), 3).candidate(theta)
    arena = tp.Arena(tp.parse_mix("evaluator,evaluator@20"), seed=13, threads=2)
    (shares_plain,), (shares_net,) = arena.shares(0, [plain, networked])
    assert shares_plain != shares_net
    model = tmp_path / "net.json"
    model.write_text(json.dumps(_with_network(doc, 3)), encoding="utf-8")
    assert tv.main(["--model", str(model), "--players", "3", "--iterations", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("--model: its 3-player win scores are a network's") and err.count("\n") == 1
