"""Two runs of the same seat-rotated games, paired game by game: what a change did to one seat's win share.

Each file is a ``--results`` file of ``benchmarks.strength.advisor`` (or of any
``benchmarks.strength.playout`` cell): one JSON line a game with its deck seed,
rotation, seats and winners. Two runs with the same seed play the same deals
and seats, so a game of one run is the game of the other with the same deck
seed and rotation; where the change altered nothing, both games are the same.
For ``--seat`` (the seat name, e.g. ``advisor:fast``; it sits once at each
table) this prints both win shares over the games the two files share, their
paired difference (second minus first) with its 95% interval (Student's t
over the games' differences), and how many games differ.

    python -m benchmarks.strength.paired_games before.jsonl after.jsonl --seat advisor:fast

``--second-seat`` names the seat in the second file when it is another bot in the same seat (the same deals
and opponents: ``advisor:normal`` where the first run seated ``advisor:fast``).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from pennypress.engine.advisor.stats import paired


def shares(path: Path, seat: str) -> dict[tuple[int, int], float]:
    """``{(deck seed, rotation): the seat's win share}`` of a results file; ``ValueError`` naming the line
    that is not a game with ``seat`` at its table once."""
    out = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            game = json.loads(line)
            seats, winners = list(game["seats"]), list(game["winners"])
            key = (int(game["deck_seed"]), int(game["rotation"]))
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{path}:{number}: not a game result ({exc})") from None
        if seats.count(seat) != 1:
            raise ValueError(f"{path}:{number}: {seat!r} does not sit once at the table {','.join(seats)}")
        mine = seats.index(seat)
        out[key] = 1 / len(winners) if mine in winners else 0.0
    return out


def compare(first: dict, second: dict) -> dict:
    """Both win shares over the shared games, the paired difference (second minus first) and games that differ."""
    keys = sorted(set(first) & set(second))
    a, b = [first[k] for k in keys], [second[k] for k in keys]
    d = paired(b, a)
    n = len(keys)
    return {"games": n, "first": sum(a) / n if n else 0.0, "second": sum(b) / n if n else 0.0,
            "difference": d.mean, "interval": [d.low, d.high], "differ": sum(x != y for x, y in zip(a, b))}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("first", type=Path)
    ap.add_argument("second", type=Path)
    ap.add_argument("--seat", default="advisor:fast", help="the seat whose win share is compared")
    ap.add_argument("--second-seat", help="that seat's name in the second file, if another (advisor:normal in the "
                                          "same seat: what its budget is worth against the same opponents)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    second_seat = args.second_seat or args.seat
    try:
        r = compare(shares(args.first, args.seat), shares(args.second, second_seat))
    except (OSError, ValueError) as exc:
        print(f"paired_games: {exc}", file=sys.stderr)
        return 2
    if r["games"] < 2:
        print(f"paired_games: the files share {r['games']} game(s); pairing needs two runs of the same seed",
              file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(r))
        return 0
    lo, hi = r["interval"]
    seat = args.seat if second_seat == args.seat else f"{args.seat} then {second_seat}"
    print(f"{seat}, {r['games']} games both runs played: {100 * r['first']:.1f}% then {100 * r['second']:.1f}%; "
          f"paired {100 * r['difference']:+.1f} points ({100 * lo:+.1f} to {100 * hi:+.1f}, 95%); "
          f"{r['differ']} games differ")
    return 0


if __name__ == "__main__":
    sys.exit(main())
