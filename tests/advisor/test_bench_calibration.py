"""``benchmarks/strength/calibration.py``: its calibration test tells calibrated from overconfident numbers and a
run reports the raw and the shown probabilities of the same decisions; ``benchmarks/training/fit_calibration.py``
refuses to fit on the held-out seed or on too few games."""
from __future__ import annotations

import json
import random

import pytest

from benchmarks.strength import calibration as bc
from benchmarks.training import fit_calibration
from pennypress.engine.advisor.calibration import CALIBRATION


def _rows(truth, n=4000, seed=5):
    rng = random.Random(seed)
    rows = []
    for _ in range(n):
        p = rng.uniform(0.05, 0.95)
        rows.append({"p": p, "won": 1.0 if rng.random() < truth(p) else 0.0})
    return rows


def test_spiegelhalter_passes_calibrated_and_fails_overconfident_numbers():
    # calibrated outcomes: z is a standard normal draw, inside +-1.96 about 19 times in 20
    inside = sum(abs(bc.spiegelhalter(_rows(lambda p: p, seed=s))[0]) < 1.96 for s in range(20))
    assert inside >= 15
    z, p = bc.spiegelhalter(_rows(lambda p: 0.5 + (p - 0.5) * 0.5))  # outcomes closer to even than said
    assert z > 5 and p < 1e-6  # positive: the stated numbers are too far from even


def test_in_the_large_catches_the_shift_spiegelhalter_misses():
    # every outcome 15 points likelier than said, over p spread around one half: z cancels, the mean does not
    rows = _rows(lambda p: min(1.0, p + 0.15), n=4000, seed=2)
    assert not bc.in_the_large(rows)["p_inside"]
    assert bc.in_the_large(_rows(lambda p: p, n=4000, seed=2))["p_inside"]


@pytest.mark.slow
def test_a_run_reports_raw_and_shown_on_the_same_decisions(capsys):
    assert bc.main(["--games", "3", "--seed", "17", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["samples"] <= 3 and set(doc) >= {"raw", "shown", "calibration"}
    assert doc["calibration"]["slope"] == CALIBRATION.slope
    if doc["samples"]:
        raw, shown = doc["raw"], doc["shown"]
        assert raw["mean_won"] == shown["mean_won"]  # the same games: the map changes no move
        assert abs(shown["mean_p"] - raw["mean_p"]) > 1e-6 or raw["mean_p"] in (0.0, 1.0)


def test_a_run_against_the_opponents_outside_what_was_fitted(capsys):
    assert bc.main(["--games", "4", "--seed", "17", "--opponents", "outside", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert set(doc["shown"]["by_opponent"]) <= set(bc.OUTSIDE) and doc["samples"] >= 1
    assert not set(bc.OUTSIDE) & set(bc.OPPONENTS)  # neither the map's opponents ...
    from benchmarks.training.train_value import MIX
    assert not set(bc.OUTSIDE) & set(MIX)  # ... nor the value model's


def test_the_seat_reading_the_table_reads_only_the_moves_made_and_leaves_out_the_opponents_own_style(core,
                                                                                                      monkeypatch):
    """``--read-table leave-out``: the advised seat reads the others from the moves made before each of its
    decisions, with every style but the opponents' own, and its analysis seats them as read."""
    from pennypress.engine.arena.table_reading import TableWatch

    seen = []
    real = TableWatch.update

    def update(self, steps):
        seen.append((self.settings.styles, [v.ply for v, _ in steps]))
        return real(self, steps)

    monkeypatch.setattr(TableWatch, "update", update)
    row = bc.play_one((1, 17, "fast", "advisor", ("early-presser",), "leave-out"))
    assert seen and all("early-presser" not in styles and "big-pages" in styles for styles, _ in seen)
    assert all(plies == list(range(len(plies))) for _, plies in seen)   # every move so far, in order, no other
    assert row is None or 0 <= row["p"] <= 1
    assert bc.reading_for(None, "greedy") is None and "greedy" in bc.reading_for("all", "greedy").styles


def test_an_opponent_that_is_no_seat_is_refused(capsys):
    with pytest.raises(SystemExit) as exit_:
        bc.main(["--games", "3", "--opponents", "evaluator,nobody"])
    assert exit_.value.code == 2 and "not a seat: nobody" in capsys.readouterr().err


@pytest.mark.slow
def test_a_run_with_a_second_ply_also_reports_the_chance_kept_after_the_answer(capsys):
    """The second ply is the written-down decision's own; the seat plays its other moves as the heuristic bot,
    which no assertion here reads (the first run above plays on as the advisor)."""
    assert bc.main(["--games", "2", "--seed", "17", "--budget", "normal", "--workers", "1", "--plays-on",
                    "heuristic", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    after = doc["after_the_answer"]  # the games' best moves were opened (seeded: they are not presses)
    decisions = sum(row["decisions"] for row in after["table"])
    assert 1 <= decisions <= doc["samples"] and 0 <= after["mean_p"] <= 1
    assert after["mean_won"] == doc["shown"]["mean_won"] or decisions < doc["samples"]  # the same games


def test_fitting_on_the_held_out_seed_is_refused(capsys):
    assert fit_calibration.main(["--games", "6", "--seed", "8080"]) == 2
    assert "held-out" in capsys.readouterr().err


@pytest.mark.slow
def test_fitting_on_too_few_games_is_refused_and_keeps_the_shipped_map(capsys):
    from pennypress.engine.advisor.calibration import DATA
    before = DATA.read_text()
    # one game gives at most one decision, whoever plays the seat's other moves: the heuristic bot, the cheapest
    assert fit_calibration.main(["--games", "1", "--seed", "5", "--plays-on", "heuristic", "--workers", "1"]) == 2
    assert "at least two" in capsys.readouterr().err and DATA.read_text() == before


def test_a_logged_run_cut_short_goes_on_to_the_same_samples(tmp_path, capsys):
    log = tmp_path / "calibration.jsonl"
    straight = bc.play_games(3, 23, "fast", "heuristic", 1, quiet=True)
    bc.play_games(2, 23, "fast", "heuristic", 1, quiet=True, log=log)
    assert len(log.read_text(encoding="utf-8").splitlines()) == 1 + 2
    assert bc.play_games(3, 23, "fast", "heuristic", 1, quiet=True, log=log) == straight
    assert len(log.read_text(encoding="utf-8").splitlines()) == 1 + 3
    with pytest.raises(SystemExit) as exit_:
        bc.main(["--games", "3", "--seed", "24", "--workers", "1", "--log", str(log)])
    assert exit_.value.code == 2 and "a log of other arguments" in capsys.readouterr().err
