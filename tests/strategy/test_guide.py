"""``pennypress strategy guide``: runs assembled into the shipped guide. The variant differences' intervals
against a hand-checked case, the refusals (one line, exit 2), advisor runs marked, the small-run marking,
and the committed guide and ``docs/strategy.md`` equal to what their runs generate (they cannot drift).
"""
from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from pennypress.engine.strategy.guide import (ADVISOR_GAMES, BASE_GAMES, CORRELATIONS, FORMAT, POPULATION_FORMAT,
                                              assemble, difference, read_population, read_runs, supported)
from pennypress.engine.strategy.guide_doc import guide_markdown
from pennypress.errors import BadInput
from pennypress.stats import Z95
from tests.cli_helpers import assert_bad_input, output, run

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "engine" / "strategy" / "strategy_guide.json"
DOCS = ROOT / "docs" / "strategy.md"


def finding(kind: str, value: float, lo: float, hi: float, games: int, **extra) -> dict:
    return {"kind": kind, "claim": f"A {kind} finding.", "value": value, "interval": [lo, hi], "games": games,
            **extra}


def fake_run(players: int = 3, games: int = 900, seed: int = 1, variants=(), deck: str = "default",
             bots=("evaluator", "value"), first=(0.30, 0.28, 0.32), trigger=(0.40, 0.38, 0.42)) -> dict:
    """A run's JSON with known values and intervals (the shape pennypress strategy writes)."""
    fair = round(1 / players, 4)
    seats = [finding("seat", *first, games, seat=0, fair=fair)] + [
        finding("seat", fair, fair - 0.02, fair + 0.02, games, seat=s, fair=fair) for s in range(1, players)]
    return {"games": games, "players": players, "seed": seed, "bots": list(bots), "variants": list(variants),
            "deck": deck, "findings": seats + [
                finding("when-winners-press", 0.37, 0.30, 0.44, games, by="round"),
                finding("final-edition", *trigger, games, fair=fair, mean_round=18.6),
                finding("winning-circulation", 55.9, 55.5, 56.3, games, sd=9.5, p5=40, p95=72),
                finding("press-or-wait", -0.08, -0.12, -0.04, 77, gain="5-8", points=77, playouts=32),
                finding("bots-disagree", -0.11, -0.15, -0.07, games, bots=sorted(bots)[:2])],
            "timing": {"seconds": 12.5, "games_per_second": games / 12.5, "executor": "local", "workers": 1}}


def write(tmp_path: Path, name: str, doc) -> str:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return str(path)


# ------------------------------------------------------------------ the variant differences
def test_a_variant_difference_has_the_hand_checked_interval():
    """0.35 [0.32, 0.38] against 0.30 [0.28, 0.32]: half-widths 0.03 and 0.02 are 1.96 standard errors each,
    so the difference 0.05 has half-width √(0.03² + 0.02²) = 0.0361 -> [0.0139, 0.0861]."""
    assert difference({"value": 0.30, "interval": [0.28, 0.32]}, {"value": 0.35, "interval": [0.32, 0.38]}) == (
        0.05, [0.0139, 0.0861])
    se = math.sqrt((0.04 / (2 * Z95)) ** 2 + (0.06 / (2 * Z95)) ** 2)
    assert round(0.05 - Z95 * se, 4) == 0.0139


def test_the_variant_comparison_words_a_direction_only_where_the_interval_excludes_0():
    base = fake_run(4, 1000, 3)
    newsboy = fake_run(4, 1000, 5, variants=["newsboy"], first=(0.35, 0.32, 0.38), trigger=(0.41, 0.38, 0.44))
    guide = assemble([("players-4-seed-3.json", base), ("players-4-newsboy-seed-5.json", newsboy)])
    (v,) = guide["variants"]
    assert (v["players"], v["variant"], v["run"], v["base"]) == (4, "the Newsboy strike", "players-4-newsboy-seed-5",
                                                                 "players-4-seed-3")
    diffs = {(d["compares"], d.get("seat")): d for d in v["differences"]}
    first = diffs[("seat", 0)]
    assert (first["value"], first["interval"]) == (0.05, [0.0139, 0.0861])
    assert "higher" in first["claim"] and "+5.0 percentage points" in first["claim"]
    assert first["games"] == [1000, 1000] and first["source"]["seed"] == 5 and first["base_source"]["seed"] == 3
    trigger = diffs[("final-edition", None)]  # +0.01 with half-width √(0.02² + 0.03²): includes 0
    assert trigger["interval"][0] < 0 < trigger["interval"][1] and "about the same" in trigger["claim"]
    same = diffs[("winning-circulation", None)]
    assert same["value"] == 0 and "about the same" in same["claim"]
    # compared: seats, trigger, circulation, winners' press round, press-or-wait; not the bots' disagreement
    assert {d["compares"] for d in v["differences"]} == {"seat", "when-winners-press", "final-edition",
                                                        "winning-circulation", "press-or-wait"}
    for d in v["differences"]:
        assert ("about the same" in d["claim"]) == (supported(d["interval"], 0.0) == 0)


# ------------------------------------------------------------------ refusals
def refused(tmp_path: Path, capsys, files: dict) -> str:
    paths = [write(tmp_path, name, doc) for name, doc in files.items()]
    code, out, err = run(capsys, "strategy", "guide", *paths, "--out", tmp_path / "guide.json")
    assert_bad_input(code, out, err)
    assert not (tmp_path / "guide.json").exists()
    return err.strip()


def test_two_base_runs_for_one_player_count_are_refused(tmp_path, capsys):
    err = refused(tmp_path, capsys, {"a.json": fake_run(3, seed=1), "b.json": fake_run(3, seed=2)})
    assert "two base runs for 3 players: a.json and b.json; keep one" in err


def test_the_two_player_order_is_the_two_player_game_not_a_variant(tmp_path, capsys):
    err = refused(tmp_path, capsys, {"players-2-seed-2.json": fake_run(2, seed=2, variants=["two-player"]),
                                     "players-2-two-player-seed-7.json": fake_run(2, seed=7,
                                                                                  variants=["two-player"])})
    assert "two base runs for 2 players" in err and "not a variant" in err


def test_a_variant_run_without_its_base_is_refused(tmp_path, capsys):
    err = refused(tmp_path, capsys, {"players-3-seed-1.json": fake_run(3),
                                     "players-4-newsboy-seed-5.json": fake_run(4, variants=["newsboy"])})
    assert "players-4-newsboy-seed-5.json" in err and "no base run of 4 players" in err


@pytest.mark.parametrize("doc, words", [
    ([1, 2], "not a strategy run"),
    ({"games": 3, "players": 3}, "not a strategy run (no seed, bots, findings)"),
    ("{not json", "x.json: malformed JSON at line 1 column 2"),
    ("[" * 100_000, "x.json: the JSON is nested more than 64 levels deep"),
    (" " * 5_000_001, "x.json is 5,000,001 bytes; the largest file pennypress reads is 5 MB."),
    ({**fake_run(), "findings": []}, "no findings"),
    ({**fake_run(), "players": 7}, "players: expected 2 to 5"),
    ({**fake_run(), "findings": [{"kind": "seat", "claim": "x", "value": 1, "interval": [2, 0], "games": 3}]},
     "interval"),
])
def test_a_file_that_is_not_a_strategy_run_is_refused(tmp_path, capsys, doc, words):
    assert words in refused(tmp_path, capsys, {"x.json": doc})


def test_a_missing_file_and_the_same_run_twice_are_refused(tmp_path, capsys):
    path = write(tmp_path, "a.json", fake_run())
    assert_bad_input(*run(capsys, "strategy", "guide", tmp_path / "none.json"), "none.json: no such file")
    assert_bad_input(*run(capsys, "strategy", "guide", path, path), "are the same run (players-3-seed-1)")
    with pytest.raises(BadInput, match="at least one"):
        assemble([])


# ------------------------------------------------------------------ advisor runs, small runs
def test_advisor_findings_rest_on_advisor_games(tmp_path):
    advisor = fake_run(3, 2400, 8, bots=("advisor:fast", "evaluator"))
    advisor["findings"] += [
        {**finding("bot", 0.4, 0.38, 0.42, 2400, bot="advisor:fast", fair=0.3333),
         "claim": "Advisor:fast wins more than its fair share: 40.0% of its seats."},
        finding("bot", 0.3, 0.28, 0.32, 2400, bot="evaluator", fair=0.3333),
        finding("advisor-something-new", -1.5, -2.0, -1.0, 2400),  # a kind this guide does not know yet
        {**finding("advisor-seat", 0.45, 0.41, 0.49, 800, seat=0, fair=0.3333),
         "claim": "Advisor:fast in the first seat (The Times) wins 45.0%, more than the fair share 33.3%."},
        {**finding("advisor-press-or-wait", -0.06, -0.09, -0.03, 300, by="gain", gain="0-4"),
         "claim": "At the advisor's own decisions with a page worth 0-4 points, waiting beats pressing now."}]
    guide = assemble([("players-3-seed-1.json", fake_run(3)), ("advisor-3-seed-8.json", advisor)])
    (a,) = guide["advisor"]
    assert (a["run"], a["games"], a["rests_on"], a["small_run"]) == ("advisor-3-seed-8", 2400, "advisor games", False)
    assert all(f["rests_on"] == "advisor games" and f["advisor_games"] == 2400 for f in a["findings"])
    assert all("rests_on" not in f for t in guide["tables"] for f in t["findings"])
    assert [r["role"] for r in guide["runs"]] == ["base", "advisor"]
    claims = {f["kind"]: f for f in a["findings"]}
    assert claims["advisor-seat"]["label"] == "In the first seat (The Times)"
    # the advisor's share is over the seats it held, its per-seat findings together: 45.0% of its 800 seats
    mine = next(f for f in a["findings"] if f["kind"] == "bot" and f["bot"] == "advisor:fast")
    assert mine["claim"] == "The advisor (fast) wins more than its fair share: 45.0% of the 800 seats it held."
    assert (mine["value"], mine["games"], mine["counted"]) == (0.45, 800, "seats held")
    evaluator = next(f for f in a["findings"] if f["kind"] == "bot" and f["bot"] == "evaluator")
    assert (evaluator["value"], evaluator["games"]) == (round((2400 - 360) / (3 * 2400 - 800), 4), 3 * 2400 - 800)
    assert mine["label"] == "Advisor (fast)"
    assert claims["advisor-something-new"]["interval_words"] == "95% interval −2 to −1"
    assert guide["runs"][1]["command"] == "pennypress strategy --players 3 --games 2400 --seed 8 --bots advisor:fast,evaluator"
    text = guide_markdown(guide)
    section = text[text.index("## What the advisor does"):text.index("## Where the bots disagree")]
    assert "From 2,400 advisor games at 3 players" in section and "rest on advisor games" in section
    assert "2,400 advisor games)*" in section
    # the advisor's own play, in its units; the run's general findings (seats, ...) stay out of the section
    assert ("The advisor (fast) in the first seat (The Times) wins 45.0%, more than the fair share 33.3%. "
            "*(95% interval 41.0% to 49.0%; 800 advisor games)*") in section
    assert "*(95% interval −9.0 to −3.0 percentage points; 300 decision points in advisor games)*" in section
    assert not any(f["claim"] in section for f in advisor["findings"] if f["kind"] == "seat")
    small = assemble([("advisor-3-seed-8.json", {**advisor, "games": ADVISOR_GAMES - 1})])
    assert small["advisor"][0]["small_run"] and "Small run" in guide_markdown(small)


def test_a_guide_is_a_small_run_below_the_million_and_the_200000():
    full = [(f"players-{p}.json", fake_run(p, BASE_GAMES[p], p)) for p in (2, 3, 4, 5)]
    guide = assemble(full)
    assert not guide["small_run"] and guide["small_run_reasons"] == []
    assert "Small run" not in guide_markdown(guide)
    short = [(n, {**r, "games": r["games"] - 1}) if r["players"] == 3 else (n, r) for n, r in full]
    assert assemble(short)["small_run_reasons"] == ["the 3-player base run has 999,999 games (needs 1,000,000)"]
    assert assemble(full[:2])["small_run_reasons"] == ["no base run of 4 players (needs 200,000 games)",
                                                      "no base run of 5 players (needs 200,000 games)"]


def test_the_by_table_size_view_has_every_count(tmp_path):
    guide = assemble([(f"players-{p}.json", fake_run(p, 1000, p)) for p in (2, 3, 4, 5)])
    views = {(f["view"], f["players"]) for f in guide["by_table_size"]}
    assert views == {(v, p) for v in ("winning-circulation", "final-edition", "seat-advantage")
                     for p in (2, 3, 4, 5)}
    first3 = next(f for f in guide["by_table_size"] if f["view"] == "seat-advantage" and f["players"] == 3
                  and f["seat"] == 0)
    assert (first3["value"], first3["interval"]) == (round(0.30 - 0.3333, 4), [round(0.28 - 0.3333, 4),
                                                                             round(0.32 - 0.3333, 4)])
    assert "wins less than the fair share" in first3["claim"]


# ------------------------------------------------------------------ the command and the shipped guide
def test_the_command_writes_the_guide_and_the_docs(tmp_path, capsys):
    paths = [write(tmp_path, "players-3-seed-1.json", fake_run(3)),
             write(tmp_path, "players-3-corrected-seed-6.json", fake_run(3, seed=6, deck="corrected"))]
    out, docs = tmp_path / "guide.json", tmp_path / "strategy.md"
    printed = json.loads(output(capsys, "strategy", "guide", *paths, "--out", out, "--docs", docs))
    guide = json.loads(out.read_text(encoding="utf-8"))
    assert printed == guide and guide["format"] == FORMAT
    assert guide["command"] == ("pennypress strategy guide players-3-seed-1.json players-3-corrected-seed-6.json "
                                "--out guide.json --docs strategy.md")
    assert docs.read_text(encoding="utf-8") == guide_markdown(guide)
    assert guide["variants"][0]["variant"] == "the corrected headline deck"
    assert guide["runs"][1]["command"].endswith("--deck corrected")
    # an assembled guide given again stands for its runs: the same guide
    assert assemble(read_runs([out]), guide["command"]) == guide


def test_the_shipped_guide_is_what_its_runs_assemble_and_the_docs_what_it_generates():
    guide = json.loads(SHIPPED.read_text(encoding="utf-8"))
    assert assemble(read_runs([SHIPPED]), guide["command"], read_population([SHIPPED])) == guide
    assert DOCS.read_text(encoding="utf-8") == guide_markdown(guide), (
        "docs/strategy.md is stale: run the guide's command (its 'command' field) again")


def test_the_shipped_guide_words_no_direction_its_interval_does_not_support():
    guide = json.loads(SHIPPED.read_text(encoding="utf-8"))
    bases = {r["players"]: r["games"] for r in guide["runs"] if r["role"] == "base"}
    full = set(bases) == {2, 3, 4, 5} and all(bases[p] >= BASE_GAMES[p] for p in bases)
    assert guide["small_run"] == (not full)  # the marking is honest
    assert ("**Small run.**" in DOCS.read_text(encoding="utf-8")) == guide["small_run"]
    for v in guide["variants"]:
        for d in v["differences"]:
            assert ("about the same" in d["claim"]) == (supported(d["interval"], 0.0) == 0), d["claim"]
    for f in guide["by_table_size"]:
        if f["view"] == "seat-advantage":
            assert ("within reach" in f["claim"]) == (supported(f["interval"], 0.0) == 0), f["claim"]
    text = DOCS.read_text(encoding="utf-8")
    assert not re.search(r"(?<![\w.`-])-\d", text), re.findall(r".{30}(?<![\w.`-])-\d.{10}", text)
    for beat in ("War", "Crime & Calamity", "Politics", "New York City", "Human Condition"):
        assert f"the {beat} bonus" in text
    for paper in ("The Times", "The Sun", "The Herald", "The World", "The Journal"):
        assert paper in text


def population_doc(run: dict, side: str = "wait", gain: str = "5-8") -> dict:
    """A population run's JSON for ``run``'s press-or-wait finding (the shape pennypress strategy population
    writes), three opponents: two hold the finding, one does not show it."""
    cells = {"greedy": {"points": 40, "value": -0.1, "interval": [-0.15, -0.05], "side": side},
             "value": {"points": 40, "value": -0.08, "interval": [-0.12, -0.04], "side": side},
             "timer": {"points": 40, "value": -0.01, "interval": [-0.05, 0.03], "side": "even"}}
    f = next(f for f in run["findings"] if f["kind"] == "press-or-wait" and f["gain"] == gain)
    return {"format": POPULATION_FORMAT, "run": {k: run[k] for k in ("players", "games", "seed", "bots", "variants",
                                                                        "deck")},
            "population": {"opponents": list(cells), "movers": ["value", "evaluator"]}, "games": 24, "points": 40,
            "seed": 5, "cells": 240, "unfinished": 0, "command": "pennypress strategy population run.json",
            "findings": [{"gain": gain, "claim": f["claim"], "value": f["value"], "interval": f["interval"],
                          "by_opponent": cells}]}  # the verdict is the guide's to work out


def test_the_population_verdict_is_said_beneath_its_finding_and_kept(tmp_path, capsys):
    run3 = fake_run(3)
    paths = [write(tmp_path, "players-3-seed-1.json", run3)]
    pop = write(tmp_path, "population.json", population_doc(run3))
    out = tmp_path / "guide.json"
    guide = json.loads(output(capsys, "strategy", "guide", *paths, "--population", pop, "--out", out))
    (f,) = [f for f in guide["tables"][0]["findings"] if f["kind"] == "press-or-wait"]
    words = ("Played to the end against 3 kinds of opponent: it holds against 2 of them; not shown against "
             "the timer bot.")
    assert f["population"]["words"] == words and f["population"]["verdict"] == "most"
    assert f["population"]["points"] == f["population"]["most_points"] == 40
    assert f"- {f['claim']}" in guide_markdown(guide) and f"\n  - {words}" in guide_markdown(guide)
    assert "--population population.json" in guide["command"]
    again = json.loads(output(capsys, "strategy", "guide", str(out)))  # an assembled guide keeps its verdicts
    assert again["tables"] == guide["tables"] and again["population"] == guide["population"]


def test_a_population_run_of_no_run_of_the_guide_is_refused(tmp_path, capsys):
    paths = [write(tmp_path, "players-3-seed-1.json", fake_run(3))]
    pop = write(tmp_path, "population.json", population_doc(fake_run(3, seed=99)))
    assert_bad_input(*run(capsys, "strategy", "guide", *paths, "--population", pop),
                     "is for no base or advisor run of this guide")
    assert_bad_input(*run(capsys, "strategy", "guide", *paths, "--population", paths[0]),
                     "players-3-seed-1.json: not pennypress strategy population's JSON")
    broken = population_doc(fake_run(3))
    del broken["findings"][0]["by_opponent"]["timer"]["interval"]
    assert_bad_input(*run(capsys, "strategy", "guide", *paths, "--population",
                          write(tmp_path, "broken.json", broken)), "broken.json: a population result without")
    assert_bad_input(*run(capsys, "strategy", "guide", *paths, "--population",
                          write(tmp_path, "bots.json", {**population_doc(fake_run(3)), "run": {"players": 3}})),
                     "bots.json: a population result without")


def test_correlations_say_so_and_never_that_ending_the_game_pays():
    guide = json.loads(SHIPPED.read_text(encoding="utf-8"))
    findings = [f for t in guide["tables"] for f in t["findings"]]
    assert {f["kind"] for f in findings if f["evidence"] == "correlation"} == set(CORRELATIONS)
    assert all(f["evidence"] == "paired" for f in findings if f["kind"] == "press-or-wait")
    text = DOCS.read_text(encoding="utf-8")
    assert "ending the game pays." not in text and "These are correlations" in text


@pytest.mark.parametrize("args, words", [
    (["strategy", "guide"], "strategy guide: the following arguments are required: RUN"),
    (["strategy", "--players", "3"], "strategy: the following arguments are required: --games"),
    (["strategy", "--games", "3"], "strategy: the following arguments are required: --players"),
])
def test_missing_arguments_are_one_line(args, words, capsys):
    code, out, err = run(capsys, *args)
    assert_bad_input(code, out, err)
    assert err.strip() == f"pennypress: {words}"
