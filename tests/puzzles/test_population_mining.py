"""Timing puzzles found by full games first (issue #54): a run is fixed by its seed, screens on one seed and
certifies on another, goes on from its log to the puzzles of an unbroken run, and the shipped puzzles it
found are the committed log's, each checked on loading."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pennypress.engine.arena.population import Population, population
from pennypress.engine.puzzles.population_certificate import PopulationCertificate, replay
from pennypress.engine.puzzles.population_mining import (LAST, PREFIX, PopulationMine, candidate_seed,
                                                         candidates, certificate_order, decide, merge_mined, mine,
                                                         numbered, population_plan, screen_population)
from pennypress.engine.puzzles.positions import read_move
from pennypress.engine.puzzles.store import load_puzzles, puzzle_set_from_json
from pennypress.errors import BadInput

from tests.cli_helpers import assert_bad_input, run

SHIPPED = load_puzzles()
MINED = [p for p in SHIPPED if p.certainty == "population"]
RECORD = SHIPPED.generator.get("mined", {})


def test_a_run_is_fixed_by_its_seed_and_seeds_each_candidate_apart():
    plans = [population_plan(55, i) for i in range(60)]
    assert plans == [population_plan(55, i) for i in range(60)]
    assert {p.players for p in plans} == {2, 3, 4, 5}
    assert population_plan(56, 0) != plans[0]
    seeds = {candidate_seed(55, game, ply) for game in range(30) for ply in range(0, 200, 7)}
    assert len(seeds) == 30 * len(range(0, 200, 7))
    with pytest.raises(BadInput, match="beyond the run's seeding"):
        candidate_seed(55, 0, 1_000)


def test_the_screen_leaves_out_the_costliest_model_which_the_certificate_plays_last():
    full = population()
    assert set(LAST) <= set(full.opponents)
    assert not set(LAST) & set(screen_population(full).opponents)
    ordered = certificate_order(full)
    assert ordered.opponents[-len(LAST):] == LAST and set(ordered.opponents) == set(full.opponents)


def test_a_candidate_is_screened_on_one_seed_and_certified_on_another(core, tmp_path):
    small = Population(("greedy", "timer"))
    # game 12's press decision at ply 52 of run 55 passes this small population's screen
    plan, ply, state = next(c for c in candidates(55, 13) if (c[0].index, c[1]) == (12, 52))
    run_ = PopulationMine(55, {2: 1}, tmp_path / "log.jsonl", games=24, screen_games=6)
    doc = decide(run_, plan, ply, state, small)
    seed = candidate_seed(55, plan.index, ply)
    assert (doc["game"], doc["ply"], doc["players"]) == (plan.index, ply, 2)
    assert doc == decide(run_, plan, ply, state, small)            # the same seed, the same decision
    screen = doc["screen"]
    assert [tuple(c[:2]) for c in screen] == list(small.cells())[:len(screen)]
    assert "population" in doc and len(screen) == len(small.cells())
    cert = PopulationCertificate.from_json(doc["population"])
    assert cert.seed == 2 * seed + 1                             # never the screen's seed (2 * seed)
    assert cert.certified and doc["puzzle"]["evidence"]["population"] == doc["population"]
    pressing_first = screen[0][3] > 0
    assert (cert.answer == "press") == pressing_first and {cert.answer, cert.rival} == {"press", doc["wait"]}
    assert all((c[3] > 0) == pressing_first for c in screen)     # every cell of the screen on the answer's side
    view = state.clone()
    again, problem = replay(view, doc["population"], read_move(view, cert.answer), read_move(view, cert.rival))
    assert problem is None and len(again) == len(cert.cells)


def test_a_run_goes_on_from_its_log_to_the_log_of_an_unbroken_run(core, tmp_path):
    small = Population(("greedy", "timer"))

    def mined(log: Path, games: int, workers: int = 1, play: bool = True) -> list[dict]:
        return mine(PopulationMine(55, {2: 5}, log, screen_games=4), max_games=games, full=small, workers=workers,
                    play=play)

    # of run 55's first 12 games, games 0 and 11 are of 2 players
    mined(tmp_path / "whole.jsonl", 12)
    mined(tmp_path / "cut.jsonl", 3)
    mined(tmp_path / "cut.jsonl", 12)
    whole = (tmp_path / "whole.jsonl").read_text().splitlines()
    assert whole and (tmp_path / "cut.jsonl").read_text().splitlines() == whole
    lines = [json.loads(line) for line in whole]
    assert {d["game"] for d in lines} == {0, 11}                    # the other tables' quotas are 0
    found = [d["puzzle"] for d in lines if "puzzle" in d]
    assert mined(tmp_path / "whole.jsonl", 12, play=False) == found
    side = mined(tmp_path / "side.jsonl", 12, workers=2)
    assert side == found and (tmp_path / "side.jsonl").read_text().splitlines() == whole  # side by side: the same
    lines[0]["players"] = 4
    (tmp_path / "other.jsonl").write_text("\n".join(json.dumps(d) for d in lines) + "\n")
    with pytest.raises(BadInput, match="another run's log"):
        mined(tmp_path / "other.jsonl", 12, play=False)
    seeded = [json.loads(x) for x in whole]
    certified = next(d for d in seeded if "population" in d)   # a certificate of other games is another run's
    certified["population"]["seed"] += 2
    (tmp_path / "seeded.jsonl").write_text("".join(json.dumps(d) + "\n" for d in seeded))
    with pytest.raises(BadInput, match="its certificate is not of a run seeded 55"):
        mined(tmp_path / "seeded.jsonl", 12, play=False)
    (tmp_path / "bad.jsonl").write_text('{"game": 0}\n')
    with pytest.raises(BadInput, match="bad.jsonl line 1: not a decided candidate"):
        mine(PopulationMine(55, {5: 1}, tmp_path / "bad.jsonl"), play=False)


def test_the_shipped_puzzles_found_by_games_are_the_committed_logs():
    assert len(MINED) >= 1 and RECORD["certified"] == len(MINED)
    wanted = {int(n): c for n, c in RECORD["wanted"].items()}
    log = Path(__file__).resolve().parents[2] / RECORD["log"]
    run_ = PopulationMine(RECORD["seed"], wanted, log, RECORD["games"], RECORD["screen_games"])
    found = numbered(mine(run_, play=False))
    assert [d["id"] for d in found] == [p.id for p in MINED]
    assert all(p.id.startswith(PREFIX) for p in MINED)
    assert [d["evidence"]["population"] for d in found] == [p.evidence["population"] for p in MINED]
    for p in MINED:
        source = p.source
        cert = p.evidence["population"]
        assert cert["seed"] == 2 * candidate_seed(RECORD["seed"], source["game"], source["ply"]) + 1
        assert cert["certified"] == "population"
        assert [(c["opponent"], c["mover"]) for c in cert["cells"]] == list(population().cells())
        assert "Judged by search" not in " ".join(p.why) and "99.9" not in " ".join(p.why)
        assert p.second_best["loses"].endswith("against every kind of opponent tried")


def _forged(change) -> dict:
    doc = json.loads(json.dumps(SHIPPED.to_json()))
    change(next(e for e in doc["puzzles"] if e["id"] == MINED[0].id))
    return doc


def _two_waits(entry: dict) -> None:
    """The certificate's press swapped for another way to wait: two waits compared, told as press or wait."""
    view = MINED[0].position()
    cert = entry["evidence"]["population"]
    waits = [str(m) for m in view.legal_moves() if str(m) != "press" and str(m) not in (cert["answer"], cert["rival"])]
    if cert["answer"] == "press":
        cert["answer"] = entry["answer"][0] = entry["evidence"]["best"][0]["move"] = waits[0]
        entry["evidence"]["side"] = "wait"
    else:
        cert["rival"] = entry["second_best"]["choice"] = entry["evidence"]["second"]["move"] = waits[0]


@pytest.mark.parametrize("change, said", [
    (lambda e: e.update(answer=["press"] if e["answer"] != ["press"] else [e["evidence"]["population"]["rival"]]),
     "the puzzle answers"),
    (lambda e: e["evidence"]["population"]["cells"][0].update(advantage=-0.5), "greedy/value"),
    (_two_waits, "a press-or-wait puzzle compares pressing with a wait"),
    (lambda e: e["evidence"].update(side="press" if e["evidence"]["side"] == "wait" else "wait"), "the evidence's side"),
    (lambda e: e["second_best"].update(choice="recall 1 war:A:1"), "its second-best choice is not"),
    (lambda e: e["evidence"].pop("story"), "its story of the games is missing"),
    (lambda e: e["evidence"]["story"].update(games=10), "its story is not read from the games"),
])
def test_loading_refuses_a_forged_puzzle_found_by_games(change, said):
    with pytest.raises(BadInput, match=f"puzzle {MINED[0].id}: its population certificate is broken: .*{said}"):
        puzzle_set_from_json(_forged(change), "mined.json")


def test_merging_replaces_the_sets_earlier_puzzles_found_by_games(tmp_path):
    run_ = PopulationMine(55, {2: 1}, tmp_path / "log.jsonl")
    merged = merge_mined(SHIPPED, [], run_, replayed=True)
    assert not [p for p in merged.puzzles if p.certainty == "population"]
    assert len(merged.puzzles) == len(SHIPPED.puzzles) - len(MINED)
    assert merged.generator["mined"]["certified"] == 0 and "--replay" in merged.generator["mined"]["command"]
    again = merge_mined(merged, [MINED[0].to_json() | {"id": "x"}], run_, replayed=True)
    assert [p.id for p in again.puzzles if p.certainty == "population"] == [f"{PREFIX}001"]


def test_the_command_names_bad_input(capsys, tmp_path):
    log = str(tmp_path / "log.jsonl")
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n")
    for argv, said in (
        (["--log", log, "--two", "-1"], "puzzles wanted"),
        (["--log", log, "--two", "0", "--three", "0", "--four", "0", "--five", "0"], "puzzles wanted"),
        (["--log", log, "--games", "10"], "at least 300 games"),
        (["--log", log, "--screen-games", "1"], "--screen-games must be at least 2"),
        (["--log", log, "--threads", "0"], "--threads must be at least 1"),
        (["--log", log, "--seed", "-1"], "--seed: expected 0 to"),
        (["--log", log, "--workers", "0"], "workers: expected a whole number >= 1"),
        (["--log", log, "--executor", "cloud"], "--executor: expected local or dask"),
        (["--log", log, "--replay"], "no log"),
        (["--log", str(tmp_path / "no" / "log.jsonl")], "no folder"),
        (["--log", str(bad), "--retell", "--replay"], "bad.jsonl line 1"),
    ):
        assert_bad_input(*run(capsys, "puzzle", "mine", *argv), said)


def test_a_found_puzzles_story_is_todays_and_retell_tells_it_again(core, tmp_path):
    """The story a shipped puzzle found by games carries is what its certificate's games tell today; a stale
    one in a log is told again by ``retell`` (the decisions and certificates untouched)."""
    from pennypress.engine.puzzles.population_mining import retell
    from pennypress.engine.puzzles.recheck import sample

    (puzzle,) = sample(MINED, 1, seed=3)
    entry = {k: v for k, v in puzzle.to_json().items() if k != "id"}
    stale = json.loads(json.dumps(entry))
    stale["evidence"]["story"]["answer"]["pages"] = -1.0
    stale["why"] = ["a why of before"]
    line = {"game": puzzle.source["game"], "ply": puzzle.source["ply"], "players": puzzle.source["players"],
            "screen": [], "puzzle": stale}
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps(line) + "\n" + json.dumps({"game": 0, "ply": 7, "players": 2, "screen": []}) + "\n")
    assert retell(PopulationMine(RECORD["seed"], {2: 1}, log)) == 1
    told, other = [json.loads(x) for x in log.read_text().splitlines()]
    assert told["puzzle"]["evidence"]["story"] == puzzle.evidence["story"]
    assert told["puzzle"]["why"] == list(puzzle.why)
    assert {k: v for k, v in told["puzzle"].items() if k not in ("why", "evidence")} == \
        {k: v for k, v in entry.items() if k not in ("why", "evidence")}
    assert other == {"game": 0, "ply": 7, "players": 2, "screen": []}
