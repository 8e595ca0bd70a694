"""What playing the final edition exactly is worth to a bot, in seat-rotated games on the native core.

The search's playouts (``engine/advisor/policy.py``) seat the value bot and the
heuristic bot; both play the final edition by the heuristic bot's rules (the
value bot falls back on it there), so a search whose playouts reach the final
edition values the end of the game as weak players would play it -- the
player's own final turns included, though the advisor itself solves the final
edition exactly once it begins. This benchmark measures that gap seat by seat.

For each bot of ``--bots`` it plays ``--games`` seat-rotated 3-player games
against two copies of ``--opponent`` twice, on the same deals, seeds and
card draws: once as the bot plays, once with its final edition played by the
exact final-edition search (``pennypress_core.ExactSearch``: each player
maximises their own win share, then margin, then score; the first such move in
the legal order). Each game's pair gives the paired difference of the bot's
win share (95% interval); the games differ only from the first final-edition
decision of the bot's seat on.

Bots: ``value`` and ``heuristic`` are the playouts' bots as the search seats
them (``policy.core_policy``), ``evaluator``, ``timer`` and ``mcts`` the league's.
The game loop runs in Python on core positions (a few milliseconds a game);
every bot decides on the core and sees only the public position.

    python -m benchmarks.strength.final_edition --games 2400 --seed 990001 --bots value,heuristic,evaluator
"""
from __future__ import annotations

import argparse
import json
import sys
import time

from tqdm import tqdm

from pennypress.engine import native
from pennypress.engine.advisor.policy import core_policy
from pennypress.engine.advisor.stats import paired
from pennypress.engine.arena.native_games import seat_policy
from pennypress.engine.arena.seats import seat_seed
from pennypress.engine.arena.tournament import deck_seed
from pennypress.engine.io.state import new_game
from pennypress.engine.play.invariants import DEFAULT_MOVE_CAP

PLAYERS = 3
PLAYOUT_BOTS = ("value", "heuristic")
LEAGUE = ("evaluator", "timer", "mcts")
BOTS = PLAYOUT_BOTS + LEAGUE


def policy_of(name: str):
    """The core's policy of a bot name of :data:`BOTS`."""
    return core_policy(name) if name in PLAYOUT_BOTS else seat_policy(name)


def exact_move(pos, search) -> str:
    """The exact search's move for the player to move in a final-edition position: the first legal move
    with the best (win share, margin, score) for that player."""
    me = pos.current_player
    best_key, best = None, None
    for move, values in search.move_values(pos):
        key = tuple(values[me])
        if best_key is None or key > best_key:
            best_key, best = key, move
    return best


def play(start, deck: list[int], policies: list, seeds: list[int], exact_seat: int | None,
         log: list | None = None) -> list[int]:
    """One game from ``start`` with the deck order ``deck``; the seat ``exact_seat`` (if any) plays its
    final-edition decisions by the exact search. The winners; a ``log`` given gets every move as
    ``(seat, phase, move, by the exact search)``."""
    core = native.core_module()
    pos, deck = start.clone(), list(deck)
    bots = [core.Bot(p, s) for p, s in zip(policies, seeds)]
    search = core.ExactSearch()
    moves = 0
    while not pos.is_over() and moves < DEFAULT_MOVE_CAP:
        seat = pos.current_player
        exact = seat == exact_seat and pos.phase != "normal"
        move = exact_move(pos, search) if exact else bots[seat].choose(pos)
        if log is not None:
            log.append((seat, pos.phase, move, exact))
        pos.apply(move)
        if pos.is_chance_node():
            pos.apply_chance(deck.pop(0))
        moves += 1
    return list(pos.winners) if pos.is_over() else []


def measure(bot: str, opponent: str, games: int, seed: int) -> dict:
    """``bot`` against two ``opponent`` seats, as it plays and with its final edition exact, paired."""
    core_bot, core_opp = policy_of(bot), policy_of(opponent)
    plain, exact = [], []
    started = time.perf_counter()
    with tqdm(total=games, desc=bot, unit="game", file=sys.stderr, leave=False) as bar:
        for deck_no in range(games // PLAYERS):
            ds = deck_seed(seed, deck_no)
            state = new_game(PLAYERS, seed=ds)
            start, deck = native.native_position(state, checked=False), list(state.deck)
            for rotation in range(PLAYERS):
                policies = [core_opp] * PLAYERS
                policies[rotation] = core_bot
                seeds = [seat_seed(ds, s) for s in range(PLAYERS)]
                for out, seat in ((plain, None), (exact, rotation)):
                    winners = play(start, deck, policies, seeds, seat)
                    out.append(1 / len(winners) if rotation in winners else 0.0)
                bar.update(1)
    n = len(plain)
    diff = paired(exact, plain)
    return {"bot": bot, "opponent": opponent, "games": n,
            "share": round(sum(plain) / n, 4), "share_exact": round(sum(exact) / n, 4),
            "gain": round(diff.mean, 4), "interval": [round(diff.low, 4), round(diff.high, 4)],
            "games_that_differ": sum(a != b for a, b in zip(plain, exact)),
            "seconds": round(time.perf_counter() - started, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2400, help="seat-rotated games a bot (a multiple of 3)")
    ap.add_argument("--seed", type=int, default=990001)
    ap.add_argument("--bots", default="value,heuristic,evaluator", help=f"comma-separated, of: {', '.join(BOTS)}")
    ap.add_argument("--opponent", default="evaluator", help=f"the two other seats, one of: {', '.join(BOTS)}")
    ap.add_argument("--json", action="store_true", help="one JSON object a bot instead of the table")
    args = ap.parse_args(argv)
    names = args.bots.split(",")
    bad = [n for n in names + [args.opponent] if n not in BOTS]
    if bad:
        print(f"final_edition: unknown bot {bad[0]!r} (expected one of {', '.join(BOTS)})", file=sys.stderr)
        return 2
    if args.games <= 0 or args.games % PLAYERS:
        print(f"final_edition: --games must be a positive multiple of {PLAYERS}, got {args.games}", file=sys.stderr)
        return 2
    if not native.available():
        print("final_edition: needs the native core (python3 run.py builds it)", file=sys.stderr)
        return 2
    if not args.json:
        print("| bot | against | games | as it plays | final edition exact | gain (95%) |\n|---|---|---|---|---|---|")
    for name in names:
        r = measure(name, args.opponent, args.games, args.seed)
        if args.json:
            print(json.dumps(r), flush=True)
        else:
            lo, hi = r["interval"]
            print(f"| {name} | two {args.opponent} | {r['games']} | {100 * r['share']:.1f}% | "
                  f"{100 * r['share_exact']:.1f}% | {100 * r['gain']:+.1f} ({100 * lo:+.1f} to {100 * hi:+.1f}) |",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
