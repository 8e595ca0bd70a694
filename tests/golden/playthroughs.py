"""Golden playthroughs: a small set of seeded games written out move by move, compared exactly.

Each game of :data:`PLAYTHROUGHS` is played from its seeded deal by its seats
(``random``, ``greedy``, ``heuristic``, the league's ``evaluator`` and
``timer``, made as tournaments make them: :func:`~pennypress.engine.arena.seats.make_bot`
seeded :func:`~pennypress.engine.arena.seats.seat_seed`; ``advisor:fast`` is
the :class:`~pennypress.engine.advisor.bot.AdvisorBot` at a fixed playout count,
:data:`ADVISOR_PLAYOUTS`, so its games are quick and repeatable) through the one
game loop, :func:`~pennypress.engine.play.match.play_match`, and written to
``tests/golden/<name>.txt`` as text, one line per thing that happened, so a
change of behaviour shows as a diff in review:

- a header: the game (its JSON), the seats, the engine the file was made on,
  the deck's order (or that the cards are drawn by the game's seed) and the
  start in the one-line notation (:mod:`pennypress.engine.notation.text`);
- every move: its number, the player, its notation (a press with its page
  spelled out) and what happened in words (:mod:`pennypress.engine.arena.table_words`,
  which says moves by :func:`~pennypress.engine.game.words.move_words`);
- after a press: its page in words (:func:`~pennypress.engine.game.words.page_words`)
  and laid out on the 4x3 grid (:func:`pennypress.ui.render.page_text.render_page`),
  the headline card drawn, every newspaper's circulation and the position in
  the one-line notation; a card drawn outside a press likewise;
- the end: each beat's bonus, the final scores, the winner and the final position.

Every file is made on the Python engine, the reference, and its header says
so. A game of bots only can also be played on the native core (``--engine
native``: the core's bots of the same seats and seeds, the same draws), which
must give the same text, as ``tests/core/`` proves it plays the same game. The
advisor's playouts run on the native core
(:func:`~pennypress.engine.advisor.pool.playout_engine`), where its search
finishes small tables' final editions exactly, so its games are made and
checked only where the core is installed. The advisor's answer does not depend
on how many threads share its playouts, so neither does the text:
``--threads`` only changes how they are shared, and the test checks with two.

    .venv/bin/python -m tests.golden.playthroughs            # check: replay every game, show the first differences
    .venv/bin/python -m tests.golden.playthroughs --write    # write them all again
    .venv/bin/python -m tests.golden.playthroughs --engine native   # check the bots' games on the core

``tests/test_golden_playthroughs.py`` runs the check. Regenerate after a change
meant to change behaviour, and read the diff before committing it.
"""
from __future__ import annotations

import argparse
import difflib
import json
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from pennypress.engine import GameDefinition, native, new_game, public_view
from pennypress.engine.advisor.bot import AdvisorBot
from pennypress.engine.advisor.pool import playout_engine
from pennypress.engine.arena.native_games import seat_policy
from pennypress.engine.arena.seats import make_bot, seat_seed
from pennypress.engine.arena.table_words import (bonus_sentence, card_sentence, end_sentence, move_sentence,
                                                 press_sentence)
from pennypress.engine.game.cards import load_deck
from pennypress.engine.game.moves import GoToPress
from pennypress.engine.game.names import newspaper, player_token
from pennypress.engine.game.words import page_words
from pennypress.engine.io.state import State
from pennypress.engine.native.search import core_bot
from pennypress.engine.notation.text import to_text
from pennypress.engine.play.bots import Bot
from pennypress.engine.play.invariants import DEFAULT_MOVE_CAP
from pennypress.engine.play.match import OnMove, play_match
from pennypress.engine.position.events import Event, PressOutcome
from pennypress.solver import PressProblem
from pennypress.solver.vocab import BEATS, Placement
from pennypress.ui.render.page_text import render_page

HERE = Path(__file__).resolve().parent
COMMAND = ".venv/bin/python -m tests.golden.playthroughs --write"
"""The one command that writes every playthrough again (what a failing check tells the contributor)."""

ENGINES = ("python", "native")
"""Where a game can be played: the Python engine (every file is made there) or the native core (bots only)."""

ADVISOR = "advisor:fast"
ADVISOR_PLAYOUTS = 32
"""Playouts per move of the advisor's seat: few, so its games stay quick; fixed, so they are repeatable."""


@dataclass(frozen=True)
class Playthrough:
    """One golden game: its table, its seats (seat names, :data:`ADVISOR` for the advisor) and its seed.
    ``deck_known``: the deal's deck order is followed; otherwise the table is the players' view and each
    card is drawn by the game's seed."""

    name: str
    players: int
    seats: tuple[str, ...]
    seed: int
    variants: tuple[str, ...] = ()
    deck: str = "default"
    deck_known: bool = True

    @property
    def path(self) -> Path:
        return HERE / f"{self.name}.txt"

    @property
    def definition(self) -> GameDefinition:
        return GameDefinition.create(self.players, self.variants, self.deck)


PLAYTHROUGHS: tuple[Playthrough, ...] = (
    Playthrough("2p-two-player-advisor", 2, ("heuristic", ADVISOR), seed=11),
    Playthrough("3p-standard", 3, ("random", "greedy", "heuristic"), seed=3),
    Playthrough("3p-standard-drawn-by-seed", 3, ("evaluator", "heuristic", "greedy"), seed=8, deck_known=False),
    Playthrough("4p-standard-corrected-deck", 4, ("evaluator", "greedy", "heuristic", "random"), seed=4,
                deck="corrected"),
    Playthrough("4p-newsboy-advisor", 4, ("heuristic", "evaluator", ADVISOR, "greedy"), seed=6,
                variants=("newsboy",)),
    Playthrough("5p-standard", 5, ("greedy", "timer", "evaluator", "heuristic", "random"), seed=5),
    Playthrough("5p-newsboy-drawn-by-seed", 5, ("evaluator", "heuristic", "random", "greedy", "evaluator"), seed=9,
                variants=("newsboy",), deck_known=False),
)
"""Every golden game: 2 to 5 players, every variant (two-player, newsboy) and the standard game, both decks,
the deck's order known and drawn by the seed, the random, greedy, heuristic, evaluator and timer seats, and
the advisor at two tables (the league's mcts is left out: it is slow on the Python engine, where these games
are played)."""


# ------------------------------------------------------------------ playing
def _bot(name: str, seed: int, threads: int) -> Bot:
    if name == ADVISOR:
        return AdvisorBot(seed=seed, budget="fast", playouts=ADVISOR_PLAYOUTS, workers=threads)
    return make_bot(name, seed)


def _start(game: Playthrough) -> State:
    start = new_game(game.definition, seed=game.seed)
    return start if game.deck_known else public_view(start)


def _header(game: Playthrough, start: State) -> list[str]:
    seats = "; ".join(f"{player_token(p)} {newspaper(p)}: {name}" + (f" ({ADVISOR_PLAYOUTS} playouts a move)"
                                                                       if name == ADVISOR else "")
                      for p, name in enumerate(game.seats))
    made_on = "the Python engine (game loop, rules and bots)"
    if ADVISOR in game.seats:
        made_on += "; the advisor's playouts on the native core"
    else:
        made_on += "; the native core plays it to this same text"
    if game.deck_known:
        deck = "deck order: " + " ".join(map(str, start.deck))
    else:
        deck = f"deck order: hidden; each card drawn by random.Random({game.seed})"
    return [
        f"# Golden playthrough {game.name}: tests/test_golden_playthroughs.py replays it and compares exactly.",
        f"# After a change meant to change behaviour, write it again with: {COMMAND}",
        f"game: {json.dumps(game.definition.to_json())}",
        f"seed: {game.seed}",
        f"seats: {seats}",
        f"made on: {made_on}",
        deck,
        f"start: {to_text(start)}",
    ]


def _page_grid(press: PressOutcome) -> str:
    """The pressed page on the 4x3 grid, stories numbered in the order they were claimed."""
    claimed = press.claimed
    problem = PressProblem(tuple(s.claimed() for s in claimed), dict(zip(BEATS, press.beat_values)), press.ad)
    placements = [Placement(claimed.index(p.story), p.x, p.y, p.w, p.h) for p in press.page.placements]
    exclusive = None if press.page.exclusive is None else claimed.index(press.page.exclusive)
    return render_page(problem, placements, exclusive)


def _circulation(state: State) -> str:
    return ", ".join(f"{newspaper(p)} {player.circulation}" for p, player in enumerate(state.players))


def _move_lines(number: int, state: State, event: Event, deck: str) -> list[str]:
    """What one move did (its chance node resolved), as lines."""
    press = event.press
    notation = event.move if press is None else str(GoToPress(press.page))
    player = event.player
    words = move_sentence(player, None, notation) if press is None else press_sentence(player, None, press)
    lines = [f"{number}. {player_token(player)} {notation} | {words}"]
    cards = list(event.cards)
    if press is not None:
        lines.append(f"   page: {page_words(press.page)}")
        lines += ["   " + row for row in _page_grid(press).splitlines()]
        if press.card is not None:
            cards.append(press.card)
    for card in cards:
        lines.append(f"   card {card}: {card_sentence(load_deck(deck).card(card))}")
    if (press is not None or cards) and event.end is None:  # the end's lines give the last scores and position
        lines.append(f"   circulation: {_circulation(state)}")
        lines.append(f"   position: {to_text(state)}")
    return lines


def _end_lines(state: State, event: Event) -> list[str]:
    end = event.end
    lines = [f"end: {bonus_sentence(b.beat.title, b.players, b.points, b.most_stars, None)}" for b in end.bonuses]
    lines.append(f"final scores: {_circulation(state)}")
    lines.append(f"winner: {end_sentence(end.circulation, end.winners, None)}")
    lines.append(f"final position: {to_text(state)}")
    return lines


def play(game: Playthrough, threads: int = 1, engine: str = "python") -> str:
    """The playthrough of ``game`` as text (the advisor's playouts shared by ``threads`` threads), played on
    the Python engine or (``engine="native"``, a game of the core's bots only) on the native core."""
    if engine not in ENGINES or (engine == "native" and ADVISOR in game.seats):
        raise ValueError(f"{game.name}: cannot be played on {engine!r}")
    if ADVISOR in game.seats and playout_engine(seed=game.seed) != "native":
        raise RuntimeError(f"{game.name}: the advisor's games are played with its playouts on the native core, "
                           "which is not available here (`python3 run.py test` builds it)")
    start = _start(game)
    lines = _header(game, start)
    count = [0]

    def write_down(state: State, event: Event) -> None:
        count[0] += 1
        lines.extend(_move_lines(count[0], state, event, game.deck))
        if event.end is not None:
            lines.extend(_end_lines(state, event))

    if engine == "python":
        bots = [_bot(name, seat_seed(game.seed, seat), threads) for seat, name in enumerate(game.seats)]
        result = play_match(start, bots, seed=random.Random(game.seed), on_move=write_down)
        over, moves = result.state.is_over, result.moves
    else:
        over, moves = _play_on_core(game, start, write_down)
    if not over:
        lines.append(f"stopped: the game did not end within {moves} moves")
    return "\n".join(lines) + "\n"


def _play_on_core(game: Playthrough, start: State, on_move: OnMove) -> tuple[bool, int]:
    """``game`` played on the native core, move by move, as :func:`play_match` plays it: each seat the core's
    bot of that seat name with the same seed, each card the deck's next one or drawn by the core's copy of
    ``random.Random(seed)``; ``on_move`` is handed the position read back and each event. Whether the game
    ended, and its moves."""
    core = native.core_module()
    position = native.native_position(start, checked=False)
    bots = [core_bot(seat_policy(name), seat_seed(game.seed, seat)) for seat, name in enumerate(game.seats)]
    deck = list(start.deck) if game.deck_known else None
    rng = core.Random(game.seed)
    moves = 0
    while not position.is_over() and moves < DEFAULT_MOVE_CAP:
        event = native.apply(position, bots[position.current_player].choose(position))
        if position.is_chance_node():
            event = position.apply_chance(deck.pop(0)) if deck is not None else position.resolve_chance(rng)
        moves += 1
        on_move(native.to_state(position), Event.from_json(event))
    return position.is_over(), moves


# ------------------------------------------------------------------ checking and writing
def _shown(path: Path) -> str:
    """``path`` from the repository's root when it is inside it."""
    root = HERE.parents[1]
    return str(path.relative_to(root)) if path.is_relative_to(root) else str(path)


def difference(game: Playthrough, text: str, most: int = 40) -> str | None:
    """The first differences between ``game``'s file and ``text`` as a unified diff (at most ``most`` lines),
    or ``None`` when they are the same."""
    committed = game.path.read_text(encoding="utf-8") if game.path.exists() else ""
    if committed == text:
        return None
    rel = _shown(game.path)
    diff = list(difflib.unified_diff(committed.splitlines(), text.splitlines(), f"{rel} (committed)",
                                     f"{rel} (this tree)", n=2, lineterm=""))
    if not committed:
        diff = [f"{rel} is missing"]
    elif len(diff) > most:
        diff = diff[:most] + [f"... ({len(diff) - most} more diff lines)"]
    return "\n".join(diff)


def check(games: Iterable[Playthrough] = PLAYTHROUGHS, threads: int = 1, engine: str = "python") -> list[str]:
    """Every game replayed (on ``engine``) and compared with its file: one report per game that differs."""
    reports = []
    for game in games:
        diff = difference(game, play(game, threads, engine))
        if diff is not None:
            reports.append(f"golden playthrough {game.name} differs:\n{diff}")
    return reports


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--write", action="store_true", help="write every playthrough again")
    ap.add_argument("--threads", type=int, default=1, help="threads sharing the advisor's playouts")
    ap.add_argument("--only", metavar="NAME", action="append", help="only this game (repeatable)")
    ap.add_argument("--engine", choices=ENGINES, default="python",
                    help="check on this engine (native: the games without the advisor on the core); files are "
                         "always written on the Python engine")
    args = ap.parse_args(argv)
    if args.write and args.engine != "python":
        ap.error("the playthroughs are written on the Python engine, the reference: leave out --engine")
    known = {g.name: g for g in PLAYTHROUGHS}
    unknown = [n for n in args.only or () if n not in known]
    if unknown:
        ap.error(f"unknown game {unknown[0]!r} (expected one of {', '.join(known)})")
    games = [known[n] for n in args.only] if args.only else list(PLAYTHROUGHS)
    if args.engine == "native" or not native.available():
        if args.engine == "native" and not native.available():
            ap.error("--engine native needs the native core (`python3 run.py test` builds it)")
        left = [g.name for g in games if ADVISOR in g.seats]
        games = [g for g in games if ADVISOR not in g.seats]
        if left and args.engine == "python":
            print(f"left out, as the advisor's playouts need the native core: {', '.join(left)}")
    started = time.perf_counter()
    if args.write:
        for game in games:
            game.path.write_text(play(game, args.threads), encoding="utf-8")
            print(f"wrote {_shown(game.path)}")
        print(f"{len(games)} playthroughs in {time.perf_counter() - started:.1f} s")
        return 0
    reports = check(games, args.threads, args.engine)
    for report in reports:
        print(report, end="\n\n")
    seconds = time.perf_counter() - started
    if reports:
        print(f"{len(reports)} of {len(games)} playthroughs differ ({seconds:.1f} s). If the change is meant, "
              f"write them again with `{COMMAND}` and review the diff.")
        return 1
    print(f"{len(games)} playthroughs identical ({seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
