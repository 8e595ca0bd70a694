"""``pennypress play``: scripted games to the end whose record replays, hint/undo/save, interactive
play, and bad input (one message, exit 2)."""
from __future__ import annotations

import json

import pytest

from pennypress.engine.arena.seats import make_bot
from pennypress.engine.arena.table_game import TableGame
from pennypress.engine.game.words import move_words
from pennypress.engine.io.record import replay
from tests.cli_helpers import assert_bad_input, run

SEED = 21


def _persons_moves(players: int, me: int, seats: str, seed: int) -> tuple[list[str], TableGame]:
    """The moves a greedy bot makes in the person's seat of that game (notation, pages spelled out)."""
    game = TableGame.new(players, me, seats, seed=seed)
    bot = make_bot("greedy", 99)
    moves = []
    while not game.is_over:
        game.run_bots()
        if game.person_to_move:
            moves.append(game.play(bot.choose(game.view())).move)
    record_moves = [m if isinstance(m, str) else m["move"] for m in game.record()["moves"]]
    spelled = [record_moves[e.number - 1] for e in game.events if e.by_person]
    assert len(spelled) == len(moves)
    return spelled, game


def test_a_scripted_game_plays_to_the_end_and_its_record_replays(tmp_path, capsys):
    moves, expected = _persons_moves(3, 1, "greedy,greedy", SEED)
    saved = tmp_path / "midgame.json"
    script = ["# a comment and a blank line are skipped", "", "hint", moves[0], "undo", moves[0],
              f"save {saved}", *moves[1:], "these lines come after the end and are ignored"]
    path = tmp_path / "script.txt"
    path.write_text("\n".join(script) + "\n")
    code, out, err = run(capsys, "play", "--players", "3", "--me", "2", "--seats", "greedy,greedy",
                         "--seed", str(SEED), "--script", str(path))
    assert code == 0, err
    record = json.loads(out)
    assert record["format"] == "pennypress-record" and record["seed"] == SEED
    result = replay(record)
    assert result.state.is_over and result.state == expected.state
    assert record["final_scores"] == [p.circulation for p in expected.state.players]
    assert "Hint: " in err and "Took back your last move" in err and "The game is over: " in err
    assert " bonus: " in err and "(you): " in err
    # the save mid-game is a record that continues the same game
    mid = TableGame.load(json.loads(saved.read_text()))
    assert mid.names == ("greedy", None, "greedy") and mid.person_to_move
    assert replay(json.loads(saved.read_text())).state.ply < expected.state.ply


def test_a_move_by_its_number_in_the_list(tmp_path, capsys):
    game = TableGame.new(2, 0, "greedy", seed=4)
    words = game.legal_moves()
    path = tmp_path / "s.txt"
    path.write_text("3\nquit\n")
    code, out, err = run(capsys, "play", "--players", "2", "--me", "1", "--seats", "greedy", "--seed", "4",
                         "--script", str(path))
    assert code == 0, err
    assert f"1. You {move_words(words[2][0], past=True)}" in err
    assert json.loads(out)["moves"][0] == str(words[2][0])


@pytest.mark.parametrize("argv, script, message", [
    (["--players", "3", "--me", "1", "--seats", "greedy,chess-engine"], None, "unknown bot 'chess-engine'"),
    (["--players", "3", "--me", "4", "--seats", "greedy,greedy"], None, "the person's newspaper must be 1 to 3"),
    (["--players", "3", "--me", "0", "--seats", "greedy,greedy"], None, "the person's newspaper must be 1 to 3"),
    (["--players", "3", "--me", "1", "--seats", "greedy"], None, "seats: 1 bots named"),
    (["--players", "7", "--me", "1", "--seats", "greedy"], None, "--players must be 2 to 5"),
    (["--players", "2", "--me", "1", "--seats", "greedy"], "fly to the moon\n", "line 1: "),
    (["--players", "2", "--me", "1", "--seats", "greedy"], "hint\nassign 9 war:A:1\n", "line 2: "),
    (["--players", "2", "--me", "1", "--seats", "greedy"], "undo please\n", "'undo' takes nothing after it"),
    (["--players", "2", "--me", "1", "--seats", "greedy"], "1\n", "the commands ended before the game did"),
])
def test_bad_input_is_one_message_and_exit_2(tmp_path, capsys, argv, script, message):
    if script is not None:
        path = tmp_path / "s.txt"
        path.write_text(script)
        argv = [*argv, "--seed", "3", "--script", str(path)]
    code, out, err = run(capsys, "play", *argv)
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert lines[-1].startswith("pennypress: ") and message in lines[-1] and "Traceback" not in err


def test_a_missing_script_is_one_message(capsys, tmp_path):
    assert_bad_input(*run(capsys, "play", "--players", "2", "--me", "1", "--seats", "greedy",
                          "--script", str(tmp_path / "nope.txt")), "script: cannot read")


def test_interactive_play_says_why_a_move_is_illegal_and_asks_again(monkeypatch, capsys):
    code, out, err = run(capsys, "play", "--players", "2", "--me", "1", "--seats", "greedy", "--seed", "5",
                         stdin="assign 9 war:A:1\n999\n1\nundo\nundo\nquit\n", monkeypatch=monkeypatch)
    assert code == 0 and err == ""
    assert "Send 9 reporters to War A ★ is illegal: " in out and "try again" in out
    assert "choose a number from 1 to" in out
    assert "1. You " in out and "Took back your last move" in out and "There is no move of yours to take back" in out
    assert out.count("Your turn (The Times). Your moves:") >= 3
