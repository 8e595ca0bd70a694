"""``pennypress layout``, ``check`` and ``demo``: the front-page solver on the command line."""
from __future__ import annotations

import argparse
import sys
from typing import Any, Callable

from pennypress.errors import BadInput
from pennypress.solver import PressProblem, ProposedPage, best_layouts, check_page, solve
from pennypress.ui.io.builtin_examples import RULEBOOK_12_POINTS
from pennypress.ui.render.page_text import render_check, render_result

from .json_io import read_json, write_json


def _each(doc: Any, fn: Callable[[Any, str], dict]) -> Any:
    """Apply ``fn`` to one document or to each of an array, naming the item in errors."""
    if isinstance(doc, list):
        if not doc:
            raise BadInput("input: empty array (expected one or more press problems)")
        return [fn(d, f"[{i}]") for i, d in enumerate(doc)]
    return fn(doc, "press")


def _layout(args: argparse.Namespace) -> int:
    time_limit = args.time_limit
    if args.alternatives < 0:
        raise BadInput(f"--alternatives: expected 0 or more pages, got {args.alternatives}")

    def one(doc: Any, where: str) -> dict:
        if isinstance(doc, dict) and "layout" in doc:
            doc = {k: v for k, v in doc.items() if k != "layout"}
        problem = PressProblem.from_json(doc, where)
        result = solve(problem, time_limit)
        out = result.to_json()
        others = []
        if args.alternatives:
            pages = best_layouts(problem, args.alternatives + 1, time_limit)
            others = [r for r in pages if r.page_key != result.page_key][: args.alternatives]
            out["alternatives"] = [r.to_json() for r in others]
        if args.text:
            print(render_result(result, f"{where}: the optimal page" if where != "press" else None), file=sys.stderr)
            for n, r in enumerate(others, 1):
                diff = r.total - result.total
                print(f"\nAlternative {n}: {r.total} points ({'same score' if diff == 0 else f'{diff:+d}'})",
                      file=sys.stderr)
                print(render_result(r), file=sys.stderr)
        return out

    write_json(_each(read_json(args.file), one))
    return 0


def _check(args: argparse.Namespace) -> int:
    def one(doc: Any, where: str) -> dict:
        if not isinstance(doc, dict) or "layout" not in doc:
            raise BadInput(f"{where}.layout: missing (check needs a press problem plus its layout)")
        problem = PressProblem.from_json(doc, where)
        page = ProposedPage.from_json(doc["layout"], problem, f"{where}.layout")
        verdict = check_page(problem, page)
        if args.text:
            print(render_check(problem, page.placements, verdict), file=sys.stderr)
        return verdict.to_json()

    write_json(_each(read_json(args.file), one))
    return 0


def _demo(args: argparse.Namespace) -> int:
    problem = PressProblem.from_json(RULEBOOK_12_POINTS)
    values = ", ".join(f"{b.title} {v}" + (" (top)" if b in problem.top_beats else "")
                       for b, v in problem.beat_values.items() if v)
    print(f"The rulebook's scoring example (p. 9): {values}, the others 0, no ad.\n")
    print(render_result(solve(problem)))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("layout", help="the optimal front page of a press (JSON in, JSON out)")
    p.add_argument("file", help="press problem JSON, or an array of them; - for stdin")
    p.add_argument("--alternatives", type=int, default=0, metavar="K", help="also list the K next best distinct pages")
    p.add_argument("--time-limit", type=float, default=None, metavar="S", help="seconds per solve (default 10)")
    p.add_argument("--text", action="store_true", help="also draw each page (and every alternative) on stderr")
    p.set_defaults(handler=_layout)

    c = sub.add_parser("check", help="judge a proposed page: legal? which rules broken? points lost?")
    c.add_argument("file", help="press problem + layout JSON, or an array of them; - for stdin")
    c.add_argument("--text", action="store_true", help="also draw the page and the verdict on stderr")
    c.set_defaults(handler=_check)

    d = sub.add_parser("demo", help="print the optimal page of the rulebook's 12-point example")
    d.set_defaults(handler=_demo)
