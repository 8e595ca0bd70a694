"""The value model: every newspaper's chance to win, read off a public position without playing on.

A playout that plays every game to its end answers "who won?" with a 0 or a
1, so telling two moves apart takes hundreds of playouts each. The advisor's
playouts stop a few moves after the move they follow (:mod:`.playout`) and
ask this model instead: a probability, far less noisy, and the playout is a
few moves instead of forty.

**Features** (:func:`position_features`): for each newspaper, small integers
read off the public position -- its circulation; the optimal page it would
print by pressing now and the best it could reach next turn by sending its
reporters at home to one more story; presses left, and presses it can still
make before the end comes; its end bonuses now and with the stories it can
claim; stories published; reporters on the board and on stories where it is
outnumbered; the scoops it can expect and the scoops a press of its own would
give away; stories it only ties; the page value at risk from players acting
before its next turn; how many players act before it; done. A constant 1
closes the list. Nothing reads the deck's order.

**The model** (:class:`ValueModel`): per player count, a softmax over the
newspapers of ``z_p = sum_a h_a(t) * sum_k W[a][k] * x_pk`` -- linear in the
features, with weights that change with the game's progress ``t``
(:func:`progress`: presses made against the presses a game lasts), linearly
between anchors (``h_a``: hat functions). A second linear model of the same
shape predicts each newspaper's final circulation, from which the margin to
the best opponent follows. The numbers are data (``value_model.json``, package
data beside this module), fitted by multinomial logistic regression on the
outcomes of seeded games between the playout bot and the league's bots,
played on the native core (``benchmarks/training/train_value.py``, ``docs/lab/value.md``);
the 2- and 3-player win weights were then tuned by SPSA for the ranking of
moves that wins against the league (``benchmarks/training/tune_value.py``; the file
keeps the fitted rows beside them).

The native core computes the same features and the same floats, operation for
operation (``core/src/value.rs``; ``tests/core/test_core_value.py`` compares
them as doubles).

>>> from pennypress.engine import new_game
>>> from pennypress.engine.io.state import public_view
>>> s = public_view(new_game(3, seed=5))
>>> values = MODEL.evaluate(s)
>>> round(sum(win for win, _, _ in values), 12), len(position_features(s)[0]) == len(FEATURES)
(1.0, True)
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any, Sequence

from pennypress.solver.vocab import BEATS

from ..game.stories import Story
from ..native.search import value_model
from ..game.tables import final_edition_presses, scoop_value
from ..position.position import Phase, Position
from ..position.turns import seats_before
from ..rules.press import PressValuer

if TYPE_CHECKING:
    from pennypress_core import ValueModel as CoreValueModel

FEATURES = (
    "circulation", "page", "reach", "presses_left", "presses_before_end", "bonus", "bonus_claimed",
    "published", "on_board", "outnumbered", "scoops_in", "scoops_out", "tied", "threatened", "order",
    "done", "one",
)
"""The features of one newspaper, in the order of the model's weights (``docs/concepts/value-and-playouts.md`` says each)."""

MODEL_FILE = "value_model.json"
"""The model's file, package data beside this module."""

FORMAT = "pennypress value model"


def acting_before(state: Position, player: int) -> list[int]:
    """The other players who act before ``player``'s next turn in normal play, each once, in order
    (:func:`~pennypress.engine.position.turns.seats_before`)."""
    return seats_before(state.n_players, state.current, state.turns_left,
                        state.definition.variant.turns_in_a_row, player)


def progress(state: Position) -> float:
    """How far the game has gone, 0 at the start: the presses made against the presses a game of this
    many players lasts (``players * (presses to the final edition - 1) + 1``), at most 1."""
    n = state.n_players
    made = sum(p.pennies for p in state.players)
    return min(1.0, made / (n * (final_edition_presses(n) - 1) + 1))


def _bonuses(stars: Sequence[Sequence[int]], bonus: Sequence[int], player: int) -> int:
    """The end bonuses ``player`` would get with these stars per player and beat."""
    got = 0
    for b, points in enumerate(bonus):
        most = max(s[b] for s in stars)
        if most and stars[player][b] == most:
            got += points
    return got


def player_features(state: Position, player: int) -> tuple[int, ...]:
    """The :data:`FEATURES` of ``player`` in ``state`` (normal play), all whole numbers."""
    n = state.n_players
    me = state.players[player]
    valuer = PressValuer.for_player(state, player)
    claim = state.claimable(player)
    page = valuer.gain(valuer.items(claim))
    # reach: the best page after sending reporters from home to one more story (enough to claim it)
    reach = page
    if me.home:
        for story in state.stories_in_play():
            r = state.reporters[story]
            mine, top = r[player], max(r[q] for q in range(n) if q != player)
            if mine and mine >= top:
                continue
            need = max(1, top - mine)
            if need <= me.home:
                more = tuple(sorted(claim + (story,), key=Story.sort_key))
                reach = max(reach, valuer.gain(valuer.items(more)))
    presses = final_edition_presses(n)
    left = 0 if me.done else presses - me.pennies
    others = [presses - p.pennies for q, p in enumerate(state.players) if q != player and not p.done]
    before_end = 0 if me.done else (min(left, 1 + min(others)) if others else left)
    stars = [[p.stars(b) for b in BEATS] for p in state.players]
    bonus = [state.bonus[b] for b in BEATS]
    claimed = [list(s) for s in stars]
    for story in claim:
        claimed[player][BEATS.index(story.beat)] += story.stars
    outnumbered = scoops_in = scoops_out = tied = 0
    for story, r in state.reporters.items():
        mine = r[player]
        if not mine:
            continue
        top = max(r)
        if mine < top:
            outnumbered += mine
            scoops_in += scoop_value(state.markers[story.beat])
        else:
            scoops_out += scoop_value(state.markers[story.beat]) * sum(1 for q in range(n) if q != player and r[q])
            tied += any(r[q] == mine for q in range(n) if q != player)
    before = acting_before(state, player)
    threatened = 0
    for story in claim:
        r = state.reporters[story]
        mine = r[player]
        if any(r[q] == mine or state.players[q].home >= max(1, mine - r[q] + 1) for q in before):
            rest = tuple(s for s in claim if s != story)
            threatened += page - valuer.gain(valuer.items(rest))
    return (me.circulation, page, reach, left, before_end, _bonuses(stars, bonus, player),
            _bonuses(claimed, bonus, player), len(me.published), state.on_board(player), outnumbered, scoops_in,
            scoops_out, tied, threatened, len(before) if player != state.current else 0, int(me.done), 1)


def position_features(state: Position) -> list[tuple[int, ...]]:
    """Every newspaper's :func:`player_features`, in seat order."""
    return [player_features(state, p) for p in range(state.n_players)]


Estimate = tuple[float, float, float]
"""``(chance to win, expected margin to the best opponent, expected final circulation)`` of one player."""


VARYING = tuple(k for k, name in enumerate(FEATURES) if name != "one")
"""The features that vary (all but the constant ``one``): a network's inputs."""


@dataclass(frozen=True)
class Network:
    """A newspaper's win score that is not linear in its features: ``z = out . tanh(u W + bias) + linear . own``,
    where ``own`` is its :data:`VARYING` features standardised (``(x - mean) / spread``), ``u`` is ``own``, then
    the most any rival has of each of them standardised (``rival_mean``, ``rival_spread``), then the
    progress anchors' hats; ``weights[i][j]`` joins input ``i`` to hidden unit ``j``. Every sum is made left to
    right, the hidden units in order, and ``tanh`` is the C library's, as the core makes them
    (``core/src/value.rs``), so both engines give the same doubles."""

    mean: tuple[float, ...]
    spread: tuple[float, ...]
    rival_mean: tuple[float, ...]
    rival_spread: tuple[float, ...]
    weights: tuple[tuple[float, ...], ...]
    bias: tuple[float, ...]
    out: tuple[float, ...]
    linear: tuple[float, ...]

    def score(self, hats: Sequence[float], x: Sequence[int], rivals: Sequence[int]) -> float:
        """The win score of a newspaper with features ``x`` whose rivals have at most ``rivals`` (by :data:`VARYING`)."""
        own = [(x[k] - m) / d for k, m, d in zip(VARYING, self.mean, self.spread)]
        u = own + [(r - m) / d for r, m, d in zip(rivals, self.rival_mean, self.rival_spread)] + list(hats)
        z = 0.0
        for j, (b, o) in enumerate(zip(self.bias, self.out)):
            s = b
            for i, v in enumerate(u):
                s += v * self.weights[i][j]
            z += o * math.tanh(s)
        for w, v in zip(self.linear, own):
            z += w * v
        return z


def rivals_most(feats: Sequence[Sequence[int]], player: int) -> list[int]:
    """The most any newspaper but ``player`` has of each :data:`VARYING` feature."""
    return [max(f[k] for q, f in enumerate(feats) if q != player) for k in VARYING]


def hats(anchors: Sequence[float], t: float) -> list[float]:
    """The weight of each anchor at progress ``t``: linear between neighbouring anchors, all on the first
    before it and on the last after it (the value model's and the move policy's, ``core/src/value.rs``'s
    ``active_hats``)."""
    a = anchors
    out = [0.0] * len(a)
    if t <= a[0]:
        out[0] = 1.0
        return out
    if t >= a[-1]:
        out[-1] = 1.0
        return out
    for i in range(len(a) - 1):
        if a[i] <= t < a[i + 1]:
            right = (t - a[i]) / (a[i + 1] - a[i])
            out[i] = 1.0 - right
            out[i + 1] = right
            return out
    return out


@dataclass(frozen=True)
class PlayerCountModel:
    """The weights for one player count: ``win[a][k]`` and ``score[a][k]`` at progress ``anchors[a]``; with a
    ``network``, the win scores are the network's (the ``win`` rows are kept, unused)."""

    win: tuple[tuple[float, ...], ...]
    score: tuple[tuple[float, ...], ...]
    network: Network | None = None


@dataclass(frozen=True)
class ValueModel:
    """Win chances and final circulations from :func:`position_features` (see the module)."""

    anchors: tuple[float, ...]
    models: dict[int, PlayerCountModel]
    obtained: Any = None

    def hats(self, t: float) -> list[float]:
        """The weight of each anchor at progress ``t`` (:func:`hats`)."""
        return hats(self.anchors, t)

    def evaluate(self, state: Position) -> tuple[Estimate, ...]:
        """Every newspaper's :data:`Estimate` in ``state`` (normal play, no card to draw)."""
        model = self.models[state.n_players]
        h = self.hats(progress(state))
        feats = position_features(state)
        if model.network is None:
            z = [_linear(h, model.win, x) for x in feats]
        else:
            z = [model.network.score(h, x, rivals_most(feats, p)) for p, x in enumerate(feats)]
        top = max(z)
        e = [math.exp(v - top) for v in z]
        total = 0.0
        for v in e:
            total += v
        scores = [_linear(h, model.score, x) for x in feats]
        out = []
        for p in range(len(feats)):
            best_other = max(scores[q] for q in range(len(feats)) if q != p)
            out.append((e[p] / total, scores[p] - best_other, scores[p]))
        return tuple(out)


def _linear(h: Sequence[float], weights: Sequence[Sequence[float]], x: Sequence[int]) -> float:
    """``sum_a h[a] * sum_k weights[a][k] * x[k]``, added left to right (the core adds in the same order)."""
    z = 0.0
    for a, ha in enumerate(h):
        if ha == 0.0:
            continue
        s = 0.0
        for w, v in zip(weights[a], x):
            s += w * v
        z += ha * s
    return z


def json_document(text: str, source: str) -> Any:
    """The JSON value in ``text``; :class:`ValueError` naming ``source``, the problem and its line otherwise
    (the value model's and the move policy's files)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{source}: not JSON ({exc.msg}, line {exc.lineno})") from None


def load_model(text: str, source: str = MODEL_FILE) -> ValueModel:
    """The :class:`ValueModel` in a value-model JSON document (``ValueError`` naming the problem)."""
    doc = json_document(text, source)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError(f"{source}: expected an object with \"format\": \"{FORMAT}\"")
    if tuple(doc.get("features", ())) != FEATURES:
        raise ValueError(f"{source}: features must be exactly {', '.join(FEATURES)} in this order")
    anchors = doc.get("anchors")
    if (not isinstance(anchors, list) or len(anchors) < 2 or not all(_number(a) for a in anchors)
            or any(b <= a for a, b in zip(anchors, anchors[1:]))):
        raise ValueError(f"{source}: anchors must be at least two increasing numbers")
    models = doc.get("models")
    if not isinstance(models, dict) or not models:
        raise ValueError(f"{source}: expected an object of models by player count under \"models\"")
    out = {}
    for key, m in models.items():
        if key not in ("2", "3", "4", "5"):
            raise ValueError(f"{source}: model for {key!r} players: player counts are 2 to 5")
        parts = {}
        for part in ("win", "score"):
            rows = m.get(part) if isinstance(m, dict) else None
            if (not isinstance(rows, list) or len(rows) != len(anchors)
                    or not all(isinstance(r, list) and len(r) == len(FEATURES) and all(map(_number, r)) for r in rows)):
                raise ValueError(f"{source}: {key}-player {part} weights must be {len(anchors)} rows of "
                                 f"{len(FEATURES)} finite numbers")
            parts[part] = tuple(tuple(float(v) for v in r) for r in rows)
        if isinstance(m, dict) and m.get("network") is not None:
            parts["network"] = _network(m["network"], len(anchors), f"{source}: {key}-player network")
        out[int(key)] = PlayerCountModel(**parts)
    missing = [n for n in (2, 3, 4, 5) if n not in out]
    if missing:
        raise ValueError(f"{source}: no model for {', '.join(map(str, missing))} players")
    return ValueModel(tuple(float(a) for a in anchors), out, doc.get("obtained"))


def _network(doc: Any, anchors: int, where: str) -> Network:
    """The :class:`Network` of a model file's ``"network"`` object (``ValueError`` naming the problem)."""
    k = len(VARYING)
    if not isinstance(doc, dict):
        raise ValueError(f"{where}: expected an object")
    bias = doc.get("bias")
    hidden = len(bias) if isinstance(bias, list) else 0
    sizes = {"mean": k, "spread": k, "rival_mean": k, "rival_spread": k, "bias": hidden, "out": hidden, "linear": k}
    values: dict[str, Any] = {}
    for name, size in sizes.items():
        v = doc.get(name)
        if not isinstance(v, list) or len(v) != size or size == 0 or not all(map(_number, v)):
            raise ValueError(f"{where}: {name} must be {size} finite numbers" if size
                             else f"{where}: {name} must be a list of at least one finite number")
        values[name] = tuple(float(x) for x in v)
    if any(d <= 0 for d in values["spread"] + values["rival_spread"]):
        raise ValueError(f"{where}: every spread must be above 0")
    rows = doc.get("weights")
    if (not isinstance(rows, list) or len(rows) != 2 * k + anchors
            or not all(isinstance(r, list) and len(r) == hidden and all(map(_number, r)) for r in rows)):
        raise ValueError(f"{where}: weights must be {2 * k + anchors} rows (the inputs) of {hidden} finite numbers")
    unknown = sorted(set(doc) - set(sizes) - {"weights"})
    if unknown:
        raise ValueError(f"{where}: unknown field {unknown[0]!r}")
    return Network(weights=tuple(tuple(float(x) for x in r) for r in rows), **values)


@dataclass(frozen=True)
class Leaf:
    """Where a playout stops: after ``depth`` bot moves, at normal play with no card to draw, ``model``
    estimates every player's chances."""

    depth: int
    model: ValueModel

    def core(self) -> CoreValueModel:
        """The model on the native core (:func:`core_model`)."""
        return core_model(self.model)


CORE_MODELS_KEPT = 8
"""Value models kept converted for the core: the shipped one, and a few a tuning run tries at once."""
_CORE_MODELS: dict[int, tuple[ValueModel, CoreValueModel]] = {}


def core_model(model: ValueModel) -> CoreValueModel:
    """``model`` on the native core (``pennypress_core.ValueModel``), made once per model (the last
    :data:`CORE_MODELS_KEPT` kept)."""
    key = id(model)
    made = _CORE_MODELS.get(key)
    if made is None or made[0] is not model:
        made = (model, value_model(model.anchors, {n: (pm.win, pm.score) for n, pm in model.models.items()},
                                   {n: pm.network for n, pm in model.models.items() if pm.network is not None}))
        _CORE_MODELS.pop(key, None)
        _CORE_MODELS[key] = made
        while len(_CORE_MODELS) > CORE_MODELS_KEPT:  # the oldest made goes first
            _CORE_MODELS.pop(next(iter(_CORE_MODELS)))
    return made[1]


def _number(v: Any) -> bool:
    return not isinstance(v, bool) and isinstance(v, (int, float)) and math.isfinite(v)


MODEL = load_model(resources.files(__package__).joinpath(MODEL_FILE).read_text(encoding="utf-8"))
"""The shipped model (``value_model.json``)."""


def model_of(leaf: Leaf | None) -> ValueModel:
    """The value model of a search that stops its playouts at ``leaf``: the leaf's, which the playouts'
    value bots read too; the shipped :data:`MODEL` when every playout is played to the end."""
    return MODEL if leaf is None else leaf.model
