"""Variants are objects: each game asks its Variant's hooks, and nothing else tests a variant's name."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pennypress.engine import GameDefinition, IllegalMove, PassNewsboy, Phase, new_game, parse_move
from pennypress.engine.game.tables import VARIANT_DATA
from pennypress.engine.game.variants import NEWSBOY, STANDARD, TWO_PLAYER, VARIANTS, choosable
from pennypress.engine.notation.text import from_text, to_text
from pennypress.engine.rules.status import position_problems

ROOT = Path(__file__).resolve().parents[2]


def test_every_variant_of_the_data_is_an_object_and_each_game_plays_one():
    assert set(VARIANTS) == set(VARIANT_DATA)
    for name, variant in VARIANTS.items():
        assert variant.name == name and list(variant.players) == VARIANT_DATA[name]["players"]
    assert [GameDefinition.create(n).variant for n in (2, 3, 4, 5)] == [TWO_PLAYER, STANDARD, STANDARD, STANDARD]
    assert GameDefinition.create(4, ["newsboy"]).variant is NEWSBOY
    assert [[v.name for v in choosable(n)] for n in (2, 3, 4, 5)] == [[], [], ["newsboy"], ["newsboy"]]


def test_the_two_player_order_comes_from_its_variant():
    s = new_game(2, seed=1)
    order = []
    for _ in range(7):
        order.append(s.current)
        assert s.next_turn() == ((s.current if s.turns_left > 1 else 1 - s.current),
                                 (s.turns_left - 1 if s.turns_left > 1 else TWO_PLAYER.turns_in_a_row))
        s.play(s.legal_moves()[0])
    assert order == [0, 1, 1, 0, 0, 1, 1]
    assert "turns=" in to_text(s).split(" | ")[1] and "turns=" not in to_text(new_game(3, seed=1)).split(" | ")[1]


def test_the_newsboy_hooks_deal_restrict_pass_and_end_the_strike():
    s = new_game(4, seed=3, variants=["newsboy"])
    assert s.newsboy == 1  # dealt to the second player
    s.play(s.legal_moves()[0])  # player 0 acts; player 1 holds the newsboy
    assert s.legal_moves() == [PassNewsboy()]
    assert s.why_illegal(parse_move("press")) == "you hold the newsboy: your only move is to pass it to the right"
    s.play(PassNewsboy())
    assert s.newsboy == 0 and s.current == 2  # passed to the right, play goes on to the left
    assert NEWSBOY.notation_missing("normal", {"turns"}) is not None
    assert from_text(to_text(s)).newsboy == 0
    while s.phase is Phase.NORMAL:
        moves = s.legal_moves()
        s.play(next((m for m in moves if str(m).startswith("press")), moves[0]))
    assert s.newsboy is None  # the strike ends with the final edition


def test_the_standard_game_refuses_a_newsboy():
    s = new_game(3, seed=2)
    assert s.why_illegal(PassNewsboy()) == "nobody holds the newsboy (the strike is not on)"
    with pytest.raises(IllegalMove):
        s.apply(PassNewsboy())
    s.newsboy = 1
    assert [(p.code, p.field) for p in position_problems(s)] == [("newsboy", "turn.newsboy")]


FLAGS = re.compile(r"""two_player_turns|definition\.newsboy\b|newsboy_variant|\.variant\.name\s*[!=]="""
                   r"""|["'](?:newsboy|two-player)["']\s+(?:not\s+)?in\s+[\w.\[\]"']*variants""")


def test_no_module_outside_the_variants_tests_a_variant_by_name():
    """Rules, io, notation, bots and the app ask the variant's hooks; only engine/game/variants/ knows names."""
    found = []
    for folder in ("engine", "ui", "solver", "pennypress"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "variants" in path.parts:
                continue
            for k, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if FLAGS.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{k}: {line.strip()}")
    assert found == []
