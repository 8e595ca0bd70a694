"""Expert iteration, one round: the search's values of every move distilled into the value model.

The value bot -- the search's playout bot, with the heuristic bot -- plays the
move after which the value model gives it the best chance; the search values
each move by playouts of a few moves and the model where they stop. A round of
expert iteration makes the model tell what the search tells:

- **Positions.** ``--games`` seeded games at ``--players`` among the training
  population (:data:`~.train_value.MIX`: the playout bot, the heuristic and
  greedy bots, the league's ``evaluator``, ``timer`` and ``mcts``, every seat
  ending exactly where the search's playouts do), played on the Python
  engine with every seat deciding on the native core. From each,
  ``--per-game`` public positions of normal play with more than one legal
  move, drawn uniformly.
- **The expert.** In each, the advisor's search with ``--playouts`` playouts
  (a fraction of ``fast``'s), reading the input model at its leaf and in its
  value bots, on the public position only, its win shares raw (no
  calibration). Every move it played out gives a row: the core's features
  and progress of the position after the move, and the search's win share of
  every newspaper after it, weighed by the playouts it had (each position's
  weights sum to one).
- **Fit.** The table's win rows by the same multinomial regression as
  :mod:`.train_value` on those shares (soft targets), and, with ``--network
  H``, its win network; the circulation rows and the other tables are the
  input's (the record of the table's earlier tuning, ``obtained.tuned``, is
  dropped: its rows are gone). A tenth of the games (every tenth) is held out: the printed figures
  are the weighed log-loss of the search's shares under the input model and
  the new one (paired by game, 95%), and how often the move each model ranks
  first is the search's first.

The next round starts from this round's model: its search reads the new model,
so each round's expert is the last round's player looking a few moves ahead.
A round is kept only if it gains where it counts (``tune_value --compare``,
``decision_regret`` and the tournaments; ``docs/lab/self-play.md``).

    python -m benchmarks.training.distil --players 3 --games 1500 --per-game 4 --playouts 750 \\
        --seed 4400 --model engine/advisor/value_model.json --out R1.json

Seeds: game ``g`` is dealt from ``deck_seed(seed, players * 10_000_000 + g)``, its seats and positions
come from ``random.Random`` of the same number, and each search's seed from the game and position, so the
file is the same on any number of workers.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Callable

import numpy as np
from tqdm import tqdm

from benchmarks.strength.advisor import CoreSeat
from benchmarks.training.feature_probe import paired_by_game
from benchmarks.training.train_value import (
    ANCHORS, HOLDOUT, MIX, _policies, design, fit_win, network_fit, probabilities,
)
from pennypress.engine import native
from pennypress.engine.advisor.calibration import IDENTITY
from pennypress.engine.advisor.policy import SEARCH_LEAF
from pennypress.engine.advisor.search import analyse
from pennypress.engine.advisor.settings import EXACT_END_UP_TO, SearchSettings
from pennypress.engine.advisor.value import FEATURES, ValueModel, load_model
from pennypress.engine.arena.tournament import deck_seed
from pennypress.engine.game.definition import GameDefinition
from pennypress.engine.io.state import new_game, public_view
from pennypress.engine.native.search import positions_after
from pennypress.engine.play.match import play_match
from pennypress.engine.position.position import Phase
from pennypress.engine.rules.actions import legal_moves

L2 = 1e-4
"""The win rows' penalty (``train_value``'s default)."""
NETWORK_L2 = 1e-3
"""The network's penalty (``model_probe`` chose it on outcomes)."""


MAX_GAMES = 1_000_000
MAX_PER_GAME = 64
MAX_SEED = 10 ** 11
"""With ``0 <= seed < MAX_SEED``, games and positions below these bounds, every search seed is its own and fits
the core (:func:`search_seed`)."""


def search_seed(seed: int, g: int, k: int) -> int:
    """The search's seed in position ``k`` of game ``g``: distinct for every game and position inside the
    bounds above, and below the core's ``SEED_LIMIT``."""
    return (seed * 1_000_003 + g) * MAX_PER_GAME + k


_MODELS: dict[str, ValueModel] = {}


def _model(text: str) -> ValueModel:
    """The input model, loaded once a process."""
    if text not in _MODELS:
        _MODELS[text] = load_model(text)
    return _MODELS[text]


def decisions(seed: int, players: int, g: int, per_game: int) -> list:
    """``per_game`` of game ``g``'s public positions worth a search (module docstring)."""
    number = players * 10_000_000 + g
    rng = random.Random(f"{seed}/{number}")
    names = list(MIX)
    seats = rng.choices(names, weights=[MIX[n] for n in names], k=players)
    policies = _policies(players <= EXACT_END_UP_TO)
    bots = [CoreSeat(policies[name], rng.randrange(2 ** 31), name) for name in seats]
    state = new_game(GameDefinition.create(players), seed=deck_seed(seed, number))
    kept = []

    def keep(after, _event):
        if after.phase is Phase.NORMAL and not after.is_over and len(legal_moves(after)) > 1:
            kept.append(public_view(after))

    play_match(state, bots, seed=deck_seed(seed, number), on_move=keep)
    return [kept[k] for k in sorted(rng.sample(range(len(kept)), min(per_game, len(kept))))]


def searched(args: tuple[int, int, int, int, int, str]) -> list[tuple]:
    """Game ``g``'s rows: ``(game, progress, features, [], search's win shares, position, weight, first,
    input model's win shares)`` for every move the search played out in each kept position."""
    seed, players, g, per_game, playouts, text = args
    model = _model(text)
    views = decisions(seed, players, g, per_game)
    read = native.core_module().ValueModel
    rows = []
    for k, view in enumerate(views):
        settings = SearchSettings.for_budget(playouts=playouts, seed=search_seed(seed, g, k), workers=1,
                                             leaf=replace(SEARCH_LEAF, model=model), calibration=IDENTITY)
        advice = analyse(view, settings, reasons_top=0, lines=False)
        moves = legal_moves(view)
        index = {str(m): i for i, m in enumerate(moves)}
        played = [r for r in advice.moves if r.playouts > 0 and r.win_all and r.move in index]
        total = sum(r.playouts for r in played)
        afters = positions_after(view, moves, [index[r.move] for r in played])
        for r in played:
            after = afters[index[r.move]]
            mine = view.clone()  # the input model's own answer, as its value bot reads it (a card may be pending)
            mine.apply(moves[index[r.move]])
            rows.append((g, read.progress(after), read.features(after), [], list(r.win_all), k,
                         r.playouts / total, r.rank == 1, [e[0] for e in model.evaluate(mine)], view.current))
    return rows


def first_agreement(rows: list[tuple], p: np.ndarray) -> float:
    """The share of positions where the move the win chances ``p`` rank first is the search's first."""
    by_position: dict[tuple[int, int], list[int]] = {}
    for i, r in enumerate(rows):
        by_position.setdefault((r[0], r[5]), []).append(i)
    hits = 0
    for idx in by_position.values():
        mover = rows[idx[0]][9]
        best = max(idx, key=lambda i: p[i][mover])
        hits += rows[best][7]
    return hits / len(by_position)


def position_losses(rows: list[tuple], p: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each position's weighed log-loss of the search's shares under ``p``, and its game."""
    y = np.array([r[4] for r in rows], dtype=float)
    w = np.array([r[6] for r in rows])
    per_row = -(y * np.log(np.clip(p, 1e-12, 1))).sum(1) * w
    keys = sorted({(r[0], r[5]) for r in rows})
    at = {key: j for j, key in enumerate(keys)}
    out = np.zeros(len(keys))
    np.add.at(out, [at[(r[0], r[5])] for r in rows], per_row)
    return out, np.array([key[0] for key in keys])


def round_problem(args: argparse.Namespace, script: str) -> str | None:
    """What is wrong with a round's shared arguments (``players``, ``games``, ``per_game``, ``playouts``,
    ``seed``, ``workers``: this module's and ``distil_policy``'s), in one line; ``None`` when nothing is."""
    if not native.available():
        return f"{script} needs the native core (python3 run.py builds it)"
    if args.players not in (2, 3):
        return f"--players: 2 or 3 (where the search's playouts end exactly), got {args.players}"
    for name, most in (("games", MAX_GAMES), ("per_game", MAX_PER_GAME), ("playouts", None), ("workers", None)):
        value = getattr(args, name)
        if value < 1 or (most is not None and value > most):
            bound = f"from 1 to {most:,}" if most is not None else "1 or more"
            return f"--{name.replace('_', '-')}: {bound}, got {value}"
    if not 0 <= args.seed < MAX_SEED:
        return f"--seed: from 0 to {MAX_SEED:,} (less one), got {args.seed}"
    if args.games <= HOLDOUT:
        return (f"--games: at least {HOLDOUT + 1} (every {HOLDOUT}th game is held out, and the held-out figures' "
                f"interval needs two such games), got {args.games}")
    return None


def search_games(search: Callable[[tuple], list[tuple]], args: argparse.Namespace,
                 text: str) -> tuple[list[tuple], list[tuple], list[tuple]]:
    """Every game's rows by ``search`` (``searched`` here, or ``distil_policy``'s) on ``args.workers``
    processes, with progress; ``(rows, training rows, held-out rows)``, every tenth game held out."""
    jobs = [(args.seed, args.players, g, args.per_game, args.playouts, text) for g in range(args.games)]
    with ProcessPoolExecutor(args.workers) as pool:
        done = pool.map(search, jobs, chunksize=4)
        rows = [r for game in tqdm(done, total=len(jobs), desc="games searched", unit="game", file=sys.stderr)
                for r in game]
    return rows, [r for r in rows if r[0] % HOLDOUT], [r for r in rows if r[0] % HOLDOUT == 0]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=3, help="the table (2 or 3: where the playouts end exactly)")
    ap.add_argument("--games", type=int, default=1500)
    ap.add_argument("--per-game", type=int, default=4, help="positions searched in each game")
    ap.add_argument("--playouts", type=int, default=750, help="the search's playouts a position")
    ap.add_argument("--seed", type=int, default=4400)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--network", type=int, default=0, metavar="H",
                    help="also fit a win network of H tanh units (0: none; an input network at the table is dropped)")
    ap.add_argument("--model", type=Path, required=True, help="the input value-model file")
    ap.add_argument("--out", type=Path, required=True, help="write the distilled model here")
    args = ap.parse_args(argv)
    problem = round_problem(args, "distil.py")
    if problem:
        print(problem, file=sys.stderr)
        return 2
    if args.network < 0:
        print(f"--network: 0 or more, got {args.network}", file=sys.stderr)
        return 2
    try:
        text = args.model.read_text(encoding="utf-8")
        load_model(text, str(args.model))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        print(f"--model: {exc}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    rows, train, held = search_games(searched, args, text)
    d, y, _ = design(train)
    w = fit_win(d, y, L2, np.array([r[6] for r in train]))
    doc = json.loads(text)
    table = dict(doc["models"][str(args.players)])
    table["win"] = np.asarray(w).reshape(len(ANCHORS), len(FEATURES)).tolist()
    table.pop("network", None)
    p_new = probabilities(design(held)[0], w)
    if args.network:
        table["network"], predict = network_fit(train, args.network, NETWORK_L2, args.seed + args.players,
                                                [r[6] for r in train])
        p_new = predict(held)
    doc["models"][str(args.players)] = table
    # the input's tuning of this table made rows that are no longer here (tune_value would start from them)
    (doc.get("obtained") or {}).get("tuned", {}).pop(str(args.players), None)
    p_old = np.array([r[8] for r in held])
    old, games = position_losses(held, p_old)
    new, _ = position_losses(held, p_new)
    mean, low, high = paired_by_game(games, new - old)
    figures = {
        "positions": len({(r[0], r[5]) for r in rows}), "rows": len(rows),
        "held_out": {"positions": len(old), "log_loss_input": round(float(old.mean()), 4),
                     "log_loss_distilled": round(float(new.mean()), 4),
                     "difference": [round(mean, 4), round(low, 4), round(high, 4)],
                     "first_move_input": round(first_agreement(held, p_old), 4),
                     "first_move_distilled": round(first_agreement(held, p_new), 4)},
        "seconds": round(time.perf_counter() - started),
    }
    doc.setdefault("obtained", {}).setdefault("distilled", []).append({
        "command": "python -m benchmarks.training.distil " + " ".join(argv if argv is not None else sys.argv[1:]),
        "players": args.players, "seed": args.seed, "games": args.games, "per_game": args.per_game,
        "playouts": args.playouts, "network": args.network or None,
        "input": {"file": str(args.model), "sha256": hashlib.sha256(text.encode()).hexdigest()},
        **figures,
    })
    try:
        load_model(json.dumps(doc), str(args.out))
        args.out.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    except (OSError, ValueError) as exc:
        print(f"--out: {exc}", file=sys.stderr)
        return 2
    h = figures["held_out"]
    print(f"{args.players} players: {figures['positions']} positions, {len(rows)} moves searched; held out "
          f"({h['positions']} positions): log-loss of the search's shares {h['log_loss_input']} -> "
          f"{h['log_loss_distilled']} ({mean:+.4f}, {low:+.4f} to {high:+.4f}); the search's first move ranked "
          f"first {h['first_move_input']:.1%} -> {h['first_move_distilled']:.1%} [{figures['seconds']} s]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
