"""The seat registry is the one place a seat is named (issue #57): every list of seats -- the tournament's
names, the strategy study's, the labels and pickers of the app, the words of the strategy guide, the
command line's help and the seat table of ``docs/guide/cli.md`` -- derives from
:data:`~pennypress.engine.arena.seats.SEATS`, and a seat registered the recipe's way
(``docs/developer/recipes.md``, "A seat") shows up on each of them with its own label.
"""
from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import pennypress.ui.app
from pennypress.engine.advisor.budget import BUDGETS
from pennypress.engine.arena.seats import (SEATS, Seat, bot_names, make_bot, seat_label, seat_words,
                                           strategy_names, strategy_seats)
from pennypress.engine.game.moves import Move
from pennypress.engine.io.state import PublicState
from pennypress.engine.play.bots import GreedyBot
from pennypress.engine.rules.actions import legal_moves
from pennypress.engine.strategy.games import check_bots
from pennypress.errors import BadInput
from pennypress.ui.cli import main
from pennypress.ui.cli.run import build_parser
from pennypress.ui.render.tournament_words import bot_label, seat_table

ROOT = Path(__file__).resolve().parents[1]
APP = Path(pennypress.ui.app.__file__).resolve().with_name("streamlit_app.py")


class FirstMoveBot:
    """The recipe's bot: plays the first legal move."""

    name = "first"

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, view: PublicState) -> Move:
        return legal_moves(view)[0]


def _help(command: str) -> str:
    """``pennypress COMMAND --help``, on one line (argparse wraps it at the terminal's width)."""
    parser = build_parser(command)
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    return " ".join(sub.choices[command].format_help().split())


def _registered() -> list[tuple[str, Seat]]:
    """Every seat name of the registry (a family once per option) with its seat."""
    return [(f"{base}:{o}" if o else base, seat) for base, seat in SEATS.items() for o in seat.options or ("",)]


def _picker_labels(page: str, key: str) -> list[str]:
    at = AppTest.from_file(str(APP), default_timeout=60).run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return list(at.selectbox(key=key).options)


def _check_every_surface(names: list[str], strategy: list[str]) -> None:
    """Each of ``names`` on the tournament's lists (the names, the command line's help, the app's pickers,
    its label), each of ``strategy`` on the strategy study's (accepted by ``--bots``, in its help)."""
    assert list(bot_names()) == names
    assert list(strategy_names()) == strategy
    for command in ("selfplay", "tournament", "play"):
        text = _help(command)
        assert all(name in text for name in names), (command, text)
    strategy_help = _help("strategy")
    for name in strategy:
        base, colon, option = name.partition(":")
        assert (f"{base}:BUDGET" in strategy_help and option in strategy_help) if colon else name in strategy_help
        assert check_bots(name) == (name,)
    for page, key in (("app_pages/tournament.py", "tour_seat_0"), ("app_pages/play_game.py", "play_seat_1")):
        assert _picker_labels(page, key) == [bot_label(n) for n in names], page


def test_every_registered_seat_is_on_every_list():
    registered = _registered()
    names = [name for name, seat in registered if seat.tournament]
    strategy = [name for name, seat in registered if seat.strategy]
    _check_every_surface(names, strategy)
    for name, seat in registered:
        assert bot_label(name) == seat_label(name) and seat.label in seat_label(name), name
        assert seat.words and seat.words in seat_words(name), name
    doc = (ROOT / "docs" / "guide" / "cli.md").read_text(encoding="utf-8")
    assert seat_table() in doc, "docs/guide/cli.md: paste tournament_words.seat_table() under `pennypress tournament`"
    assert all(f"| `{name}` |" in seat_table() for name, _ in registered)


def test_the_labels_and_words_of_the_shipped_seats():
    assert [bot_label(n) for n in ("random", "greedy", "heuristic", "evaluator", "timer", "mcts", "advisor:fast")] == [
        "Random bot", "Greedy bot", "Heuristic bot", "Evaluator (league)", "Press timer (league)", "MCTS (league)",
        "Advisor (fast)"]
    assert [seat_words(n) for n in ("evaluator", "value", "timer", "mcts", "heuristic", "greedy", "random")] == [
        "the league's evaluator", "the value bot", "the timer bot", "the MCTS bot", "the heuristic bot",
        "the greedy bot", "the random bot"]
    assert [seat_words(f"advisor:{b}") for b in BUDGETS] == [f"the advisor ({b})" for b in BUDGETS]
    assert SEATS["advisor"].options == tuple(BUDGETS)  # the advisor family: one seat name per budget
    unregistered = (bot_label("my-bot"), seat_words("my-bot"), bot_label("release:fast"))
    assert unregistered == ("My-bot", "my-bot", "Release (fast)")


def test_value_sits_only_at_the_strategy_table():
    assert "value" in strategy_seats() and "value" not in bot_names()
    with pytest.raises(BadInput, match="unknown bot 'value'"):
        make_bot("value")


def test_a_seat_registered_the_recipes_way_is_on_every_list(monkeypatch):
    """The recipe's seat (a Python bot the core does not play) and a seat the core plays at the strategy
    table: each gets its label and its words everywhere; only the second is accepted by ``--bots``."""
    names, strategy = list(bot_names()), list(strategy_names())
    monkeypatch.setitem(SEATS, "first", Seat(FirstMoveBot, label="First-move bot", words="the first-move bot"))
    monkeypatch.setitem(SEATS, "cautious", Seat(functools.partial(GreedyBot, threshold=12), label="Cautious greedy bot",
                                                words="the cautious greedy bot", strategy=True))
    _check_every_surface(names + ["first", "cautious"], strategy + ["first", "cautious"][1:])
    assert (bot_label("first"), seat_words("first")) == ("First-move bot", "the first-move bot")
    assert "| `first` | First-move bot | the first-move bot | yes | no | the same bot |" in seat_table()
    with pytest.raises(BadInput, match="unknown bot 'first'"):
        check_bots("first,evaluator")
    assert main(["strategy", "--players", "3", "--games", "3", "--bots", "first,evaluator", "--quiet"]) == 2


def test_a_strategy_seat_of_the_recipe_plays_a_study(core, monkeypatch, capsys):
    monkeypatch.setitem(SEATS, "cautious", Seat(functools.partial(GreedyBot, threshold=12), label="Cautious greedy bot",
                                                words="the cautious greedy bot", strategy=True))
    assert main(["strategy", "--players", "2", "--games", "4", "--seed", "3", "--bots", "cautious,evaluator",
                 "--workers", "1", "--quiet"]) == 0
    report = json.loads(capsys.readouterr().out)
    claims = [f["claim"] for f in report["findings"] if f["kind"] == "bot" and f["bot"] == "cautious"]
    assert claims and claims[0].startswith("The cautious greedy bot "), claims
