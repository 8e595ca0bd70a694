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
exact final-edition search (``Policy.exact_final`` of the core, the Python
``ExactFinalBot``: each player maximises their own win share, then margin, then
score; the first such move in the legal order). Each game's pair gives the
paired difference of the bot's win share (95% interval); the games differ only
from the first final-edition decision of the bot's seat on.

Bots: ``value`` and ``heuristic`` are the playouts' bots as the search seats
them (``policy.core_policy``), ``evaluator``, ``timer`` and ``mcts`` the league's.
The games run on the core's threads (``--threads``; the same figures on any
number); every bot sees only the public position.

The default seed, 990002, is fresh (benchmarks/results/seeds.json does not list it); the recorded run
(docs/lab/self-play.md) used 990001:

    python -m benchmarks.strength.final_edition --games 2400 --seed 990001 --bots value,heuristic,evaluator
"""
from __future__ import annotations

import argparse
import json
import sys
import time

from tqdm import tqdm

from pennypress.engine import native
from pennypress.engine.native import search
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


def games_of(bot: str, opponent: str, games: int, seed: int, exact: bool) -> list[tuple]:
    """The seat-rotated games of ``bot`` against two ``opponent`` seats, as
    :func:`~pennypress.engine.native.search.play_games` takes them: per deal, one game a rotation, the
    bot's seat :func:`~pennypress.engine.native.search.exact_final_policy` when ``exact``. Both arms get
    the same deals, card orders and seat seeds."""
    core_bot, core_opp = policy_of(bot), policy_of(opponent)
    if exact:
        core_bot = search.exact_final_policy(core_bot)
    out = []
    for deck_no in range(games // PLAYERS):
        ds = deck_seed(seed, deck_no)
        state = new_game(PLAYERS, seed=ds)
        start, deck = native.native_position(state, checked=False), list(state.deck)
        seeds = [seat_seed(ds, s) for s in range(PLAYERS)]
        for rotation in range(PLAYERS):
            policies = [core_opp] * PLAYERS
            policies[rotation] = core_bot
            out.append((start, deck, policies, seeds))
    return out


def shares(results: list[tuple]) -> list[float]:
    """The bot's win share in each game of :func:`games_of`'s order (its seat is the game's rotation)."""
    return [1 / len(winners) if i % PLAYERS in winners else 0.0
            for i, (_, winners, *_) in enumerate(results)]


def measure(bot: str, opponent: str, games: int, seed: int, threads: int = 1) -> dict:
    """``bot`` against two ``opponent`` seats, as it plays and with its final edition exact, paired."""
    started = time.perf_counter()
    plain, exact = [], []
    chunk = 900  # games a call to the core: the progress bar moves between calls
    with tqdm(total=2 * games, desc=bot, unit="game", file=sys.stderr, leave=False) as bar:
        for out, arm in ((plain, False), (exact, True)):
            todo = games_of(bot, opponent, games, seed, arm)
            for at in range(0, len(todo), chunk):
                out += shares(search.play_games(todo[at:at + chunk], DEFAULT_MOVE_CAP, threads))
                bar.update(len(todo[at:at + chunk]))
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
    ap.add_argument("--seed", type=int, default=990002,
                    help="seed of the deals and card draws (default 990002, not in benchmarks/results/seeds.json)")
    ap.add_argument("--bots", default="value,heuristic,evaluator", help=f"comma-separated, of: {', '.join(BOTS)}")
    ap.add_argument("--opponent", default="evaluator", help=f"the two other seats, one of: {', '.join(BOTS)}")
    ap.add_argument("--threads", type=int, default=1, help="the core's threads (the same games on any number)")
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
        r = measure(name, args.opponent, args.games, args.seed, max(1, args.threads))
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
