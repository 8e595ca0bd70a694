"""Every final circulation a shipped puzzle shows is the sum of the parts it shows (#55): the circulation in
its prompt, the presses and scoop points of the line, and every beat bonus paid -- no bonus left unnamed."""
from __future__ import annotations

from pennypress.engine.puzzles import load_puzzles
from tests.puzzles.final_parts import final_lines, unexplained

SHIPPED = load_puzzles()
EXACT = [p for p in SHIPPED.filter(kind=["press-or-wait", "best-move"]) if p.certainty == "exact"]


def test_every_final_circulation_is_the_sum_of_the_parts_shown():
    checked = 0
    for p in EXACT:
        for line in final_lines(p.why):
            assert unexplained(p.prompt, line) == {}, (p.id, line)
            checked += 1
    assert checked >= 2 * len(EXACT)  # both lines of every exact puzzle: the answer's and the next choice's


def test_the_reported_puzzle_names_the_bonus_that_was_missing():
    """press-001: "The Herald 68" was shown beside parts adding to 62 (a Politics bonus of 6, the same in
    both lines, was left unnamed)."""
    p = SHIPPED.get("press-001")
    line = final_lines(p.why)[0]
    assert "The Herald 68" in line and "Politics 6 to The Times, The Sun and The Herald" in line
    assert unexplained(p.prompt, line.replace("Politics 6 to The Times, The Sun and The Herald; ", "")) \
        == {"The Times": 6, "The Sun": 6, "The Herald": 6}  # the check itself catches the gap
