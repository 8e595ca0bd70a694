"""``pennypress position validate FILE`` and ``pennypress replay FILE [--verbose]``:
exit 0 with JSON on stdout for good input; exit 2 with one line naming the problem otherwise."""
import copy
import json
from pathlib import Path

import pytest

from pennypress.engine import new_game
from tests.cli_helpers import assert_bad_input, run, run_process

HERE = Path(__file__).parent
HAND_WRITTEN = HERE / "data" / "hand-written-3p.json"
EXAMPLES = HERE.parents[1] / "examples" / "records"
TWO = EXAMPLES / "two-player-greedy-seed-11.json"


def write(tmp_path, name, content):
    path = tmp_path / name
    path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return path


# ------------------------------------------------------------ position validate
def test_validate_a_good_position(capsys):
    code, out, err = run(capsys, "position", "validate", HAND_WRITTEN)
    assert code == 0
    summary = json.loads(out)
    assert (summary["players"], summary["phase"], summary["to_move"], summary["scores"]) == (3, "normal", 2, [6, 8, 1])
    assert err == "valid position: 3 players, ply 14, normal play, The Herald to move; scores 6, 8, 1\n"


def test_validate_reads_stdin(capsys, monkeypatch):
    doc = new_game(4, seed=3, variants=["newsboy"]).to_json()
    code, out, err = run(capsys, "position", "validate", "-", stdin=json.dumps(doc), monkeypatch=monkeypatch)
    assert code == 0 and json.loads(out)["newsboy"] == 1 and "(newsboy)" in err


def test_validate_a_finished_game(capsys, tmp_path):
    from pennypress.engine.io.record import replay
    state = replay(json.loads(TWO.read_text())).state
    code, out, err = run(capsys, "position", "validate", write(tmp_path, "end.json", state.to_json()))
    assert code == 0
    summary = json.loads(out)
    assert summary["phase"] == "over" and summary["to_move"] is None and summary["winners"] == list(state.winners)
    from pennypress.engine.game.names import newspaper
    assert "game over, won by " + " and ".join(newspaper(w) for w in state.winners) in err


def _hand(change):
    doc = json.loads(HAND_WRITTEN.read_text())
    change(doc)
    return doc


@pytest.mark.parametrize("content,words", [
    ("{\"format\": ", ["malformed JSON at line 1"]),
    ("", ["malformed JSON"]),
    ("[1, 2]", ["position: expected a JSON object"]),
    (_hand(lambda d: d.pop("players")), ["position: missing players"]),
    (_hand(lambda d: d["players"][1].update(home=5)), ["position.players[1]: 5 reporters at home and 3 on the board"]),
    (_hand(lambda d: d["stacks"]["war:A"].append(3)), ["position.stacks.war:A: 3 appears more than once"]),
    (_hand(lambda d: d["markers"].update(war=7)), ["position.markers.war: 7"]),
    (_hand(lambda d: d["players"][0].update(ad=[1, 0])), ["position.players[0].ad"]),
    (_hand(lambda d: d["bonus"].update(crime=21)), ["position.bonus.crime"]),
    (_hand(lambda d: d["board"]["war"][1].update(story="politics:B:2")), ["position.board.war[1].story", "not a War story"]),
])
def test_validate_refuses_a_bad_file_with_one_line(capsys, tmp_path, content, words):
    path = write(tmp_path, "bad.json", content)
    assert_bad_input(*run(capsys, "position", "validate", path), *words)


def test_validate_a_missing_or_binary_file(capsys, tmp_path):
    assert_bad_input(*run(capsys, "position", "validate", tmp_path / "nope.json"), "cannot read")
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe\x00")
    assert_bad_input(*run(capsys, "position", "validate", path), "not UTF-8")


def test_validate_needs_a_file(capsys):
    assert_bad_input(*run(capsys, "position", "validate"), "file")


# ------------------------------------------------------------ replay
def test_replay_a_good_record(capsys):
    doc = json.loads(TWO.read_text())
    code, out, err = run(capsys, "replay", TWO)
    assert code == 0
    summary = json.loads(out)
    assert summary["moves"] == len(doc["moves"]) and summary["over"] is True
    assert summary["final_scores"] == doc["final_scores"] and summary["winners"] == doc["winners"]
    assert summary["checked"] == {"final_scores": True, "winners": True}
    presses = summary["presses"]
    assert presses and all({"player", "total", "gain"} <= set(p) for p in presses)
    assert all(p["gain"] == max(0, p["total"]) for p in presses)
    assert [p["move"] for p in presses] == [i + 1 for i, m in enumerate(doc["moves"])
                                            if (m if isinstance(m, str) else m["move"]).startswith("press")]
    assert "log" not in summary
    assert err.count("\n") == 1 and err.startswith(f"replayed {len(doc['moves'])} moves: game over")


def test_replay_verbose_lists_every_move(capsys):
    doc = json.loads(TWO.read_text())
    code, out, err = run(capsys, "replay", TWO, "--verbose")
    assert code == 0
    log = json.loads(out)["log"]
    notation = [m if isinstance(m, str) else m["move"] for m in doc["moves"]]
    assert [e["notation"] for e in log] == notation and [e["move"] for e in log] == list(range(1, len(notation) + 1))
    assert err.count("\n") == len(notation) + 1


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.name)
def test_replay_every_example(capsys, path):
    code, out, _ = run(capsys, "replay", path)
    assert code == 0 and json.loads(out)["final_scores"] == json.loads(path.read_text())["final_scores"]


def _two(change):
    doc = json.loads(TWO.read_text())
    change(doc)
    return doc


@pytest.mark.parametrize("content,words", [
    ("not json", ["malformed JSON"]),
    (json.loads(HAND_WRITTEN.read_text()), ["pennypress: record"]),  # a position is not a record
    (_two(lambda d: d["moves"].__setitem__(1, "assign 9 war:A:1")), ["record.moves[1]: move 2 (The Sun: 'assign 9 war:A:1') is illegal"]),
    (_two(lambda d: d["moves"].__setitem__(0, "reassign war:A:1")), ["record.moves[0]: move 1", "expected 'reassign FROM -> TO'"]),
    (_two(lambda d: d.update(final_scores=[0, 0])), ["record.final_scores: the record expects [0, 0]"]),
    (_two(lambda d: d.update(seed=12)), ["record.moves[0]: move 1", "is illegal"]),
    (_two(lambda d: d.update(setup_cards=[1, 2])), ["exactly one start"]),
])
def test_replay_refuses_a_bad_record_with_one_line(capsys, tmp_path, content, words):
    path = write(tmp_path, "bad.json", content)
    assert_bad_input(*run(capsys, "replay", path), *words)


def test_the_console_script_end_to_end(tmp_path):
    """The installed ``pennypress`` command (a fresh process): exit codes and streams."""
    ok = run_process("replay", TWO, module="pennypress.ui.cli")
    assert ok.returncode == 0 and json.loads(ok.stdout)["moves"] == len(json.loads(TWO.read_text())["moves"])
    bad = write(tmp_path, "bad.json", _hand(lambda d: d["players"][2].update(home=9)))
    res = run_process("position", "validate", bad, module="pennypress.ui.cli")
    assert_bad_input(res.returncode, res.stdout, res.stderr)
    assert res.stderr.strip() == "pennypress: position.players[2].home: expected a whole number from 0 to 5, got 9"


@pytest.mark.parametrize("content,words", [
    ("[" * 100_000, ["nested more than 64 levels"]),
    ('{"a": ' * 5_000 + "1" + "}" * 5_000, ["nested more than 64 levels"]),
    ("1" + " " * 5_000_000, ["is 5,000,001 bytes; the largest file pennypress reads is 5 MB"]),
])
def test_hostile_json_is_one_line_not_a_crash(tmp_path, capsys, content, words):
    path = write(tmp_path, "hostile.json", content)
    for command in (["position", "validate"], ["replay"], ["layout"]):
        assert_bad_input(*run(capsys, *command, path), *words)
