"""``pennypress audit RECORD``: every decision of a recorded game graded, with key moments.

JSON (the contract shape, ``/work/shared/contract/cli.md``) on stdout, or a
readable report with ``--text``: each player's summary, then every press and
every inaccuracy or worse with the better move, then the key moments. A tqdm
bar on stderr counts decisions. Bad input -- an unreadable or malformed
record, an illegal move in it (named by its move number), a document of
another format, an unknown budget -- is one line on stderr, exit 2.
"""
from __future__ import annotations

import argparse

from pennypress.engine.advisor import BUDGETS, budget_for
from pennypress.engine.audit import Audit, audit
from pennypress.engine.audit.grading import BAD
from pennypress.engine.game.names import newspaper

from .progress import ProgressBar
from .json_io import read_json, write_json


def _pct(x: float) -> str:
    return f"{x:.0%}"


def audit_text(result: Audit, player: int | None = None) -> str:
    """The readable report: summaries, presses and poor decisions, key moments.

    >>> from pennypress.engine.audit import Audit, PlayerSummary
    >>> s = PlayerSummary(0, 91.24, {"best": 3}, 3, 0, 0.0, 2, 1, 0.1)
    >>> print(audit_text(Audit(2, "fast", 0, [], [s], [], [30, 20], [0], True)))
    Audit: 2 players, budget fast, seed 0; final scores 30, 20; winner The Times
    <BLANKLINE>
    The Times: accuracy 91.2; best 3; page points lost 0, timing points lost 0.0; scoops given 2, received 1; luck +10%
    """
    keep = (lambda p: True) if player is None else (lambda p: p == player)
    win = ", ".join(newspaper(w) for w in result.winners) or "none (the game is not over)"
    lines = [f"Audit: {result.players} players, budget {result.budget}, seed {result.seed}; final scores "
             f"{', '.join(map(str, result.final_scores))}; winner{'s' if len(result.winners) > 1 else ''} {win}", ""]
    for s in result.summary:
        if not keep(s.player):
            continue
        classes = ", ".join(f"{c} {n}" for c, n in s.classes.items() if n)
        lines.append(f"{newspaper(s.player)}: accuracy {s.accuracy:.1f}; {classes or 'no decisions'}; page points lost "
                     f"{s.page_points_lost}, timing points lost {s.timing_points_lost:.1f}; scoops given "
                     f"{s.scoops_given}, received {s.scoops_received}; luck {s.luck:+.0%}")
    shown = [d for d in result.decisions if keep(d.player) and (d.press is not None or d.klass in BAD)]
    if shown:
        lines += ["", "Decisions (presses, and every inaccuracy or worse):"]
    for d in shown:
        head = (f"move {d.ply} {newspaper(d.player)}: {d.played} -- {d.klass}"
                + ("" if d.klass == "forced" else f", win {_pct(d.win_before)} before, lost {_pct(d.loss)}"
                   f" and {d.points_loss:.1f} points"))
        lines.append(head)
        if d.klass in BAD:
            lines.append(f"    better: {d.best}")
        if d.press is not None:
            lines.append(f"    page: total {d.press.total} (optimal {d.press.optimal_total}, lost {d.press.page_loss});"
                         f" scoops given {d.scoops_given}")
            lines += [f"    - {note}" for note in d.press.notes]
        if d.timing is not None and d.press is not None:
            t = d.timing
            lines.append(f"    timing: pressing now {_pct(t.press_win)} vs {t.wait_move} {_pct(t.wait_win)}")
        if d.missed_press:
            lines.append("    missed press: pressing now was the best move")
        if d.luck is not None:
            lines.append(f"    card {d.card}: " + ", ".join(f"{newspaper(p)} {x:+.0%}" for p, x in enumerate(d.luck)))
    moments = [m for m in result.key_moments if m.player is None or keep(m.player)]
    if moments:
        lines += ["", "Key moments:"] + [f"  {m.kind}: {m.text}" for m in moments]
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
        print(audit_text(result, args.player))
    else:
        write_json(result.to_json(args.player))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``audit`` to the ``pennypress`` command line."""
    p = sub.add_parser("audit", help="grade every decision of a game record, with key moments and luck")
    p.add_argument("record", help="game record JSON (docs/record.md), or - for stdin")
    p.add_argument("--budget", default="fast", help=f"{', '.join(BUDGETS)} (default fast)")
    p.add_argument("--playouts", type=int, default=None, help="an explicit number of playouts per decision")
    p.add_argument("--seed", type=int, default=0, help="seed of the sampled futures (default 0)")
    p.add_argument("--player", type=int, default=None, help="grade only this player's decisions (0-based seat)")
    p.add_argument("--workers", type=int, default=None, help="worker processes (default: both cores); same answer")
    p.add_argument("--text", action="store_true", help="a readable report instead of JSON")
    p.set_defaults(handler=_audit)
