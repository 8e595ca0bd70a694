"""Tournaments: seat rotation, statistics against published values, determinism across
workers and executors, harness sanity with equal bots, records, bad input."""
from __future__ import annotations

import json
import sys
from collections import Counter
import pytest

from pennypress.engine import GameDefinition
from pennypress.engine.arena.seats import SEATS, Seat
from pennypress.engine.play.bots import RandomBot
from pennypress.engine.arena.executors import open_executor
from pennypress.engine.io.record import replay
from pennypress.engine.arena.tournament import (
    TournamentSpec,
    binomial_p_greater,
    deck_seed,
    resumable,
    rotations,
    run_tournament,
    summarise,
)
from pennypress.errors import BadInput
from pennypress.stats import wilson
from tests.cli_helpers import assert_bad_input, output, run


def _without_timing(report: dict) -> dict:
    return {k: v for k, v in report.items() if k != "timing"}


# ------------------------------------------------------------------ seat rotation
@pytest.mark.parametrize("seats", [("a", "b", "c"), ("x", "y"), ("p", "q", "q", "r", "s")])
def test_every_deck_is_played_in_every_rotation(seats):
    n = len(seats)
    spec = TournamentSpec(GameDefinition.create(n), seats, games=4 * n, seed=7)  # names are not played here
    plans = spec.plans()
    assert [p.seats for p in plans[:n]] == rotations(seats)
    blocks: dict[int, list] = {}
    for plan in plans:
        blocks.setdefault(plan.deck_seed, []).append(plan)
    assert len(blocks) == 4
    for block in blocks.values():
        assert sorted(p.rotation for p in block) == list(range(n))
        assert sorted(p.seats for p in block) == sorted(rotations(seats))
        for seat in range(n):  # each seat is held by every name as often as the name appears
            assert Counter(p.seats[seat] for p in block) == Counter(seats)
    assert [p.game for p in plans] == list(range(4 * n))


def test_rotations_are_the_cyclic_shifts():
    assert rotations("abcd") == [tuple("abcd"), tuple("bcda"), tuple("cdab"), tuple("dabc")]


def test_deck_seeds_are_the_seed_sequence_children():
    import numpy as np

    children = np.random.SeedSequence(5).spawn(6)
    assert [deck_seed(5, d) for d in range(6)] == [int(c.generate_state(1, np.uint32)[0]) for c in children]
    assert len({deck_seed(5, d) for d in range(200)}) == 200


# ------------------------------------------------------------------ statistics
# Newcombe (1998), "Two-sided confidence intervals for the single proportion",
# Statistics in Medicine 17:857-872, Table II, method 3 (Wilson score, no correction).
NEWCOMBE_WILSON = [
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0000, 0.1611),
    (1, 29, 0.0061, 0.1718),
]


@pytest.mark.parametrize("x, n, low, high", NEWCOMBE_WILSON)
def test_wilson_interval_matches_newcombe_table(x, n, low, high):
    got = wilson(x / n, n)
    assert got[0] == pytest.approx(low, abs=5e-5) and got[1] == pytest.approx(high, abs=5e-5)


# Upper tails of the binomial, from the exact fractions: P(X >= k) = sum C(n, i) / 2^n, and
# P(X >= 1 | n=10, p=1/3) = 1 - (2/3)^10.
BINOMIAL_TAILS = [
    (7, 10, 0.5, 176 / 1024),
    (15, 20, 0.5, 21700 / 2**20),
    (10, 10, 0.5, 1 / 1024),
    (0, 10, 0.5, 1.0),
    (1, 10, 1 / 3, 1 - (2 / 3) ** 10),
]


@pytest.mark.parametrize("k, n, p, tail", BINOMIAL_TAILS)
def test_binomial_test_matches_exact_tails(k, n, p, tail):
    assert binomial_p_greater(k, n, p) == pytest.approx(tail, rel=1e-9)


# ------------------------------------------------------------------ reports
@pytest.fixture(scope="module")
def small_report() -> dict:
    return run_tournament(TournamentSpec.create(3, "greedy,random,random", 6, seed=2))


def test_report_has_the_contract_shape(small_report):
    r = small_report
    assert (r["games"], r["players"], r["seed"]) == (6, 3, 2)
    assert [b["bot"] for b in r["bots"]] == ["greedy", "random"]
    assert [b["seats"] for b in r["bots"]] == [[0], [1, 2]]
    for b in r["bots"]:
        assert {"bot", "seats", "win_share", "win_interval", "p_value", "mean_score", "mean_margin"} <= set(b)
        assert b["win_interval"][0] <= b["win_share"] <= b["win_interval"][1]
    assert sum(b["win_share"] * len(b["seats"]) for b in r["bots"]) == pytest.approx(1.0)
    assert [g["game"] for g in r["results"]] == list(range(6))
    for g in r["results"]:
        assert {"game", "deck_seed", "seats", "scores", "winners"} <= set(g)
        assert g["over"] and g["winners"]


def test_figures_add_up_from_the_results(small_report):
    """Every per-bot figure recomputed from the per-game results, by seat."""
    r = small_report
    for b in r["bots"]:
        share = score = margin = 0.0
        trials = 0
        for g in r["results"]:
            for seat, name in enumerate(g["seats"]):
                if name != b["bot"]:
                    continue
                trials += 1
                share += (seat in g["winners"]) / len(g["winners"])
                score += g["scores"][seat]
                margin += g["scores"][seat] - max(s for i, s in enumerate(g["scores"]) if i != seat)
        assert trials == 6 * len(b["seats"])
        assert b["win_share"] == pytest.approx(share / trials, abs=1e-6)
        assert b["mean_score"] == pytest.approx(score / trials, abs=1e-4)
        assert b["mean_margin"] == pytest.approx(margin / trials, abs=1e-4)


def test_the_stronger_bot_rates_higher(small_report):
    greedy, rnd = small_report["bots"]
    assert greedy["win_share"] > rnd["win_share"]
    assert greedy["rating"]["mu"] > rnd["rating"]["mu"]


def test_ties_split_the_win():
    spec = TournamentSpec.create(2, "greedy,random", 2, seed=1)
    fake = [{"game": 0, "deck_seed": 1, "rotation": 0, "seats": ["greedy", "random"], "scores": [30, 30],
             "winners": [0, 1], "presses": [4, 4], "stories": [5, 5], "moves": 40, "over": True},
            {"game": 1, "deck_seed": 1, "rotation": 1, "seats": ["random", "greedy"], "scores": [10, 30],
             "winners": [1], "presses": [4, 4], "stories": [5, 5], "moves": 40, "over": True}]
    bots = {b["bot"]: b for b in summarise(spec, fake)["bots"]}
    assert bots["greedy"]["win_share"] == 0.75 and bots["random"]["win_share"] == 0.25
    assert bots["greedy"]["outright_wins"] == 1  # the test counts the shared win as no win
    assert bots["greedy"]["p_value"] == pytest.approx(binomial_p_greater(1, 2, 0.5))


def test_equal_bots_share_fairly(monkeypatch):
    """Harness sanity: a random bot against two copies of itself under another name wins
    about 1/3 over many games -- the fair share lies in its interval."""
    monkeypatch.setitem(SEATS, "random-twin", Seat(RandomBot))
    report = run_tournament(TournamentSpec.create(3, "random,random-twin,random-twin", 240, seed=11))
    for b in report["bots"]:
        low, high = b["win_interval"]
        assert low <= 1 / 3 <= high, b
        assert b["p_value"] > 0.05
    assert report["bots"][0]["win_interval"][1] - report["bots"][0]["win_interval"][0] < 0.25


# ------------------------------------------------------------------ determinism
def test_same_report_on_one_and_two_workers():
    spec = TournamentSpec.create(2, "greedy,random", 8, seed=4)
    alone = run_tournament(spec)
    with open_executor("local", workers=2) as pool:
        pooled = run_tournament(spec, pool, batch_size=1)
    assert _without_timing(alone) == _without_timing(pooled)
    assert json.dumps(_without_timing(alone)) == json.dumps(_without_timing(pooled))


def test_a_stopped_run_resumed_reports_as_one_that_never_stopped():
    spec = TournamentSpec.create(3, "greedy,random,heuristic", 9, seed=11)
    lines: list[str] = []
    whole = run_tournament(spec, on_result=lambda r: lines.append(json.dumps(r)))
    kept = lines[:4] + [lines[4][:25]]  # stopped while writing game 5's line
    done = resumable(spec, kept, "games.jsonl")
    assert sorted(r["game"] for r in done) == sorted(json.loads(ln)["game"] for ln in lines[:4])
    again: list[dict] = []
    resumed = run_tournament(spec, on_result=again.append, done=done)
    assert len(again) == 5 and not {r["game"] for r in again} & {r["game"] for r in done}
    assert _without_timing(resumed) == _without_timing(whole)


@pytest.mark.parametrize("change, words", [
    (lambda r: {**r, "deck_seed": r["deck_seed"] + 1}, "dealt or seated otherwise"),
    (lambda r: {**r, "seats": list(reversed(r["seats"]))}, "dealt or seated otherwise"),
    (lambda r: {**r, "game": 99}, "no game 99"),
])
def test_resuming_refuses_another_runs_games(change, words):
    spec = TournamentSpec.create(3, "greedy,random,heuristic", 6, seed=11)
    lines: list[str] = []
    run_tournament(spec, on_result=lambda r: lines.append(json.dumps(r)))
    with pytest.raises(ValueError, match=words):
        resumable(spec, [lines[0], json.dumps(change(json.loads(lines[1])))], "games.jsonl")
    with pytest.raises(ValueError, match="comes twice"):
        resumable(spec, [lines[0], lines[0]], "games.jsonl")


@pytest.mark.slow
def test_same_report_on_dask_local_cluster():
    pytest.importorskip("distributed")
    spec = TournamentSpec.create(2, "random,greedy", 6, seed=9)
    local = run_tournament(spec)
    with open_executor("dask", workers=2) as client_executor:
        remote = run_tournament(spec, client_executor, batch_size=2)
    assert json.dumps(_without_timing(local)) == json.dumps(_without_timing(remote))


@pytest.mark.slow
def test_report_does_not_depend_on_hash_seed(tmp_path):
    import subprocess

    code = ("import json; from pennypress.engine.arena.tournament import *; "
            "r = run_tournament(TournamentSpec.create(2, 'random,greedy', 2, seed=3)); r.pop('timing'); "
            "print(json.dumps(r))")
    outs = {subprocess.run([sys.executable, "-c", code], env={"PYTHONHASHSEED": h, "PATH": "/usr/bin:/bin"},
                           capture_output=True, text=True, check=True).stdout for h in ("0", "12345")}
    assert len(outs) == 1


# ------------------------------------------------------------------ records
def test_records_replay_to_the_reported_scores(tmp_path, capsys):
    report = json.loads(output(capsys, "tournament", "--players", "2", "--seats", "greedy,random", "--games", "4",
                               "--seed", "5", "--workers", "1", "--records", tmp_path, "--quiet"))
    files = sorted(tmp_path.glob("*.json"))
    assert [f.name for f in files] == [f"game-0000{k}.json" for k in range(4)]
    for f, game in zip(files, report["results"]):
        doc = json.loads(f.read_text())
        assert doc["seed"] == game["deck_seed"]
        result = replay(doc)
        assert result.scores == game["scores"] and list(result.state.winners) == game["winners"]
    plain = run_tournament(TournamentSpec.create(2, "greedy,random", 4, seed=5))
    assert plain["results"] == report["results"]


# ------------------------------------------------------------------ command line
def test_cli_json_and_text(capsys):
    doc = json.loads(output(capsys, "tournament", "--players", "2", "--seats", "random,random", "--games", "4",
                            "--seed", "1", "--workers", "1", "--quiet"))
    assert doc["games"] == 4 and len(doc["bots"]) == 1 and doc["bots"][0]["seats"] == [0, 1]
    assert doc["bots"][0]["win_share"] == pytest.approx(0.5)
    text = output(capsys, "tournament", "--players", "2", "--seats", "random,random", "--games", "4", "--seed", "1",
                  "--workers", "1", "--quiet", "--text")
    assert "win share" in text and "Random bot" in text and "50%" in text
    row = next(line for line in text.splitlines() if line.startswith("Random bot"))
    assert "The Times, The Sun" in row  # seats by their newspapers, not 0-based numbers


BAD = [
    (["--players", "3", "--seats", "greedy,genius,random", "--games", "3"], "unknown bot 'genius'"),
    (["--players", "3", "--seats", "greedy,random", "--games", "3"], "2 bots named"),
    (["--players", "3", "--seats", "greedy,random,random", "--games", "3", "--variant", "newsboy"],
     "newsboy variant is for 4 or 5 players"),
    (["--players", "2", "--seats", "greedy,random", "--games", "2", "--workers", "0"], "workers"),
    (["--players", "3", "--seats", "greedy,random,random", "--games", "10"], "multiple of 3"),
    (["--players", "2", "--seats", "greedy,random", "--games", "2", "--seed", "-1"], "seed"),
    (["--players", "2", "--seats", "greedy,random", "--games", "2", "--scheduler", "tcp://127.0.0.1:1"],
     "needs --executor dask"),
    (["--players", "2", "--seats", "greedy:fast,random", "--games", "2"], "takes no parameter"),
    (["--players", "2", "--seats", "greedy,random", "--games", "2", "--executor", "cloud"], "invalid choice"),
]


@pytest.mark.parametrize("args, words", BAD)
def test_bad_input_is_one_line_exit_2(args, words, capsys, tmp_path):
    assert_bad_input(*run(capsys, "tournament", *args, "--quiet"), words)


def test_unreachable_scheduler_is_bad_input(capsys, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr("pennypress.engine.arena.executors.CONNECT_TIMEOUT", "1s")
    args = ["tournament", "--players", "2", "--seats", "greedy,random", "--games", "2", "--executor", "dask",
            "--scheduler", "tcp://127.0.0.1:9", "--quiet"]
    assert_bad_input(*run(capsys, *args), "cannot reach a Dask scheduler")


def test_dask_missing_says_how_to_install(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    args = ["tournament", "--players", "2", "--seats", "greedy,random", "--games", "2", "--executor", "dask",
            "--quiet"]
    assert_bad_input(*run(capsys, *args), "pip install -e '.[cluster]'")


def test_records_folder_that_is_a_file(tmp_path, capsys):
    target = tmp_path / "taken"
    target.write_text("x")
    assert_bad_input(*run(capsys, "tournament", "--players", "2", "--seats", "greedy,random", "--games", "2",
                          "--records", target, "--quiet"), "records")


def test_spec_refuses_bad_game_counts():
    for games in (0, -3, 4, True, 2.5):
        with pytest.raises(BadInput, match="games"):
            TournamentSpec.create(3, "random,random,random", games)  # type: ignore[arg-type]


# ------------------------------------------------------------------ selfplay --seats
def test_selfplay_seats_flag_and_bot_shorthand(capsys):
    doc = json.loads(output(capsys, "selfplay", "--players", "2", "--games", "1", "--seed", "2", "--seats",
                            "heuristic,random"))
    assert doc["seats"] == ["heuristic", "random"] and doc["results"][0]["seats"] == ["heuristic", "random"]
    assert json.loads(output(capsys, "selfplay", "--players", "2", "--games", "1", "--seed", "2", "--bot",
                             "greedy"))["seats"] == ["greedy", "greedy"]
    assert_bad_input(*run(capsys, "selfplay", "--players", "2", "--games", "1", "--bot", "greedy", "--seats",
                          "greedy,random"), "not both")
    assert_bad_input(*run(capsys, "selfplay", "--players", "2", "--games", "1", "--seats", "greedy"), "1 bots named")
