"""``pennypress position new`` and ``pennypress selfplay``."""
import json

from pennypress.engine import State, new_game
from tests.cli_helpers import assert_bad_input, run


def test_position_new_prints_the_seeded_game(capsys):
    code, out, err = run(capsys, "position", "new", "--players", "4", "--seed", "3", "--variant", "newsboy",
                         "--reveal-deck")
    assert code == 0
    state = State.from_json(json.loads(out))
    assert state == new_game(4, seed=3, variants=["newsboy"])


def test_position_new_keeps_the_deck_face_down_unless_asked(capsys):
    seeded = new_game(3, seed=8)
    code, out, _ = run(capsys, "position", "new", "--players", "3", "--seed", "8")
    assert code == 0
    doc = json.loads(out)
    assert doc["deck"]["order_known"] is False
    assert doc["deck"]["cards"] == sorted(seeded.deck) != seeded.deck  # the shuffle cannot be read back
    assert doc["deck"]["discard"] == seeded.discard
    hidden = State.from_json(doc)
    assert hidden.deck_known is False and hidden.columns == seeded.columns and hidden.players == seeded.players
    code, out, _ = run(capsys, "position", "new", "--players", "3", "--seed", "8", "--reveal-deck")
    revealed = json.loads(out)["deck"]
    assert revealed["order_known"] is True and revealed["cards"] == seeded.deck


def test_position_new_corrected_deck(capsys):
    code, out, _ = run(capsys, "position", "new", "--players", "2", "--deck", "corrected")
    assert code == 0 and json.loads(out)["game"] == {"players": 2, "variants": ["two-player"], "deck": "corrected"}


def test_bad_input_is_one_line_exit_2(capsys):
    assert_bad_input(*run(capsys, "position", "new", "--players", "3", "--variant", "newsboy"), "newsboy")
    assert_bad_input(*run(capsys, "position", "new", "--players", "6"), "players")


def test_selfplay_prints_json_and_is_repeatable(capsys):
    code, out, err = run(capsys, "selfplay", "--players", "3", "--games", "2", "--seed", "5")
    assert code == 0 and "2/2 games" in err
    report = json.loads(out)
    assert report["games"] == 2 and report["invariant_violations"] == 0
    assert all(r["scores"] and r["winners"] for r in report["results"])
    _, out2, _ = run(capsys, "selfplay", "--players", "3", "--games", "2", "--seed", "5")
    assert out2 == out
