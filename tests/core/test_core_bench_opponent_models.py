"""``benchmarks/strength/opponent_models.py``: a model that is the opponent's own bot predicts it best, the counts
are the games' decisions, and bad arguments are refused."""
from __future__ import annotations

import re

import pytest

from benchmarks.strength import opponent_models as bom


def test_the_heuristic_playout_bot_predicts_heuristic_opponents_best(core):
    n, hits = bom.agreement("heuristic", games=2, seed=11)
    assert n > 50 and set(hits) <= set(bom.MODELS)
    # the heuristic opponent's weights are not the playout bot's (tuned apart, then jittered), yet it is the
    # nearest model by far; the value bot looks ahead and plays otherwise
    assert hits["heuristic"] / n > 0.4 > hits["value"] / n
    assert bom.agreement("heuristic", games=2, seed=11) == (n, hits)  # seeded: the same counts again


def test_the_table_has_a_row_per_opponent(core, capsys):
    assert bom.main(["--games", "1", "--opponents", "timer,evaluator"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| `")]
    assert [r.split("|")[1].strip() for r in rows] == ["`timer`", "`evaluator`"]
    assert all(len(re.findall(r"\d+\.\d% \(\d+\.\d-\d+\.\d%\)", r)) == len(bom.MODELS) for r in rows)


@pytest.mark.parametrize("argv, message", [
    (["--opponents", "oracle"], "unknown opponent(s) oracle"),
    (["--games", "0"], "--games must be positive, got 0"),
])
def test_bad_arguments_are_refused(core, argv, message, capsys):
    with pytest.raises(SystemExit) as exit_:
        bom.main(argv)
    assert exit_.value.code == 2 and message in capsys.readouterr().err
