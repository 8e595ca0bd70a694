"""The advisor's strength targets (issue "Advice a player can trust"): seat-rotated tournaments, Wilson intervals.

Cells (``--cells``, in this order by default; ``--games`` seat-rotated games each):

- ``X3``: ``advisor:fast`` against two copies of each league bot and of the heuristic bot (3 players,
  fair 33%), for X in evaluator, timer, mcts, heuristic;
- ``X2``: ``advisor:fast`` head to head against each (2 players, fair 50%);
- ``normal3``: ``advisor:normal`` against two ``advisor:fast`` seats (more time never plays worse: fair 33%);
- ``evaluator3-normal``: ``advisor:normal`` against two ``evaluator`` bots (is its time's gain a general one, or
  only against players who search as it does? Pair it with an ``evaluator3`` run of the same seed);
- ``previous2``: ``advisor:fast`` head to head against ``previous:fast``, the ``fast`` advisor as it played
  before it weighed the next player's reply (issue #56: its analysis alone, :data:`~.budget.ANALYSIS`;
  2 players, fair 50%);
- ``release2``: ``advisor:fast`` head to head against ``release:fast``, the ``fast`` advisor as it played when
  issue #37 was filed (2 players, fair 50%). Since then the one change to how ``fast`` plays is that its
  playouts finish the final edition exactly (``SearchSettings.exact_end``), so the release seat is
  ``fast`` with that turned off (the history of ``engine/advisor`` and ``core/src`` since then has no other
  change to its play); ``release-heuristic3``: ``release:fast`` against two heuristic bots (pair it with a
  ``heuristic3`` run of the same seed: what the exact final edition costs against weak players).

The games run in the Python game loop (the table's "engine" column says so); the advisor's playouts run
on the native core, one thread per worker. The default seed, 731019, is fresh: benchmarks/results/seeds.json,
every seed a recorded figure, a training run or an experiment used, does not list it (tests/test_seeds.py keeps
it so; 731001, the default before it, measured the shipped normal in docs/lab/self-play.md). Prints one Markdown
row per cell as it finishes, with the longest game in moves (no stalling).

    python -m benchmarks.strength.advisor --games 600 --workers 2
    python -m benchmarks.strength.advisor --cells evaluator3,evaluator2 --games 60 --results games.jsonl
    python -m benchmarks.strength.advisor --cells mcts3 --league-on-core   # the league bots on the core

``--value-model FILE`` seats advisors whose search reads that value-model file (its leaf and its playouts'
value bots: ``SearchSettings.value_model``) instead of the shipped one -- a candidate model measured on the
very games of a recorded run (same ``--seed``); ``benchmarks.strength.paired_games`` pairs two ``--results``
files game by game. ``--leaf D`` seats advisors whose playouts stop after ``D`` bot moves instead of the
shipped ``LEAF_DEPTH`` (a candidate depth, paired the same way); ``--leaf normal=6`` only the advisors of that
budget (``normal3``: does time spent on depth play better?). ``--second-ply normal=K`` seats ``normal``
advisors that play ``fast``'s analysis and a second ply over its first K moves (``engine/advisor/replies.py``),
each reply the analysis alone at ``fast``'s cap from the replying seat -- ``normal=3`` is the shipped ``normal`` budget.
``--reply-as normal=fast`` seats ``normal`` advisors whose second ply answers each opened move by the next
player's whole ``fast`` search, its own second ply included (a reply budget with a second ply of its own:
:func:`pennypress.engine.advisor.replies.second_ply`): the reply chosen as a ``fast`` player chooses it, and the
chance kept after the answer to it too -- one ply further than the shipped ``normal`` sees.
``--move-policy FILE`` seats advisors whose playouts seat the softmax bot of that move-policy file
(``benchmarks/training/distil_policy.py``) where the value bot would sit (``SearchSettings.mover``).
``--exact-seats`` seats advisors whose playouts play the final edition seat by seat: the value-bot seats by
the exact search, the heuristic seats as the heuristic bot does (``SearchSettings.exact_seats``), paired with a run of the same seed.
``--search-cap N`` seats every advisor (``advisor:*``, ``release:fast``, ``previous:fast``) with each of its
budget's caps held to at most N playouts -- its analysis's and, in a second ply, each reply's search's (the
same moves opened, so the same code runs; :func:`capped`; as under any cap, sequential halving still plays
every move once a round): the harness's own checks (its cells, seeds, workers, files and variants) play
small runs of real games this way. A playout count, so as seeded as the full search; not a strength
measurement (the default is every budget's own caps).
"""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Callable

from benchmarks.strength.playout import HEADER, RESULTS, cell, resumed, row
from pennypress.engine.advisor.bot import AdvisorBot
from pennypress.engine.advisor.budget import ANALYSIS, BUDGETS, Budget
from pennypress.engine.advisor.move_policy import MovePolicy, load_move_policy
from pennypress.engine.advisor.policy import SEARCH_LEAF
from pennypress.engine.advisor.replies import second_ply_candidates
from pennypress.engine.advisor.value import ValueModel, load_model
from pennypress.engine import native
from pennypress.engine.arena.native_games import bot_policy
from pennypress.engine.arena.seats import register_seat
from pennypress.engine.play.invariants import DEFAULT_MOVE_CAP
from pennypress.engine.play.league.evaluator import EvaluatorBot
from pennypress.engine.play.league.mcts import MctsBot
from pennypress.engine.play.league.timer import TimerBot
from pennypress.engine.rules.actions import legal_moves
from pennypress.errors import BadInput

OPPONENTS = ("evaluator", "timer", "mcts", "heuristic")
CELLS: dict[str, str] = {
    **{f"{o}3": f"advisor:fast,{o},{o}" for o in OPPONENTS},
    **{f"{o}2": f"advisor:fast,{o}" for o in OPPONENTS},
    "normal3": "advisor:normal,advisor:fast,advisor:fast",
    "evaluator3-normal": "advisor:normal,evaluator,evaluator",
    "previous2": "advisor:fast,previous:fast",
    "release2": "advisor:fast,release:fast",
    "release-heuristic3": "release:fast,heuristic,heuristic",
}
class CoreSeat:
    """A seat deciding on the native core for the Python game loop: ``pennypress_core.Bot`` of a core policy
    and a seed, asked at every decision (it keeps its memory over the game)."""

    def __init__(self, policy, seed: int = 0, name: str = "core"):
        self.name = name
        self._core = native.core_module().Bot(policy, seed)

    def choose(self, view):
        played = self._core.choose(native.native_position(view))
        return next(m for m in legal_moves(view) if str(m) == played)


class CoreLeagueBot(CoreSeat):
    """A league bot (``evaluator``, ``timer``, ``mcts``) deciding on the native core for the Python game
    loop: ``pennypress_core.Bot`` made from the Python bot (its parameters, :func:`bot_policy`) and its
    seed, asked at every decision the Python bot would be asked (both keep their memory over the game).
    Its moves are the Python bot's (``tests/core/test_core_league.py`` and
    the slow proof in ``tests/core/test_core_proofs.py`` compare them decision by decision); the Python ``mcts`` bot takes
    seconds a game, this one milliseconds."""

    def __init__(self, python_bot, seed: int = 0):
        super().__init__(bot_policy(python_bot), seed, python_bot.name)


LEAGUE_BOTS = (EvaluatorBot, TimerBot, MctsBot)


ADVISOR_BUDGETS = tuple(BUDGETS)
"""The advisor seats' budgets (``advisor:fast`` ...)."""


def leaf_depth(text: str) -> int:
    """A playout depth in bot moves, from 1 to the game's move cap (the core reads it as a u32);
    :class:`ValueError` naming the problem otherwise."""
    if not text.isdigit() or not 1 <= int(text) <= DEFAULT_MOVE_CAP:
        raise ValueError(f"a depth is a whole number of moves, from 1 to {DEFAULT_MOVE_CAP} (a game's move cap)")
    return int(text)


def by_budget(text: str, value: Callable[[str], int], form: str) -> dict[str, int]:
    """A whole number for each advisor budget from an option's ``text``: ``N`` (every budget) or ``BUDGET=N``
    joined by commas, each read by ``value``; :class:`ValueError` naming the problem (``form``: how the
    option is written, for the message) otherwise."""
    if "=" not in text:
        parts = [(b, text) for b in ADVISOR_BUDGETS]
    else:
        parts = [part.partition("=")[::2] for part in text.split(",")]
    found: dict[str, int] = {}
    for budget, number in parts:
        if budget not in ADVISOR_BUDGETS or budget in found:
            raise ValueError(f"{text!r}: expected {form}, each of {', '.join(ADVISOR_BUDGETS)} at most once")
        try:
            found[budget] = value(number)
        except (ValueError, BadInput) as exc:
            raise ValueError(f"{text!r}: {exc}") from None
    return found


def leaf_depths(text: str) -> dict[str, int]:
    """The advisors' playout depth by budget from ``--leaf``: ``D`` or ``BUDGET=D`` (:func:`by_budget`)."""
    return by_budget(text, leaf_depth, "D or BUDGET=D")


def reply_count(text: str) -> int:
    """A number of moves a second ply opens (1 to ``replies.MAX_CANDIDATES``); :class:`ValueError` or
    :class:`~pennypress.errors.BadInput` naming the problem otherwise."""
    if not text.isdigit():
        raise ValueError(f"a second ply opens a whole number of moves, got {text!r}")
    return second_ply_candidates(int(text))


def second_plies(text: str) -> dict[str, int]:
    """The advisors' second ply by budget from ``--second-ply``: ``K`` or ``BUDGET=K`` (:func:`by_budget`;
    K moves opened)."""
    return by_budget(text, reply_count, "K or BUDGET=K")


def reply_budgets(text: str) -> dict[str, str]:
    """The advisors' reply budget by budget from ``--reply-as``: ``BUDGET=NAME`` joined by commas, NAME a named
    budget whose whole search (its second ply included) answers each move the advisor's second ply opens;
    :class:`ValueError` naming the problem otherwise (a budget without a second ply, or NAME's replies with a
    second ply of their own)."""
    found: dict[str, str] = {}
    for part in text.split(","):
        budget, _, name = part.partition("=")
        if budget not in ADVISOR_BUDGETS or budget in found or name not in BUDGETS:
            raise ValueError(f"{text!r}: expected BUDGET=NAME, each of {', '.join(ADVISOR_BUDGETS)} at most once "
                             f"and NAME one of {', '.join(BUDGETS)}")
        plan = replace(BUDGETS[budget], reply_budget=BUDGETS[name])
        if not plan.replies:
            raise ValueError(f"{text!r}: {budget} has no second ply to answer")
        plan.reply_plan()  # a reply budget whose replies have a second ply is refused (ValueError)
        found[budget] = name
    return found


def search_cap(text: str) -> int:
    """A cap on each search of the advisors (``--search-cap``), in playouts: a whole number of at least 1;
    :class:`ValueError` naming the problem otherwise."""
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"a cap is a whole number of playouts of at least 1, got {text!r}")
    return int(text)


def capped(budget: Budget, cap: int | None) -> Budget:
    """``budget`` with each of its caps at most ``cap`` playouts (``None``: ``budget`` itself): its analysis's
    on either engine and -- where it has a second ply -- each reply's search's, the rest (its name, the moves
    its second ply opens) unchanged."""
    if cap is None:
        return budget
    plan = budget.reply_plan()
    return replace(budget, cap=min(budget.cap, cap), python_cap=min(budget.python_cap, cap),
                   playouts=None if budget.playouts is None else min(budget.playouts, cap),
                   reply_budget=budget.reply_budget if plan is None else capped(plan, cap))


def advisor_seat(budget: str, seed: int, leaf, plies: dict[str, int], mover: MovePolicy | None = None,
                 exact_seats: bool = False, cap: int | None = None,
                 reply_as: dict[str, str] | None = None) -> AdvisorBot:
    """The advisor seat of ``budget``: its analysis with that budget (and its second ply, if it has one), or --
    when ``plies`` opens a second ply for it -- ``fast``'s analysis and a second ply over its first moves, each
    reply the analysis alone at ``fast``'s cap (``normal=3`` is the shipped ``normal``); with ``reply_as`` naming it,
    each reply that named budget's whole search (:func:`reply_budgets`); with ``exact_seats`` its playouts play
    the final edition seat by seat; with a ``cap`` its budget's caps at most that many playouts (:func:`capped`)."""
    plan = BUDGETS[budget]
    reply_as = reply_as or {}
    if budget in plies:
        plan = replace(BUDGETS["fast"], name=budget, replies=plies[budget], reply_budget=ANALYSIS)
    if budget in reply_as:
        plan = replace(plan, reply_budget=BUDGETS[reply_as[budget]])
    elif budget not in plies and cap is None:  # the budget by its name, as the project's seat makes it
        return AdvisorBot(seed=seed, budget=budget, leaf=leaf, mover=mover, exact_seats=exact_seats)
    return AdvisorBot(seed=seed, budget=capped(plan, cap), leaf=leaf, mover=mover, exact_seats=exact_seats)


def release_seat(seed: int = 0, cap: int | None = None) -> AdvisorBot:
    """``release:fast``: the ``fast`` advisor as it played when issue #37 was filed -- its analysis alone (no
    second ply), whose playouts let the playout bots play the final edition (``exact_end=False``); with a
    ``cap``, its cap at most that many playouts."""
    return AdvisorBot(seed=seed, budget=capped(replace(ANALYSIS, name="fast"), cap), exact_end=False,
                      name="release:fast")


def previous_seat(seed: int = 0, cap: int | None = None) -> AdvisorBot:
    """``previous:fast``: the ``fast`` advisor as it played before it weighed the next player's reply (#56):
    its analysis alone; with a ``cap``, its cap at most that many playouts."""
    return AdvisorBot(seed=seed, budget=capped(replace(ANALYSIS, name="fast"), cap), name="previous:fast")


def register(league_on_core: bool = False, model: ValueModel | None = None,
             depths: dict[str, int] | None = None, plies: dict[str, int] | None = None,
             mover: MovePolicy | None = None, exact_seats: bool = False, cap: int | None = None,
             reply_as: dict[str, str] | None = None) -> None:
    """With ``league_on_core`` the league's seats decide on the native core (:class:`CoreLeagueBot`, the
    same moves); with a ``model`` the advisor seats search with it, with ``depths`` (budget -> moves) an
    advisor of such a budget stops its playouts after that many bot moves, with ``plies`` (budget -> moves)
    it plays a second ply (:func:`advisor_seat`), with a ``mover`` its playouts seat that move policy's
    softmax bot for the value bot, with ``reply_as`` (budget -> budget) its second ply's replies are that budget's
    whole searches (:func:`reply_budgets`), with ``exact_seats`` they play the final edition seat by seat, with a
    ``cap`` every advisor seat's budget (the release and previous seats' too) has its caps at most that
    many playouts (:func:`capped`); forked workers inherit the seats. The release and previous seats
    (:func:`release_seat`, :func:`previous_seat`) are always registered."""
    register_seat("release", lambda budget, seed=0: release_seat(seed, cap), ("fast",))
    register_seat("previous", lambda budget, seed=0: previous_seat(seed, cap), ("fast",))
    if model is not None or depths or plies or mover is not None or exact_seats or cap is not None or reply_as:
        leaves = {b: replace(SEARCH_LEAF, model=SEARCH_LEAF.model if model is None else model,
                             depth=(depths or {}).get(b, SEARCH_LEAF.depth)) for b in ADVISOR_BUDGETS}
        register_seat("advisor", lambda budget, seed=0: advisor_seat(budget, seed, leaves[budget], plies or {}, mover,
                                                                       exact_seats, cap, reply_as),
                      ADVISOR_BUDGETS)
    if league_on_core:
        for cls in LEAGUE_BOTS:
            register_seat(cls.name, lambda seed=0, cls=cls: CoreLeagueBot(cls(seed), seed))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cells", default=",".join(CELLS), help=f"comma-separated, of: {', '.join(CELLS)}")
    ap.add_argument("--games", type=int, default=600, help="games a cell (a multiple of 6; default 600)")
    ap.add_argument("--seed", type=int, default=731019,
                    help="tournament seed (default 731019, fresh: not in benchmarks/results/seeds.json)")
    ap.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    ap.add_argument("--results", help="write every game's result to this file (one JSON line a game)")
    ap.add_argument("--resume", action="store_true",
                    help="go on from the games already in --results (a stopped run of the same command): they "
                         "count, are kept, and are not played again; one cell at a time")
    ap.add_argument("--value-model", type=Path, metavar="FILE",
                    help="the advisors search with this value-model file (default: the shipped one)")
    ap.add_argument("--leaf", metavar="D|BUDGET=D",
                    help=f"the advisors' playouts stop after D bot moves (default {SEARCH_LEAF.depth}, the shipped); "
                         "normal=6: only the normal advisors'")
    ap.add_argument("--second-ply", metavar="BUDGET=K",
                    help="the advisors of BUDGET play fast's analysis and a second ply over its first K moves, each "
                         "reply fast's analysis alone (normal=3 is the shipped normal)")
    ap.add_argument("--reply-as", metavar="BUDGET=NAME",
                    help="the advisors of BUDGET answer each move their second ply opens by the next player's whole "
                         "NAME search, its second ply included (normal=fast: the reply as Quick chooses it)")
    ap.add_argument("--move-policy", type=Path, metavar="FILE",
                    help="the advisors' playouts seat this move policy's softmax bot where the value bot sits")
    ap.add_argument("--exact-seats", action="store_true",
                    help="the advisors' playouts play the final edition seat by seat: the value-bot seats exactly, "
                         "the heuristic seats as the heuristic bot does")
    ap.add_argument("--search-cap", metavar="N",
                    help="every advisor's searches (its analysis, each reply's in a second ply) are capped at N "
                         "playouts: a quick check of the harness, not a measurement (default: each budget's caps)")
    ap.add_argument("--league-on-core", action="store_true",
                    help="the league's bots decide on the native core (the same moves, far faster: the mcts cells)")
    args = ap.parse_args(argv)
    names = args.cells.split(",")
    unknown = [n for n in names if n not in CELLS]
    if unknown:
        ap.error(f"unknown cell(s) {', '.join(unknown)} (expected some of {', '.join(CELLS)})")
    if args.games <= 0 or args.games % 6:
        ap.error(f"--games must be a positive multiple of 6, got {args.games}")
    if args.league_on_core and not native.available():
        ap.error("--league-on-core needs the native core (python3 run.py builds it)")
    try:
        depths = leaf_depths(args.leaf) if args.leaf is not None else None
    except ValueError as exc:
        ap.error(f"--leaf {exc}")
    try:
        plies = second_plies(args.second_ply) if args.second_ply is not None else None
    except ValueError as exc:
        ap.error(f"--second-ply {exc}")
    try:
        reply_as = reply_budgets(args.reply_as) if args.reply_as is not None else None
    except ValueError as exc:
        ap.error(f"--reply-as {exc}")
    try:
        cap = search_cap(args.search_cap) if args.search_cap is not None else None
    except ValueError as exc:
        ap.error(f"--search-cap: {exc}")
    model = None
    if args.value_model is not None:
        try:
            model = load_model(args.value_model.read_text(encoding="utf-8"), str(args.value_model))
        except (OSError, ValueError) as exc:  # an unreadable file, or not a value model (load_model says why)
            ap.error(f"--value-model: {exc}")
    mover = None
    if args.move_policy is not None:
        try:
            mover = load_move_policy(args.move_policy.read_text(encoding="utf-8"), str(args.move_policy))
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            ap.error(f"--move-policy: {exc}")
        tables = {len(CELLS[n].split(",")) for n in names}
        if tables != {mover.players}:
            ap.error(f"--move-policy: {args.move_policy} is for tables of {mover.players}; the cells "
                     f"{', '.join(names)} seat {' and '.join(map(str, sorted(tables)))}")
    done = None
    if args.resume:
        if not args.results:
            ap.error("--resume goes on from the games in --results: name the file")
        if len(names) != 1:
            ap.error(f"--resume goes on with one cell at a time, got {len(names)}: {args.cells}")
        try:
            done = resumed(CELLS[names[0]], args.games, args.seed, args.results)
        except ValueError as exc:
            ap.error(f"--resume: {exc}")
    register(args.league_on_core, model, depths, plies, mover, args.exact_seats, cap, reply_as)
    if args.results:
        if done is not None:  # the kept games are written back whole: a line cut short is dropped
            with open(args.results, "w", encoding="utf-8") as out:
                out.writelines(json.dumps(r) + "\n" for r in done)
        RESULTS.append(open(args.results, "a" if done is not None else "w", encoding="utf-8"))
    try:
        print(f"### advisor strength (seed {args.seed})\n\n{HEADER}", flush=True)
        for name in names:
            seats = CELLS[name]
            print(row(cell(seats, args.games, args.seed, args.workers, 1, seats, done)), flush=True)
    finally:  # this run's file only: a second run in the same process writes its own
        if args.results:
            RESULTS.pop().close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
