"""The ``pennypress`` program: the parser, :func:`main` and its exit statuses.

Each group of subcommands lives in its own module and registers itself here
(:data:`SUBCOMMAND_MODULES`). Conventions (``docs/cli.md``): JSON goes to
stdout, messages to stderr; exit 0 on success, 2 on bad input with one line
naming the problem, 1 on an internal error. No traceback reaches the user.
``pennypress`` with no command prints the list of commands and exits 0.

>>> names = command_names()
>>> names[:3], "position" in names, "ui" in names
(['layout', 'check', 'demo'], True, True)
"""
from __future__ import annotations

import argparse
import importlib
import sys
from typing import Callable, Sequence

from pennypress.errors import BadInput

SUBCOMMAND_MODULES = ("press_commands", "game_commands", "app_launcher", "tournament_command", "advise_command", "audit_command", "record_command", "puzzle_command",
                      "play_command")
"""Modules of :mod:`pennypress.ui.cli` that add subcommands (each has ``register(sub)``)."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors in one line with exit status 2."""

    def error(self, message: str) -> None:  # pragma: no cover - exercised via main()
        where = self.prog.removeprefix("pennypress").strip()  # main() already says "pennypress: "
        raise BadInput(f"{where}: {message}" if where else message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="pennypress",
        description="Penny Press rules engine, optimal front pages and advice.",
        epilog="`pennypress COMMAND --help` describes one command; docs/cli.md describes them all.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands", parser_class=_Parser)
    for name in SUBCOMMAND_MODULES:
        try:
            module = importlib.import_module(f"pennypress.ui.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"pennypress.ui.cli.{name}":
                continue  # that group is not installed in this build
            raise
        module.register(sub)
    return parser


def command_names() -> list[str]:
    """The subcommands, in the order ``pennypress`` lists them."""
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return list(sub.choices)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``pennypress`` console script; returns the exit status."""
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if args.command is None:  # bare `pennypress`: say what it can do
            parser.print_help()
            return 0
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
