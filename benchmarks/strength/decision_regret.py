"""What a playout setting's moves are worth against a league opponent, decision by decision, paired.

A tournament cell tells two playout settings apart only by several points of
win share, even at hundreds of games (paired, seat-rotated). This diagnostic
looks closer. It plays seeded 3-player games of
``advisor:fast`` against two copies of one league opponent (the opponent deciding
on the native core), seat-rotated, and keeps the public position at every
decision of the advisor's in normal play with more than one legal move. Then
each **variant** of the advisor's search chooses its move in every kept
position, and every chosen move is valued by ``--playouts`` playouts to the end
of the game in which **every seat**, the advisor's own included, is played by
the opponent's bot (the same seeded futures for every move of a position): the
move's win share if the table plays on as that opponent does. It prints, per
variant, the mean of those values, the paired difference from the shipped
setting on the same decisions (95% interval, the advisor's own
:func:`~pennypress.engine.advisor.stats.paired`), the decisions where the variant
chose another move, and how often it chose the move the opponent itself would
have chosen in the advisor's seat.

The opponent's bot only measures here: it plays the kept games and the valuing
playouts. The ``opponent-playouts`` variant puts it into the advisor's playouts
as well -- forbidden for the advisor as it ships (issue 16: strength must not
rest on knowing the opponent) and shown as the upper bound of what a model of
that opponent could gain. ``imitation=SHARE`` is forbidden likewise: the
playouts' value seats (a share ``SHARE`` of the mixed seats) play by a value
model whose win weights were fitted to the opponent's own moves
(:mod:`imitation`, on ``--imitation-games`` games of three copies of it, their
own seeds): how much a model of the opponent inside the value model's features
could gain.

Variants (comma-separated): ``shipped``; ``noise=X`` (the value bot's noise,
``policy.VALUE_NOISE``), ``jitter=X`` (the heuristic bot's, ``policy.JITTER``),
``share=X`` (the value bot's share of the mixed seats, ``policy.VALUE_SHARE``),
``policy=NAME`` (one of ``policy.POLICIES``), ``leaf=D`` (playouts stop after D
moves), ``budget=NAME``, ``model=FILE`` (the search reads that value-model file at its
leaf and in its value bots: a candidate model), ``mover=FILE`` (the playouts seat that move-policy
file's softmax bot where the value bot sits: ``benchmarks/training/distil_policy.py``), and any of these
joined with ``+``
(``budget=normal+leaf=6``: a larger budget spent on deeper playouts);
``opponent-playouts``; ``imitation=SHARE``.

``--search-cap N`` caps every search's playouts at ``N`` -- the kept games'
advisor's, the shipped setting's and every variant's: the analysis and each
reply's search in the second ply, which still opens the same number of moves
(:func:`benchmarks.strength.advisor.capped`; as under any budget's cap, each move is still played at
least once a round). The searches stay deterministic (a number of playouts,
the same on any number of workers, carried in the budget to wherever it
runs), but they are smaller than the advisor's as it ships, so a capped run
is a sketch or a test of the plumbing, never a measure; its table says so.

    python -m benchmarks.strength.decision_regret --games 24 --seed 555 \\
        --variants shipped,noise=0.15,jitter=0.3,policy=heuristic,policy=value,opponent-playouts
"""
from __future__ import annotations

import argparse
import contextlib
import functools
import math
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from tqdm import tqdm

from benchmarks.strength import imitation
from benchmarks.strength.advisor import LEAGUE_BOTS, CoreLeagueBot, capped, leaf_depth
from pennypress.engine import native, new_game
from pennypress.engine.advisor import policy, pool
from pennypress.engine.advisor.bot import AdvisorBot, decision_seed
from pennypress.engine.advisor.budget import BUDGETS
from pennypress.engine.advisor.move_policy import MovePolicy, load_move_policy
from pennypress.engine.advisor.answer import advise
from pennypress.engine.advisor.settings import SearchSettings
from pennypress.engine.advisor.stats import paired
from pennypress.engine.advisor.value import MODEL, Leaf, ValueModel, load_model
from pennypress.engine.advisor.value_bot import MARGIN_WEIGHT
from pennypress.engine.arena.native_games import bot_policy
from pennypress.engine.io.state import PublicState
from pennypress.engine.native.search import core_weights, positions_after, run_batch
from pennypress.engine.play.match import play_match
from pennypress.engine.position.position import Phase
from pennypress.engine.rules.actions import legal_moves
from pennypress.errors import BadInput

OPPONENTS = {cls.name: cls for cls in LEAGUE_BOTS}
SEEDS = 2 ** 40
"""``--seed`` below this: the seeds made from it fit the core."""
GLOBALS = {"noise": "VALUE_NOISE", "jitter": "JITTER", "share": "VALUE_SHARE"}
MOVE_CAP = 3000
KEPT_GAMES = 1500
"""At most this many games kept: their deals (``seed * 1000 + g // 3``) stay below :func:`imitation_seed`'s."""
IMITATION_GAMES = 500
"""At most this many games an imitation model is fitted on (``--imitation-games``)."""


@dataclass(frozen=True)
class Variant:
    """One setting of the advisor's search: module settings of :mod:`policy`, ``advise`` arguments, or the
    opponent's bot in the playouts."""

    name: str
    settings: tuple[tuple[str, float], ...] = ()
    policy: str | None = None
    leaf: int | None = None
    budget: str = "fast"
    model: str | None = None
    """A value-model file the search reads instead of the shipped one."""
    mover: str | None = None
    """A move-policy file whose softmax bot the playouts seat instead of the value bot."""
    opponent_playouts: bool = False
    imitation_share: float | None = None


COMBINED = ("settings", "policy", "leaf", "budget", "model", "mover")
"""The fields a combined variant (``budget=normal+leaf=6``) takes from its parts."""


def parse_variant(text: str) -> Variant:
    """A variant from its name (module docstring); :class:`BadInput` naming the problem otherwise."""
    if "+" in text:
        merged: dict = {}
        for part in (parse_variant(p) for p in text.split("+")):
            if part.name == "shipped" or part.opponent_playouts or part.imitation_share is not None:
                raise BadInput(f"variant {text!r}: only noise, jitter, share, policy, leaf, budget, model and mover "
                               "combine with +")
            for name in COMBINED:
                value = getattr(part, name)
                if value != getattr(Variant(""), name):
                    if name in merged and name != "settings":
                        raise BadInput(f"variant {text!r}: {name} is given twice")
                    merged[name] = merged.get("settings", ()) + value if name == "settings" else value
        return Variant(text, **merged)
    if text == "shipped":
        return Variant(text)
    if text == "opponent-playouts":
        return Variant(text, opponent_playouts=True)
    key, _, value = text.partition("=")
    if key in GLOBALS:
        try:
            return Variant(text, settings=((GLOBALS[key], float(value)),))
        except ValueError:
            raise BadInput(f"variant {text!r}: {key} takes a number") from None
    if key == "leaf":
        try:
            return Variant(text, leaf=leaf_depth(value))
        except ValueError as exc:
            raise BadInput(f"variant {text!r}: {exc}") from None
    if key == "imitation":
        try:
            share = float(value)
        except ValueError:
            share = math.nan
        if not 0 <= share <= 1:
            raise BadInput(f"variant {text!r}: imitation takes the value seats' share, from 0 to 1")
        return Variant(text, imitation_share=share)
    if key == "policy" and value in policy.POLICIES:
        return Variant(text, policy=value)
    if key == "budget" and value in BUDGETS:
        return Variant(text, budget=value)
    if key == "model" and value:
        model_file(value)
        return Variant(text, model=value)
    if key == "mover" and value:
        mover_file(value)
        return Variant(text, mover=value)
    raise BadInput(f"variant {text!r}: expected shipped, opponent-playouts, noise=X, jitter=X, share=X, "
                   f"policy=NAME ({', '.join(policy.POLICIES)}), leaf=D, budget=NAME ({', '.join(BUDGETS)}), "
                   f"model=FILE, mover=FILE or imitation=SHARE")


_FILES: dict[tuple[str, str], object] = {}


def _read(kind: str, path: str, load):
    """The document in the file ``path`` as ``load`` reads it (once), for the variant ``kind=path``;
    :class:`BadInput` naming the problem otherwise."""
    if (kind, path) not in _FILES:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise BadInput(f"variant {kind}={path}: cannot read it ({exc})") from None
        try:
            _FILES[kind, path] = load(text, path)
        except ValueError as exc:
            raise BadInput(f"variant {kind}={path}: {exc}") from None
    return _FILES[kind, path]


def model_file(path: str) -> ValueModel:
    """The value model in the file ``path`` (read once); :class:`BadInput` naming the problem otherwise."""
    return _read("model", path, load_model)


def mover_file(path: str) -> MovePolicy:
    """The 3-player move policy in the file ``path`` (read once); :class:`BadInput` naming the problem otherwise."""
    found = _read("mover", path, load_move_policy)
    if found.players != 3:
        raise BadInput(f"variant mover={path}: it is for tables of {found.players}; the decisions are of 3")
    return found


def imitation_policy(model, share: float):
    """The search's mixed playout bot on the core with ``model`` in its value seats, a share ``share`` of them."""
    return native.core_module().Policy.mixed(Leaf(policy.LEAF_DEPTH, model).core(), core_weights(policy.PLAYOUT),
                                             policy.JITTER, MARGIN_WEIGHT, policy.VALUE_NOISE, share)


@contextlib.contextmanager
def applied(variant: Variant, opponent_policy, imitated=None) -> Iterator[None]:
    """The variant's module settings in force (and the opponent's policy, or the value model ``imitated`` fitted
    to its moves, in the playouts if it asks)."""
    saved = {name: getattr(policy, name) for name, _ in variant.settings}
    saved_policy = pool.core_policy
    for name, value in variant.settings:
        setattr(policy, name, value)
    if variant.opponent_playouts:
        pool.core_policy = lambda *_: opponent_policy
    if variant.imitation_share is not None:
        made = imitation_policy(imitated, variant.imitation_share)
        pool.core_policy = lambda *_: made
    try:
        yield
    finally:
        pool.core_policy = saved_policy
        for name, value in saved.items():
            setattr(policy, name, value)


class Keeper(AdvisorBot):
    """``advisor:fast`` (its searches capped at ``cap`` playouts, :func:`capped`) that keeps a copy of the public
    position at each of its decisions worth comparing."""

    def __init__(self, seed: int, kept: list[PublicState], workers: int = 2, cap: int | None = None):
        super().__init__(seed=seed, budget=capped(BUDGETS["fast"], cap), workers=workers, name="advisor:fast")
        self.kept = kept

    def choose(self, view: PublicState):
        if view.phase is Phase.NORMAL and len(legal_moves(view)) > 1:
            self.kept.append(view.clone())
        return super().choose(view)


def imitation_seed(seed: int) -> int:
    """The first deal of an imitation fit's games: past every kept game's deal, so the model is fitted on games
    the measure never keeps (and, with at most :data:`IMITATION_GAMES` of them, below the next seed's)."""
    return seed * 1000 + KEPT_GAMES // 3


def kept_positions(opponent: str, games: int, seed: int, workers: int = 2, cap: int | None = None
                   ) -> list[PublicState]:
    """The advisor's decisions in ``games`` seat-rotated 3-player games against two ``opponent`` bots, its
    searches capped at ``cap`` playouts (each a copy: the games and the shipped picks are kept for the process,
    see :func:`_kept`)."""
    return [view.clone() for view in _kept(opponent, games, seed, workers, cap)]


@functools.lru_cache(maxsize=4)
def _kept(opponent: str, games: int, seed: int, workers: int, cap: int | None = None) -> tuple[PublicState, ...]:
    kept: list[PublicState] = []
    for g in tqdm(range(games), desc="games", unit="game", file=sys.stderr, leave=False):
        deal = seed * 1000 + g // 3
        bots = [CoreLeagueBot(OPPONENTS[opponent](deal * 10 + i), deal * 10 + i) for i in range(3)]
        bots[g % 3] = Keeper(deal, kept, workers, cap)
        play_match(new_game(3, seed=deal), bots, seed=deal)
    return tuple(kept)


@functools.lru_cache(maxsize=4)
def shipped_picks(opponent: str, games: int, seed: int, workers: int, cap: int | None = None) -> tuple[str, ...]:
    """The shipped setting's move in each kept decision. Kept for the process with the games: the shipped
    setting is fixed, so every run over the same games picks the same moves (a run's variants apply their
    settings only around their own picks, :func:`applied`)."""
    shipped = Variant("shipped")
    views = _kept(opponent, games, seed, workers, cap)
    return tuple(choice(view, shipped, None, None, workers, cap)
                 for view in tqdm(views, desc="shipped", unit="decision", file=sys.stderr, leave=False))


def choice(view: PublicState, variant: Variant, opponent_policy, imitated=None, workers: int = 2,
           cap: int | None = None) -> str:
    """The variant's best move in ``view`` (the decision's seed as the advisor in a game would have it), its
    searches capped at ``cap`` playouts (:func:`capped`)."""
    with applied(variant, opponent_policy, imitated):
        model = MODEL if variant.model is None else model_file(variant.model)
        leaf = Leaf(policy.SEARCH_LEAF.depth if variant.leaf is None else variant.leaf, model)
        return advise(view, capped(BUDGETS[variant.budget], cap), seed=decision_seed(0, view.ply), workers=workers,
                      reasons_top=0, lines=False,  # the move alone: lines and reasons never change the ranking
                      leaf=leaf, policy=variant.policy,
                      mover=None if variant.mover is None else mover_file(variant.mover)).best.move


def win_share(view: PublicState, move: str, opponent_policy, playouts: int, seed: int, workers: int = 2) -> float:
    """The mover's win share after ``move`` over ``playouts`` playouts to the end, every seat the opponent."""
    moves = legal_moves(view)
    i = next(j for j, m in enumerate(moves) if str(m) == move)
    after = positions_after(view, moves, [i])[i]
    settings = SearchSettings(seed=seed, workers=workers, leaf=None, exact_end=False)  # the opponent plays the end too
    results = run_batch([after], [(0, k) for k in range(playouts)], settings, opponent_policy, MOVE_CAP)
    return math.fsum(values[view.current][0] for values, _ in results) / playouts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--opponent", default="evaluator", help=f"one of {', '.join(OPPONENTS)} (default evaluator)")
    ap.add_argument("--games", type=int, default=24, help="games kept (default 24)")
    ap.add_argument("--seed", type=int, default=731004,
                    help="seed of the games and the valuing playouts (default 731004, never used before)")
    ap.add_argument("--playouts", type=int, default=400, help="valuing playouts a chosen move (default 400)")
    ap.add_argument("--imitation-games", type=int, default=200,
                    help="games of three opponents an imitation variant's model is fitted on (default 200)")
    ap.add_argument("--workers", type=int, default=2,
                    help="the search's and the valuing playouts' threads (default 2; any number gives the same figures)")
    ap.add_argument("--variants", default="shipped,noise=0.15,jitter=0.3,policy=heuristic,policy=value,"
                    "opponent-playouts", help="comma-separated (module docstring); shipped is always added")
    ap.add_argument("--search-cap", type=int, default=None, metavar="N",
                    help="every search (the games' advisor's, each variant's: analysis and replies) at most N "
                         "playouts: a sketch or a test, not the shipped searches (default: no cap)")
    args = ap.parse_args(argv)
    try:
        if args.opponent not in OPPONENTS:
            raise BadInput(f"--opponent {args.opponent!r}: expected one of {', '.join(OPPONENTS)}")
        if not 1 <= args.games <= KEPT_GAMES or args.playouts < 2:
            raise BadInput(f"--games must be from 1 to {KEPT_GAMES} and --playouts at least 2")
        if args.workers < 1:
            raise BadInput(f"--workers must be at least 1, got {args.workers}")
        if not imitation.HELD_OUT < args.imitation_games <= IMITATION_GAMES:
            raise BadInput(f"--imitation-games must be from {imitation.HELD_OUT + 1} to {IMITATION_GAMES}")
        if not 0 <= args.seed < SEEDS:
            raise BadInput(f"--seed must be from 0 to 2**40 - 1, got {args.seed}")
        if args.search_cap is not None and args.search_cap < 1:
            raise BadInput(f"--search-cap must be at least 1 playout, got {args.search_cap}")
        names = ["shipped"] + [v for v in args.variants.split(",") if v != "shipped"]
        variants = [parse_variant(v) for v in names]
        if not native.available():
            raise BadInput("the native core is not built: python3 run.py build")
    except BadInput as e:
        print(f"bench_decision_regret: {e}", file=sys.stderr)
        return 2
    opponent_policy = bot_policy(OPPONENTS[args.opponent](0))
    imitated = None
    if any(v.imitation_share is not None for v in variants):
        fitted = imitation.imitation(args.opponent, args.imitation_games, imitation_seed(args.seed))
        imitated = fitted.model
        print(f"Imitation model: fitted on {fitted.decisions} decisions of three `{args.opponent}` bots; on "
              f"{fitted.held_out} held out it picks the opponent's move {fitted.predicted:.1%} "
              f"(the shipped model {fitted.shipped_predicted:.1%}).\n")
    cap = args.search_cap
    views = kept_positions(args.opponent, args.games, args.seed, args.workers, cap)
    picks = {v.name: list(shipped_picks(args.opponent, args.games, args.seed, args.workers, cap))
             if v.name == "shipped" else [choice(view, v, opponent_policy, imitated, args.workers, cap)
                                          for view in tqdm(views, desc=v.name, unit="decision", file=sys.stderr,
                                                           leave=False)]
             for v in variants}
    own = [str(CoreLeagueBot(OPPONENTS[args.opponent](0), 0).choose(view)) for view in views]
    values: dict[tuple[int, str], float] = {}
    for i, view in enumerate(tqdm(views, desc="valuing", unit="decision", file=sys.stderr, leave=False)):
        for move in dict.fromkeys(p[i] for p in picks.values()):
            values[i, move] = win_share(view, move, opponent_policy, args.playouts, args.seed * 1000 + i, args.workers)
    shipped = picks["shipped"]
    capped_note = "" if cap is None else f"; every search at most {cap} playouts, not the shipped searches"
    print(f"### Decisions against two `{args.opponent}` bots (seed {args.seed}, {args.games} games, "
          f"{len(views)} decisions, {args.playouts} valuing playouts a move{capped_note})\n")
    print("| variant | other move than shipped | win share of its moves | paired difference (95%) "
          "| the opponent's own move |")
    print("|---|---|---|---|---|")
    for v in variants:
        p = picks[v.name]
        mine = [values[i, p[i]] for i in range(len(views))]
        diff = paired(mine, [values[i, shipped[i]] for i in range(len(views))])
        other = sum(a != b for a, b in zip(p, shipped))
        same_as_opponent = sum(a == b for a, b in zip(p, own))
        print(f"| `{v.name}` | {other} | {math.fsum(mine) / len(mine):.1%} | "
              f"{100 * diff.mean:+.2f} ({100 * diff.low:+.2f} to {100 * diff.high:+.2f}) points | "
              f"{same_as_opponent / len(views):.1%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
