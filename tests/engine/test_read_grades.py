"""Grades with the table read (:mod:`pennypress.engine.arena.read_grades`): the coach without a table grades as
the audit does, a decision with no move of the others read keeps the audit's grade, and a decision is graded
with only the moves made before it read."""
from __future__ import annotations

import pytest

from pennypress.engine import GameDefinition
from pennypress.engine.arena.coach import coach
from pennypress.engine.arena.read_grades import grades_with_table
from pennypress.engine.arena.recorded import record_selfplay
from pennypress.engine.arena.table_reading import OWN_ENDS, TableWatch
from pennypress.engine.audit import audit
from pennypress.engine.io.record import replay

PLAYOUTS = 60


@pytest.fixture(scope="module")
def game():
    from pennypress.engine import native

    if not native.available():
        pytest.skip("reading the table needs the native core")
    doc, _ = record_selfplay(GameDefinition.create(3), seed=20, seats=["greedy", "early-presser", "evaluator"])
    doc["moves"] = doc["moves"][:14]
    for k in ("final_scores", "winners"):
        doc.pop(k, None)
    result = audit(doc, "fast", seed=3, playouts=PLAYOUTS, player=0)
    return doc, [d for d in result.decisions if d.player == 0 and d.klass != "forced"]


def test_the_coach_without_a_table_grades_as_the_audit(core, game):
    doc, decisions = game
    steps = []
    replay(doc, visit=steps.append)
    by_number = {s.number: s for s in steps}
    assert decisions
    for d in decisions:
        step = by_number[d.ply]
        assert coach(step.before, step.move, 3, "fast", PLAYOUTS).klass == d.klass


def test_only_the_moves_before_a_decision_are_read_and_the_first_keeps_its_grade(core, game, monkeypatch):
    doc, decisions = game
    seen = []
    real = TableWatch.update

    def update(self, steps):
        seen.append(len(steps))
        return real(self, steps)

    monkeypatch.setattr(TableWatch, "update", update)
    grades = grades_with_table(doc, decisions, "fast", 3, PLAYOUTS)
    assert [g.number for g in grades] == [d.ply for d in decisions]
    assert seen == [d.ply - 1 for d in decisions]          # the moves before each decision, no later one
    first = grades[0]
    assert first.number == 1 and first.read.klass == first.klass and not first.depends   # nothing read yet
    assert all(len(g.table) == 2 or g.table[2:] == (OWN_ENDS,) for g in grades)
    assert any("played" in w for w in grades[-1].table) and grades[-1].table[-1] == OWN_ENDS
    assert all(g.to_json()["depends"] == (g.klass != g.read.klass) for g in grades)
