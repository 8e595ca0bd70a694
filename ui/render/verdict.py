"""The analysis board's verdict: the best move in words and how clear it is, said as a player would.

Everything here is computed from the advisor's answer
(:class:`~pennypress.engine.advisor.result.Advice`): each move's class comes
from :func:`pennypress.engine.audit.grading.grade` (the one place a ranked move
is graded, on the same paired intervals as the audit), so the verdict and the
marks beside the moves never disagree. A verdict never overstates: a move the
analysis could not tell from the best is counted with it ("one of 3 about
equally good moves"), and "clearly ahead in this analysis" is said only when every other
move was separated from it, the search's own stopping test was met (``Advice.converged``: every other
move separated at 95% over the rounds) and the next best loses more than the audit's "excellent" band;
without that test met it is "probably the best". Only an exact answer (the final edition, best play by
everyone) is "clearly the best": a searched one is clear in the search's own playouts, and played out
against other kinds of opponent such a verdict can turn (``benchmarks.strength.verdict_holds``).

>>> from pennypress.engine.advisor.result import Advice, RankedMove
>>> def rm(move, rank, win, loss, equal, points=0.0):
...     return RankedMove(move, rank, win, (win, win), 30.0, 1.0, loss, points, equal, playouts=200,
...                       loss_interval=(loss, loss))
>>> press, decline = rm("press", 1, 0.62, 0.0, True), rm("decline", 2, 0.40, 0.22, False, 4.0)
>>> send = rm("assign 1 war:A:1", 3, 0.35, 0.27, False)
>>> v = verdict(Advice(0, "fast", 0, False, (press, decline, send), 600, converged=True), 3)
>>> v.best, v.clarity
('Go to press', 'clearly ahead in this analysis')
>>> v.sentence
'Go to press is clearly ahead in this analysis: the next best, Decline the last press, has 22% less chance to win.'
>>> v.because
'The next best, Decline the last press, has 22% less chance to win.'
>>> close = rm("decline", 2, 0.61, 0.006, False)
>>> verdict(Advice(0, "fast", 0, False, (press, close, send), 600, converged=True), 3).clarity
'only slightly ahead of Decline the last press'
>>> same = rm("decline", 2, 0.61, 0.01, True)
>>> verdict(Advice(0, "fast", 0, False, (press, same, send), 600), 3).clarity
'about as good as Decline the last press'
>>> verdict(Advice(0, "fast", 0, False, (press, decline, send), 600, converged=False), 3).clarity
'probably the best'
>>> all_same = (press, same, rm("assign 1 war:A:1", 3, 0.6, 0.02, True))
>>> verdict(Advice(0, "fast", 0, False, all_same, 3), 3).sentence
'The analysis could not tell the 3 moves apart: Go to press is ahead by a hair that may be luck. Think longer to separate them.'
>>> verdict(Advice(0, "fast", 0, True, (rm("decline", 1, 1.0, 0.0, True),), 0, converged=True), 3).clarity
'the only legal move'
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from pennypress.engine.advisor.result import Advice, RankedMove
from pennypress.engine.audit.grading import BY_MARGIN, SATURATION, Grade, assess
from pennypress.engine.game.names import newspaper
from pennypress.engine.game.words import move_words

CALIBRATION_MEASURED = ("calibrated on games against the league's evaluator, the timer bot and the heuristic bot: "
                        "too hopeful against the strongest of them, the evaluator, and too modest against weaker "
                        "styles (players who press as early as they can, or only big pages)")
"""What the shown chance to win was measured against, and how it misses (docs/results.md, the calibration records):
the one wording of the app's Details and ``advise --text``."""

VERDICT_HOLDS = (36, 19, 0)
"""Played out to the end against the whole population (``benchmarks.strength.verdict_holds``, docs/results.md's
record of the verdict at Thorough against the population): the positions whose Thorough verdict was "clearly
ahead in this analysis", in how many its first move held (no kind of opponent made the second significantly
better) and in how many it was significantly better against every kind. A test reads them from the record."""


def verdict_holds_words() -> str:
    """What a "clearly ahead in this analysis" verdict was shown to be worth in full games (:data:`VERDICT_HOLDS`),
    for the Details of a searched analysis.

    >>> verdict_holds_words().startswith("How far a verdict goes:")
    True
    """
    positions, held, better = VERDICT_HOLDS
    return (f"How far a verdict goes: played out to the end against every kind of opponent tried, the first move "
            f"of a Thorough verdict “clearly ahead in this analysis” held (no kind of opponent made the second "
            f"move significantly better) in {held} of {positions} positions of 3-player games tested, and was "
            f"significantly better against every kind in {better if better else 'none'}.")


SAME = ("best", "within_noise")
"""The classes of a move the analysis cannot tell from the best (an exact tie is ``best``)."""

SURE = SATURATION
"""A chance to win within this of 0 or 1 counts as sure (a lost or a won game either way): the grading's."""


@dataclass(frozen=True)
class Verdict:
    """What the board says first: the best move in words, how clear it is, and the sentence saying so."""

    best: str
    """The best move in words."""
    clarity: str
    """How clear it is, in a few words: ``'clearly ahead in this analysis'``, ``'one of 3 about equally good moves'``."""
    sentence: str
    """The whole verdict as a sentence (with the move it is measured against)."""
    kind: str = "clear"
    """Which verdict: ``only`` (one legal move), ``clear``, ``probable`` (ahead of each, the search's
    stopping test not met), ``slight`` (just ahead), ``equal`` (tied with others), ``apart`` (no move could
    be told from another) or ``replies`` (put first by the next player's own answers, :func:`weighed`)."""
    equal: tuple[str, ...] = ()
    """The notation of the other moves the analysis could not tell from the best."""
    because: str = ""
    """What the verdict rests on, said after it without repeating it (the page's verdict box)."""


def assessments(advice: Advice, n_players: int) -> list[Grade | None]:
    """Each ranked move graded (:func:`~pennypress.engine.audit.grading.assess`: its class, and whether by
    the chance to win or, where the game is decided, by the lead), ``None`` for a move the analysis never
    reached (stopped before it): an ungraded move is never given a class it has not earned."""
    forced = len(advice.moves) == 1
    top = advice.moves[0]
    return [assess(m, n_players, forced=forced, best_win=top.win_probability, best_margin=top.expected_margin)
            if m.was_searched else None for m in advice.moves]


def grades(advice: Advice, n_players: int) -> list[str | None]:
    """Each ranked move's class (:func:`assessments`), ``None`` for a move the analysis never reached.

    >>> from pennypress.engine.advisor.result import Advice, RankedMove
    >>> a = Advice(0, "fast", 0, False, (RankedMove("press", 1, 0.5, (0.4, 0.6), 30.0, 0.0, 0.0, 0.0, True),
    ...     RankedMove("decline", 2, None, None, None, None, None, 0.0, False)), 10, stopped=True)
    >>> grades(a, 3)
    ['best', None]
    """
    return [None if g is None else g.klass for g in assessments(advice, n_players)]


def less_lead(points: float) -> str:
    """Expected lead lost in words, one decimal: ``'2.5 points less lead on average'``.

    >>> less_lead(2.5), less_lead(1.0)
    ('2.5 points less lead on average', '1.0 point less lead on average')
    """
    return f"{points:.1f} point{'' if round(points, 1) == 1 else 's'} less lead on average"


def less_chance(loss: float) -> str:
    """A loss of chance to win in words, a whole percentage: ``'22% less chance to win'``.

    >>> less_chance(0.004), less_chance(0.015)
    ('under 1% less chance to win', '2% less chance to win')
    """
    return "under 1% less chance to win" if round(100 * loss) < 1 else f"{loss:.0%} less chance to win"


def fewer_points(points: float) -> str:
    """Expected points lost in words, one decimal: ``'1.5 points fewer on average'``.

    >>> fewer_points(1.0), fewer_points(0.04)
    ('1.0 point fewer on average', 'about the same points on average')
    """
    if round(points, 1) <= 0:
        return "about the same points on average"
    return f"{points:.1f} point{'' if round(points, 1) == 1 else 's'} fewer on average"


def _names(moves: Sequence[RankedMove], most: int = 3) -> str:
    said = [move_words(m.move) for m in moves[:most]]
    if len(moves) > most:
        said.append(f"{len(moves) - most} more")
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def _cost(m: RankedMove, g: Grade | None) -> str:
    """What the move ``m`` gives up against the best: the loss it was graded by -- its chance to win, or
    (where the game is decided) its lead -- else, a tie on the chance, its points."""
    if g is not None and g.by == BY_MARGIN:
        return less_lead(g.loss)
    if m.loss is not None and round(100 * m.loss) >= 1:
        return less_chance(m.loss)
    if m.points_loss and round(m.points_loss, 1) > 0:
        return fewer_points(m.points_loss)
    return less_chance(m.loss or 0.0)


def verdict(advice: Advice, n_players: int) -> Verdict:
    """The verdict on ``advice`` for a game of ``n_players`` (see the module's examples); where a second ply
    weighed the next player's own answers (:attr:`Advice.second_ply`), what they changed (:func:`weighed`)."""
    return weighed(_first_sight(advice, n_players), advice)


def weighed(v: Verdict, advice: Advice) -> Verdict:
    """The verdict ``v`` of the analysis alone, said again where the second ply weighed the next player's own
    answer to the best move: when it put another move first than the analysis -- and the two answers leave
    chances clearly apart (95% intervals) -- the best move is "the best once the answer is weighed";
    otherwise the answer is said after the verdict.

    >>> from pennypress.engine.advisor.result import Advice, FirstSight, RankedMove, Reply, SecondPlyNote
    >>> def rm(move, rank, win, kept, low, high):
    ...     return RankedMove(move, rank, kept, (low, high), 30.0, 1.0, 0.0, 0.0, True, playouts=200,
    ...                       loss_interval=(0.0, 0.0), reply=Reply("press", 1, kept, (low, high), 900, True),
    ...                       first_sight=FirstSight(win, (win, win), 0.0, (0.0, 0.0)))
    >>> a, b = rm("assign 1 war:A:1", 1, 0.40, 0.38, 0.36, 0.40), rm("assign 2 war:A:1", 2, 0.44, 0.30, 0.28, 0.32)
    >>> note = SecondPlyNote(3, "fast", 2, 1800, "assign 2 war:A:1")
    >>> v = verdict(Advice(0, "normal", 0, False, (a, b), 2200, second_ply=note), 3)
    >>> v.kind, v.clarity
    ('replies', "the best once The Sun's answer is weighed")
    >>> v.because
    "At first sight Send 2 reporters to War A ★ looks better (44% against 40%), but after The Sun's likely answer you keep 30% with it and 38% with this move."
    """
    best = advice.best
    if advice.second_ply is None or best.reply is None or v.kind == "only":
        return v
    mine = best.reply
    who = newspaper(mine.player)
    first = advice.find(advice.second_ply.analysis_first) if advice.reranked else None
    if first is not None and first.reply is not None and first.first_sight is not None \
            and best.first_sight is not None:
        theirs = first.reply
        if mine.clearly_above(theirs):
            because = (f"At first sight {move_words(first.move)} looks better ({first.first_sight.win_probability:.0%} "
                       f"against {best.first_sight.win_probability:.0%}), but after {who}'s likely answer you keep "
                       f"{theirs.win_probability:.0%} with it and {mine.win_probability:.0%} with this move.")
            return Verdict(v.best, f"the best once {who}'s answer is weighed",
                           f"{v.best} is the best move once {who}'s answer is weighed: {because[0].lower()}"
                           f"{because[1:]}", "replies", v.equal, because)
        note = (f" After {who}'s likely answers it keeps about the chance {move_words(first.move)} keeps "
                f"({mine.win_probability:.0%} against {theirs.win_probability:.0%}).")
    elif mine.move is None:
        note = f" The game ends with it: you keep {mine.win_probability:.0%}."
    else:
        drawn = "the headline card and " if mine.draws else ""
        note = f" After {drawn}{who}'s likely answer, {move_words(mine.move)}, you keep about {mine.win_probability:.0%}."
    return replace(v, sentence=v.sentence + note, because=(v.because + note).strip())


def _first_sight(advice: Advice, n_players: int) -> Verdict:
    """The verdict on the analysis's figures alone."""
    moves = advice.moves
    best = moves[0]
    said = move_words(best.move)
    graded = assessments(advice, n_players)
    classes = [None if g is None else g.klass for g in graded]
    if len(moves) == 1:
        return Verdict(said, "the only legal move", f"{said} is the only legal move.", "only")
    searched = [m for m, c in zip(moves, classes) if c is not None]
    equal = [m for m, c in zip(moves[1:], classes[1:]) if c in SAME]
    unsearched = len(moves) - len(searched)
    tail = _sure_note(advice) + ("" if not unsearched else
                                 f" The analysis was stopped before it looked at {unsearched} of the {len(moves)} moves.")
    how = "with best play by everyone" if advice.exact else "as far as the analysis can tell"
    alike = "equally good" if advice.exact else "about equally good"
    if not equal:
        runner, cost = move_words(moves[1].move), _cost(moves[1], graded[1])
        if classes[1] == "excellent":
            return Verdict(said, f"only slightly ahead of {runner}",
                           f"{said} is the best move, but only slightly ahead of {runner} ({cost}).", "slight",
                           because=f"{runner} has {cost}." + tail)
        because = f"The next best, {runner}, has {cost}."
        if not (advice.converged or advice.exact):  # each move apart from it, but the search's own test not met
            because += " A longer look would make sure."
            return Verdict(said, "probably the best", f"{said} is probably the best move: "
                           f"{because[0].lower()}{because[1:]}" + tail, "probable", because=because + tail)
        # an exact answer is the best with best play by everyone; a searched one is clear in the search's own
        # playouts only (played out against other kinds of opponent it can turn: docs/results.md, #54)
        clarity, claim = (("clearly the best", "is clearly the best move") if advice.exact else
                          ("clearly ahead in this analysis", "is clearly ahead in this analysis"))
        return Verdict(said, clarity, f"{said} {claim}: {because[0].lower()}{because[1:]}" + tail, "clear",
                       because=because + tail)
    k = 1 + len(equal)
    notations = tuple(m.move for m in equal)
    if k == len(searched) and k > 2 and not advice.exact:
        because = f"{said} is ahead by a hair that may be luck. Think longer to separate them."
        return Verdict(said, f"the {k} moves could not be told apart",
                       f"The analysis could not tell the {k} moves apart: {because}" + tail, "apart", notations,
                       because=because + tail)
    if k == 2:
        other = move_words(equal[0].move)
        return Verdict(said, f"{'as' if advice.exact else 'about as'} good as {other}",
                       f"{said} and {other} are {alike}, {how}." + tail, "equal", notations,
                       because=f"They are {alike}, {how}." + tail)
    return Verdict(said, f"one of {k} {alike} moves",
                   f"{said} is one of {k} {alike} moves, {how}; the others are {_names(equal)}." + tail,
                   "equal", notations, because=f"The others are {_names(equal)}." + tail)


def _sure_note(advice: Advice) -> str:
    """When every move searched wins almost surely (or loses almost surely), the chance to win cannot tell
    them apart: say so, since then only the points separate the moves."""
    wins = [m.win_probability for m in advice.moves if m.was_searched]
    if advice.exact or len(wins) < 2:
        return ""
    if all(w >= 1 - SURE for w in wins):
        return " Every move wins almost surely here, so the moves are compared by the lead they keep."
    if all(w <= SURE for w in wins):
        return " Every move loses almost surely here, so the moves are compared by the lead they keep."
    return ""
