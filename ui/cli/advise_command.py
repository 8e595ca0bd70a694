"""``pennypress advise FILE``: every legal move of the player to move, ranked, with reasons.

JSON (the contract shape, ``/work/shared/contract/cli.md``) on stdout, or a
readable table with ``--text``; a progress bar on stderr once an analysis has
run for a second. Bad input -- an unreadable or impossible position, a finished
game, a pending card draw, an unknown budget -- is one line on stderr, exit 2.
"""
from __future__ import annotations

import argparse

from pennypress.engine.advisor import BUDGETS, Advice, RankedMove, advise, budget_for
from pennypress.engine.advisor.line import line_words
from pennypress.engine.game.cards import Deck
from pennypress.engine.game.names import newspaper
from pennypress.engine.game.words import move_words, plural
from pennypress.errors import BadInput

from .progress import ProgressBar
from .json_io import read_json, read_position, write_json


def _verdict_lines(advice: Advice, n_players: int | None) -> list[str]:
    """The verdict's line of :func:`advice_table` (none without ``n_players``)."""
    if n_players is None:
        return []
    from pennypress.ui.render.verdict import verdict  # here: the JSON answer (the default) needs no verdict

    return [f"Verdict: {verdict(advice, n_players).sentence}"]


def advice_table(advice: Advice, top: int | None = None, deck: Deck | None = None,
                 n_players: int | None = None) -> str:
    """The verdict first (with ``n_players``: :func:`~pennypress.ui.render.verdict.verdict`, the analysis
    board's), then the ranked moves as a plain-text table (best first), moves in words, reasons under
    them, the likely line after the move and why it differs from the best (cards by headline with the
    ``deck``).

    >>> from pennypress.engine.advisor.result import Advice, RankedMove
    >>> a = Advice(0, "fast", 0, True, (RankedMove("press", 1, 1.0, (1.0, 1.0), 47, 7, 0, 0, True, ("Go to press: +15",), exact=True),), 0,
    ...            engine="native")
    >>> print(advice_table(a))  # doctest: +NORMALIZE_WHITESPACE
    The Times to move: 1 legal move, exact (final edition), budget fast, seed 0
    rank  move         win  95% interval  circulation  margin  loss (95%, paired)
       1  Go to press  100%  exact                47.0    +7.0     0% =
          - Go to press: +15
    engine: native (the Rust core)
    """
    moves = advice.moves if top is None else advice.moves[:top]
    if advice.exact:
        state = "exact (final edition)"
    elif advice.reranked:
        state = (f"{advice.playouts} playouts, ranked by the second ply: the analysis alone put "
                 f"“{move_words(advice.second_ply.analysis_first)}” first")
    else:
        state = (f"{advice.playouts} playouts, "
                 + ("converged: the best move is ahead of every other at 95%" if advice.converged
                    else "not converged: the best move is not separated from every other at 95%"))
    if advice.second_ply is not None:
        ply = advice.second_ply
        state += (f"; second ply: {plural(ply.opened, 'move')} of the first {ply.candidates} answered by the next "
                  f"player's own {ply.reply_budget} search")
    head = (f"{newspaper(advice.player)} to move: {plural(advice.legal_moves, 'legal move')}, {state}"
            + f", budget {advice.budget}, seed {advice.seed}" + (" (stopped early)" if advice.stopped else ""))
    said = [move_words(m.move) for m in moves]
    width = max(map(len, said)) if moves else 4
    lines = _verdict_lines(advice, n_players) + [
        head, f"{'rank':>4}  {'move':<{width}}  {'win':>4}  {'95% interval':<12}  circulation  margin  "
             "loss (95%, paired)"]
    for m, words in zip(moves, said):
        if not m.was_searched:
            lines.append(f"{m.rank:>4}  {words:<{width}}  not searched (the analysis was stopped first)")
            continue
        interval = "exact" if m.exact else f"{m.win_interval[0]:.0%}-{m.win_interval[1]:.0%}"
        loss = f"{m.loss:>4.0%}"
        if not m.exact and m.rank > 1 and m.loss_interval is not None:
            loss += f" ({m.loss_interval[0]:.0%} to {m.loss_interval[1]:.0%})"
        lines.append(f"{m.rank:>4}  {words:<{width}}  {m.win_probability:>4.0%}  {interval:<12}  {m.expected_score:>11.1f}"
                     f"  {m.expected_margin:>+6.1f}  {loss}{' =' if m.equal_to_best else ''}"
                     + ("" if m.exact else f"  [{m.playouts}]"))
        lines.extend(f"{'':>6}- {r}" for r in m.reasons if r != words)  # the move itself is said above
        if m.line:
            lines.append(f"{'':>6}likely line: " + " → ".join(line_words(m.line, deck)))
        lines.extend(f"{'':>6}why: {w}" for w in m.why)
        lines.extend(_weighing_lines(m, advice.player, deck))
    if any(m.equal_to_best for m in moves[1:]):
        lines.append("=: not significantly worse than the best move (the paired 95% interval of the loss contains 0)")
    if any(m.weighed for m in moves):
        lines.append("win, loss: for the moves weighed, after the next player's own answer (the order is by it; a "
                     "press after the headline cards tried); for the others, at first sight (the analysis alone)")
    if not advice.exact:
        lines.append("[n]: playouts of the move; moves clearly worse left the race early (fewer playouts)")
    if advice.calibrated:
        from pennypress.ui.render.verdict import CALIBRATION_MEASURED

        lines.append(f"win: the playouts' win share, {CALIBRATION_MEASURED}")
    if advice.second_ply is not None:
        lines.append("own answer: the next player's answer by their own search; the chance after it assumes they "
                     "answer as carefully as the advisor would (too modest against weaker players)"
                     + ("; with the table read, it counts only as much as the reading leaves them unread"
                        if any(m.reply is not None and m.reply.read > 0 for m in moves) else ""))
    lines.append("engine: " + ("native (the Rust core)" if advice.engine == "native" else "python (the reference engine, slower)"))
    return "\n".join(lines)


def _weighing_lines(m: RankedMove, me: int, deck: Deck | None) -> list[str]:
    """A weighed move's lines under it in :func:`advice_table`: the next player's answer and the chance after it
    (with the table read, how much the reading counts in it), then its figures at first sight."""
    lines = []
    if m.reply is not None:
        r = m.reply
        answer = "the game ends first" if r.move is None else (
            ("after the headline card " if r.draws else "") + f"{newspaper(r.player)}'s own answer, {move_words(r.move)}")
        from pennypress.ui.render.words import reading_counts  # here: the JSON answer needs no words

        counts = reading_counts(r.read) if r.player != me else ""
        answer += f" ({counts})" if counts else ""
        after = f"{'':>6}weighed: {answer}; your chance to win " \
                f"{r.win_probability:.0%} ({r.win_interval[0]:.0%}-{r.win_interval[1]:.0%})"
        lines.append(after + ("; then likely: " + " → ".join(line_words(r.line, deck)) if r.line else ""))
    if m.first_sight is not None:
        f = m.first_sight
        lines.append(f"{'':>6}at first sight: {f.win_probability:.0%} ({f.win_interval[0]:.0%}-"
                     f"{f.win_interval[1]:.0%})" + ("" if m.rank == 1 else f", loss {f.loss:.0%}"))
    return lines


def parse_assumptions(text: str, players: int, you: int) -> dict[int, str]:
    """``--assume``'s ``P=STYLE`` pairs, comma-separated (``1=early-presser,2=unknown``; ``all=STYLE`` for every
    opponent of ``you``) -> player -> style; :class:`BadInput` naming a pair that is not one.

    >>> parse_assumptions("1=early-presser, 2=unknown", 3, 0), parse_assumptions("all=big-pages", 3, 1)
    ({1: 'early-presser', 2: 'unknown'}, {0: 'big-pages', 2: 'big-pages'})
    """
    said: dict[int, str] = {}
    for pair in (p.strip() for p in text.split(",")):
        who, eq, style = pair.partition("=")
        who = who.strip()
        if not eq or not style.strip() or not (who == "all" or (who.isascii() and who.isdigit())):
            raise BadInput(f"--assume: {pair!r}: expected PLAYER=STYLE (a player's number or 'all', then a style)")
        style = style.strip()
        if who == "all":
            said.update({p: style for p in range(players) if p != you})
        else:
            said[int(who)] = style
    return said


def _advise(args: argparse.Namespace) -> int:
    if args.top is not None and args.top < 1:
        raise BadInput(f"--top: expected 1 or more moves, got {args.top}")
    budget_for(args.budget, args.playouts, args.seconds)  # an unknown budget or a bad count: refused before reading
    state = read_position(args.file)
    table = reading = None
    if args.table is not None or args.assume is not None:
        from pennypress.engine import native
        from pennypress.engine.arena.table_reading import TableWatch, assume, opponent_table, reading_from_json

        if not native.available():
            raise BadInput(f"{'--table' if args.table is not None else '--assume'}: the styles read play on the "
                           "native core, which is not built here (python3 run.py build)")
        if args.table is not None:
            reading = reading_from_json(read_json(args.table), state.n_players, state.current)
        else:
            reading = TableWatch(state.n_players, state.current).update([])   # no move read: only your word
        if args.assume is not None:
            reading = assume(reading, parse_assumptions(args.assume, state.n_players, state.current))
        table = opponent_table(reading, state.n_players)
    bar = ProgressBar("playout", delay=1.0)
    try:
        advice = advise(state, args.budget, playouts=args.playouts, seed=args.seed, progress=bar, seconds=args.seconds,
                        table=table)
    finally:
        bar.close()
    if args.text:
        said = [] if table is None else ["The playouts seat the others as read: " + " ".join(table.words)]
        print("\n".join(said + [advice_table(advice, args.top, state.definition.deck, state.n_players)]))
    else:
        doc = advice.to_json(args.top)
        if reading is not None:
            doc["table"] = [seat.to_json() for seat in reading.seats]
        write_json(doc)
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``advise`` to the ``pennypress`` command line."""
    p = sub.add_parser("advise", help="rank every legal move of the player to move, with reasons")
    p.add_argument("file", help="position: JSON or the one-line notation, a file or - for stdin")
    p.add_argument("--budget", default="normal", help=f"{', '.join(BUDGETS)} (default normal)")
    p.add_argument("--playouts", type=int, default=None,
                   help="a fixed number of playouts, shared evenly over the legal moves, instead of a budget")
    p.add_argument("--seconds", type=float, default=None,
                   help="bound the analysis by time instead (the answer says how many playouts it used; "
                        "the one answer that may differ between runs)")
    p.add_argument("--seed", type=int, default=0, help="seed of the sampled futures (default 0)")
    p.add_argument("--top", type=int, default=None, help="show only the K best moves")
    p.add_argument("--table", default=None,
                   help="a table reading (pennypress table RECORD --you P): the playouts seat each opponent by the "
                        "styles read, on the native core")
    p.add_argument("--assume", default=None, metavar="P=STYLE,...",
                   help="your word on how opponents play, over the reading if one is given: 1=early-presser, "
                        "2=unknown (assume nothing), all=big-pages; the styles are pennypress table's")
    p.add_argument("--text", action="store_true", help="a readable ranked table instead of JSON")
    p.set_defaults(handler=_advise)
