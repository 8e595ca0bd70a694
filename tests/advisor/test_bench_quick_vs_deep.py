"""``benchmarks/strength/quick_vs_deep.py``: Quick's pick judged in Deep's own terms (after the next player's answer
where Deep opened both moves), the summary's figures, bad arguments refused, and a small real run recorded."""
from __future__ import annotations

import json

import pytest

from benchmarks.strength import quick_vs_deep as qd
from pennypress.engine.advisor.result import Advice, FirstSight, RankedMove, Reply


def _row(move, rank, win, loss=0.0, reply=None, equal=False, sight=None):
    return RankedMove(move, rank, win, (win - 0.02, win + 0.02), 30.0, 0.0, loss, 0.0, equal, (), 100, reply=reply,
                      first_sight=None if sight is None else FirstSight(sight, (sight, sight), 0.0, (0.0, 0.0)))


def test_deep_ranks_a_weighed_move_by_the_chance_kept_after_the_answer():
    answered = _row("decline", 1, 0.50, reply=Reply("press", 1, 0.50, (0.47, 0.53), 900, True), sight=0.60)
    press = _row("press", 2, 0.70, loss=0.0)
    deep = Advice(0, "deep", 0, False, (answered, press), 1000)
    assert qd.deep_figure(deep, "decline") == (0.50, True)
    assert qd.deep_figure(deep, "press") == (0.70, False)


def test_the_summary_counts_agreement_and_takes_the_loss_quantiles():
    judged = [qd.Judged(3, "league", "a", "a", True, 0.0, 0.3, 9.0),
              qd.Judged(4, "advisor", "b", "c", False, 0.10, 0.5, 11.0),
              qd.Judged(3, "league", "d", "e", True, 0.01, 0.4, 10.0)]
    s = qd.summary(judged)
    assert (s["positions"], s["agree"], s["by_table"]) == (3, 2, {"3": 2, "4": 0})
    assert s["mean_loss"] == pytest.approx(0.11 / 3) and s["p90_loss"] == 0.10 and s["max_loss"] == 0.10
    assert (s["quick_seconds_median"], s["deep_seconds_median"]) == (0.4, 10.0)  # the middle of three
    assert "**66.7%** (2 of 3)" in qd.table(s) and "10.0 points" in qd.table(s)


@pytest.mark.parametrize("argv, words", [
    (["--positions", "1"], "--positions must be at least 2"),
    (["--seed", "-1"], "--seed must be from 0"),
    (["--workers", "0"], "--workers must be at least 1"),
    (["--record", "/no/such/folder/r.json"], "--record /no/such/folder/r.json: no folder"),
])
def test_bad_arguments_exit_2_with_one_line(argv, words, capsys):
    assert qd.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("quick_vs_deep: ") and words in err and len(err.strip().splitlines()) == 1


@pytest.mark.slow
def test_a_small_run_judges_each_position_and_records_the_summary(core, tmp_path, monkeypatch, capsys):
    """Two positions (a 3- and a 4-player league game), with ``normal`` standing in for Deep (a second ply too,
    at a test's cost): a row each, and the record's table and summary agree with them."""
    monkeypatch.setattr(qd, "DEEP", "normal")
    out = tmp_path / "r.json"
    assert qd.main(["--positions", "2", "--seed", "3", "--workers", "1", "--record", str(out)]) == 0
    printed = capsys.readouterr().out
    rows = [r for r in printed.splitlines() if r.startswith("| 1 |") or r.startswith("| 2 |")]
    assert [r.split("|")[2].strip() for r in rows] == ["3", "4"] and all("| league |" in r for r in rows)
    record = json.loads(out.read_text(encoding="utf-8"))
    s = record["summary"]
    assert s["positions"] == 2 and s["agree"] == sum("| yes |" in r for r in rows) and record["positions"] == rows
    assert record["table"] in printed and record["command"].startswith("python -m benchmarks.strength.quick_vs_deep ")
    assert {"title", "command", "seed", "commit", "date", "note", "table"} <= set(record)


def test_a_candidate_for_quick_is_a_named_budget_with_its_parts_changed():
    from pennypress.engine.advisor.budget import BUDGETS

    plan = qd.candidate("fast+replies=2+reply-cap=700+cap=1500")
    assert (plan.name, plan.cap, plan.replies, plan.reply_plan().cap) == ("fast+replies=2+reply-cap=700+cap=1500",
                                                                          1500, 2, 700)
    assert qd.candidate("fast+replies=0").reply_plan() is None  # the analysis alone: Quick before #56
    assert qd.candidate("normal").reply_plan() == BUDGETS["normal"].reply_plan()


@pytest.mark.parametrize("spec, words", [
    ("huge", "unknown budget 'huge'"), ("fast+replies=x", "'replies=x' is not"), ("fast+cap=0", "'cap=0' is not"),
    ("fast+depth=2", "'depth=2' is not"), ("fast+cap=9+cap=9", "'cap=9' is not"),
    ("fast+replies=99", "replies: expected a whole number of moves from 1 to 16"), ("fast,fast", "named twice"),
])
def test_a_bad_candidate_exits_2_naming_it(spec, words, capsys):
    assert qd.main(["--quick", spec]) == 2
    err = capsys.readouterr().err
    assert err.startswith("quick_vs_deep: --quick ") and words in err and len(err.strip().splitlines()) == 1
