"""Readings pooled over several games of the same table (:func:`read_records`), and the player's word on the
command line (``advise --assume``)."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pennypress.engine import GameDefinition
from pennypress.engine.arena.recorded import record_selfplay
from pennypress.engine.arena.table_reading import read_record, read_records
from pennypress.engine.io.record import replay


@pytest.fixture(scope="module")
def games():
    from pennypress.engine import native

    if not native.available():
        pytest.skip("reading the table needs the native core")
    seats = ["heuristic", "early-presser", "evaluator"]
    return [record_selfplay(GameDefinition.create(3), seed=s, seats=seats)[0] for s in (31, 32)]


def test_two_games_pool_as_one_reading_whatever_their_order(core, games):
    a, b = games
    one, two = read_record(a, you=0), read_record(b, you=0)
    both, back = read_records([a, b], you=0), read_records([b, a], you=0)
    for s1, s2, ab, ba in zip(one.seats, two.seats, both.seats, back.seats):
        assert ab.moves == s2.moves and ab.earlier == s1.moves and ab.read == s1.moves + s2.moves
        assert ab.fits == {k: s1.fits[k] + s2.fits[k] for k in s1.fits}
        assert ab.posterior == pytest.approx(ba.posterior, rel=1e-9, abs=1e-12)   # a product: order-free
        assert f"{s1.moves} of them in earlier games" in ab.words()
    assert both.seats[0].style == "early-presser"


def test_games_of_different_tables_and_a_negative_cut_are_refused(core, games):
    from pennypress.errors import BadInput

    two, _ = record_selfplay(GameDefinition.create(2), seed=3, seats=["greedy", "greedy"])
    with pytest.raises(BadInput, match="same players"):
        read_records([games[0], two], you=0)
    with pytest.raises(BadInput, match="--until: a number of moves, 0 or more"):
        read_records(games, you=0, until=-1)


def test_a_history_with_another_card_drawn_is_read_again(core, games, monkeypatch):
    """The same moves after another headline card are other positions: a kept reading starts again."""
    from pennypress.engine.arena.table_reading import SeatReader, TableWatch, record_steps

    reads = []
    monkeypatch.setattr(SeatReader, "read", lambda self, view, move: reads.append(view.ply))
    _, steps = record_steps(games[0])
    k = next(i for i, (view, _) in enumerate(steps) if view.discard)   # a move after a card was drawn
    other = steps[k][0].clone()
    other.discard = list(other.discard)[:-1]
    changed = steps[:k] + [(other, steps[k][1])] + steps[k + 1:]
    watch = TableWatch(3, 0)
    watch.update(steps)
    reads.clear()
    watch.update(changed)
    assert len(reads) == sum(view.current != 0 for view, _ in changed)   # every opponent move read afresh
    reads.clear()
    watch.update(changed + [])
    assert reads == []                                                  # the same history: nothing read again


def _run(*args):
    return subprocess.run([sys.executable, "-m", "pennypress", *map(str, args)], capture_output=True, text=True)


def test_table_reads_several_records_and_advise_takes_your_word(core, games, tmp_path):
    a, b = games
    files = []
    for k, doc in enumerate(games):
        path = tmp_path / f"game{k}.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        files.append(path)
    out = _run("table", *files, "--you", 0)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == read_records([a, b], you=0).to_json()
    cut = {k: v for k, v in b.items() if k not in ("final_scores", "winners")}
    cut["moves"] = cut["moves"][:9]
    position = tmp_path / "position.json"
    position.write_text(json.dumps(replay(cut).state.to_json()), encoding="utf-8")
    me = replay(cut).state.current
    other = (me + 1) % 3
    said = _run("advise", position, "--budget", "fast", "--assume", f"{other}=big-pages", "--text")
    assert said.returncode == 0, said.stderr
    assert "plays like the big-page presser: the advice assumes it" in said.stdout
    # the next player taken for certain: the answer searched for them counts nothing, and the words say so
    assert "which the table reading gives no chance: the chance is the styles read's alone" in said.stdout
    assert "the table reading gives that no chance, so with the styles read playing" in said.stdout
    for bad, words in ((f"{me}=greedy", "not an opponent"), (f"{other}=oracle", "is not a style"),
                       ("x", "expected PLAYER=STYLE"), ("\u00b2=greedy", "expected PLAYER=STYLE")):
        out = _run("advise", position, "--budget", "fast", "--assume", bad)
        assert out.returncode == 2 and words in out.stderr and out.stderr.count("\n") == 1, out.stderr
