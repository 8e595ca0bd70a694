"""``pennypress audit RECORD``: every decision of a recorded game graded, with key moments.

JSON (the contract shape, ``/work/shared/contract/cli.md``) on stdout, or a
readable report with ``--text``: each player's summary, then every press and
every inaccuracy or worse with the better move, the likely line after each and
why they differ, then the key moments -- in a
player's words (classes said by :mod:`pennypress.ui.render.audit_words`, never
a raw code; the analysis's settings only in the JSON). A tqdm
bar on stderr counts decisions. Bad input -- an unreadable or malformed
record, an illegal move in it (named by its move number), a document of
another format, an unknown budget -- is one line on stderr, exit 2.
"""
from __future__ import annotations

import argparse

from pennypress.engine.advisor import BUDGETS, budget_for
from pennypress.engine.advisor.line import line_words
from pennypress.engine.audit import Audit, audit
from pennypress.engine.audit.grading import BAD
from pennypress.engine.game.cards import Deck
from pennypress.engine.game.names import newspaper
from pennypress.engine.game.words import move_words
from pennypress.engine.io.record import replay
from pennypress.ui.render.audit_words import (
    card_text, decision_words, graded_words, grades_words, line_labels, loss_words, luck_words, moment_words, num, pct,
    signed_pct,
)

from .progress import ProgressBar
from .json_io import read_json, write_json


def audit_text(result: Audit, player: int | None = None, deck: Deck | None = None) -> str:
    """The readable report: summaries, presses and poor decisions, key moments -- moves in words
    (``deck`` names the headline cards drawn).

    >>> from pennypress.engine.audit import Audit, PlayerSummary
    >>> s = PlayerSummary(0, 91.24, {"best": 3}, 3, 0, 0.0, 2, 1, 0.1)
    >>> t = PlayerSummary(1, None, {"forced": 1}, 1, 0, 0.0, 1, 2, -0.1)
    >>> print(audit_text(Audit(2, "fast", 0, [], [s, t], [], [30, 20], [0], True)))
    Audit of a 2-player game (fast analysis); final circulation The Times 30, The Sun 20; winner The Times
    <BLANKLINE>
    The Times: accuracy 91; 3 best; page points lost 0, points of lead lost on timing 0.0; scoops given 2, received 1; luck +10%
    The Sun: no graded decision (1 forced); page points lost 0, points of lead lost on timing 0.0; scoops given 1, received 2; luck −10%
    """
    keep = (lambda p: True) if player is None else (lambda p: p == player)
    win = ", ".join(newspaper(w) for w in result.winners) or "none (the game is not over)"
    scores = ", ".join(f"{newspaper(p)} {c}" for p, c in enumerate(result.final_scores))
    # the analysis's settings are said in the JSON (budget, seed, engine); the report speaks to a player
    lines = [f"Audit of a {result.players}-player game ({result.budget} analysis); "
             f"final circulation {scores}; winner{'s' if len(result.winners) > 1 else ''} {win}", ""]
    for s in result.summary:
        if not keep(s.player):
            continue
        lines.append(f"{newspaper(s.player)}: {grades_words(s)}; "
                     f"page points lost {s.page_points_lost}, points of lead lost on timing {s.timing_lead_lost:.1f}; "
                     f"scoops given {s.scoops_given}, received {s.scoops_received}; luck {signed_pct(s.luck)}")
    shown = [d for d in result.decisions if keep(d.player) and (d.press is not None or d.klass in BAD)]
    if shown:
        lines += ["", "Decisions (presses, and every inaccuracy or worse):"]
    for d in shown:
        lines.append(decision_words(d) + ("" if d.klass == "forced" else
                                          f"; chance to win before it {pct(d.win_before)}; lost {loss_words(d)}"))
        if d.klass in BAD:
            lines.append(f"    better: {move_words(d.best)}")
        if graded_words(d):
            lines.append(f"    {graded_words(d)}")
        for label, line in line_labels(d):
            lines.append(f"    {label}: " + "; ".join(line_words(line, deck)))
        lines += [f"    why: {sentence}" for sentence in d.why]
        if d.press is not None:
            lines.append(f"    page: {num(d.press.total)} points (the optimal page {num(d.press.optimal_total)}, "
                         f"{num(d.press.page_loss)} lost); scoops given {d.scoops_given}")
            lines += [f"    - {note}" for note in d.press.notes]
        if d.timing is not None and d.press is not None:
            t = d.timing
            lines.append(f"    timing: going to press now {pct(t.press_win)}, {move_words(t.wait_move)} {pct(t.wait_win)}")
        if d.missed_press:
            lines.append("    missed press: going to press now was the best move")
        if d.luck is not None:
            lines.append(f"    {card_text(d.card, deck)}: {luck_words(d.luck)}")
    moments = [m for m in result.key_moments if m.player is None or keep(m.player)]
    if moments:
        lines += ["", "Key moments:"] + [f"  {moment_words(m.kind)}: {m.text}" for m in moments]
    return "\n".join(lines)


def _audit(args: argparse.Namespace) -> int:
    budget_for(args.budget, args.playouts)  # an unknown budget is refused before reading
    doc = read_json(args.record)
    bar = ProgressBar("decision")
    try:
        result = audit(doc, args.budget, seed=args.seed, progress=bar, playouts=args.playouts, player=args.player,
                       workers=args.workers)
    finally:
        bar.close()
    if args.text:
        print(audit_text(result, args.player, replay(doc).start.definition.deck))
    else:
        write_json(result.to_json(args.player))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``audit`` to the ``pennypress`` command line."""
    p = sub.add_parser("audit", help="grade every decision of a game record, with key moments and luck")
    p.add_argument("record", help="game record JSON (docs/guide/record.md), or - for stdin")
    p.add_argument("--budget", default="fast", help=f"{', '.join(BUDGETS)} (default fast)")
    p.add_argument("--playouts", type=int, default=None, help="an explicit number of playouts per decision")
    p.add_argument("--seed", type=int, default=0, help="seed of the sampled futures (default 0)")
    p.add_argument("--player", type=int, default=None, help="grade only this player's decisions (0-based seat)")
    p.add_argument("--workers", type=int, default=None,
                   help="threads on the native core, else worker processes (default: both cores); same answer")
    p.add_argument("--text", action="store_true", help="a readable report instead of JSON")
    p.set_defaults(handler=_audit)
