"""``pennypress audit`` and ``pennypress record`` on the command line: contract shape, report, bad input."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.audit.audit_records import greedy_until, lab_words, record_from
from pennypress.engine.advisor.exact import is_deterministic
from pennypress.engine.audit import CLASSES, audit
from pennypress.engine.audit.grading import MARGIN_BANDS
from pennypress.engine.game.moves import Decline, parse_move
from pennypress.engine.io.record import replay
from pennypress.engine.io.state import public_view
from pennypress.engine.rules.chance import chance_outcomes
from pennypress.engine.rules.actions import legal_moves
from tests.cli_helpers import assert_bad_input, run

ROOT = Path(__file__).resolve().parents[2]


def _declined_win(tmp_path):
    """A 3-player final edition where declining loses and pressing wins (exact), as a record file."""
    from tests.audit.audit_records import press_wins_decline_loses

    state = greedy_until(3, 7, lambda s: is_deterministic(s) and not s.is_over and press_wins_decline_loses(s))
    doc = record_from(state, [Decline()] + [])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    return path, doc


def test_json_has_the_contract_shape(capsys, tmp_path):
    path, _ = _declined_win(tmp_path)
    code, out, _ = run(capsys, "audit", str(path), "--playouts", "2", "--workers", "1")
    assert code == 0
    doc = json.loads(out)
    assert doc["players"] == 3
    (d,) = doc["decisions"]
    assert {"ply", "player", "played", "best", "win_before", "loss", "points_loss", "class"} <= set(d)
    assert d["class"] == "blunder" and d["ply"] == 1 and "press" not in d
    assert [s["player"] for s in doc["summary"]] == [0, 1, 2]
    assert all(set(s["classes"]) == set(CLASSES) for s in doc["summary"])
    # the one graded decision gives its player an accuracy; the others had nothing to grade: no number
    assert [s["accuracy"] is None for s in doc["summary"]] == [p != d["player"] for p in range(3)]
    assert 0 <= doc["summary"][d["player"]]["accuracy"] <= 100
    assert any(m["kind"] == "missed press" for m in doc["key_moments"])
    assert all({"ply", "kind", "text"} <= set(m) for m in doc["key_moments"])


def test_text_report_lists_the_blunder_with_the_better_move(capsys, tmp_path):
    path, _ = _declined_win(tmp_path)
    code, out, _ = run(capsys, "audit", str(path), "--playouts", "2", "--workers", "1", "--text")
    assert code == 0
    assert "accuracy" in out and "— blunder" in out and "better:" in out and "Key moments:" in out


def test_player_keeps_one_players_decisions(capsys, tmp_path):
    path, doc = _declined_win(tmp_path)
    mover = json.loads(run(capsys, "audit", str(path), "--playouts", "2", "--workers", "1")[1])["decisions"][0]["player"]
    other = (mover + 1) % 3
    code, out, _ = run(capsys, "audit", str(path), "--playouts", "2", "--workers", "1", "--player", str(other))
    assert code == 0 and json.loads(out)["decisions"] == []
    assert [s["player"] for s in json.loads(out)["summary"]] == [other]


@pytest.mark.parametrize("content,message", [
    ("{not json", "game.json"),
    (json.dumps({"format": "pennypress-position", "version": 1}), "record"),
])
def test_bad_records_are_one_line_exit_2(capsys, tmp_path, content, message):
    path = tmp_path / "game.json"
    path.write_text(content)
    assert_bad_input(*run(capsys, "audit", str(path), "--playouts", "2"), message)


def test_an_illegal_move_names_its_ply(capsys, tmp_path):
    path, doc = _declined_win(tmp_path)
    doc["moves"].insert(0, "assign 9 war:A:1")
    path.write_text(json.dumps(doc))
    assert_bad_input(*run(capsys, "audit", str(path), "--playouts", "2"), "moves[0]", "move 1")


def test_unknown_budget_is_refused(capsys, tmp_path):
    path, _ = _declined_win(tmp_path)
    assert_bad_input(*run(capsys, "audit", str(path), "--budget", "huge"), "unknown budget")


def test_record_from_a_move_list_audits_like_the_record_it_stands_for(capsys, tmp_path):
    state = greedy_until(2, 11, lambda s: s.ply >= 4)
    moves = tmp_path / "moves.txt"
    lines = []
    s = state.clone()
    for _ in range(3):
        m = legal_moves(s)[0]
        ev = s.play(m)
        card = ev.press.card if ev.press is not None else None
        lines.append(str(m) + (f"\ncard {card}" if card is not None else ""))
    moves.write_text("# a table game\n" + "\n".join(lines) + "\n")
    pos = tmp_path / "pos.json"
    pos.write_text(json.dumps(state.to_json()))
    out_file = tmp_path / "game.json"
    code, _, err = run(capsys, "record", str(moves), "--position", str(pos), "-o", str(out_file))
    assert code == 0, err
    doc = json.loads(out_file.read_text())
    assert [e if isinstance(e, str) else e["move"] for e in doc["moves"]] == [l.split("\n")[0] for l in lines]
    code, out, _ = run(capsys, "audit", str(out_file), "--playouts", "2", "--workers", "1", "--seed", "4")
    assert json.loads(out)["decisions"] == audit(doc, playouts=2, workers=1, seed=4).to_json()["decisions"]


def test_record_refuses_an_illegal_line(capsys, tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("assign 4 city:D:1\n\nassign 9 war:A:1\n")
    code, out, err = run(capsys, "record", str(moves), "--players", "2", "--seed", "11")
    assert_bad_input(code, out, err)
    assert err.startswith("pennypress: line 3:"), err


EXAMPLE_RECORDS = sorted(str(p) for p in ROOT.glob("examples/*/*.json") if json.loads(p.read_text()).get("format") == "pennypress-record")


def _same_position(before, played: str, best: str) -> bool:
    """The two moves leave the same position (the record of the last move aside): checked here on the
    rules alone, not by the audit's own code."""
    after = []
    for text in (played, best):
        s = before.clone()
        s.apply(parse_move(text))
        doc = s.to_json()
        doc.pop("last_event", None)
        after.append(doc)
    return after[0] == after[1]


def _check_lines(before, d) -> None:
    """A decision's likely lines: after the best move and after the move played (the same line when it is
    the best), every step legal in turn from the position the analysis saw, each share a fraction of the
    futures that never grows along the line; why is said only of a move other than the best."""
    if d["class"] == "forced":
        assert d["line_played"] == d["line_best"] == [] and d["why"] == []
        return
    if d["class"] == "best":
        assert d["line_played"] == d["line_best"] and d["why"] == []
    for move, line in ((d["best"], d["line_best"]), (d["played"], d["line_played"])):
        s = public_view(before)
        s.apply(parse_move(move))
        assert line or s.is_over, d  # a line stops only where the game ends
        shares = [step["share"] for step in line]
        assert all(0 < x <= 1 for x in shares) and shares == sorted(shares, reverse=True), line
        for step in line:
            if "card" in step:
                assert s.is_chance_node() and step["card"] in [c for c, _ in chance_outcomes(s)], (line, step)
                s.apply_chance(step["card"])
            else:
                assert not s.is_chance_node() and step["player"] == s.current, (line, step)
                assert s.why_illegal(parse_move(step["move"])) is None, (line, step)
                s.apply(parse_move(step["move"]))
    assert all(isinstance(w, str) and w for w in d["why"])


def _margin_class(lost: float) -> str:
    """The class of a significant loss of lead of ``lost`` points, read off the published bands."""
    return next((name for name, bound in MARGIN_BANDS if lost <= bound), "blunder")


@pytest.mark.slow
@pytest.mark.parametrize("record", EXAMPLE_RECORDS, ids=lambda p: Path(p).stem)
def test_best_is_said_only_of_the_best_move(capsys, record):
    """The review never contradicts itself: a decision is "best" only when the move played is the one the
    analysis ranks first (or the exact search finds it exactly as good, or it is the same move written
    otherwise: the position it leaves is the best move's), and the move ranked first is always "best" (or
    forced). Where both the best move's chance to win and the move's are within 2 points of 0 or of 1 (or
    in the final edition exactly equal), the decision is graded by the lead lost, with its own paired
    interval and bands; elsewhere never. No raw class code reaches the report."""
    code, out, _ = run(capsys, "audit", record, "--budget", "fast", "--workers", "1")
    assert code == 0
    decisions = json.loads(out)["decisions"]
    assert decisions
    steps = []
    replay(json.loads(Path(record).read_text()), visit=steps.append)
    before = {s.number: s.before for s in steps}
    for d in decisions:
        if d["class"] == "best":
            assert (d["played"] == d["best"] or (d["exact"] and d["loss"] == 0)
                    or (d.get("same_as_best") and _same_position(before[d["ply"]], d["played"], d["best"]))), d
        if d["played"] == d["best"]:
            assert d["class"] in ("best", "forced"), d
        _check_lines(before[d["ply"]], d)
        if d["class"] in ("best", "forced"):
            continue
        chances = (d["win_before"], d["win_after"])
        decided = all(w <= 0.02 for w in chances) or all(w >= 0.98 for w in chances) or (d["exact"] and d["loss"] == 0)
        assert d["graded_by"] == ("margin" if decided else "win"), d
        if decided:
            low, high = d["margin_loss_interval"]
            assert low <= high
            if low > 0:
                assert d["class"] == _margin_class(d["margin_loss"]) and not d["within_noise"], d
            else:
                assert d["class"] == "within_noise", d
    code, text, _ = run(capsys, "audit", record, "--budget", "fast", "--workers", "1", "--text")
    assert code == 0
    for klass in CLASSES:
        if "_" in klass:
            assert klass not in text and klass.replace("_", " ") not in text
    # the report speaks to a player: none of the lab's words, one minus sign
    assert lab_words(text) == [], lab_words(text)
    assert not re.search(r"(?:^|[\s(:;,])-\d", text), re.findall(r".{20}[\s(:;,]-\d.{10}", text)


def test_the_lab_words_check_finds_them_and_only_them():
    """The check of a player's text itself: the lab's words in any case, whole words only."""
    assert lab_words("2,000 Playouts; budget fast; within_noise; Native core; the seed; Rust; a ply") == [
        "Playouts", "budget", "within_noise", "Native core", "seed", "Rust", "ply"]
    assert lab_words("reply, seeding, Rusty, applying, supply, pairs") == []
