"""The value-model harness: the core's features, estimates and leaf playouts against the Python reference.

Positions come from seeded games of 2-5 players (both variants, both decks)
played on the core by a mix of bots -- the advisor's playout bot, the
heuristic and greedy bots and the league's evaluator and timer -- so they
look like the positions a search meets. At every position of normal play
with no card to draw, each newspaper's features must be the same whole
numbers, the progress the same double, and the model's every estimate (win
chance, margin, circulation) the same double; from some of them, playouts
that stop at a leaf must give the same estimates on both engines.
``tests/core/test_core_value.py`` runs a seeded share;
the value proof in ``test_core_proofs.py`` (slow; ``--proof-count full``) the full count.
"""
from __future__ import annotations

import random
from collections import Counter

from tests.core.differential import Mismatch
from pennypress.engine import native
from pennypress.engine.advisor.playout import native_playout, playout
from pennypress.engine.advisor.policy import JITTER, PLAYOUT
from pennypress.engine.advisor.value import MODEL, Leaf, ValueModel, position_features, progress
from pennypress.engine.arena.native_games import seat_policy
from pennypress.engine.io.state import State, new_game
from pennypress.engine.native.search import core_weights

SEATS = ("playout", "heuristic", "greedy", "evaluator", "timer")


def _policies() -> dict:
    core = native.core_module()
    out = {name: seat_policy(name) for name in SEATS if name != "playout"}
    out["playout"] = core.Policy.jittered_heuristic(core_weights(PLAYOUT), JITTER)
    return out


def compare(games: int, seed: int, model: ValueModel, playouts_every: int = 8) -> Counter:
    """Both engines on every position of ``games`` seeded games (see the module); :class:`Mismatch` at the
    first difference, else what was compared."""
    core = native.core_module()
    policies = _policies()
    core_model = Leaf(0, model).core()
    rng = random.Random(seed)
    cov: Counter = Counter()
    for g in range(games):
        players = 2 + g % 4
        variants = ("newsboy",) if players >= 4 and g % 3 == 0 else ()
        state = new_game(players, seed=seed * 1000 + g, variants=variants, deck=("default", "corrected")[g % 2])
        pos = native.native_position(state, checked=False)
        bots = [core.Bot(policies[rng.choice(SEATS)], rng.randrange(10 ** 6)) for _ in range(players)]
        chance = core.Random(seed * 1000 + g)
        while not pos.is_over():
            if pos.phase == "normal" and not pos.is_chance_node():
                view = State.from_json(pos.to_json(), trusted=True)
                where = f"game {g} ({players} players), ply {pos.ply}"
                if [list(f) for f in position_features(view)] != core.ValueModel.features(pos):
                    raise Mismatch(f"{where}: the features differ")
                if progress(view) != core.ValueModel.progress(pos):
                    raise Mismatch(f"{where}: the progress differs")
                if list(model.evaluate(view)) != core_model.evaluate(pos):
                    raise Mismatch(f"{where}: the estimates differ")
                cov["positions compared"] += 1
                cov[f"with {players} players"] += 1
                if rng.randrange(playouts_every) == 0:
                    move = rng.choice(view.legal_moves())
                    leaf = Leaf(rng.randrange(0, 10), model)
                    s, k = rng.randrange(-10 ** 9, 10 ** 12), rng.randrange(100)
                    policy = ("heuristic", "value", "mixed")[int(cov["leaf playouts compared"]) % 3]
                    if native_playout(view, move, s, k, policy=policy, leaf=leaf) != playout(
                            view, move, s, k, policy=policy, leaf=leaf):
                        raise Mismatch(f"{where}, {move}, seed {s}, k {k}, depth {leaf.depth}, {policy} bots: "
                                       "the leaf playouts differ")
                    cov["leaf playouts compared"] += 1
                    cov[f"leaf playouts by the {policy} bot"] += 1
            pos.apply(bots[pos.current_player].choose(pos))
            pos.resolve_chance(chance)
    return cov


def network_model(seed: int, hidden: int = 6):
    """The shipped model with a seeded random win network at every table (weights large enough that
    the tanh units leave their linear range), for the proofs; never shipped."""
    import dataclasses

    from pennypress.engine.advisor.value import VARYING, Network

    rng = random.Random(seed)
    k, inputs = len(VARYING), 2 * len(VARYING) + len(MODEL.anchors)
    vec = lambda n, lo, hi: tuple(rng.uniform(lo, hi) for _ in range(n))
    models = {}
    for n, pm in MODEL.models.items():
        net = Network(mean=vec(k, 0, 5), spread=vec(k, 0.5, 4), rival_mean=vec(k, 0, 5), rival_spread=vec(k, 0.5, 4),
                      weights=tuple(vec(hidden, -0.8, 0.8) for _ in range(inputs)), bias=vec(hidden, -1, 1),
                      out=vec(hidden, -1.5, 1.5), linear=vec(k, -0.3, 0.3))
        models[n] = dataclasses.replace(pm, network=net)
    return dataclasses.replace(MODEL, models=models)
