"""``pennypress layout``, ``check`` and ``demo``: the front-page solver on the command line."""
from __future__ import annotations

import argparse
import sys
from typing import Any, Callable

from pennypress.solver import PressProblem, ProposedPage, best_layouts, check_page, solve
from pennypress.errors import BadInput

from pennypress.ui.io.builtin_examples import RULEBOOK_12_POINTS
from .json_io import read_json, write_json
from pennypress.ui.render.page_text import render_result



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
        if args.alternatives:
            pages = best_layouts(problem, args.alternatives + 1, time_limit)
            result = solve(problem, time_limit)
            out = result.to_json()
            others = [r for r in pages if r.page_key != result.page_key]
            out["alternatives"] = [r.to_json() for r in others[: args.alternatives]]
            if args.text:
                print(render_result(result), file=sys.stderr)
            return out
        result = solve(problem, time_limit)
        if args.text:
            print(render_result(result), file=sys.stderr)
        return result.to_json()

    write_json(_each(read_json(args.file), one))
    return 0


def _check(args: argparse.Namespace) -> int:
    def one(doc: Any, where: str) -> dict:
        if not isinstance(doc, dict) or "layout" not in doc:
            raise BadInput(f"{where}.layout: missing (check needs a press problem plus its layout)")
        problem = PressProblem.from_json(doc, where)
        page = ProposedPage.from_json(doc["layout"], problem, f"{where}.layout")
        return check_page(problem, page).to_json()

    write_json(_each(read_json(args.file), one))
    return 0


def _demo(args: argparse.Namespace) -> int:
    problem = PressProblem.from_json(RULEBOOK_12_POINTS)
    print("The rulebook's scoring example (p. 9): Politics 4 (top), Crime 3, War 3, no ad.\n")
    print(render_result(solve(problem)))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("layout", help="the optimal front page of a press (JSON in, JSON out)")
    p.add_argument("file", help="press problem JSON, or an array of them; - for stdin")
    p.add_argument("--alternatives", type=int, default=0, metavar="K", help="also list the K next best distinct pages")
    p.add_argument("--time-limit", type=float, default=None, metavar="S", help="seconds per solve (default 10)")
    p.add_argument("--text", action="store_true", help="also draw each page on stderr")
    p.set_defaults(handler=_layout)

    c = sub.add_parser("check", help="judge a proposed page: legal? which rules broken? points lost?")
    c.add_argument("file", help="press problem + layout JSON, or an array of them; - for stdin")
    c.set_defaults(handler=_check)

    d = sub.add_parser("demo", help="print the optimal page of the rulebook's 12-point example")
    d.set_defaults(handler=_demo)
