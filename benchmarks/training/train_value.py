"""Fit the advisor's value model on seeded games played on the native core (reproducible).

The advisor's playouts stop a few moves after the move they follow and ask
the value model (``engine/advisor/value.py``) for every newspaper's chance to
win. This script makes the model:

- **Games.** For each player count (2 to 5; a third of the 4- and 5-player
  games with the newsboy strike) ``--games`` seeded games on the native core,
  each seat drawn from :data:`MIX` -- the advisor's own playout bot, the
  heuristic and greedy bots, and the league's ``evaluator``, ``timer`` and
  ``mcts`` (opponents the advisor never plays in its playouts: the model learns
  what positions are worth against them, it never imitates them). Game ``g``
  of ``n`` players is dealt from the tournaments' deck seed
  ``deck_seed(seed, n * 10_000_000 + g)``; its seats and sampled positions
  come from ``random.Random`` of the same number, so the data are the same on
  any number of workers.
  With ``--exact-final``, at tables of up to ``EXACT_END_UP_TO`` players
  (where the search's playouts finish the final edition exactly) every seat
  plays its final-edition decisions by the exact search
  (``Policy.exact_final``), so the model learns what a position is worth
  when the end of the game is played well; larger tables are played as
  without it.
- **Positions.** From each game, ``--per-game`` positions of normal play with
  no card to draw, uniformly among those the game passed through; for each,
  every newspaper's features (the core's ``ValueModel.features``, equal to
  the Python reference's), the game's progress, the final circulations and
  the winners (a shared win split).
- **Fit.** Per player count, the win model by multinomial logistic regression
  (softmax over the newspapers, weights linear between the progress
  anchors, a small L2 penalty ``--l2``; L-BFGS), and the circulation model by
  ridge least squares on the same design. A tenth of the games (every tenth)
  is held out: log-loss, Brier score and a reliability table are printed and
  stored with the model (``obtained``).

    python -m benchmarks.training.train_value --games 60000 --seed 4100 --workers 2 \\
        --out engine/advisor/value_model.json

is the recorded run (its command is kept in the file's ``obtained``; ``docs/lab/value.md`` has its figures).
"""
from __future__ import annotations

import argparse
import functools
import json
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Callable, Sequence

import numpy as np
from scipy.optimize import minimize
from tqdm import tqdm

from pennypress.engine import native
from pennypress.engine.advisor.policy import JITTER, PLAYOUT
from pennypress.engine.advisor.settings import EXACT_END_UP_TO
from pennypress.engine.advisor.value import FEATURES, FORMAT
from pennypress.engine.arena.native_games import seat_policy
from pennypress.engine.arena.tournament import deck_seed
from pennypress.engine.game.definition import GameDefinition
from pennypress.engine.io.state import new_game
from pennypress.engine.native.search import core_weights, exact_final_policy
from pennypress.engine.play.invariants import DEFAULT_MOVE_CAP

MIX = {"playout": 3, "heuristic": 1, "greedy": 1, "evaluator": 3, "timer": 2, "mcts": 1}
"""Seat -> weight: how often each bot sits at a training table (``playout``: the advisor's playout bot)."""
ANCHORS = (0.0, 0.25, 0.5, 0.75, 1.0)
"""Progress at which the weights are fitted; between them they are linear."""
PLAYER_COUNTS = (2, 3, 4, 5)
HOLDOUT = 10
"""Every tenth game is held out of the fit."""


def _policies(exact_final: bool) -> dict:
    core = native.core_module()
    out = {name: seat_policy(name) for name in ("heuristic", "greedy", "evaluator", "timer", "mcts")}
    out["playout"] = core.Policy.jittered_heuristic(core_weights(PLAYOUT), JITTER)
    return {name: exact_final_policy(p) for name, p in out.items()} if exact_final else out


_POLICIES: dict[bool, dict] = {}


def exact_final_at(players: int, exact_final: bool) -> bool:
    """Whether the seats of a ``players``-player training game play their final edition exactly."""
    return exact_final and players <= EXACT_END_UP_TO


def play(args: tuple[int, int, int, int, int, dict, bool], features: Callable | None = None) -> list[tuple]:
    """Game ``g`` of ``players`` players (training seed ``seed``): ``per_game`` sampled positions and the
    positions after ``explore`` moves drawn at random from the legal moves, as
    ``(game, progress, features, final circulations, win shares, seats)``; the seats play their final
    edition exactly when :func:`exact_final_at` says so. ``features(position)`` reads every newspaper's
    features off a core position (default: the model's, ``ValueModel.features``)."""
    seed, players, g, per_game, explore, mix, exact_final = args
    exact = exact_final_at(players, exact_final)
    if exact not in _POLICIES:
        _POLICIES[exact] = _policies(exact)
    policies = _POLICIES[exact]
    core = native.core_module()
    read = features or core.ValueModel.features
    number = players * 10_000_000 + g
    rng = random.Random(f"{seed}/{number}")
    names = list(mix)
    seats = rng.choices(names, weights=[mix[n] for n in names], k=players)
    variants = ("newsboy",) if players >= 4 and rng.random() < 1 / 3 else ()
    state = new_game(GameDefinition.create(players, variants=variants), seed=deck_seed(seed, number))
    pos = native.native_position(state, checked=False)
    deck = list(state.deck)
    bots = [core.Bot(policies[name], rng.randrange(2**31)) for name in seats]
    explore_at = set(rng.sample(range(1, 40), explore))
    seen, explored = [], []
    moves = 0
    while not pos.is_over() and moves < DEFAULT_MOVE_CAP:
        normal = pos.phase == "normal" and not pos.is_chance_node()
        if normal:
            seen.append((core.ValueModel.progress(pos), read(pos)))
        if normal and moves in explore_at:
            pos.apply(rng.choice(pos.legal_moves()))
        else:
            pos.apply(bots[pos.current_player].choose(pos))
        if pos.is_chance_node():
            pos.apply_chance(deck.pop(0))
        moves += 1
        if normal and moves - 1 in explore_at and pos.phase == "normal" and not pos.is_over():
            explored.append((core.ValueModel.progress(pos), read(pos)))
    if not pos.is_over():
        return []
    winners = pos.winners
    shares = [1 / len(winners) if p in winners else 0.0 for p in range(players)]
    picks = sorted(rng.sample(range(len(seen)), min(per_game, len(seen))))
    return [(g, t, x, list(pos.scores), shares, seats) for t, x in [seen[k] for k in picks] + explored]


def sampled(seed: int, players: int, games: int, per_game: int, exact_final: bool, workers: int,
            features: Callable | None = None) -> list[tuple]:
    """:func:`play`'s rows of games ``0 .. games - 1`` at ``players`` players (the mix :data:`MIX`, no
    exploring moves) on ``workers`` processes, with a progress bar: the probes' positions."""
    jobs = [(seed, players, g, per_game, 0, MIX, exact_final) for g in range(games)]
    with ProcessPoolExecutor(workers) as pool:
        done = pool.map(functools.partial(play, features=features), jobs, chunksize=50)
        return [r for game in tqdm(done, total=len(jobs), desc="games", unit="game", file=sys.stderr) for r in game]


def hats(t: np.ndarray) -> np.ndarray:
    """Each anchor's weight at each progress (the model's ``hats``, vectorised)."""
    a = np.array(ANCHORS)
    t = np.clip(t, a[0], a[-1])
    out = np.zeros((len(t), len(a)))
    for i in range(len(a) - 1):
        inside = (t >= a[i]) & (t < a[i + 1])
        right = (t[inside] - a[i]) / (a[i + 1] - a[i])
        out[inside, i] = 1 - right
        out[inside, i + 1] = right
    out[t >= a[-1], -1] = 1
    return out


def design(rows: list[tuple]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(D, Y, S)``: the design (samples x players x anchors*features), win shares and final circulations."""
    t = np.array([r[1] for r in rows])
    x = np.array([r[2] for r in rows], dtype=float)
    d = np.einsum("na,npk->npak", hats(t), x).reshape(x.shape[0], x.shape[1], -1)
    return d, np.array([r[4] for r in rows]), np.array([r[3] for r in rows], dtype=float)


def fit_win(d: np.ndarray, y: np.ndarray, l2: float, weights: np.ndarray | None = None) -> np.ndarray:
    """Multinomial logistic regression over the newspapers (shared weights), L-BFGS; ``y`` may be shares
    (a tie, or a search's estimate), and ``weights`` weigh the positions (default: all alike)."""
    n = d.shape[0]
    c = None if weights is None else (np.asarray(weights, dtype=float) / np.sum(weights) * n)[:, None]

    def loss(w):
        z = d @ w
        z = z - z.max(1, keepdims=True)
        logp = z - np.log(np.exp(z).sum(1, keepdims=True))
        p = np.exp(logp)
        if c is None:  # the unweighted sums as they always were, so that a refit finds the same weights
            value = -(y * logp).sum() / n + l2 * (w @ w)
            grad = np.einsum("np,npk->k", p - y, d) / n + 2 * l2 * w
        else:
            value = -(c * y * logp).sum() / n + l2 * (w @ w)
            grad = np.einsum("np,npk->k", c * (p - y), d) / n + 2 * l2 * w
        return value, grad

    found = minimize(loss, np.zeros(d.shape[2]), jac=True, method="L-BFGS-B", options={"maxiter": 5000})
    return found.x


def fit_score(d: np.ndarray, s: np.ndarray, ridge: float) -> np.ndarray:
    """Ridge least squares of every newspaper's final circulation."""
    a = d.reshape(-1, d.shape[2])
    b = s.reshape(-1)
    return np.linalg.solve(a.T @ a + ridge * len(b) * np.eye(a.shape[1]), a.T @ b)


def probabilities(d: np.ndarray, w: np.ndarray) -> np.ndarray:
    z = d @ w
    z = z - z.max(1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(1, keepdims=True)


def report(p: np.ndarray, y: np.ndarray, t: np.ndarray) -> dict:
    """Held-out log-loss and Brier (with the fair share's), and a reliability table of the win chances."""
    n = p.shape[1]
    out = {
        "positions": int(len(p)),
        "log_loss": round(float(-(y * np.log(np.clip(p, 1e-12, 1))).sum(1).mean()), 4),
        "fair_log_loss": round(math.log(n), 4),
        "brier": round(float(((p - y) ** 2).sum(1).mean()), 4),
        "fair_brier": round(float(((1 / n - y) ** 2).sum(1).mean()), 4),
        "by_progress": [],
        "reliability": [],
    }
    for lo, hi in zip(ANCHORS, ANCHORS[1:]):
        inside = (t >= lo) & ((t < hi) | (hi == ANCHORS[-1]))
        if inside.any():
            out["by_progress"].append({"progress": [lo, hi], "positions": int(inside.sum()), "log_loss": round(
                float(-(y[inside] * np.log(np.clip(p[inside], 1e-12, 1))).sum(1).mean()), 4)})
    pf, yf = p.ravel(), y.ravel()
    for lo in np.arange(0, 1, 0.1):
        inside = (pf >= lo) & (pf < lo + 0.1)
        if inside.any():
            out["reliability"].append({"p": [round(lo, 1), round(lo + 0.1, 1)], "count": int(inside.sum()),
                                       "mean_p": round(float(pf[inside].mean()), 3),
                                       "won": round(float(yf[inside].mean()), 3)})
    return out


def network_fit(train: list[tuple], hidden: int, l2: float, seed: int, weights: Sequence[float] | None = None
                ) -> tuple[dict, Callable[[list[tuple]], np.ndarray]]:
    """The win network (``model_probe``'s, fitted from a seeded start) on the training rows, each weighed by
    ``weights`` (default: all alike): the model file's ``"network"`` object, and its win chances of any rows."""
    from .model_probe import Network, Scaler, VARYING, network_inputs, rivals_most, to_arrays

    data = to_arrays(train)
    scale = Scaler(data["x"][..., VARYING])
    rival_scale = Scaler(rivals_most(data["x"][..., VARYING]))
    u, lin = network_inputs(data, scale, rival_scale)
    net = Network(u.shape[-1], lin.shape[-1], hidden)
    w = net.fit(u, lin, data["y"], l2, seed, weights)
    big_w, b, v, a = net.unpack(w)
    doc = {"mean": scale.mean.tolist(), "spread": scale.spread.tolist(), "rival_mean": rival_scale.mean.tolist(),
           "rival_spread": rival_scale.spread.tolist(), "weights": big_w.tolist(), "bias": b.tolist(),
           "out": v.tolist(), "linear": a.tolist()}
    return doc, lambda rows: net.probabilities(w, *network_inputs(to_arrays(rows), scale, rival_scale))


def fit_network(train: list[tuple], held: list[tuple], hidden: int, l2: float, seed: int) -> tuple[dict, float]:
    """:func:`network_fit` on the training rows, and its held-out log-loss."""
    doc, predict = network_fit(train, hidden, l2, seed)
    y = np.array([r[4] for r in held], dtype=float)
    return doc, round(float(-(y * np.log(np.clip(predict(held), 1e-12, 1))).sum(1).mean()), 4)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100_000, help="games per player count")
    ap.add_argument("--per-game", type=int, default=4, help="positions sampled from each game")
    ap.add_argument("--explore", type=int, default=0,
                    help="moves of each game played at random (the positions after them are samples too)")
    ap.add_argument("--seed", type=int, default=4100)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--l2", type=float, default=1e-4)
    ap.add_argument("--ridge", type=float, default=1e-4)
    ap.add_argument("--players", default="2,3,4,5", help="player counts to fit (a model needs all four)")
    ap.add_argument("--mix", default=",".join(f"{k}={v}" for k, v in MIX.items()),
                    help="the seats and their weights, e.g. playout=3,evaluator=3 (default: MIX)")
    ap.add_argument("--exact-final", action="store_true",
                    help=f"at tables of up to {EXACT_END_UP_TO} players every seat plays its final edition by the "
                         "exact search (as the search's playouts do)")
    ap.add_argument("--network", type=int, default=0, metavar="H",
                    help="also fit a win network of H tanh units at each table (engine/advisor/value.py's Network; "
                         "benchmarks/training/model_probe.py measured it); 0: none")
    ap.add_argument("--network-l2", type=float, default=1e-3, help="the network's penalty (model_probe chose 1e-3)")
    ap.add_argument("--network-at", default="2,3,4,5", help="the player counts that get a network (default all)")
    ap.add_argument("--out", help="write the model here (JSON)")
    args = ap.parse_args(argv)
    if not native.available():
        print("train_value.py needs the native core (python3 run.py builds it)", file=sys.stderr)
        return 2
    if args.network < 0 or args.network_l2 < 0:
        print("--network and --network-l2: 0 or more", file=sys.stderr)
        return 2
    try:
        network_at = {int(c) for c in args.network_at.split(",")}
    except ValueError:
        network_at = set()
    if not network_at or not network_at <= set(PLAYER_COUNTS):
        print(f"--network-at: player counts from 2 to 5, comma-separated, got {args.network_at!r}", file=sys.stderr)
        return 2
    counts = [int(c) for c in args.players.split(",")]
    mix = {}
    for part in args.mix.split(","):
        name, _, weight = part.partition("=")
        if name not in MIX or not weight:
            print(f"--mix: expected seat=weight with seats among {', '.join(MIX)}, got {part!r}", file=sys.stderr)
            return 2
        mix[name] = float(weight)
    started = time.perf_counter()
    models, checks = {}, {}
    with ProcessPoolExecutor(args.workers) as pool:
        for n in counts:
            jobs = [(args.seed, n, g, args.per_game, args.explore, mix, args.exact_final) for g in range(args.games)]
            done = pool.map(play, jobs, chunksize=200)
            rows = [r for game in tqdm(done, total=len(jobs), desc=f"{n} players", unit="game", file=sys.stderr)
                    for r in game]
            train = [r for r in rows if r[0] % HOLDOUT]
            held = [r for r in rows if r[0] % HOLDOUT == 0]
            d, y, s = design(train)
            w = fit_win(d, y, args.l2)
            v = fit_score(d, s, args.ridge)
            dh, yh, sh = design(held)
            check = report(probabilities(dh, w), yh, np.array([r[1] for r in held]))
            check["score_rmse"] = round(float(np.sqrt(((dh @ v - sh) ** 2).mean())), 3)
            check["training_positions"] = len(train)
            checks[str(n)] = check
            k = len(FEATURES)
            models[str(n)] = {"win": np.asarray(w).reshape(len(ANCHORS), k).tolist(),
                              "score": np.asarray(v).reshape(len(ANCHORS), k).tolist()}
            if args.network and n in network_at:
                models[str(n)]["network"], check["network_log_loss"] = fit_network(
                    train, held, args.network, args.network_l2, args.seed + n)
            network = f", with the network {check['network_log_loss']}" if "network_log_loss" in check else ""
            print(f"{n} players: {len(rows)} positions from {args.games} games; held out: log-loss "
                  f"{check['log_loss']}{network} (fair {check['fair_log_loss']}), Brier {check['brier']} "
                  f"(fair {check['fair_brier']}), circulation RMSE {check['score_rmse']} "
                  f"[{time.perf_counter() - started:.0f} s]", flush=True)
    doc = {
        "format": FORMAT,
        "features": list(FEATURES),
        "anchors": list(ANCHORS),
        "models": models,
        "obtained": {
            "command": "python -m benchmarks.training.train_value "
                       + " ".join(argv if argv is not None else sys.argv[1:]),
            "seed": args.seed, "games_per_player_count": args.games, "positions_per_game": args.per_game,
            "mix": mix, "exact_final_up_to": EXACT_END_UP_TO if args.exact_final else None, "l2": args.l2, "ridge": args.ridge,
            "network": {"hidden": args.network, "l2": args.network_l2, "at": sorted(network_at)} if args.network else None,
            "held_out": checks,
            "seconds": round(time.perf_counter() - started),
        },
    }
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            json.dump(doc, fh, indent=1)
            fh.write("\n")
    print(json.dumps({n: {k: v for k, v in c.items() if k != "reliability"} for n, c in checks.items()}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
