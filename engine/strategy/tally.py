"""A study's games added up: counts and sums that chunks of games merge in a fixed order.

Every figure a finding needs is a count, or a sum and a sum of squares of a
per-game quantity (so a mean has its normal interval over independent games).
A :class:`Tally` holds them as plain dicts; :meth:`Tally.merge` adds another
chunk's. Chunks are fixed by the game index (not by the workers), and merged in
chunk order, so the float sums -- and the JSON -- are the same on any number of
workers. Win credit is counted in sixtieths (a shared win of ``k`` players
gives each ``60 / k``), so counts stay whole numbers.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Iterable

from .games import Game

CREDIT = 60
"""A whole win in credit units (divisible by every number of tied winners, 1-5)."""

GAIN_BUCKETS = ((0, 4), (5, 8), (9, 12), (13, 16), (17, 999))
"""Page values (a press's gain) grouped for the findings."""


def gain_bucket(gain: int) -> str:
    """``7`` -> ``'5-8'`` (the last bucket is open: ``'17+'``)."""
    for lo, hi in GAIN_BUCKETS:
        if lo <= gain <= hi:
            return f"{lo}+" if hi == 999 else f"{lo}-{hi}"
    return "0-4"


@dataclass
class Moments:
    """n, the sum and the sum of squares of a quantity (its mean's normal interval)."""

    n: int = 0
    s: float = 0.0
    ss: float = 0.0

    def add(self, x: float) -> None:
        self.n += 1
        self.s += x
        self.ss += x * x

    def merge(self, other: Moments) -> None:
        self.n += other.n
        self.s += other.s
        self.ss += other.ss


def _counter() -> defaultdict:
    return defaultdict(int)


def _moments() -> defaultdict:
    return defaultdict(Moments)


@dataclass
class Tally:
    """Everything the findings count (see :func:`tally_game` for what each key means)."""

    games: int = 0
    counts: defaultdict = field(default_factory=_counter)
    """name -> whole number (games, credits, presses)."""
    moments: defaultdict = field(default_factory=_moments)
    """name -> :class:`Moments` of a per-game (or per-point) quantity."""
    hist: defaultdict = field(default_factory=_counter)
    """(name, value) -> count: histograms (winning circulation, rounds of presses)."""

    def merge(self, other: Tally) -> None:
        self.games += other.games
        for k, v in other.counts.items():
            self.counts[k] += v
        for k, m in other.moments.items():
            self.moments[k].merge(m)
        for k, v in other.hist.items():
            self.hist[k] += v


def _mean(xs: list[float]) -> float | None:
    return sum(xs) / len(xs) if xs else None


def winners_of(scores: list[int], stories: tuple[int, ...]) -> set[int]:
    """The winners by the rules: highest circulation, then most stories published, then shared.

    >>> sorted(winners_of([30, 30, 20], (5, 6, 9))), sorted(winners_of([30, 30, 20], (6, 6, 9)))
    ([1], [0, 1])
    """
    key = [(scores[s], stories[s]) for s in range(len(scores))]
    best = max(key)
    return {s for s in range(len(scores)) if key[s] == best}


def tally_game(t: Tally, game: Game) -> None:
    """Add one finished game (a game stopped at the move cap is counted only as such)."""
    t.games += 1
    if not game.over or not game.winners:
        t.counts["unfinished"] += 1
        return
    n = len(game.scores)
    share = CREDIT // len(game.winners)
    credit = [share if s in game.winners else 0 for s in range(n)]
    t.counts["finished"] += 1
    _tally_wins(t, game, credit)
    _tally_when_winners_press(t, game)
    _tally_trigger(t, game, credit)
    _tally_bonuses(t, game, credit)
    _tally_scoops(t, game, credit)
    _tally_bot_presses(t, game)


def _tally_wins(t: Tally, game: Game, credit: list[int]) -> None:
    """Win credit by seat and by bot (a bot's credit per seat it held), and the winning circulation."""
    n = len(game.scores)
    for s in range(n):
        t.counts[("seat", s)] += credit[s]
    for bot in set(game.lineup):
        seats = [s for s in range(n) if game.lineup[s] == bot]
        t.moments[("bot", bot)].add(sum(credit[s] for s in seats) / CREDIT / len(seats))
    best = max(game.scores)
    t.moments["winning"].add(best)
    t.hist[("winning", best)] += 1


def _tally_when_winners_press(t: Tally, game: Game) -> None:
    """When winners press, against the losers: per game, the winners' mean minus the losers' mean; and the
    rounds and page values of each side's presses."""
    n = len(game.scores)
    winners, losers = set(game.winners), set(range(n)) - set(game.winners)
    if losers:
        for what in ("round", "gain", "ahead", "behind"):
            w, l = [], []
            for p in game.presses:
                if what in ("round", "gain"):
                    x = float(getattr(p, what))
                else:
                    others = max(c for i, c in enumerate(p.before) if i != p.player)
                    mine = p.before[p.player]
                    x = float(mine > others) if what == "ahead" else float(mine < others)
                (w if p.player in winners else l).append(x)
            mw, ml = _mean(w), _mean(l)
            if mw is not None and ml is not None:
                t.moments[("winners-losers", what)].add(mw - ml)
                t.moments[("winners", what)].add(mw)
                t.moments[("losers", what)].add(ml)
        t.moments["presses winners-losers"].add(
            sum(p.player in winners for p in game.presses) / len(winners)
            - sum(p.player in losers for p in game.presses) / len(losers))
    for p in game.presses:
        side = "winner" if p.player in winners else "loser"
        t.hist[(f"{side} presses in round", p.round)] += 1
        t.hist[(f"{side} presses of gain", gain_bucket(p.gain))] += 1


def _tally_trigger(t: Tally, game: Game, credit: list[int]) -> None:
    """The final edition's trigger: who began it, their win credit and the round."""
    for p in game.presses:
        if p.final_edition:
            t.counts["triggered"] += 1
            t.counts["trigger credit"] += credit[p.player]
            t.moments["trigger round"].add(p.round)


def _tally_bonuses(t: Tally, game: Game, credit: list[int]) -> None:
    """Beat bonuses: the takers' win credit, the points, and the games a bonus decided."""
    n = len(game.scores)
    for beat, b in enumerate(game.bonuses):
        if not b.players:
            continue
        for s in b.players:
            t.counts[("bonus takers", beat)] += 1
            t.counts[("bonus credit", beat)] += credit[s]
        t.moments[("bonus points", beat)].add(b.points)
        without = [game.scores[s] - (b.points if s in b.players else 0) for s in range(n)]
        decided = winners_of(without, game.stories) != set(game.winners)
        t.counts[("bonus games", beat)] += 1
        t.counts[("bonus decided", beat)] += int(decided)


def _tally_scoops(t: Tally, game: Game, credit: list[int]) -> None:
    """Scoops: points received and given per player; the player who came out best on scoops."""
    n = len(game.scores)
    received = [sum(p.scoops[s] for p in game.presses) for s in range(n)]
    given = [sum(sum(p.scoops) for p in game.presses if p.player == s) for s in range(n)]
    for s in range(n):
        t.moments["scoops received"].add(received[s])
    net = [received[s] - given[s] for s in range(n)]
    top = max(net)
    if net.count(top) == 1:
        s = net.index(top)
        t.counts["scoop leader games"] += 1
        t.counts["scoop leader credit"] += credit[s]


def _tally_bot_presses(t: Tally, game: Game) -> None:
    """The bots' own presses: per game, each bot's mean page value and presses a seat, and the first two
    bots' (by name) difference in page value."""
    for bot in set(game.lineup):
        mine = [p for p in game.presses if game.lineup[p.player] == bot and not p.final_edition]
        if mine:
            t.moments[("bot gain", bot)].add(_mean([p.gain for p in mine]))
            t.moments[("bot presses", bot)].add(len(mine) / game.lineup.count(bot))
    if len(set(game.lineup)) >= 2:
        a, b = sorted(set(game.lineup))[:2]
        ga = [p.gain for p in game.presses if game.lineup[p.player] == a and not p.final_edition]
        gb = [p.gain for p in game.presses if game.lineup[p.player] == b and not p.final_edition]
        if ga and gb:
            t.moments[("bot gain diff", a, b)].add(_mean(ga) - _mean(gb))


def tally_games(games: Iterable[Game]) -> Tally:
    t = Tally()
    for g in games:
        tally_game(t, g)
    return t
