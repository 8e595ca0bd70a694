"""Every data file the engine ships records the training command and seed that made it, naming a command of
``benchmarks/training/``; the heuristic bot's weights, which live in the code, have their record beside the
training scripts, and it holds the very weights the engine plays with."""
from __future__ import annotations

import json
import re
from dataclasses import asdict
from pathlib import Path

import pytest

from pennypress.engine.play.heuristic import TUNED

ROOT = Path(__file__).resolve().parents[1]
ADVISOR = ROOT / "engine" / "advisor"
COMMAND = re.compile(r"^python -m benchmarks\.training\.(\w+) ")


def _module_exists(command: str) -> bool:
    m = COMMAND.match(command)
    return bool(m) and (ROOT / "benchmarks" / "training" / f"{m.group(1)}.py").is_file()


@pytest.mark.parametrize("name, record", [
    ("value_model.json", lambda d: d["obtained"]),
    ("playout_weights.json", lambda d: d["obtained"]),
    ("calibration.json", lambda d: d["fitted_on"]),
])
def test_a_shipped_data_file_names_the_training_command_and_seed_that_made_it(name, record):
    made = record(json.loads((ADVISOR / name).read_text(encoding="utf-8")))
    assert _module_exists(made["command"]), made["command"]
    assert re.search(r"--seed \d+", made["command"])


def test_the_value_models_tuned_rows_name_their_command_and_seed():
    tuned = json.loads((ADVISOR / "value_model.json").read_text(encoding="utf-8"))["obtained"]["tuned"]
    for players, record in tuned.items():
        assert _module_exists(record["command"]) and f"--players {players}" in record["command"]
        assert f"--seed {record['seed']}" in record["command"]


def test_the_heuristic_weights_record_holds_the_weights_the_engine_plays():
    doc = json.loads((ROOT / "benchmarks" / "training" / "heuristic_weights.json").read_text(encoding="utf-8"))
    assert doc["weights"] == asdict(TUNED)
    for run in doc["obtained"]["runs"]:
        assert _module_exists(run["command"]) and f"--seed {run['seed']}" in run["command"]
    kept = {k: v for run in doc["obtained"]["runs"] for k, v in run["kept"].items()}
    assert all(asdict(TUNED)[k] == v for k, v in kept.items())


def test_the_exact_final_candidate_model_is_what_its_commands_made():
    """``benchmarks/training/value_model_exact_final.json`` (measured, not shipped: docs/lab/self-play.md): its
    4- and 5-player tables were played as the shipped model's, so their rows are the shipped ones; its 2- and
    3-player win rows are its fitted rows moved by the recorded theta, tuned with ``--exact-final``."""
    from benchmarks.training import tune_value as tv

    from pennypress.engine.advisor.value import load_model

    path = ROOT / "benchmarks" / "training" / "value_model_exact_final.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    shipped = json.loads((ADVISOR / "value_model.json").read_text(encoding="utf-8"))
    load_model(json.dumps(doc))
    obtained = doc["obtained"]
    assert _module_exists(obtained["command"]) and "--exact-final" in obtained["command"]
    assert obtained["exact_final_up_to"] == 3
    for n in ("4", "5"):
        assert doc["models"][n] == shipped["models"][n]
    for n in ("2", "3"):
        record = obtained["tuned"][n]
        assert record["exact_final"] and f"--players {n}" in record["command"] and "--exact-final" in record["command"]
        assert tv.tuned_rows(record["fitted_win"], record["theta"], record["rms"]) == doc["models"][n]["win"]
        assert doc["models"][n]["win"] != shipped["models"][n]["win"]


@pytest.mark.parametrize("players", [3, 2])
def test_a_feature_probe_record_names_its_command_its_seed_and_every_candidate(players):
    """``benchmarks/training/feature_probe_<n>p.json`` (docs/lab/self-play.md): made by the probe's command
    with a seed the seeds ledger names, one fit for the present features, each candidate and all."""
    from benchmarks.training.feature_probe import CANDIDATES

    doc = json.loads((ROOT / "benchmarks" / "training" / f"feature_probe_{players}p.json").read_text(encoding="utf-8"))
    assert _module_exists(doc["command"]) and f"--players {players}" in doc["command"]
    seed = re.search(r"--seed (\d+)", doc["command"]).group(1)
    seeds = json.loads((ROOT / "benchmarks" / "results" / "seeds.json").read_text(encoding="utf-8"))["seeds"]
    assert "feature_probe" in seeds[seed]
    assert list(doc["fits"]) == ["present", *(f"+{c}" for c in CANDIDATES), "+all"]
    assert doc["players"] == players and 8 <= doc["training_positions"] / doc["held_out_positions"] <= 10  # a game in 10
    for fit in doc["fits"].values():
        low, high = fit["against_present"][1:]
        assert low <= fit["against_present"][0] <= high


@pytest.mark.parametrize("players", [3, 2])
def test_a_model_probe_record_names_its_command_its_seed_and_every_arm(players):
    """``benchmarks/training/model_probe_<n>p.json`` (docs/lab/self-play.md): made by the probe's command with a
    seed the seeds ledger names; every arm fitted, measured against the linear one with an interval that
    holds its estimate, its penalty one of the grid's."""
    from benchmarks.training.model_probe import ARMS, LINEAR_L2

    doc = json.loads((ROOT / "benchmarks" / "training" / f"model_probe_{players}p.json").read_text(encoding="utf-8"))
    assert _module_exists(doc["command"]) and f"--players {players}" in doc["command"] and "--exact-final" in doc["command"]
    seed = re.search(r"--seed (\d+)", doc["command"]).group(1)
    seeds = json.loads((ROOT / "benchmarks" / "results" / "seeds.json").read_text(encoding="utf-8"))["seeds"]
    assert "model_probe" in seeds[seed] and int(seed) == doc["seed"]
    assert list(doc["fits"]) == list(ARMS) and doc["players"] == players
    assert 8 <= doc["training_positions"] / doc["held_out_positions"] <= 10  # a game in 10
    assert doc["fits"]["linear"]["against_linear"] == [0.0, 0.0, 0.0] and doc["fits"]["linear"]["l2"] == LINEAR_L2
    for name, fit in doc["fits"].items():
        low, high = fit["against_linear"][1:]
        assert low <= fit["against_linear"][0] <= high
        assert name == "linear" or fit["l2"] in doc["l2_grid"]
        assert abs(fit["log_loss"] - doc["fits"]["linear"]["log_loss"] - fit["against_linear"][0]) <= 0.0002


def _doc(*parts: str) -> dict:
    return json.loads(ROOT.joinpath(*parts).read_text(encoding="utf-8"))


def test_the_network_candidate_model_is_what_its_command_made():
    """``benchmarks/training/value_model_network.json`` (measured, not shipped: docs/lab/self-play.md): a win
    network at 2 and 3 players only; its linear rows come from the same games and fit as the exact-final
    candidate's fitted rows, and its 4- and 5-player tables are the shipped ones (the same games, untuned)."""
    from pennypress.engine.advisor.value import load_model

    doc = _doc("benchmarks", "training", "value_model_network.json")
    exact, shipped = _doc("benchmarks", "training", "value_model_exact_final.json"), _doc("engine", "advisor", "value_model.json")
    load_model(json.dumps(doc))
    command = doc["obtained"]["command"]
    assert _module_exists(command) and "--exact-final" in command and "--network 24 --network-at 2,3" in command
    assert doc["obtained"]["network"] == {"hidden": 24, "l2": 1e-3, "at": [2, 3]}
    for n in ("2", "3"):
        assert "network" in doc["models"][n] and doc["models"][n]["win"] == exact["obtained"]["tuned"][n]["fitted_win"]
    for n in ("4", "5"):
        assert "network" not in doc["models"][n] and doc["models"][n] == shipped["models"][n]


@pytest.mark.parametrize("name, parent", [("value_model_distil_r1.json", ("engine", "advisor", "value_model.json")),
                                          ("value_model_distil_r2.json", ("benchmarks", "training",
                                                                          "value_model_distil_r1.json")),
                                          ("value_model_distil_net_r1.json", ("benchmarks", "training",
                                                                              "value_model_network.json"))])
def test_a_distilled_candidate_names_its_command_seed_and_input_and_changes_one_tables_win(name, parent):
    """``benchmarks/training/value_model_distil_r<k>.json`` (expert iteration, docs/lab/self-play.md): made by
    distil's command from the file it names, with a seed the ledger names; only the 3-player win rows (and,
    distilled with ``--network H``, its win network of H units) differ from its input's."""
    from pennypress.engine.advisor.value import load_model

    doc = _doc("benchmarks", "training", name)
    load_model(json.dumps(doc))
    record = doc["obtained"]["distilled"][-1]
    assert _module_exists(record["command"]) and f"--seed {record['seed']}" in record["command"]
    assert record["input"]["file"] == "/".join(parent) and f"--model {record['input']['file']}" in record["command"]
    seeds = _doc("benchmarks", "results", "seeds.json")["seeds"]
    assert "distil" in seeds[str(record["seed"])]
    low, high = record["held_out"]["difference"][1:]
    assert low <= record["held_out"]["difference"][0] <= high
    before = _doc(*parent)
    if parent[0] == "benchmarks":  # the shipped model may later be a distilled one
        assert doc["models"]["3"]["win"] != before["models"]["3"]["win"]
    if record["network"]:
        assert f"--network {record['network']}" in record["command"]
        assert len(doc["models"]["3"]["network"]["out"]) == record["network"]
        assert doc["models"]["3"]["network"] != before["models"]["3"].get("network")
    else:
        assert doc["models"]["3"].get("network") == before["models"]["3"].get("network")
    assert doc["models"]["3"]["score"] == before["models"]["3"]["score"] and "3" not in doc["obtained"].get("tuned", {})
    assert all(doc["models"][n] == before["models"][n] for n in ("2", "4", "5"))


def test_a_move_policy_candidate_names_its_command_seed_and_model_and_loads():
    """``benchmarks/training/move_policy_r<k>.json`` (expert iteration into a playout policy,
    docs/lab/self-play.md): made by distil_policy's command from the value model it names (whose hash it
    records), with a seed the ledger names, and it loads as a move policy for its table."""
    import hashlib

    from pennypress.engine.advisor.move_policy import load_move_policy

    paths = sorted((ROOT / "benchmarks" / "training").glob("move_policy_r*.json"))
    assert paths, "no move-policy candidate is kept (docs/lab/self-play.md names move_policy_r1.json)"
    for path in paths:
        text = path.read_text(encoding="utf-8")
        policy = load_move_policy(text, path.name)
        record = policy.obtained
        assert _module_exists(record["command"]) and f"--seed {record['seed']}" in record["command"]
        assert record["players"] == policy.players and f"--players {policy.players}" in record["command"]
        seeds = _doc("benchmarks", "results", "seeds.json")["seeds"]
        assert "distil_policy" in seeds[str(record["seed"])]
        model = (ROOT / record["model"]["file"]).read_text(encoding="utf-8")
        assert hashlib.sha256(model.encode()).hexdigest() == record["model"]["sha256"]
        low, high = record["held_out"]["difference"][1:]
        assert low <= record["held_out"]["difference"][0] <= high
