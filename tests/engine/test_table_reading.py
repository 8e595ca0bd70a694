"""The table reading (:mod:`pennypress.engine.arena.table_reading`): the prior without moves, the posterior's
arithmetic, a style recognised from its own moves, the same reading for the same moves, and ``pennypress table``."""
from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest

from pennypress.engine import GameDefinition
from pennypress.engine.arena.population import population
from pennypress.engine.arena.recorded import record_selfplay
from pennypress.engine.arena.table_reading import (
    UNKNOWN, Observation, ReadingSettings, posterior, read_record, reading_text,
)
from pennypress.errors import BadInput


def test_without_moves_the_reading_is_the_prior_and_says_so(core):
    doc, _ = record_selfplay(GameDefinition.create(3), seed=9, seats=["greedy", "greedy", "greedy"])
    reading = read_record(doc, you=1, until=0)
    settings = ReadingSettings()
    assert [s.player for s in reading.seats] == [0, 2]
    for seat in reading.seats:
        assert seat.moves == 0 and seat.posterior == pytest.approx(settings.prior())
        assert seat.style == UNKNOWN and seat.words().endswith("has made no move to read yet.")
    assert settings.prior()[UNKNOWN] == settings.unknown
    assert sum(settings.prior().values()) == pytest.approx(1.0)


def test_the_posterior_is_the_prior_times_each_moves_likelihood():
    settings = ReadingSettings(styles=("greedy", "timer"), tremble=0.2, temperature=2.0, unknown=0.5)
    obs = [Observation(4, (0.5, 1.0, 0.0)), Observation(2, (0.0, 1.0, 0.25))]
    got = posterior(obs, settings)
    like = lambda share, n: math.sqrt(0.8 * share + 0.2 / n)  # noqa: E731  (the power 1 / temperature)
    raw = {UNKNOWN: 0.5 * like(0.5, 4) * like(0.0, 2), "greedy": 0.25 * like(1.0, 4) * like(1.0, 2),
           "timer": 0.25 * like(0.0, 4) * like(0.25, 2)}
    total = sum(raw.values())
    assert got == pytest.approx({k: v / total for k, v in raw.items()})
    assert not math.isnan(sum(posterior([Observation(3, (0.0, 0.0, 0.0))] * 400, settings).values()))


@pytest.mark.parametrize("style", ["evaluator", "timer", "mcts"])
def test_a_style_is_read_from_its_own_moves(core, style):
    doc, _ = record_selfplay(GameDefinition.create(3), seed=21, seats=["heuristic", style, "heuristic"])
    seat = read_record(doc, you=0).seats[0]
    assert seat.player == 1 and seat.moves >= 8
    assert seat.style == style and seat.chance >= 0.9, seat.posterior
    assert seat.fits[style] == max(seat.fits.values())   # no other style fits more of its moves
    assert "has played like" in seat.words()


def test_the_same_moves_give_the_same_reading_and_fewer_moves_read_fewer(core):
    doc, _ = record_selfplay(GameDefinition.create(4), seed=3, seats=["early-presser", "big-pages", "timer", "mcts"])
    whole = read_record(doc, you=2)
    assert whole.to_json() == read_record(doc, you=2).to_json()
    early = read_record(doc, you=2, until=12)
    assert all(e.moves < w.moves for e, w in zip(early.seats, whole.seats))
    assert reading_text(whole).count("\n") == 2
    assert set(whole.to_json()["seats"][0]["posterior"]) == {UNKNOWN, *population().opponents}


@pytest.mark.parametrize("kwargs, said", [({"styles": ()}, "at least one"), ({"samples": 0}, "at least 1 bot"),
                                          ({"tremble": 0.0}, "between 0 and 1"), ({"unknown": 1.0}, "below 1"),
                                          ({"temperature": 0.5}, "1 or more"),
                                          ({"styles": ("greedy", "greedy")}, "each once")])
def test_bad_settings_are_refused_naming_the_problem(kwargs, said):
    with pytest.raises(BadInput, match=said):
        ReadingSettings(**kwargs)


def test_the_command_prints_json_or_sentences_and_refuses_a_seat_not_at_the_table(core, tmp_path):
    doc, _ = record_selfplay(GameDefinition.create(3), seed=21, seats=["heuristic", "timer", "heuristic"])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    run = lambda *a: subprocess.run([sys.executable, "-m", "pennypress", "table", str(path), *a],  # noqa: E731
                                    capture_output=True, text=True)
    out = run("--you", "0")
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert got["you"] == 0 and [s["player"] for s in got["seats"]] == [1, 2]
    assert got["seats"][0]["style"] == "timer" and got["seats"][0]["words"].startswith("The Sun has played like")
    text = run("--text")
    assert text.returncode == 0 and text.stdout.splitlines()[0] == got["seats"][0]["words"]
    bad = run("--you", "3")
    assert bad.returncode == 2 and bad.stderr.strip() == "pennypress: --you: a player from 0 to 2, got 3"
