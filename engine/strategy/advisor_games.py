"""A study's games with the advisor at the table: the Python game loop, recorded as the core records.

The advisor (``advisor:fast``, ``advisor:<budget>``) is not a bot of the core,
so a study that seats it cannot play on ``play_games_recorded``. Its games are
played here the way a tournament plays a table with an advisor
(:func:`~pennypress.engine.arena.tournament.play_planned`): the one game loop
(:func:`~pennypress.engine.play.match.play_match`), which hands every bot a
:class:`~pennypress.engine.io.state.PublicState` -- never the deck's order --
with the advisor as the tournament seats it
(:func:`~pennypress.engine.arena.seats.make_bot`: an
:class:`~pennypress.engine.advisor.bot.AdvisorBot` seeded
:func:`~pennypress.engine.arena.seats.seat_seed` of the game's deal; each of its
searches runs on the core, seeded by that seed and the ply) and the other
seats the Python bots the core mirrors (:func:`~.games.python_bot`, proved
the core's bots by ``tests/core/``). Game ``g`` is dealt and seated as every
study's game ``g`` (:meth:`~.games.StrategySpec.lineup`), and recorded as the
core records (:class:`~.games.Game`): the same fields with the same meaning,
so :mod:`.tally` and the findings read them unchanged (for a table without
the advisor the records are ``play_games_recorded``'s, as the tests check).

Press now or wait, at the advisor's own decisions: in every game (up to
:data:`~.timing.MAX_POINTS`) one decision of the advisor's is drawn among those
of normal play where it could go to press with a page worth something and
has another move (seeded by the deal, as :mod:`.timing` draws), and the
advisor's press and its best other move (its own ranking there, the same
search it ran) are played out :data:`~.timing.PLAYOUTS` times each with
common random numbers by the value bot in every seat, exactly as
:func:`~.timing.sample_point` does: an :class:`AdvisorPoint`, with whether the
advisor pressed there.

The games are cut into chunks of :data:`ADVISOR_CHUNK` (a few minutes of work
each, so a run that stops loses little and shows progress), played one chunk
per worker process (:func:`play_advisor_chunk`).
"""
from __future__ import annotations

import random
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, NamedTuple

from ..arena.seats import make_bot
from ..game.moves import GoToPress, Move
from ..io.state import PublicState, public_view
from ..position.position import Phase
from .games import Game, StrategySpec, advisor_budget, python_bot, record_game
from .tally import CREDIT, Tally, tally_games
from .timing import MAX_POINTS, PLAYOUTS, Decision

if TYPE_CHECKING:
    from ..advisor.bot import AdvisorBot
    from ..play.bots import Bot

ADVISOR_CHUNK = 10
"""Games per chunk of an advisor study (fixed, so the merge order -- and the JSON -- do not depend on the
workers)."""


class AdvisorPoint(NamedTuple):
    """A decision point of the advisor's, played out: the game, the round, the press's gain, the advisor's
    seat name, the paired difference in its win share (press now minus its best other move), and whether it
    pressed there."""

    game: int
    round: int
    gain: int
    bot: str
    difference: float
    pressed: bool


def advisor_sampled(game: int) -> bool:
    """Whether game ``game`` of an advisor study has a sampled decision point (every game, up to
    :data:`~.timing.MAX_POINTS`)."""
    return game < MAX_POINTS


def seat_bot(name: str, seed: int) -> Bot:
    """The bot of a study's seat on the Python engine: the advisor as tournaments seat it, or the Python bot
    the core mirrors."""
    return make_bot(name, seed) if advisor_budget(name) is not None else python_bot(name, seed)


class _Candidate(NamedTuple):
    view: PublicState
    gain: int
    player: int
    ply: int


class _Watched:
    """Seats the advisor and writes down its decisions where it could press (a point's candidates)."""

    def __init__(self, bot: AdvisorBot, candidates: list[tuple[_Candidate, bool]]):
        self.bot = bot
        self.name = bot.name
        self.candidates = candidates

    def choose(self, view: PublicState) -> Move:
        candidate = None
        if view.phase is Phase.NORMAL:
            legal = view.legal_moves()
            if len(legal) > 1 and any(isinstance(m, GoToPress) and m.page is None for m in legal):
                trial = public_view(view)
                gain = trial.apply(GoToPress()).press.gain
                if gain > 0:
                    candidate = _Candidate(public_view(view), gain, view.current, view.ply)
        move = self.bot.choose(view)
        if candidate is not None:
            self.candidates.append((candidate, isinstance(move, GoToPress)))
        return move


def _seated(spec: StrategySpec, game: int, candidates: list[tuple[_Candidate, bool]] | None) -> list[Any]:
    """Game ``game``'s seats, the advisor's watched for its press decisions when ``candidates`` is a list."""
    bots: list[Any] = []
    for name, s in zip(spec.lineup(game), spec.seat_seeds(game)):
        bot = seat_bot(name, s)
        bots.append(_Watched(bot, candidates) if candidates is not None and advisor_budget(name) is not None
                    else bot)
    return bots


def _drawn(spec: StrategySpec, game: int, candidates: list[tuple[_Candidate, bool]]) -> tuple[_Candidate, bool]:
    """The decision a study draws among the advisor's candidates of game ``game`` (seeded by the deal)."""
    return random.Random(spec.deck_seed(game) * 1009 + game).choice(candidates)


def play_game(spec: StrategySpec, game: int, sample: bool = True) -> tuple[Game, AdvisorPoint | None]:
    """Game ``game`` of ``spec`` played by the Python game loop and recorded (:class:`~.games.Game`), and its
    advisor decision point played out (``None`` when not sampled or the advisor had none)."""
    candidates: list[tuple[_Candidate, bool]] = []
    bots = _seated(spec, game, candidates if sample else None)
    record = record_game(spec, game, bots)
    point = None
    if sample and advisor_sampled(game) and candidates:
        at, pressed = _drawn(spec, game, candidates)
        point = _play_out(spec, game, at, pressed, bots[at.player].bot)
    return record, point


def advisor_decision(spec: StrategySpec, game: int) -> tuple[Decision, bool] | None:
    """Game ``game``'s sampled advisor decision as the study drew it (:func:`play_game`: the same game, the same
    candidates, the same draw), waiting the advisor's best other move by the search it ran there, and whether it
    pressed; ``None`` when the game is not sampled or the advisor had no such decision."""
    if not advisor_sampled(game):
        return None
    candidates: list[tuple[_Candidate, bool]] = []
    bots = _seated(spec, game, candidates)
    record_game(spec, game, bots)
    if not candidates:
        return None
    at, pressed = _drawn(spec, game, candidates)
    bot = bots[at.player].bot
    wait = _advisor_wait(at, bot)
    if wait is None:  # pragma: no cover - a candidate has another move
        return None
    return Decision(at.view, at.gain, at.player, at.ply, bot.name, str(wait)), pressed


def _advisor_wait(at: _Candidate, bot: AdvisorBot) -> Move | None:
    """The advisor's best move other than going to press at ``at``, by the search it ran there."""
    from ..advisor.answer import advise
    from ..advisor.bot import decision_seed
    from ..advisor.settings import SearchSettings

    settings = SearchSettings.for_budget(bot.budget, bot.playouts, seed=decision_seed(bot.seed, at.ply),
                                         workers=bot.workers, leaf=bot.leaf, policy=bot.policy)
    advice = advise(at.view, settings, reasons_top=0)  # the search the advisor ran at this decision
    legal = {str(m): m for m in at.view.legal_moves()}
    return next((legal[r.move] for r in sorted(advice.moves, key=lambda r: r.rank)
                 if r.move in legal and not isinstance(legal[r.move], GoToPress)), None)


def _play_out(spec: StrategySpec, game: int, at: _Candidate, pressed: bool, bot: AdvisorBot,
              playouts: int = PLAYOUTS) -> AdvisorPoint | None:
    """The advisor's press against its best other move at ``at``: paired playouts as :mod:`.timing`'s."""
    from ..advisor.policy import core_policy
    from ..native.search import positions_after, run_batch

    wait = _advisor_wait(at, bot)
    if wait is None:  # pragma: no cover - a candidate has another move
        return None
    press = next(m for m in at.view.legal_moves() if isinstance(m, GoToPress) and m.page is None)
    afters = positions_after(at.view, [press, wait], [0, 1])
    jobs = [(i, k) for k in range(playouts) for i in (0, 1)]
    batch = SimpleNamespace(seed=spec.deck_seed(game), exact_end=False, threads=1, leaf=None)
    results = run_batch([afters[0], afters[1]], jobs, batch, core_policy("value"), spec.move_cap)
    share = {(i, k): r[0][at.player][0] for (i, k), r in zip(jobs, results)}
    diffs = [share[(0, k)] - share[(1, k)] for k in range(playouts)]
    return AdvisorPoint(game, at.ply // spec.players + 1, at.gain, bot.name, sum(diffs) / playouts, pressed)


def chunk_range(spec: StrategySpec, index: int) -> tuple[int, int]:
    """The games of chunk ``index`` of an advisor study: ``start`` to ``stop - 1``."""
    return index * ADVISOR_CHUNK, min(spec.games, (index + 1) * ADVISOR_CHUNK)


def play_advisor_chunk(spec: StrategySpec, index: int, threads: int = 1
                       ) -> tuple[int, Tally, list[AdvisorPoint], list[Game]]:
    """Chunk ``index`` of an advisor study (a task for an executor): its tally (with the advisor's own
    counts, :func:`tally_advisor_game`), its decision points and its games' records."""
    start, stop = chunk_range(spec, index)
    games, points = [], []
    for g in range(start, stop):
        record, point = play_game(spec, g)
        games.append(record)
        if point is not None:
            points.append(point)
    tally = tally_games(games)
    for record in games:
        tally_advisor_game(tally, record, spec.advisor)
    return index, tally, points, games


# ------------------------------------------------------------------ the advisor's own counts
def _mean(xs: list[float]) -> float | None:
    return sum(xs) / len(xs) if xs else None


ADVISOR_PRESS_MEASURES = ("presses", "gain", "round")
"""What is compared between the advisor's presses and another bot's, per game: presses per seat, the mean
page value and the mean round of the presses (the final edition's trigger left out, as the bots' own)."""


def tally_advisor_game(t: Tally, game: Game, advisor: str | None) -> None:
    """Add the advisor's own play in one game to ``t`` (keys beginning ``"advisor"``; nothing for a game
    without the advisor or stopped at the move cap)."""
    if advisor is None or advisor not in game.lineup or not game.over or not game.winners:
        return
    n = len(game.scores)
    share = CREDIT // len(game.winners)
    credit = [share if s in game.winners else 0 for s in range(n)]
    mine = [s for s in range(n) if game.lineup[s] == advisor]
    # the advisor's win credit by seat
    for s in mine:
        t.counts[("advisor seat games", s)] += 1
        t.counts[("advisor seat credit", s)] += credit[s]
    # its presses against each other bot's, per game
    ordinary = [p for p in game.presses if not p.final_edition]

    def measures(seats: list[int]) -> dict[str, float | None]:
        own = [p for p in ordinary if p.player in seats]
        return {"presses": len(own) / len(seats), "gain": _mean([p.gain for p in own]),
                "round": _mean([p.round for p in own])}

    a = measures(mine)
    for other in sorted(set(game.lineup) - {advisor}):
        o = measures([s for s in range(n) if game.lineup[s] == other])
        for what in ADVISOR_PRESS_MEASURES:
            if a[what] is not None and o[what] is not None:
                t.moments[("advisor vs", other, what)].add(a[what] - o[what])
                t.moments[("advisor mean", other, what)].add(a[what])
                t.moments[("other mean", other, what)].add(o[what])
    # the final edition: who triggered it, and the trigger's win credit
    trigger = next((p.player for p in game.presses if p.final_edition), None)
    if trigger is not None:
        t.counts["advisor trigger games"] += 1
        t.moments["advisor seat share"].add(len(mine) / n)
        if trigger in mine:
            t.counts["advisor triggered"] += 1
            t.counts["advisor trigger credit"] += credit[trigger]
        else:
            t.counts["others triggered"] += 1
            t.counts["others trigger credit"] += credit[trigger]
