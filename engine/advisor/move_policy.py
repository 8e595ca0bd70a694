"""A move policy: a softmax over the moves of normal play, linear in features of the position after each.

The value bot (:mod:`.value_bot`) plays the move after which the value model --
fitted on who wins -- gives it the best chance. A move policy is fitted on what
the search itself plays instead (expert iteration, ``benchmarks/training/distil_policy.py``):
the **score** of a move is ``sum_a h[a] * (own[a] . x + rivals[a] . r)``, where
``x`` is the mover's value-model features (:data:`.value.FEATURES`) in the
position after the move (a press judged before its card is drawn), ``r`` the
most any rival has of each varying one (:func:`.value.rivals_most`), and ``h``
the progress anchors' hats of that position, as the value model's. The chance
of a move is proportional to ``exp(score)``; the softmax bot
(:mod:`.softmax_bot`) draws from it. A policy is for one table size.

Weights are data: a move-policy JSON document (``"format": "pennypress-move-policy/1"``), written
with the command and seed that made it. :func:`from_value_model` is the policy a value model implies
(the mover's win score against the rivals' best): round 0 of expert iteration.

>>> from pennypress.engine import new_game
>>> from pennypress.engine.io.state import public_view
>>> from pennypress.engine.advisor.value import MODEL
>>> p = from_value_model(MODEL, 3)
>>> load_move_policy(p.to_json()) == p
True
>>> s = public_view(new_game(3, seed=5))
>>> isinstance(p.score(s, 0), float)
True
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

from ..position.position import Position
from .value import (
    FEATURES, VARYING, ValueModel, _number, hats, json_document, position_features, progress, rivals_most,
)

if TYPE_CHECKING:
    from pennypress_core import MovePolicy as CoreMovePolicy

FORMAT = "pennypress-move-policy/1"


@dataclass(frozen=True, eq=False)
class MovePolicy:
    """A move policy for tables of ``players``: per anchor of progress, a weight per feature of the mover
    (``own``, :data:`.value.FEATURES`) and per varying feature of the rivals' most (``rivals``,
    :data:`.value.VARYING`); ``obtained`` records how it was made."""

    players: int
    anchors: tuple[float, ...]
    own: tuple[tuple[float, ...], ...]
    rivals: tuple[tuple[float, ...], ...]
    obtained: dict = field(default_factory=dict)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MovePolicy) and (self.players, self.anchors, self.own, self.rivals) == (
            other.players, other.anchors, other.own, other.rivals)

    def __hash__(self) -> int:
        return hash((self.players, self.anchors, self.own, self.rivals))

    def score(self, after: Position, me: int) -> float:
        """The score of the position ``after`` a move for player ``me``, every sum made left to right as the
        core makes it (``core/src/move_policy.rs``)."""
        feats = position_features(after)
        x, r = feats[me], rivals_most(feats, me)
        z = 0.0
        for a, h in enumerate(hats(self.anchors, progress(after))):
            if h == 0.0:
                continue
            s = 0.0
            for w, v in zip(self.own[a], x):
                s += w * v
            for w, v in zip(self.rivals[a], r):
                s += w * v
            z += h * s
        return z

    def scaled(self, factor: float) -> MovePolicy:
        """The policy with every weight times ``factor`` (a sharper softmax above 1, a flatter one below)."""
        return MovePolicy(self.players, self.anchors, tuple(tuple(w * factor for w in row) for row in self.own),
                          tuple(tuple(w * factor for w in row) for row in self.rivals),
                          {**self.obtained, "scaled": factor})

    def core(self) -> CoreMovePolicy:
        """The same policy on the native core (made once)."""
        made = self.__dict__.get("_core")
        if made is None:
            from ..native import core_module
            made = core_module().MovePolicy(self.players, list(self.anchors), [list(r) for r in self.own],
                                            [list(r) for r in self.rivals])
            object.__setattr__(self, "_core", made)
        return made

    def document(self) -> dict[str, Any]:
        """The move-policy JSON document of this policy."""
        return {"format": FORMAT, "players": self.players, "features": list(FEATURES),
                "anchors": list(self.anchors), "own": [list(r) for r in self.own],
                "rivals": [list(r) for r in self.rivals], "obtained": self.obtained}

    def to_json(self) -> str:
        return json.dumps(self.document(), indent=1) + "\n"


def from_value_model(model: ValueModel, players: int) -> MovePolicy:
    """The policy a value model's win rows imply at a table of ``players``: the mover's win score (``own``,
    the win rows) against the rivals' best (``rivals``, the same rows negated) -- round 0 of expert
    iteration (a linear value model only: a model with a win network has no such rows)."""
    rows = model.models[players].win
    own = tuple(tuple(float(w) for w in row) for row in rows)
    rivals = tuple(tuple(-float(row[k]) for k in VARYING) for row in rows)
    return MovePolicy(players, tuple(model.anchors), own, rivals, {"from": "the value model's win rows"})


def _rows(doc: dict, key: str, anchors: int, width: int, source: str) -> tuple[tuple[float, ...], ...]:
    rows = doc.get(key)
    if not isinstance(rows, list) or len(rows) != anchors or any(
            not isinstance(r, list) or len(r) != width or not all(_number(w) for w in r) for r in rows):
        raise ValueError(f"{source}: {key!r} must be {anchors} rows (one an anchor) of {width} finite numbers")
    return tuple(tuple(float(w) for w in r) for r in rows)


def load_move_policy(text: str, source: str = "move policy") -> MovePolicy:
    """The :class:`MovePolicy` in a move-policy JSON document (:class:`ValueError` naming the problem)."""
    doc = json_document(text, source)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError(f"{source}: not a move-policy document (its format must be {FORMAT!r})")
    players = doc.get("players")
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 5:
        raise ValueError(f"{source}: 'players' must be a table of 2 to 5")
    if doc.get("features") != list(FEATURES):
        raise ValueError(f"{source}: its features are not the value model's ({', '.join(FEATURES)})")
    anchors = doc.get("anchors")
    if not isinstance(anchors, list) or len(anchors) < 2 or not all(_number(a) for a in anchors) or any(
            b <= a for a, b in zip(anchors, anchors[1:])):
        raise ValueError(f"{source}: 'anchors' must be at least two increasing numbers")
    own = _rows(doc, "own", len(anchors), len(FEATURES), source)
    rivals = _rows(doc, "rivals", len(anchors), len(VARYING), source)
    obtained = doc.get("obtained", {})
    return MovePolicy(players, tuple(float(a) for a in anchors), own, rivals,
                      obtained if isinstance(obtained, dict) else {})


def check_table(policy: MovePolicy | None, players: int, playout_policy: str) -> None:
    """:class:`~pennypress.errors.BadInput` unless ``policy`` (if any) is for a table of ``players`` and the
    playouts seat value bots for it to stand in for (``playout_policy`` ``"value"`` or ``"mixed"``)."""
    from pennypress.errors import BadInput

    if policy is None:
        return
    if policy.players != players:
        raise BadInput(f"move policy: made for tables of {policy.players}, the position has {players} players")
    if playout_policy not in ("value", "mixed"):
        raise BadInput(f"move policy: it stands in for the value bot, and the playout policy "
                       f"{playout_policy!r} seats none (expected 'value' or 'mixed')")


__all__: Sequence[str] = ("FORMAT", "MovePolicy", "check_table", "from_value_model", "load_move_policy")
