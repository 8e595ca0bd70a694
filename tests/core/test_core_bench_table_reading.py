"""``benchmarks/strength/table_reading.py``: seeded games of the population's styles read by player 0, the
tremble fitted on other games; bad arguments refused in one line."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

from benchmarks.strength import table_reading as btr
from pennypress.engine.arena.table_reading import ReadingSettings


def test_a_game_seats_styles_by_its_seed_and_writes_down_every_decision(core):
    settings = ReadingSettings()
    seats, steps = btr.game(5, 0, 3, settings.styles)
    assert (seats, len(steps)) == (btr.game(5, 0, 3, settings.styles)[0], len(btr.game(5, 0, 3, settings.styles)[1]))
    assert all(s in settings.styles for s in seats) and steps
    read = btr.read(seats, steps, settings)
    assert [truth for truth, _ in read] == seats[1:]
    n, right, chance = btr.measure(read, settings, None)
    assert n == 2 and 0 <= right <= 2 and 0 < chance <= 1


def test_the_fit_is_the_pair_with_the_best_log_score(core):
    settings = ReadingSettings()
    seats, steps = btr.game(5, 1, 3, settings.styles)
    read = btr.read(seats, steps, settings)
    pairs = [(t, temp) for t in (0.05, 0.3) for temp in (1.0, 2.5)]
    best = btr.fit(read, settings, (0.05, 0.3), (1.0, 2.5))
    scores = {p: btr.log_score(read, replace(settings, tremble=p[0], temperature=p[1])) for p in pairs}
    assert best in pairs and scores[best] == max(scores.values())


def test_a_small_run_fits_a_tremble_among_those_tried_and_records_it(core, capsys, tmp_path):
    record = tmp_path / "reading.json"
    assert btr.main(["--games", "2", "--seed", "11", "--fit-seed", "12", "--trembles", "0.1,0.4",
                     "--temperatures", "1,2", "--record", str(record)]) == 0
    doc = json.loads(record.read_text(encoding="utf-8"))
    assert doc["tremble"] in (0.1, 0.4) and doc["temperature"] in (1, 2) and doc["table"].splitlines()[0] in capsys.readouterr().out
    whole = next(r for r in doc["table"].splitlines() if r.startswith("| the whole game"))
    assert whole.split("|")[2].strip() == "4"   # two games, two opponents of player 0 each


@pytest.mark.parametrize("argv, said", [(["--games", "0"], "--games at least 1"),
                                        (["--seed", "3", "--fit-seed", "3"], "two different seeds"),
                                        (["--trembles", "0.1,x"], "numbers separated by commas"),
                                        (["--temperatures", "0.5"], "temperature is 1 or more"),
                                        (["--trembles", "1.5"], "between 0 and 1")])
def test_bad_arguments_exit_2_with_one_line(argv, said, capsys):
    assert btr.main(argv) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1 and "Traceback" not in err
