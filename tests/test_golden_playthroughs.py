"""The golden playthroughs (``tests/golden/``) replay to exactly their committed text.

Each game is played again from its seed and compared with its file line by
line; a difference fails with the first lines of a unified diff and the one
command that writes the files again (:data:`tests.golden.playthroughs.COMMAND`),
to run only when the change of behaviour is meant. The advisor's games need the
native core (the ``core`` fixture: skipped without it, failed under CI) and are
checked on one thread and on two, which must give the same text.
"""
from __future__ import annotations

import pytest

from tests.golden.playthroughs import ADVISOR, COMMAND, PLAYTHROUGHS, Playthrough, difference, main, play

BOTS_ONLY = [g for g in PLAYTHROUGHS if ADVISOR not in g.seats]
WITH_ADVISOR = [g for g in PLAYTHROUGHS if ADVISOR in g.seats]


def _same(game: Playthrough, threads: int = 1) -> None:
    diff = difference(game, play(game, threads))
    if diff is not None:
        pytest.fail(f"the golden playthrough {game.name} differs from this tree's game "
                    f"(the first differences below). If the change of behaviour is meant, write the playthroughs "
                    f"again with\n\n    {COMMAND}\n\nand review their diff in the commit.\n\n{diff}", pytrace=False)


@pytest.mark.parametrize("game", BOTS_ONLY, ids=lambda g: g.name)
def test_bot_games_replay_exactly(game):
    _same(game)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("game", WITH_ADVISOR, ids=lambda g: g.name)
def test_advisor_games_replay_exactly_on_any_thread_count(game, threads, core):
    _same(game, threads)


def test_the_set_covers_every_table_and_variant():
    from pennypress.engine.game.variants import VARIANTS

    tables = {(g.players, g.definition.variant.name) for g in PLAYTHROUGHS}
    assert {p for p, _ in tables} == {2, 3, 4, 5}
    assert {v for _, v in tables} == {"standard", *VARIANTS}
    seats = {name for g in PLAYTHROUGHS for name in g.seats}
    assert {"random", "greedy", "heuristic", "evaluator", ADVISOR} <= seats
    assert {g.deck for g in PLAYTHROUGHS} == {"default", "corrected"}
    assert {g.deck_known for g in PLAYTHROUGHS} == {True, False}
    assert len({g.name for g in PLAYTHROUGHS}) == len(PLAYTHROUGHS)


def test_a_changed_file_is_shown_as_a_diff_and_the_command(tmp_path, monkeypatch, capsys):
    game = BOTS_ONLY[0]
    text = play(game)
    lines = text.splitlines(keepends=True)
    changed = next(i for i, line in enumerate(lines) if line.startswith("5. "))
    lines[changed] = lines[changed].replace("5. ", "5. (edited) ", 1)
    edited = tmp_path / game.path.name
    edited.write_text("".join(lines), encoding="utf-8")
    monkeypatch.setattr(type(game), "path", property(lambda g: tmp_path / f"{g.name}.txt"))
    diff = difference(game, text)
    assert f"-{lines[changed].rstrip()}" in diff.splitlines() and f"+{text.splitlines()[changed]}" in diff.splitlines()
    assert main(["--only", game.name]) == 1
    out = capsys.readouterr().out
    assert COMMAND in out and "(edited)" in out
    assert main(["--only", game.name, "--write"]) == 0 and edited.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("game", BOTS_ONLY, ids=lambda g: g.name)
def test_bot_games_replay_exactly_on_the_core(game, core):
    diff = difference(game, play(game, engine="native"))
    assert diff is None, f"the native core plays {game.name} otherwise than the Python engine's file:\n{diff}"
