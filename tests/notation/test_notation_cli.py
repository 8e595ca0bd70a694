"""``pennypress position to-text / from-text``, position files holding the notation, bare ``position``,
and a table of bad lines: each exits 2 with one line naming the section, the token and what was expected."""
import json

import pytest

from pennypress.engine import new_game
from pennypress.engine.notation.text import from_text, to_text
from pennypress.engine.io.state import State
from tests.cli_helpers import assert_bad_input, run

from tests.notation.notation_helpers import ROOT, normalised

HAND_WRITTEN = ROOT / "tests" / "positions" / "data" / "hand-written-3p.json"
BLANK = "bonus war=2 crime=2 politics=2 city=2 human=2"
GOOD = (f"game 3p | normal p1 | board war:D:3(p1x2,p2x1) crime:A:1 city:B:1(p3x1) | {BLANK} "
        "| p1 circ=0 pennies=0 | p2 circ=0 pennies=0 | p3 circ=0 pennies=0 | drawn 1,2,3")
SHORT = GOOD.replace(" circ=0 pennies=0", "")  # circ and pennies may be left out when 0


def test_to_text_of_a_json_file(capsys):
    code, out, err = run(capsys, "position", "to-text", HAND_WRITTEN)
    assert code == 0 and err == ""
    line = out.rstrip("\n")
    assert out.count("\n") == 1 and line.startswith("game 3p | normal p3 | board war:C:1(p2x2) war:B:2 ")
    doc = json.loads(HAND_WRITTEN.read_text())
    assert normalised(from_text(line)) == normalised(State.from_json(doc))
    code, out, _ = run(capsys, "position", "to-text", HAND_WRITTEN, "--no-cards")
    assert code == 0 and out == line.removesuffix(" | drawn 3,7,12,20,31") + "\n"


def test_from_text_prints_the_position_json(capsys, monkeypatch):
    code, out, err = run(capsys, "position", "from-text", GOOD)
    assert code == 0 and err == ""
    state = State.from_json(json.loads(out))
    assert state.reporters[next(s for s in state.columns[list(state.columns)[0]])] == [2, 1, 0]
    assert to_text(state) == GOOD
    code, out2, _ = run(capsys, "position", "from-text", "-", stdin=GOOD + "\n", monkeypatch=monkeypatch)
    assert code == 0 and out2 == out


def test_zero_circulation_and_pennies_may_be_left_out():
    assert SHORT != GOOD and from_text(SHORT) == from_text(GOOD)


def test_a_line_wrapped_by_a_chat_still_reads(capsys, monkeypatch):
    wrapped = GOOD.replace(" | p1", "\n| p1").replace("crime:A:1 ", "crime:A:1\n   ")
    code, out, _ = run(capsys, "position", "from-text", "-", stdin=wrapped, monkeypatch=monkeypatch)
    assert code == 0 and to_text(State.from_json(json.loads(out))) == GOOD


def test_position_files_may_hold_the_notation(capsys, tmp_path, monkeypatch):
    path = tmp_path / "p.txt"
    path.write_text(GOOD + "\n", encoding="utf-8")
    code, out, err = run(capsys, "position", "validate", path)
    assert code == 0 and json.loads(out)["players"] == 3
    assert err == "valid position: 3 players, ply 0, normal play, The Times to move; scores 0, 0, 0\n"
    code, out, _ = run(capsys, "position", "to-text", path)
    assert code == 0 and out == GOOD + "\n"
    code, out, _ = run(capsys, "position", "validate", "-", stdin=GOOD, monkeypatch=monkeypatch)
    assert code == 0 and json.loads(out)["legal_moves"] == len(from_text(GOOD).legal_moves())


def test_json_files_still_read_and_neither_is_named(capsys, tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps(new_game(4, seed=2, variants=["newsboy"]).to_json()))
    code, out, _ = run(capsys, "position", "to-text", path)
    assert code == 0 and out.startswith("game 4p newsboy | normal p1 newsboy=p2 | ")
    path.write_text("hello there")
    assert_bad_input(*run(capsys, "position", "validate", path), "malformed JSON at line 1 column 1",
                     "nor is it the one-line notation, which begins 'game'")
    path.write_text("   ")
    assert_bad_input(*run(capsys, "position", "to-text", path), "malformed JSON: the text is empty")


def test_bare_position_names_its_subcommands(capsys):
    code, out, err = run(capsys, "position")
    assert_bad_input(code, out, err, "position: name a subcommand:")
    for name in ("new", "validate", "to-text", "from-text"):
        assert f"{name} (" in err
    assert "position_command" not in err


def _with(old, new, base=GOOD):
    assert old in base, old
    return base.replace(old, new)


BAD = [
    # (the line, words the one-line message must hold: the section, the token, what was expected)
    ("", ["notation: empty", "game 3p"]),
    ("gmae 3p | normal p1", ["section 1", "expected 'game'", "'gmae'"]),
    (_with("game 3p", "game 7p"), ["game:", "'7p'", "2p to 5p"]),
    (_with("game 3p", "game 3p newsboy"), ["game:", "newsboy variant is for 4 or 5 players, not 3"]),
    (_with("game 3p", "game 3p deck=old"), ["game:", "unknown deck 'old'"]),
    (_with("normal p1", "normal p0"), ["normal:", "'p0'", "p1 to p3"]),
    (_with("normal p1", "normal"), ["normal:", "expected the player"]),
    (_with("normal p1", "normal p1 trigger=p2"), ["normal:", "'trigger=p2'", "final-turns"]),
    (_with("normal p1", "normal p1 turns=3"), ["normal:", "'turns=3'", "turns=1 or turns=2"]),
    (_with("normal p1", "normal p1 turns=2"), ["normal turns:", "two-player turn order"]),
    (_with("normal p1", "normal p1 newsboy=p2"), ["normal newsboy:", "newsboy variant is not in play"]),
    (_with("normal p1", "normal p1 speed=fast"), ["normal:", "'speed=fast'", "unknown option"]),
    (_with("normal p1", "final-turns p2 trigger=p1") + " | markers war=0 crime=0 politics=0 city=0 human=0",
     ["p1 pennies:", "triggered the final edition", "4th press"]),
    (_with("normal p1", "final-turns p2"), ["missing section markers", "frozen"]),
    (_with("normal p1", "over p2") + " | markers war=0 crime=0 politics=0 city=0 human=0",
     ["over:", "missing trigger=pN"]),
    (_with("war:D:3(p1x2,p2x1)", "war:D:3(p1x2,p2x1"), ["board:", "'war:D:3(p1x2,p2x1'", "war:D:3(p1x2,p3x1)"]),
    (_with("war:D:3(p1x2,p2x1)", "war:D:3(1x2)"), ["board:", "reporters '1x2' on war:D:3", "expected pNxK"]),
    (_with("war:D:3(p1x2,p2x1)", "war:D:3(p4x1)"), ["board:", "'war:D:3(p4x1)'", "p1 to p3"]),
    (_with("war:D:3(p1x2,p2x1)", "war:D:3(p1x0)"), ["board:", "'p1x0'", "1 to 5"]),
    (_with("war:D:3(p1x2,p2x1)", "war:D:3(p1x2,p1x1)"), ["board:", "p1 is named twice on war:D:3"]),
    (_with("war:D:3(p1x2,p2x1)", "war:D:4"), ["board:", "story 'war:D:4'", "stars must be 1, 2 or 3"]),
    (_with("war:D:3(p1x2,p2x1)", "sports:A:1"), ["board:", "unknown beat 'sports'"]),
    (_with("crime:A:1", "crime:A:1 war:D:3"), ["board:", "war:D:3 is on the board twice"]),
    (_with("crime:A:1", "crime:A:1(p1x4)"), ["board:", "p1 has 6 reporters on the board", "a player has 5"]),
    (_with("crime:A:1", "war:A:1 war:B:1 war:C:1 war:A:2 war:B:2 war:C:2 war:D:1"),
     ["board (war column):", "the stories take 12 spaces and the column has 9"]),
    (_with(BLANK, "bonus war=2 crime=2"), ["bonus:", "missing politics, city, human"]),
    (_with(BLANK, BLANK.replace("war=2", "war=21")), ["bonus war:", "from 2 to 20, got 21"]),
    (_with(BLANK, BLANK.replace("war=2", "war=two")), ["bonus:", "'war=two'", "whole number"]),
    (_with(BLANK, BLANK + " war=3"), ["bonus:", "'war=3'", "war is given twice"]),
    (_with(BLANK, BLANK.replace("war=2", "sport=2")), ["bonus:", "'sport=2'", "expected beat=N"]),
    (GOOD + " | markers war=0 crime=0 politics=0 city=0 human=0", ["markers:", "leave the markers out in normal play"]),
    (_with("| p1 circ=0 pennies=0 |", "| p1 circ=lots |"), ["p1:", "'circ=lots'", "whole number"]),
    (_with("| p1 circ=0 pennies=0 |", "| p1 circulation=3 |"), ["p1:", "'circulation=3'", "expected circ=N, pennies=N"]),
    (_with("| p1 circ=0 pennies=0 |", "| p1 circ=3 circ=4 |"), ["p1:", "'circ=4'", "circ is given twice"]),
    (_with("| p1 circ=0 pennies=0 |", "| p1 ad=4,2 |"), ["p1:", "'ad=4,2'", "column X 0 to 3"]),
    (_with("| p1 circ=0 pennies=0 |", "| p1 ad=1,2 |"), ["p1 ad:", "only after a press"]),
    (_with("| p1 circ=0 pennies=0 |", "| p1 pennies=1 ad=1,1 |"), ["p1 ad:", "ad=1,1 is in row 1", "row 2 with 1 penny"]),
    (_with("| p1 circ=0 pennies=0 |", "| p1 pennies=9 |"), ["p1 pennies:", "from 0 to 4, got 9"]),
    (_with("| p1 circ=0 pennies=0 |", "| p1 pennies=4 |"), ["p1 pennies:", "the phase is normal"]),
    (_with("| p1 circ=0 pennies=0 |", "| p1 pub=war:D:3 |"), ["p1 pub:", "war:D:3 is also at board war:D:3"]),
    (_with("| p1 circ=0 pennies=0 |", "| p1 pub=war:X:1 |"), ["p1:", "'pub=war:X:1'", "unknown shape 'X'"]),
    (_with("| p1 circ=0 pennies=0 |", "| p1 done |"), ["p1 done:", "only in the final edition"]),
    (_with("| p1 circ=0 pennies=0 |", "| p1 done=yes |"), ["p1:", "'done=yes'", "write done on its own"]),
    (_with("| p3 circ=0 pennies=0 |", "| |"), ["section 7 is empty"]),
    (_with("| p3 circ=0 pennies=0 ", " "), ["missing section p3", "p3 circ=0 pennies=0"]),
    (GOOD + " | p4 circ=0", ["unknown section 'p4'", "no player 4 in a 3-player game"]),
    (GOOD + " | bonus war=2", ["bonus", "already given in section"]),
    (GOOD + " | normal p2", ["the phase is already given"]),
    (GOOD + " | colour red", ["unknown section 'colour'", "board, bonus"]),
    (_with("drawn 1,2,3", "drawn 1,2,3,4"), ["drawn:", "4 cards drawn", "expected 3"]),
    (_with("drawn 1,2,3", "drawn 1,2,46"), ["drawn:", "'46'", "1 to 45"]),
    (_with("drawn 1,2,3", "drawn 1,2,2"), ["drawn:", "'2'", "listed twice"]),
    (_with("| drawn 1,2,3", ""), None),  # valid: the cards may be left out
    ("game 3p | normal p1 | board - | " + BLANK + " | p1 | p2 | p3", None),  # an empty board is a position
]


@pytest.mark.parametrize("line,words", BAD)
def test_bad_lines_exit_2_naming_the_part(line, words, capsys):
    code, out, err = run(capsys, "position", "from-text", line)
    if words is None:
        assert code == 0, err
        return
    assert_bad_input(code, out, err, "pennypress: notation: ", *words)
