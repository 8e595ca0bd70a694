"""Does a value model that is not linear in its features tell the winner better? Measured before any is built.

The advisor's value model (``engine/advisor/value.py``) is a softmax over the newspapers of a score
linear in each newspaper's :data:`~pennypress.engine.advisor.value.FEATURES`, with weights that move
with the game's progress. ``feature_probe`` showed that more features of the same kind add nothing
the softmax does not already see. This asks the other question of issue #37: does a model that is
*not* linear in the same features -- interactions of one newspaper's features, or its features
against its best rival's -- predict the winner better? Building one into the core costs a Rust
mirror, a proof, a retraining, a tuning and 600 games; this says first whether there is anything to
gain.

It plays ``train_value``'s games (the same mix, deals and sampled positions; ``--exact-final`` alike)
and fits, on the training games, every arm of :data:`ARMS` (features standardised on the training
positions; the linear model's weights penalised as ``train_value`` does, and each arm's penalty on
what it adds chosen from :data:`L2_GRID` by a fit on four fifths of the training games judged on the
fifth left, so that an arm with nothing to add falls back to the linear model); the held-out games say what each gains over ``linear`` (the shipped model's form), as the
paired difference in log-loss a position with a 95% interval that takes a game's positions together
(``feature_probe.paired_by_game``).

- ``linear``: the shipped model's form, linear in the features, weights linear between the progress
  anchors (``train_value.design`` and ``fit_win``, on standardised features);
- ``rivals``: the same with the most each rival has of every feature beside the newspaper's own;
- ``pairwise``: the same with every product of two of the newspaper's features (squares too);
- ``network``: a small network per newspaper, its features, its rivals' most and the progress anchors in,
  ``--hidden`` tanh units, one score out, beside a linear part; fitted by L-BFGS from a seeded start.

``--rows FILE`` keeps the sampled positions (``.npz``): a second run with the same file fits again
without playing the games.

    python -m benchmarks.training.model_probe --players 3 --games 4000 --seed 4310 --workers 2 --exact-final
"""
from __future__ import annotations

import argparse
import json
import sys
import time
import zipfile
from pathlib import Path
from typing import Callable

import numpy as np
from scipy.optimize import minimize

from pennypress.engine import native
from pennypress.engine.advisor.value import FEATURES

from .feature_probe import paired_by_game
from .train_value import ANCHORS, HOLDOUT, hats, probabilities, sampled

ARMS = ("linear", "rivals", "pairwise", "network")
"""The models fitted, in order; ``linear`` is the one the others are measured against."""

VARYING = [k for k, name in enumerate(FEATURES) if name != "one"]
"""The features that vary (the constant ``one`` is the models' intercept)."""
LINEAR_L2 = 1e-4
"""The penalty on the linear model's weights in every arm (``train_value``'s default); each arm's penalty on
what it adds is chosen (:data:`L2_GRID`)."""


def to_arrays(rows: list[tuple]) -> dict[str, np.ndarray]:
    """``train_value.play``'s rows as arrays: game, progress, features (positions x newspapers x features), win shares."""
    return {"game": np.array([r[0] for r in rows]), "progress": np.array([r[1] for r in rows], dtype=float),
            "x": np.array([r[2] for r in rows], dtype=float), "y": np.array([r[4] for r in rows], dtype=float)}


def save_rows(path: Path, data: dict[str, np.ndarray], meta: dict) -> None:
    np.savez_compressed(path, meta=json.dumps(meta), **data)


def load_rows(path: Path) -> tuple[dict[str, np.ndarray], dict]:
    with np.load(path) as f:
        return {k: f[k] for k in ("game", "progress", "x", "y")}, json.loads(str(f["meta"]))


def rivals_most(x: np.ndarray) -> np.ndarray:
    """For every newspaper, the most any other newspaper has of each feature (positions x newspapers x features)."""
    n = x.shape[1]
    return np.stack([np.delete(x, p, axis=1).max(axis=1) for p in range(n)], axis=1)


class Scaler:
    """Each varying feature's mean and spread over the training positions (a constant one stays 0)."""

    def __init__(self, x: np.ndarray):
        flat = x.reshape(-1, x.shape[-1])
        self.mean, spread = flat.mean(0), flat.std(0)
        self.spread = np.where(spread > 0, spread, 1.0)

    def __call__(self, x: np.ndarray) -> np.ndarray:
        return (x - self.mean) / self.spread


def inputs(arm: str, data: dict[str, np.ndarray], scale: "Scaler", rival_scale: "Scaler") -> np.ndarray:
    """A linear arm's per-newspaper columns before the anchors: standardised features, then 1, then its extras."""
    own = scale(data["x"][..., VARYING])
    cols = [own, np.ones(own.shape[:2] + (1,))]
    if arm == "rivals":
        cols.append(rival_scale(rivals_most(data["x"][..., VARYING])))
    if arm == "pairwise":
        k = own.shape[-1]
        cols += [own[..., i:i + 1] * own[..., i:] for i in range(k)]  # each feature times itself and every later one
    return np.concatenate(cols, axis=-1)


def penalties(columns: int, l2: float) -> np.ndarray:
    """Each anchored weight's penalty: :data:`LINEAR_L2` on the linear model's columns (the features and
    1), ``l2`` on what the arm adds -- so that a large ``l2`` leaves the linear model."""
    base = len(VARYING) + 1
    row = np.where(np.arange(columns) < base, LINEAR_L2, l2)
    return np.tile(row, len(ANCHORS))


def fit_penalised(d: np.ndarray, y: np.ndarray, penalty: np.ndarray) -> np.ndarray:
    """``train_value.fit_win`` with a penalty of its own for every weight."""
    n = d.shape[0]

    def loss(w):
        z = d @ w
        z = z - z.max(1, keepdims=True)
        logp = z - np.log(np.exp(z).sum(1, keepdims=True))
        value = -(y * logp).sum() / n + (penalty * w * w).sum()
        grad = np.einsum("np,npk->k", np.exp(logp) - y, d) / n + 2 * penalty * w
        return value, grad

    return minimize(loss, np.zeros(d.shape[2]), jac=True, method="L-BFGS-B", options={"maxiter": 5000}).x


def anchored(columns: np.ndarray, progress: np.ndarray) -> np.ndarray:
    """Every column once per progress anchor, weighted by the anchor's hat (``train_value.design``)."""
    return np.einsum("na,npk->npak", hats(progress), columns).reshape(columns.shape[0], columns.shape[1], -1)


class Network:
    """``z_p = v . tanh(U_p W + b) + a . x_p``: a newspaper's score from its inputs ``U_p`` (its standardised
    features, its rivals' most, the progress anchors) and a linear part over its features ``x_p``; a softmax
    over the newspapers gives the win chances."""

    def __init__(self, n_in: int, n_lin: int, hidden: int):
        self.n_in, self.n_lin, self.hidden = n_in, n_lin, hidden
        self.size = n_in * hidden + hidden + hidden + n_lin

    def unpack(self, w: np.ndarray):
        i, h = self.n_in, self.hidden
        return (w[:i * h].reshape(i, h), w[i * h:i * h + h], w[i * h + h:i * h + 2 * h], w[i * h + 2 * h:])

    def start(self, seed: int) -> np.ndarray:
        rng = np.random.default_rng(seed)
        w = np.zeros(self.size)
        w[:self.n_in * self.hidden] = rng.normal(0, 1 / np.sqrt(self.n_in), self.n_in * self.hidden)
        w[self.n_in * self.hidden + self.hidden:self.n_in * self.hidden + 2 * self.hidden] = rng.normal(
            0, 1 / np.sqrt(self.hidden), self.hidden)
        return w

    def scores(self, w: np.ndarray, u: np.ndarray, lin: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        big_w, b, v, a = self.unpack(w)
        h = np.tanh(u @ big_w + b)
        return h @ v + lin @ a, h

    def loss(self, w: np.ndarray, u: np.ndarray, lin: np.ndarray, y: np.ndarray, l2: float,
             c: np.ndarray | None = None) -> tuple[float, np.ndarray]:
        """The mean log-loss (each position weighted by ``c``, whose mean is 1; ``None``: all alike) plus
        ``l2`` times the network's squared weights (biases aside) and :data:`LINEAR_L2` times the linear
        part's, and its gradient: a large ``l2`` leaves the linear model."""
        n = len(y)
        big_w, b, v, a = self.unpack(w)
        z, h = self.scores(w, u, lin)
        z = z - z.max(1, keepdims=True)
        logp = z - np.log(np.exp(z).sum(1, keepdims=True))
        p = np.exp(logp)
        if c is not None:  # a weighed row: its chances and its outcome both count c times
            p, y = c * p, c * y
        dz = (p - y) / n
        pre = (dz[..., None] * v) * (1 - h ** 2)
        grad = np.concatenate([
            np.einsum("npi,nph->ih", u, pre).ravel() + 2 * l2 * big_w.ravel(),
            pre.sum((0, 1)),
            np.einsum("nph,np->h", h, dz) + 2 * l2 * v,
            np.einsum("npk,np->k", lin, dz) + 2 * LINEAR_L2 * a,
        ])
        value = -(y * logp).sum() / n + l2 * ((big_w ** 2).sum() + (v ** 2).sum()) + LINEAR_L2 * (a ** 2).sum()
        return float(value), grad

    def fit(self, u: np.ndarray, lin: np.ndarray, y: np.ndarray, l2: float, seed: int,
            weights: np.ndarray | None = None) -> np.ndarray:
        """The weights from a seeded start; ``weights`` weigh the positions (default: all alike)."""
        c = None if weights is None else (np.asarray(weights, dtype=float) / np.sum(weights) * len(y))[:, None]
        found = minimize(self.loss, self.start(seed), args=(u, lin, y, l2, c), jac=True, method="L-BFGS-B",
                         options={"maxiter": 3000})
        return found.x

    def probabilities(self, w: np.ndarray, u: np.ndarray, lin: np.ndarray) -> np.ndarray:
        z, _ = self.scores(w, u, lin)
        z = z - z.max(1, keepdims=True)
        e = np.exp(z)
        return e / e.sum(1, keepdims=True)


def network_inputs(data: dict[str, np.ndarray], scale: Scaler, rival_scale: Scaler) -> tuple[np.ndarray, np.ndarray]:
    """The network's inputs ``U`` (own features, rivals' most, the anchors' hats) and its linear part's columns."""
    own = scale(data["x"][..., VARYING])
    rivals = rival_scale(rivals_most(data["x"][..., VARYING]))
    h = np.repeat(hats(data["progress"])[:, None, :], own.shape[1], axis=1)
    return np.concatenate([own, rivals, h], axis=-1), own


def losses(p: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Each position's log-loss."""
    return -(y * np.log(np.clip(p, 1e-12, 1))).sum(1)


L2_GRID = (1e-4, 1e-3, 1e-2, 1e-1, 1.0)
"""The penalties each arm may take; the one that does best on a fifth of the training games is kept."""


def fitted(arm: str, train: dict[str, np.ndarray], l2: float, hidden: int, seed: int
           ) -> tuple[Callable[[dict[str, np.ndarray]], np.ndarray], int]:
    """``arm`` fitted on ``train`` with penalty ``l2``: its win chances of any positions, and its weights."""
    scale = Scaler(train["x"][..., VARYING])
    rival_scale = Scaler(rivals_most(train["x"][..., VARYING]))
    if arm == "network":
        u, lin = network_inputs(train, scale, rival_scale)
        net = Network(u.shape[-1], lin.shape[-1], hidden)
        w = net.fit(u, lin, train["y"], l2, seed)
        return (lambda data: net.probabilities(w, *network_inputs(data, scale, rival_scale))), net.size
    columns = inputs(arm, train, scale, rival_scale)
    d = anchored(columns, train["progress"])
    w = fit_penalised(d, train["y"], penalties(columns.shape[-1], l2))
    return (lambda data: probabilities(anchored(inputs(arm, data, scale, rival_scale), data["progress"]), w)), d.shape[-1]


def chosen_l2(arm: str, train: dict[str, np.ndarray], hidden: int, seed: int, grid: tuple[float, ...],
              say: Callable[[str], None] | None = None) -> float:
    """The penalty of ``grid`` whose fit on four fifths of the training games does best on the other fifth
    (the held-out games are never seen)."""
    inner = (train["game"] // HOLDOUT) % 5 == 0
    fit_on = {k: v[~inner] for k, v in train.items()}
    judge = {k: v[inner] for k, v in train.items()}
    scored = []
    for l2 in grid:
        scored.append((float(losses(fitted(arm, fit_on, l2, hidden, seed)[0](judge), judge["y"]).mean()), l2))
        if say is not None:
            say(f"{arm}: penalty {l2:g} on a fifth of the training games, log-loss {scored[-1][0]:.4f}")
    return min(scored)[1]


def probe(train: dict[str, np.ndarray], held: dict[str, np.ndarray], hidden: int, seed: int,
          arms: tuple[str, ...] = ARMS, grid: tuple[float, ...] = L2_GRID, say: Callable[[str], None] | None = None) -> dict:
    """Fit every arm on ``train`` (its penalty chosen on the training games); each one's held-out log-loss,
    Brier, weights, penalty and its paired difference to ``linear``."""
    fits, per_position = {}, {}
    for arm in arms:
        started = time.perf_counter()
        l2 = LINEAR_L2 if arm == "linear" else chosen_l2(arm, train, hidden, seed, grid, say) if len(grid) > 1 else grid[0]
        predict, weights = fitted(arm, train, l2, hidden, seed)
        p = predict(held)
        per_position[arm] = losses(p, held["y"])
        fits[arm] = {"log_loss": round(float(per_position[arm].mean()), 4),
                     "brier": round(float(((p - held["y"]) ** 2).sum(1).mean()), 4),
                     "weights": int(weights), "l2": l2, "seconds": round(time.perf_counter() - started, 1)}
        if say is not None:
            say(f"{arm}: fitted with penalty {l2:g}, held-out log-loss {fits[arm]['log_loss']:.4f} "
                f"({fits[arm]['seconds']:.0f} s)")
    for arm in arms:
        mean, low, high = paired_by_game(held["game"], per_position[arm] - per_position["linear"])
        fits[arm]["against_linear"] = [round(mean, 4), round(low, 4), round(high, 4)]
    return fits


def split(data: dict[str, np.ndarray]) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    """The training games and the held-out ones (every tenth, as ``train_value``)."""
    held = data["game"] % HOLDOUT == 0
    return {k: v[~held] for k, v in data.items()}, {k: v[held] for k, v in data.items()}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--per-game", type=int, default=4)
    ap.add_argument("--seed", type=int, default=4310)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--l2", type=float, nargs="+", default=list(L2_GRID),
                    help="the penalties to choose among on a fifth of the training games (one: no choice)")
    ap.add_argument("--hidden", type=int, default=24, help="the network's tanh units")
    ap.add_argument("--exact-final", action="store_true", help="seats play the final edition exactly (train_value's)")
    ap.add_argument("--rows", help="keep the sampled positions in this .npz file (read them from it when it exists)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if (not 2 <= args.players <= 5 or args.games < 2 * HOLDOUT or args.per_game < 1 or args.workers < 1
            or args.hidden < 1 or min(args.l2) < 0):
        print(f"--players: 2 to 5; --games: at least {2 * HOLDOUT}; --per-game, --workers and --hidden: at least 1; "
              "--l2: 0 or more", file=sys.stderr)
        return 2
    meta = {"players": args.players, "games": args.games, "per_game": args.per_game, "seed": args.seed,
            "exact_final": args.exact_final}
    started = time.perf_counter()
    rows_path = Path(args.rows) if args.rows else None
    if rows_path is not None and rows_path.exists():
        try:
            data, kept = load_rows(rows_path)
        except (OSError, ValueError, KeyError, zipfile.BadZipFile) as exc:  # not an .npz this probe wrote
            print(f"--rows: {rows_path} is not a file of sampled positions ({type(exc).__name__})", file=sys.stderr)
            return 2
        if kept != meta:
            print(f"--rows: {rows_path} holds the positions of {kept}, not of {meta}", file=sys.stderr)
            return 2
    else:
        if not native.available():
            print("model_probe needs the native core to play its games (python3 run.py builds it)", file=sys.stderr)
            return 2
        data = to_arrays(sampled(args.seed, args.players, args.games, args.per_game, args.exact_final, args.workers))
        if rows_path is not None:
            save_rows(rows_path, data, meta)
    train, held = split(data)
    fits = probe(train, held, args.hidden, args.seed, grid=tuple(args.l2),
                 say=lambda line: print(f"[model_probe] {line}", file=sys.stderr, flush=True))
    out = {"command": "python -m benchmarks.training.model_probe " + " ".join(argv if argv is not None else sys.argv[1:]),
           **meta, "training_positions": int(len(train["game"])), "held_out_positions": int(len(held["game"])),
           "fair_log_loss": round(float(np.log(args.players)), 4), "hidden": args.hidden, "l2_grid": args.l2,
           "seconds": round(time.perf_counter() - started), "fits": fits}
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    print(f"{args.players} players, {args.games} games: {out['training_positions']} training and "
          f"{out['held_out_positions']} held-out positions; fair log-loss {out['fair_log_loss']} ({out['seconds']} s)")
    for name, f in fits.items():
        d, lo, hi = f["against_linear"]
        print(f"  {name:9s} {f['weights']:5d} weights, l2 {f['l2']:g}: held-out log-loss {f['log_loss']:.4f}, Brier {f['brier']:.4f}; "
              f"against linear {d:+.4f} ({lo:+.4f} to {hi:+.4f}) a position")
    return 0


if __name__ == "__main__":
    sys.exit(main())
