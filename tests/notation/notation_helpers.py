"""Helpers of the notation tests: the round-trip normaliser, positions from self-play, the doc's examples."""
from __future__ import annotations

import re
from pathlib import Path

from pennypress.engine import GameDefinition, State
from pennypress.engine.arena.selfplay import play_game
from pennypress.engine.position.position import Phase

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "guide" / "notation.md"


def normalised(state: State) -> State:
    """``state`` apart from what the notation does not carry: the undrawn deck's order (it comes
    back as an unordered set), ``ply`` and the last event."""
    s = state.clone()
    s.deck = sorted(s.deck)
    s.deck_known = False
    s.ply = 0
    s.last_event = None
    return s


def game_plan(games: int) -> list[tuple[GameDefinition, int]]:
    """``games`` seeded games spread over 2-5 players, both variants (newsboy with 4-5) and both decks."""
    out = []
    for g in range(games):
        players = 2 + g % 4
        variants = ["newsboy"] if players >= 4 and (g // 4) % 2 else []
        deck = "corrected" if (g // 8) % 2 else "default"
        out.append((GameDefinition.create(players, variants, deck), 1000 + g))
    return out


def selfplay_positions(games: int, every: int = 3, bot: str = "random") -> list[State]:
    """Positions of complete self-play games: every ``every``-th move of normal play and every
    position of the final edition (both rounds) and the end."""
    out: list[State] = []
    for definition, seed in game_plan(games):
        count = [0]

        def keep(state: State) -> None:
            count[0] += 1
            if state.phase is not Phase.NORMAL or count[0] % every == 0:
                out.append(state.clone())

        play_game(definition, seed, bot=bot, check=False, on_move=keep)
    return out


def doc_text() -> str:
    return DOC.read_text(encoding="utf-8")


def notation_blocks(text: str | None = None) -> list[str]:
    """Every fenced block marked ``notation`` in docs/guide/notation.md (each one line)."""
    return re.findall(r"^```notation\n(.*?)\n```", text or doc_text(), flags=re.M | re.S)


def same_position_files(text: str | None = None) -> list[tuple[str, str]]:
    """``(line, file)`` for each notation block followed by ``<!-- same position as: FILE -->``."""
    return re.findall(r"^```notation\n(.*?)\n```\n<!-- same position as: (\S+) -->", text or doc_text(), flags=re.M | re.S)


def console_examples(text: str | None = None) -> list[tuple[list[str], str | None, str]]:
    """The doc's ``console`` blocks as ``(argv, stdin or None, expected output)`` per ``$`` command.

    A command is ``$ pennypress ARGS`` or ``$ echo 'TEXT' | pennypress ARGS``; its expected output is
    the lines up to the next ``$`` (stdout and stderr together).
    """
    import shlex

    out = []
    for block in re.findall(r"^```console\n(.*?)```", text or doc_text(), flags=re.M | re.S):
        commands = re.split(r"^\$ ", block, flags=re.M)[1:]
        for command in commands:
            line, _, expected = command.partition("\n")
            stdin = None
            m = re.fullmatch(r"echo '(.*)' \| (pennypress .*)", line)
            if m:
                stdin, line = m.group(1) + "\n", m.group(2)
            argv = shlex.split(line)
            assert argv[0] == "pennypress", line
            out.append((argv[1:], stdin, expected))
    return out
