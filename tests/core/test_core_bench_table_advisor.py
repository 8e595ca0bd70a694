"""``benchmarks/strength/table_advisor.py``: the advisor with and without the table read on the same deals;
the reader takes every opponent's move once and none of the advisor's; bad arguments refused in one line."""
from __future__ import annotations

import json

import pytest

from benchmarks.strength import table_advisor as bta
from pennypress.engine.advisor.bot import AdvisorBot


def test_the_table_advisor_reads_each_opponent_move_once_and_seats_them_as_read(core, monkeypatch):
    seen, advisors = [], []
    real_choose, real_init = AdvisorBot.choose, bta.TableAdvisor.__init__

    def watched(self, view):
        seen.append((view.ply, self.table))
        return real_choose(self, view)

    def kept(self, *args, **kw):
        real_init(self, *args, **kw)
        advisors.append(self)

    monkeypatch.setattr(AdvisorBot, "choose", watched)
    monkeypatch.setattr(bta.TableAdvisor, "__init__", kept)
    share = bta.play(1, 7, 3, "evaluator", "fast", True, playouts=6)
    assert share in (0.0, 0.5, 1.0) and seen
    assert all(table is not None and table.seats[1] == () and len(table.words) == 2 + table.own_ends_played
               for _, table in seen)
    assert seen[-1][1].own_ends_played   # the reading's options are on
    assert any("evaluator" in w for w in seen[-1][1].words)   # after a whole game of evaluators, read as one
    (advisor,) = advisors
    # every opponent decision with a choice made before the advisor's last decision was read, once
    last = max(ply for ply, _ in seen)
    choices = [(v.current, v.ply) for v, _ in advisor.steps if v.ply < last and len(v.legal_moves()) > 1]
    for p, reader in advisor.readers.items():
        assert len(reader.observations) == sum(who == p for who, _ in choices)


def test_a_small_run_plays_each_game_twice_and_records_it(core, capsys, tmp_path):
    record = tmp_path / "pilot.json"
    assert bta.main(["--games", "2", "--seed", "9", "--playouts", "6", "--record", str(record)]) == 0
    doc = json.loads(record.read_text(encoding="utf-8"))
    assert len(doc["pairs"]) == 2 and doc["table"] in capsys.readouterr().out
    assert all(g["plain"] in (0.0, 0.5, 1.0) and g["read"] in (0.0, 0.5, 1.0) for g in doc["pairs"])


@pytest.mark.parametrize("argv, said", [(["--games", "1"], "--games at least 2"),
                                        (["--opponents", "evaluator,oracle"], "--opponents of"),
                                        (["--seed", "-3"], "--seed must be from 0"),
                                        (["--leave-out", "oracle"], "--leave-out: not a style"),
                                        (["--workers", "0"], "--workers at least 1"),
                                        (["--stand-in", "mcts=mcts-quick"], "unknown bot 'mcts-quick' (expected"),
                                        (["--stand-in", "mcts"], "--stand-in: STYLE=SEAT"),
                                        (["--budget", "hasty"], "unknown budget 'hasty'"),
                                        (["--budget", "fast+replies=x"], "--budget 'fast+replies=x': 'replies=x' is "
                                                                         "not replies=N"),
                                        (["--budget", "hasty+replies=0"], "unknown budget 'hasty'")])
def test_bad_arguments_exit_2_with_one_line(core, argv, said, capsys):
    assert bta.main(argv) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_mixed_table_seats_its_bots_in_turn_after_the_advisor(core, monkeypatch):
    seated = []
    real = bta.CoreLeagueBot.__init__

    def kept(self, bot, seed=0):
        seated.append(bot.name)
        real(self, bot, seed)

    monkeypatch.setattr(bta.CoreLeagueBot, "__init__", kept)
    assert bta.play(2, 7, 3, "heuristic,early-presser", "fast", False, playouts=4) in (0.0, 0.5, 1.0)
    assert seated == ["heuristic", "early-presser"]   # the advisor in seat 2; seats 0 and 1 come after it


def test_a_logged_run_resumes_and_two_workers_give_the_same_games(core, capsys, tmp_path):
    """A run cut short goes on from its log to the figures of one straight run; processes change nothing; a log
    of other arguments is refused in one line."""
    straight, log = tmp_path / "straight.json", tmp_path / "run.jsonl"
    base = ["--games", "3", "--seed", "11", "--playouts", "6", "--side", "read"]
    assert bta.main(base + ["--record", str(straight)]) == 0
    assert bta.main(base + ["--log", str(log), "--workers", "2"]) == 0
    lines = log.read_text(encoding="utf-8").splitlines()
    log.write_text("\n".join(lines[:2]) + "\n", encoding="utf-8")   # the header and one game: a cut run
    resumed = tmp_path / "resumed.json"
    assert bta.main(base + ["--log", str(log), "--record", str(resumed)]) == 0
    first, again = (json.loads(p.read_text(encoding="utf-8")) for p in (straight, resumed))
    assert first["pairs"] == again["pairs"] and all(set(g) == {"read"} for g in first["pairs"])
    assert first["table"] == again["table"] and "as today" not in first["table"]
    assert bta.main(base[:1] + ["4"] + base[2:] + ["--log", str(log)]) == 0   # a run grown: one game more
    assert len(log.read_text(encoding="utf-8").splitlines()) == 1 + 4
    capsys.readouterr()
    assert bta.main(["--games", "3", "--seed", "12", "--playouts", "6", "--side", "read", "--log", str(log)]) == 2
    err = capsys.readouterr().err
    assert "a log of other arguments" in err and err.count("\n") == 1


def test_a_style_left_out_is_not_among_the_readers_styles(core, monkeypatch):
    styles = []
    real_init = bta.TableAdvisor.__init__

    def kept(self, bot, seat, players, steps, settings):
        styles.append(settings.styles)
        real_init(self, bot, seat, players, steps, settings)

    monkeypatch.setattr(bta.TableAdvisor, "__init__", kept)
    bta.play(0, 7, 3, "heuristic", "fast", True, playouts=4, leave_out="heuristic")
    assert styles and "heuristic" not in styles[0] and "evaluator" in styles[0]


def test_leaving_each_style_out_plays_each_style_in_turn_and_reports_each(core, capsys, tmp_path):
    """``--leave-out each``: game g against two bots of one style in turn (each through every seat), that style
    left out of the reading; the record gives the pooled pair and a row per style."""
    assert [bta.style_of(g, 3) for g in (0, 2, 3, 20, 21)] == ["greedy", "greedy", "early-presser", "mcts", "greedy"]
    record = tmp_path / "loo.json"
    assert bta.main(["--games", "6", "--seed", "13", "--playouts", "4", "--leave-out", "each",
                     "--record", str(record)]) == 0
    doc = json.loads(record.read_text(encoding="utf-8"))
    assert [g["style"] for g in doc["pairs"]] == ["greedy"] * 3 + ["early-presser"] * 3
    assert "| the greedy bot | 3 |" in doc["table"] and "| the early presser | 3 |" in doc["table"]
    assert bta.main(["--games", "6", "--leave-out", "each", "--side", "read"]) == 2
    assert "--side both" in capsys.readouterr().err


def test_another_stand_in_is_an_experiment_of_its_own(core, monkeypatch, capsys):
    """``--stand-in mcts=evaluator`` seats the evaluator for a player read as the MCTS bot (in the process that
    plays the game); a pair that is not two seats is refused in one line."""
    from argparse import Namespace

    from pennypress.engine.arena import seats

    monkeypatch.setattr(seats, "SEATS", dict(seats.SEATS))
    monkeypatch.setattr(bta, "SEATS", seats.SEATS)
    args = Namespace(stand_in="mcts=evaluator", opponents="heuristic", leave_out=None, players=3, seed=5,
                     budget="fast", playouts=4, side="read")
    bta._game((0, args))
    assert seats.playout_seat("mcts") == "evaluator"
    assert bta.main(["--stand-in", "mcts:evaluator"]) == 2
    assert "--stand-in: STYLE=SEAT" in capsys.readouterr().err


def test_a_budget_variant_is_the_budget_it_names():
    """``--budget fast+replies=0`` (an experiment): Quick's analysis, its cap, without its second ply; a name is
    itself, as the advisor seats take it."""
    from pennypress.engine.advisor.budget import BUDGETS

    plain = bta.advisor_budget("fast+replies=0")
    assert (plain.cap, plain.replies, plain.reply_plan()) == (BUDGETS["fast"].cap, 0, None)
    assert bta.advisor_budget("fast") == "fast"
