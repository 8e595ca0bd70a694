"""Run a strategy study and word its findings (``pennypress strategy``; ``docs/concepts/strategy.md``).

The games are cut into chunks of :data:`CHUNK` games by their index; each chunk
is played on the core (:func:`~.games.play_recorded`), added up
(:func:`~.tally.tally_games`) and its sampled decision points played out
(:mod:`.timing`). Chunks run in this process on the core's threads (the next chunk's games
played while this one is added up), or one per task on any
``concurrent.futures`` executor (a process pool, Dask); they are
merged in chunk order, so the report is the same however they ran. With the
advisor at the table the chunks are :mod:`.advisor_games`' (the Python game
loop, one chunk per worker process) and :func:`advisor_findings` adds what
its own play shows; a :class:`~.chunk_log.ChunkLog` keeps every finished chunk,
so a stopped run goes on.

Every finding is ``{"claim", "value", "interval", "games", ...}``: a 95%
interval -- Wilson's for a share (:func:`pennypress.stats.wilson`), the normal
interval ``mean ± 1.96 s / sqrt(n)`` for a mean over independent games or
points -- and a claim that states a direction only where the interval
excludes the no-effect value (the fair share, or 0).
"""
from __future__ import annotations

import math
import re
import time
from typing import TYPE_CHECKING, Any, Callable

from pennypress.stats import Z95, wilson
from pennypress.solver.vocab import BEATS

from ..arena.seats import seat_words
from ..game.names import newspaper
from ..game.words import signed
from .games import StrategySpec
from .tally import CREDIT, GAIN_BUCKETS, Tally, gain_bucket, tally_games
from .timing import Point, sample_point, sampled

if TYPE_CHECKING:
    from .chunk_log import ChunkLog

CHUNK = 200
"""Games per chunk (fixed, so the merge order -- and the float sums -- do not depend on the workers)."""

Progress = Callable[[int, int], None]


def chunk_games(spec: StrategySpec, index: int, threads: int = 1) -> list:
    """Chunk ``index``'s games, played and recorded on the core's ``threads`` threads."""
    from .games import play_recorded

    return play_recorded(spec, index * CHUNK, min(spec.games, (index + 1) * CHUNK), threads)


def finish_chunk(spec: StrategySpec, index: int, games: list, threads: int = 1) -> tuple[int, Tally, list[Point]]:
    """Chunk ``index`` added up, and its sampled decision points played out."""
    start, stop = index * CHUNK, min(spec.games, (index + 1) * CHUNK)
    points = [p for g in range(start, stop) if sampled(g)
              for p in [sample_point(spec, g, threads)] if p is not None]
    return index, tally_games(games), points


def play_chunk(spec: StrategySpec, index: int, threads: int = 1) -> tuple[Any, ...]:
    """Chunk ``index`` of ``spec``: its tally and its decision points (a task for an executor); with the
    advisor at the table, :func:`~.advisor_games.play_advisor_chunk`'s (and the games' records)."""
    if spec.advisor is not None:
        from .advisor_games import play_advisor_chunk

        return play_advisor_chunk(spec, index)
    return finish_chunk(spec, index, chunk_games(spec, index, threads), threads)


def chunk_size(spec: StrategySpec) -> int:
    """Games per chunk of ``spec``: :data:`CHUNK`, or :data:`~.advisor_games.ADVISOR_CHUNK` with the advisor."""
    if spec.advisor is None:
        return CHUNK
    from .advisor_games import ADVISOR_CHUNK

    return ADVISOR_CHUNK


def run_study(spec: StrategySpec, executor: Any = None, threads: int = 1, progress: Progress | None = None,
              log: ChunkLog | None = None) -> dict:
    """Play every game of ``spec`` and return the report (with a ``timing`` key, the only one that depends on
    how it ran). With a ``log`` (:class:`~.chunk_log.ChunkLog`) the chunks it holds are read, not played, and
    every chunk played is written to it: the report is the same."""
    from concurrent.futures import as_completed

    started = time.perf_counter()
    size = chunk_size(spec)
    chunks = math.ceil(spec.games / size)
    done: dict[int, tuple[Tally, list]] = {}
    played = resumed = 0

    def span(index: int) -> tuple[int, int]:
        return index * size, min(spec.games, (index + 1) * size)

    def take(index: int, tally: Tally, points: list, games: list | None = None, logged: bool = False) -> None:
        nonlocal played
        done[index] = (tally, points)
        played += tally.games
        if log is not None and not logged:
            log.write(index, *span(index), tally, points, games)
        if progress is not None:
            progress(played, spec.games)

    todo = []
    for i in range(chunks):
        found = log.done(i, *span(i)) if log is not None else None
        if found is None:
            todo.append(i)
        else:
            take(*found, logged=True)
            resumed += found[1].games
    if executor is None and spec.advisor is None:
        # the core plays the next chunk (without the GIL) while Python adds up this one
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(max_workers=1) as ahead:
            upcoming = ahead.submit(chunk_games, spec, todo[0], threads) if todo else None
            for k, i in enumerate(todo):
                games = upcoming.result()
                if k + 1 < len(todo):
                    upcoming = ahead.submit(chunk_games, spec, todo[k + 1], threads)
                take(*finish_chunk(spec, i, games, threads))
    elif executor is None:
        for i in todo:
            take(*play_chunk(spec, i, threads))
    else:
        futures = [executor.submit(play_chunk, spec, i, 1) for i in todo]
        try:
            for future in as_completed(futures):
                take(*future.result())
        finally:  # stopped (^C, an error): drop the chunks not begun rather than play them all out
            for future in futures:
                future.cancel()
    total, points = Tally(), []
    for i in range(chunks):
        total.merge(done[i][0])
        points += done[i][1]
    if spec.advisor is None:
        said = findings(spec, total, points)
    else:  # the decision points are the advisor's own: they go to its findings
        said = pooled_bot_shares(findings(spec, total, []) + advisor_findings(spec, total, points), spec.players,
                                 spec.advisor)
        for f in said:
            f["rests_on"] = ADVISOR_GAMES
    report = {"games": spec.games, "players": spec.players, "seed": spec.seed, "bots": list(spec.bots),
              "variants": list(spec.variants), "deck": spec.deck, "findings": said}
    if spec.advisor is not None:
        report["rests_on"] = ADVISOR_GAMES
    seconds = time.perf_counter() - started
    report["timing"] = {"seconds": round(seconds, 3),
                        "games_per_second": round((spec.games - resumed) / seconds, 2) if seconds > 0 else None}
    if log is not None:
        report["timing"]["resumed_games"] = resumed
    return report


# ------------------------------------------------------------------ intervals
def _r(x: float, digits: int = 4) -> float:
    return round(float(x), digits)


def share_interval(credit: float, n: int) -> tuple[float, list[float]]:
    """A share ``credit / n`` and its Wilson 95% interval."""
    p = credit / n if n else 0.0
    lo, hi = wilson(p, n)
    return _r(p), [_r(lo), _r(hi)]


def mean_interval(n: int, s: float, ss: float) -> tuple[float, list[float], float]:
    """The mean, its normal 95% interval and the standard deviation from n, the sum and the sum of squares."""
    if n == 0:
        return 0.0, [0.0, 0.0], 0.0
    mean = s / n
    var = max(0.0, (ss - n * mean * mean) / (n - 1)) if n > 1 else 0.0
    half = Z95 * math.sqrt(var / n)
    return _r(mean), [_r(mean - half), _r(mean + half)], _r(math.sqrt(var))


def direction(interval: list[float], against: float, above: str, below: str, unclear: str) -> str:
    """The words for an interval against a no-effect value: above, below, or not clear."""
    if interval[0] > against:
        return above
    if interval[1] < against:
        return below
    return unclear


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def points_words(x: float) -> str:
    """A difference of two shares in percentage points, signed, with a true minus -- the one way the guide says
    such a difference, in its sentences as on its charts' axes.

    >>> points_words(-0.102), points_words(0.0913), points_words(0.0001)
    ('−10.2 percentage points', '+9.1 percentage points', '0.0 percentage points')
    """
    return f"{signed(100 * x, 1)} percentage points"


def _within(iv: list[float]) -> str:
    """How far from zero an interval reaches, in percentage points (unsigned)."""
    return f"{100 * max(abs(iv[0]), abs(iv[1])):.1f} percentage points"


_MINUS = re.compile(r"(?<![\w.])-(?=\d)")


def minus_signs(text: str) -> str:
    """A claim's negative numbers with a true minus (U+2212); ranges such as ``0-4`` are left alone.

    >>> minus_signs("waiting beats pressing: -11.8% win chance (pages worth 0-4 points, -0.11 points)")
    'waiting beats pressing: −11.8% win chance (pages worth 0-4 points, −0.11 points)'
    """
    return _MINUS.sub("\u2212", text)


SEAT_WORDS = ("first", "second", "third", "fourth", "fifth")


# ------------------------------------------------------------------ the findings
def _capital(words: str) -> str:
    """Words that begin a sentence: the first letter a capital (``"the value bot"`` -> ``"The value bot"``)."""
    return words[0].upper() + words[1:]


def finding(kind: str, claim: str, value: float, interval: list[float], games: int, **extra: Any) -> dict:
    """One finding: its kind, its claim in words (with true minus signs), the value, its 95% interval, the
    games it rests on, then what the kind adds."""
    return {"kind": kind, "claim": minus_signs(claim), "value": value, "interval": interval, "games": games, **extra}


def findings(spec: StrategySpec, t: Tally, points: list[Point]) -> list[dict]:
    """Every finding of a study, in a fixed order (see the module docstring)."""
    if t.counts["finished"] == 0:
        return []
    fair = 1 / spec.players
    return [*_seat_findings(spec, t, fair), *_bot_findings(spec, t, fair), *_when_winners_press(t),
            *_final_edition_findings(t, fair), _winning_circulation(t), *_beat_bonus_findings(t, fair),
            *_scoop_findings(t, fair), *_press_or_wait_findings(points), *_disagreements(spec, t, points)]


def _seat_findings(spec: StrategySpec, t: Tally, fair: float) -> list[dict]:
    """Each seat's win share against the fair share."""
    n = t.counts["finished"]
    out = []
    for s in range(spec.players):
        v, iv = share_interval(t.counts[("seat", s)] / CREDIT, n)
        who = f"The {SEAT_WORDS[s]} player ({newspaper(s)})"
        claim = direction(iv, fair, f"{who} wins more than the fair share: {pct(v)} against {pct(fair)}.",
                          f"{who} wins less than the fair share: {pct(v)} against {pct(fair)}.",
                          f"{who} wins {pct(v)}; the fair share {pct(fair)} is within the interval: no seat "
                          "advantage is shown.")
        out.append(finding("seat", claim, v, iv, n, seat=s, fair=_r(fair)))
    return out


def _bot_findings(spec: StrategySpec, t: Tally, fair: float) -> list[dict]:
    """Each bot's win share per seat held, against the fair share."""
    out = []
    for bot in spec.bots:
        m = t.moments.get(("bot", bot))
        if m is None or m.n == 0:
            continue
        v, iv, _ = mean_interval(m.n, m.s, m.ss)
        name = _capital(seat_words(bot))
        claim = direction(iv, fair, f"{name} wins more than its fair share: {pct(v)} of its seats.",
                          f"{name} wins less than its fair share: {pct(v)} of its seats.",
                          f"{name} wins {pct(v)} of its seats, within reach of the fair share.")
        out.append(finding("bot", claim, v, iv, m.n, bot=bot, fair=_r(fair)))
    return out


WINNERS_WORDS = {
    "round": ("Winners go to press later in the game than losers (their presses' mean round is {d:+.2f} rounds "
              "from the losers')", "Winners go to press earlier than losers (their presses' mean round is "
              "{d:+.2f} rounds from the losers')", "Winners and losers press at much the same point of the "
              "game ({d:+.2f} rounds)"),
    "gain": ("Winners press bigger pages than losers ({d:+.2f} points a page)", "Winners press smaller pages "
             "than losers ({d:+.2f} points a page)", "Winners' and losers' pages are worth much the same "
             "({d:+.2f} points)"),
    "ahead": ("Winners press while in the lead more often than losers ({p} of their presses)",
              "Winners press while in the lead less often than losers ({p} of their presses)",
              "Winners and losers press while leading about as often ({p})"),
    "behind": ("Winners press while behind more often than losers ({p} of their presses)",
               "Winners press while behind less often than losers ({p} of their presses)",
               "Winners and losers press while behind about as often ({p})"),
}
"""How winners' presses differ from losers', by measure: the words above, below and within the interval
(``d`` the difference as a number, ``p`` a difference of shares in percentage points)."""


def winners_claim(f: dict) -> str:
    """A ``when-winners-press`` finding's words (by round, gain, ahead or behind), from its figures."""
    words = direction(f["interval"], 0.0, *WINNERS_WORDS[f["by"]])
    return words.format(d=f["value"], p=points_words(f["value"])) + "."


def _when_winners_press(t: Tally) -> list[dict]:
    """Winners' presses against losers': when, how big, leading or behind, and how many."""
    out = []
    for what in WINNERS_WORDS:
        m = t.moments.get(("winners-losers", what))
        if m is None or m.n == 0:
            continue
        v, iv, _ = mean_interval(m.n, m.s, m.ss)
        w, l = t.moments[("winners", what)], t.moments[("losers", what)]
        claim = winners_claim({"by": what, "value": v, "interval": iv})
        out.append(finding("when-winners-press", claim, v, iv, m.n, by=what, winners=_r(w.s / w.n),
                           losers=_r(l.s / l.n), **_histograms(t, what)))
    m = t.moments.get("presses winners-losers")
    if m is not None and m.n:
        v, iv, _ = mean_interval(m.n, m.s, m.ss)
        claim = direction(iv, 0.0, f"Winners go to press more often than losers ({v:+.2f} presses a game).",
                          f"Winners go to press less often than losers ({v:+.2f} presses a game).",
                          f"Winners and losers go to press about as often ({v:+.2f} presses a game).")
        out.append(finding("when-winners-press", claim, v, iv, m.n, by="presses"))
    return out


def _final_edition_findings(t: Tally, fair: float) -> list[dict]:
    """The win share of the player who triggers the final edition."""
    k = t.counts["triggered"]
    if not k:
        return []
    v, iv = share_interval(t.counts["trigger credit"] / CREDIT, k)
    claim = final_edition_claim({"value": v, "interval": iv, "fair": fair})
    r = t.moments["trigger round"]
    return [finding("final-edition", claim, v, iv, k, fair=_r(fair), mean_round=_r(r.s / r.n, 2))]


def final_edition_claim(f: dict) -> str:
    """A ``final-edition`` finding's words, from its figures. It is a correlation over whole games -- who ends the
    game is not chosen at random -- so the words never say that ending it pays."""
    v, iv, fair = f["value"], f["interval"], f["fair"]
    return direction(iv, fair, f"The player who triggers the final edition wins {pct(v)} of games, more than the "
                     f"fair share {pct(fair)} (a correlation: it does not show that ending the game pays).",
                     f"The player who triggers the final edition wins only {pct(v)} of games, less than the fair "
                     f"share {pct(fair)} (a correlation: who ends the game is not chosen at random).",
                     f"The player who triggers the final edition wins {pct(v)} of games, within reach of the "
                     f"fair share {pct(fair)}.")


def _winning_circulation(t: Tally) -> dict:
    """The winner's circulation: its mean, spread and middle 90%."""
    m = t.moments["winning"]
    v, iv, sd = mean_interval(m.n, m.s, m.ss)
    lo, hi = _quantiles(t, "winning", (0.05, 0.95))
    return finding("winning-circulation", f"The winner's circulation averages {v:.1f} (spread: standard deviation "
                   f"{sd:.1f}; 90% of games between {lo} and {hi}).", v, iv, m.n, sd=sd, p5=lo, p95=hi)


def _beat_bonus_findings(t: Tally, fair: float) -> list[dict]:
    """For each beat, its bonus takers' win share, the bonus's mean points and how often it decided the game."""
    out = []
    for beat, b in enumerate(BEATS):
        takers = t.counts[("bonus takers", beat)]
        if not takers:
            continue
        v, iv = share_interval(t.counts[("bonus credit", beat)] / CREDIT, takers)
        pts = t.moments[("bonus points", beat)]
        games = t.counts[("bonus games", beat)]
        d, div = share_interval(t.counts[("bonus decided", beat)], games)
        claim = direction(iv, fair, f"Taking the {b.title} bonus goes with winning: its takers won {pct(v)} "
                          f"(fair share {pct(fair)}).", f"Taking the {b.title} bonus is no sign of winning: its "
                          f"takers won {pct(v)} (fair share {pct(fair)}).",
                          f"Takers of the {b.title} bonus won {pct(v)}, near the fair share {pct(fair)}.")
        claim += f" It was worth {pts.s / pts.n:.1f} points on average and decided {pct(d)} of games."
        out.append(finding("beat-bonus", claim, v, iv, takers, beat=b.value, fair=_r(fair),
                           mean_points=_r(pts.s / pts.n, 2), decided=d, decided_interval=div))
    return out


def _scoop_findings(t: Tally, fair: float) -> list[dict]:
    """The win share of the player who gains most on scoops, and the scoop points a player receives."""
    k = t.counts["scoop leader games"]
    if not k:
        return []
    v, iv = share_interval(t.counts["scoop leader credit"] / CREDIT, k)
    m = t.moments["scoops received"]
    claim = direction(iv, fair, f"The player who gains most on scoops (received minus given) wins {pct(v)}, "
                      f"more than the fair share {pct(fair)}.", f"The player who gains most on scoops "
                      f"(received minus given) wins only {pct(v)}, less than the fair share {pct(fair)}: "
                      "being scooped is a sign of pressing little.",
                      f"The player who gains most on scoops wins {pct(v)}, near the fair share {pct(fair)}.")
    claim += f" A player receives {m.s / m.n:.1f} scoop points a game."
    return [finding("scoops", claim, v, iv, k, fair=_r(fair), mean_received=_r(m.s / m.n, 2))]


def _press_or_wait_findings(points: list[Point]) -> list[dict]:
    """Press now or wait, by page value: the paired difference in win chance at the sampled decisions."""
    out = []
    for lo_, hi_ in GAIN_BUCKETS:
        label = gain_bucket(lo_)
        diffs = [p.difference for p in points if gain_bucket(p.gain) == label]
        if len(diffs) < 2:
            continue
        v, iv, _ = mean_interval(len(diffs), sum(diffs), sum(d * d for d in diffs))
        claim = press_or_wait_claim({"gain": label, "value": v, "interval": iv})
        out.append(finding("press-or-wait", claim, v, iv, len(diffs), gain=label, points=len(diffs),
                           playouts=_playouts()))
    return out


def press_or_wait_claim(f: dict) -> str:
    """A ``press-or-wait`` finding's words, from its figures: the difference in percentage points of win chance."""
    v, iv, page = f["value"], f["interval"], f"a page worth {f['gain']} points"
    return direction(iv, 0.0, f"With {page}, going to press now beats waiting: {points_words(v)} of win chance.",
                     f"With {page}, waiting beats going to press now: {points_words(v)} of win chance for "
                     "pressing.",
                     f"With {page}, pressing now and waiting are within {_within(iv)} of win chance of each "
                     "other.")


def _disagreements(spec: StrategySpec, t: Tally, points: list[Point]) -> list[dict]:
    """Where the first two bots (by name) disagree: the pages they press, and press now or wait."""
    if len(set(spec.bots)) < 2:
        return []
    a, b = sorted(set(spec.bots))[:2]
    na, nb = seat_words(a), seat_words(b)
    out = []
    m = t.moments.get(("bot gain diff", a, b))
    if m is not None and m.n:
        v, iv, _ = mean_interval(m.n, m.s, m.ss)
        ga, gb = t.moments[("bot gain", a)], t.moments[("bot gain", b)]
        claim = direction(iv, 0.0, f"The bots disagree: {na} presses bigger pages than {nb} ({v:+.2f} points).",
                          f"The bots disagree: {na} presses smaller pages than {nb} ({v:+.2f} points).",
                          f"{_capital(na)} and {nb} press pages of much the same value ({v:+.2f}).")
        out.append(finding("bots-disagree", claim, v, iv, m.n, bots=[a, b],
                           mean_gain={a: _r(ga.s / ga.n, 2), b: _r(gb.s / gb.n, 2)}))
    pa = [p.difference for p in points if p.bot == a]
    pb = [p.difference for p in points if p.bot == b]
    if len(pa) >= 2 and len(pb) >= 2:
        ma, _, _ = mean_interval(len(pa), sum(pa), sum(d * d for d in pa))
        mb, _, _ = mean_interval(len(pb), sum(pb), sum(d * d for d in pb))
        va = sum((d - ma) ** 2 for d in pa) / (len(pa) - 1)
        vb = sum((d - mb) ** 2 for d in pb) / (len(pb) - 1)
        diff = ma - mb
        half = Z95 * math.sqrt(va / len(pa) + vb / len(pb))
        iv = [_r(diff - half), _r(diff + half)]
        claim = timing_disagreement_claim({"bots": [a, b], "value": _r(diff), "interval": iv})
        out.append(finding("bots-disagree", claim, _r(diff), iv, len(pa) + len(pb), bots=[a, b], by="press-or-wait"))
    return out


def timing_disagreement_claim(f: dict) -> str:
    """A ``bots-disagree`` finding by ``press-or-wait``'s words, from its figures."""
    na, nb = (seat_words(b) for b in f["bots"])
    v, iv = f["value"], f["interval"]
    gap = f"{100 * abs(v):.1f} percentage points of win chance"
    return direction(iv, 0.0, f"The bots judge timing differently: at {na}'s decision points pressing now is "
                     f"worth {gap} more than at {nb}'s.",
                     f"The bots judge timing differently: at {na}'s decision points pressing now is worth "
                     f"{gap} less than at {nb}'s.",
                     f"At {na}'s and {nb}'s decision points pressing now is worth about the same "
                     f"({points_words(v)}).")


def _playouts() -> int:
    from .timing import PLAYOUTS

    return PLAYOUTS


def _histograms(t: Tally, what: str) -> dict:
    """For the round and the gain: the share of winners' and losers' presses in each round / gain bucket."""
    key = {"round": "presses in round", "gain": "presses of gain"}.get(what)
    if key is None:
        return {}
    out = {}
    for side in ("winner", "loser"):
        counts = {k[1]: v for k, v in t.hist.items() if k[0] == f"{side} {key}"}
        total = sum(counts.values()) or 1
        order = sorted(counts, key=lambda x: (int(str(x).split("-")[0].rstrip("+")), str(x)))
        out[f"{side}s_by_{what}"] = {str(k): _r(counts[k] / total) for k in order}
    return out


def _quantiles(t: Tally, name: str, qs: tuple[float, ...]) -> list[int]:
    values = sorted((k[1], v) for k, v in t.hist.items() if k[0] == name)
    total = sum(v for _, v in values)
    out = []
    for q in qs:
        seen = 0
        for x, v in values:
            seen += v
            if seen >= q * total:
                out.append(x)
                break
    return out


# ------------------------------------------------------------------ the advisor's own play
ADVISOR_GAMES = "advisor games"
"""What every finding of a study with the advisor at the table rests on (its ``rests_on``): the advisor's
games are fewer than the core's, so a guide says which findings come from them."""


def advisor_findings(spec: StrategySpec, t: Tally, points: list) -> list[dict]:
    """The findings about the advisor's own play (its seat ``spec.advisor``), from its games' counts
    (:func:`~.advisor_games.tally_advisor_game`) and its own decision points
    (:class:`~.advisor_games.AdvisorPoint`), in a fixed order."""
    me = spec.advisor
    if me is None:
        return []
    own = [p for p in points if p.bot == me]
    return [{**f, "bot": me, "rests_on": ADVISOR_GAMES}
            for f in (*_advisor_presses(spec, t, me), *_advisor_seats(spec, t, me),
                      *_advisor_final_edition(spec, t, me), *_advisor_press_or_wait(own))]


ADVISOR_PRESS_WORDS = {
    "presses": ("goes to press more often than {o} ({d:+.2f} presses a game per seat: {a:.2f} against {b:.2f})",
                "goes to press less often than {o} ({d:+.2f} presses a game per seat: {a:.2f} against {b:.2f})",
                "goes to press about as often as {o} ({d:+.2f} presses a game per seat: {a:.2f} against "
                "{b:.2f})"),
    "gain": ("presses bigger pages than {o} ({d:+.2f} points a page: {a:.1f} against {b:.1f})",
             "presses smaller pages than {o} ({d:+.2f} points a page: {a:.1f} against {b:.1f})",
             "presses pages of much the same value as {o} ({d:+.2f} points a page: {a:.1f} against {b:.1f})"),
    "round": ("presses later in the game than {o} ({d:+.2f} rounds: round {a:.1f} against {b:.1f})",
              "presses earlier in the game than {o} ({d:+.2f} rounds: round {a:.1f} against {b:.1f})",
              "presses at much the same point of the game as {o} ({d:+.2f} rounds: round {a:.1f} against "
              "{b:.1f})"),
}
"""How the advisor's presses differ from another bot's, by measure: the words above, below and within the
interval (``o`` the other bot, ``d`` the difference, ``a`` and ``b`` their means)."""


def _advisor_presses(spec: StrategySpec, t: Tally, me: str) -> list[dict]:
    """How often, how big and how late the advisor presses, against each other bot (per game: its mean minus
    theirs)."""
    from .advisor_games import ADVISOR_PRESS_MEASURES

    out = []
    for other in sorted(set(spec.bots) - {me}):
        for what in ADVISOR_PRESS_MEASURES:
            m = t.moments.get(("advisor vs", other, what))
            if m is None or m.n < 2:
                continue
            v, iv, _ = mean_interval(m.n, m.s, m.ss)
            a, b = t.moments[("advisor mean", other, what)], t.moments[("other mean", other, what)]
            text = direction(iv, 0.0, *ADVISOR_PRESS_WORDS[what]).format(o=seat_words(other), d=v, a=a.s / a.n,
                                                                        b=b.s / b.n)
            out.append(finding("advisor-presses", f"{_capital(seat_words(me))} {text}.", v, iv, m.n, by=what,
                               against=other, advisor=_r(a.s / a.n, 2), other=_r(b.s / b.n, 2)))
    return out


def _advisor_seats(spec: StrategySpec, t: Tally, me: str) -> list[dict]:
    """The advisor's win share in each seat it held."""
    fair = 1 / spec.players
    out = []
    for s in range(spec.players):
        games = t.counts[("advisor seat games", s)]
        if not games:
            continue
        v, iv = share_interval(t.counts[("advisor seat credit", s)] / CREDIT, games)
        where = f"{_capital(seat_words(me))} in the {SEAT_WORDS[s]} seat ({newspaper(s)})"
        claim = direction(iv, fair, f"{where} wins more than the fair share: {pct(v)} against {pct(fair)}.",
                          f"{where} wins less than the fair share: {pct(v)} against {pct(fair)}.",
                          f"{where} wins {pct(v)}, within reach of the fair share {pct(fair)}.")
        out.append(finding("advisor-seat", claim, v, iv, games, seat=s, fair=_r(fair)))
    return out


def _advisor_final_edition(spec: StrategySpec, t: Tally, me: str) -> list[dict]:
    """The final edition: how often the advisor triggers it, and whether it wins when it does."""
    who = seat_words(me)
    Who = _capital(who)
    fair = 1 / spec.players
    out = []
    k = t.counts["advisor trigger games"]
    if k:
        v, iv = share_interval(t.counts["advisor triggered"], k)
        held = t.moments["advisor seat share"]
        expected = held.s / held.n
        claim = direction(iv, expected,
                          f"{Who} triggers the final edition in {pct(v)} of games, more often than its share of "
                          f"the seats ({pct(expected)}).",
                          f"{Who} triggers the final edition in {pct(v)} of games, less often than its share of "
                          f"the seats ({pct(expected)}).",
                          f"{Who} triggers the final edition in {pct(v)} of games, about its share of the seats "
                          f"({pct(expected)}).")
        out.append(finding("advisor-final-edition", claim, v, iv, k, by="triggers", seat_share=_r(expected)))
    mine = t.counts["advisor triggered"]
    if mine:
        v, iv = share_interval(t.counts["advisor trigger credit"] / CREDIT, mine)
        claim = direction(iv, fair, f"When {who} triggers the final edition it wins {pct(v)} of those games, more "
                          f"than the fair share {pct(fair)}.",
                          f"When {who} triggers the final edition it wins only {pct(v)} of those games, less "
                          f"than the fair share {pct(fair)}.",
                          f"When {who} triggers the final edition it wins {pct(v)} of those games, within reach "
                          f"of the fair share {pct(fair)}.")
        extra: dict[str, Any] = {}
        theirs = t.counts["others triggered"]
        if theirs:
            ov, oiv = share_interval(t.counts["others trigger credit"] / CREDIT, theirs)
            claim += f" When another bot triggers it, that bot wins {pct(ov)}."
            extra = {"others": ov, "others_interval": oiv, "others_games": theirs}
        out.append(finding("advisor-final-edition", claim, v, iv, mine, by="wins", fair=_r(fair), **extra))
    return out


def _advisor_press_or_wait(own: list) -> list[dict]:
    """Press now or wait at the advisor's own decisions: by page value, and by what it chose."""
    out = []
    for lo_, _hi in GAIN_BUCKETS:
        label = gain_bucket(lo_)
        here = [p for p in own if gain_bucket(p.gain) == label]
        if len(here) < 2:
            continue
        diffs = [p.difference for p in here]
        v, iv, _ = mean_interval(len(diffs), sum(diffs), sum(d * d for d in diffs))
        pressed, piv = share_interval(sum(p.pressed for p in here), len(here))
        f = finding("advisor-press-or-wait", "", v, iv, len(here), by="gain", gain=label, points=len(here),
                    pressed=pressed, pressed_interval=piv, playouts=_playouts())
        out.append({**f, "claim": advisor_press_or_wait_claim(f)})
    for chose in ("pressed", "waited"):
        here = [p for p in own if p.pressed == (chose == "pressed")]
        if len(here) < 2:
            continue
        diffs = [p.difference for p in here]
        v, iv, _ = mean_interval(len(diffs), sum(diffs), sum(d * d for d in diffs))
        f = finding("advisor-press-or-wait", "", v, iv, len(here), by=chose, points=len(here), playouts=_playouts())
        out.append({**f, "claim": advisor_press_or_wait_claim(f)})
    return out


def advisor_press_or_wait_claim(f: dict) -> str:
    """An ``advisor-press-or-wait`` finding's words, from its figures. By page value, how often the advisor pressed
    beside what pressing was worth on average; where the two seem to point opposite ways (it pressed at most of
    the decisions, yet pressing cost on average, or the other way round), the words say how both hold."""
    v, iv, pw = f["value"], f["interval"], points_words(f["value"])
    if f["by"] in ("pressed", "waited"):
        when = "Where the advisor went to press" if f["by"] == "pressed" else "Where the advisor waited"
        right, wrong = (("playing on from there bears it out", "waiting would have been better")
                        if f["by"] == "pressed" else ("pressing would have been better",
                                                      "playing on from there bears it out"))
        return direction(iv, 0.0, f"{when}, {right}: pressing was worth {pw} of win chance against its best "
                         "other move.",
                         f"{when}, {wrong}: pressing was worth {pw} of win chance against its best other move.",
                         f"{when}, pressing and its best other move were within {_within(iv)} of win chance of "
                         "each other.")
    page = f"At the advisor's own decisions with a page worth {f['gain']} points"
    claim = direction(iv, 0.0, f"{page}, going to press now beats its best other move: {pw} of win chance on "
                      "average.",
                      f"{page}, its best other move beats going to press now: {pw} of win chance for pressing "
                      "on average.",
                      f"{page}, pressing now and its best other move are within {_within(iv)} of win chance of "
                      "each other on average.")
    claim += f" It went to press at {pct(f['pressed'])} of them."
    way = 1 if iv[0] > 0 else -1 if iv[1] < 0 else 0
    if (way < 0 and f["pressed"] >= 0.5) or (way > 0 and f["pressed"] < 0.5):
        claim += (f" Both hold: {pct(f['pressed'])} is how often the advisor chose to press, one decision at a "
                  f"time; {pw} is what pressing was worth on average over all of these decisions, those where "
                  "it pressed and those where it waited together (split by its choice below).")
    return claim


def pooled_bot_shares(findings: list[dict], players: int, advisor: str) -> list[dict]:
    """An advisor run's findings with each bot's win share taken over every seat it held, so that the advisor's
    share is its per-seat shares together (their win credit summed over their seats) and cannot disagree with
    them; the other bot's share is the rest of the credit over the rest of the seats. With more than one other
    bot their seats are not told apart by the advisor's counts, and their shares are left out rather than
    given on another footing. Wilson's interval over the seats held."""
    seats = [f for f in findings if f["kind"] == "advisor-seat"]
    mine = next((f for f in findings if f["kind"] == "bot" and f.get("bot") == advisor), None)
    if mine is None or not seats:
        return findings
    games = mine.get("finished", mine["games"])
    held = sum(f["games"] for f in seats)
    credit = sum(f["value"] * f["games"] for f in seats)
    others = [f.get("bot") for f in findings if f["kind"] == "bot" and f is not mine]
    pooled = {mine["bot"]: (credit, held)}
    if len(others) == 1:
        pooled[others[0]] = (games - credit, players * games - held)
    out = []
    for f in findings:
        if f["kind"] != "bot":
            out.append(f)
        elif f.get("bot") in pooled:
            out.append(_bot_over_seats(f, *pooled[f["bot"]], games))
    return out


def _bot_over_seats(f: dict, credit: float, seats: int, games: int) -> dict:
    """A bot's win share: ``credit`` over the ``seats`` it held in ``games`` finished games."""
    v, iv = share_interval(credit, seats)
    fair = f["fair"]
    name = _capital(seat_words(f["bot"]))
    held = f"{pct(v)} of the {seats:,} seats it held"
    claim = direction(iv, fair, f"{name} wins more than its fair share: {held}.",
                      f"{name} wins less than its fair share: {held}.",
                      f"{name} wins {held}, within reach of the fair share.")
    return {**f, **finding("bot", claim, v, iv, seats), "finished": games, "counted": "seats held"}


def claim_words(f: dict) -> str | None:
    """A recorded finding's words as a study writes them now, from its figures, for the kinds whose words are
    built from them (``None`` for the others): a guide assembled from older records says every figure the
    way a new run does."""
    kind, by = f["kind"], f.get("by")
    if kind == "press-or-wait":
        return press_or_wait_claim(f)
    if kind == "when-winners-press" and by in WINNERS_WORDS:
        return winners_claim(f)
    if kind == "bots-disagree" and by == "press-or-wait":
        return timing_disagreement_claim(f)
    if kind == "advisor-press-or-wait" and (by in ("pressed", "waited") or (by == "gain" and "pressed" in f)):
        return advisor_press_or_wait_claim(f)
    if kind == "final-edition" and "fair" in f:
        return final_edition_claim(f)
    return None
