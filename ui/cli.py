"""The ``pennypress`` command line.

Each group of subcommands lives in its own module and registers itself here:

- :mod:`pennypress.ui.cli_press` — ``layout``, ``check``, ``demo`` (the front-page solver)
- :mod:`pennypress.ui.cli_game` — ``position``, ``selfplay``, ``replay`` (the rules engine)
- :mod:`pennypress.ui.cli_app` — ``ui`` (the Streamlit app)
- :mod:`pennypress.ui.cli_advise` — ``advise`` (the advisor)

Conventions (``docs/cli.md``): JSON goes to stdout, messages to stderr; exit 0
on success, 2 on bad input with one line naming the problem, 1 on an internal
error. No traceback reaches the user.
"""
from __future__ import annotations

import argparse
import importlib
import json
import sys
from typing import Any, Callable, Sequence

from pennypress.errors import BadInput
from pennypress.ui.json_text import parse_json_text

SUBCOMMAND_MODULES = ("cli_press", "cli_game", "cli_app", "cli_advise")


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors in one line with exit status 2."""

    def error(self, message: str) -> None:  # pragma: no cover - exercised via main()
        where = self.prog.removeprefix("pennypress").strip()  # main() already says "pennypress: "
        raise BadInput(f"{where}: {message}" if where else message)


def read_json(path: str) -> Any:
    """Read a JSON document from a file path or ``-`` (stdin), as :class:`BadInput` on failure."""
    where = "stdin" if path == "-" else path
    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    except OSError as exc:
        raise BadInput(f"{where}: cannot read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise BadInput(f"{where}: not UTF-8 text") from None
    return parse_json_text(text, where)


def write_json(doc: Any) -> None:
    json.dump(doc, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="pennypress", description="Penny Press rules engine, optimal front pages and advice.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name in SUBCOMMAND_MODULES:
        try:
            module = importlib.import_module(f"pennypress.ui.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"pennypress.ui.{name}":
                continue  # that group is not installed in this build
            raise
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``pennypress`` console script; returns the exit status."""
    try:
        args = build_parser().parse_args(argv)
        handler: Callable[[argparse.Namespace], int | None] = args.handler
        return int(handler(args) or 0)
    except BadInput as exc:
        print(f"pennypress: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("pennypress: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # noqa: BLE001 - the contract: internal errors are one line, exit 1
        print(f"pennypress: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
