"""The ``pennypress`` program: the parser, :func:`main` and its exit statuses.

Each group of subcommands lives in its own module and registers itself here
(:data:`COMMANDS` names the module of every subcommand). A command builds only
its own module's parser, so it imports only what that module needs: starting
``pennypress position validate`` does not import the advisor, CP-SAT or
pandas. Conventions (``docs/guide/cli.md``): JSON goes to
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

COMMANDS: dict[str, str] = {
    "layout": "press_commands", "check": "press_commands", "demo": "press_commands",
    "position": "game_commands", "selfplay": "game_commands", "replay": "game_commands",
    "ui": "app_launcher",
    "tournament": "tournament_command",
    "advise": "advise_command",
    "audit": "audit_command",
    "record": "record_command",
    "puzzle": "puzzle_command",
    "play": "play_command",
    "strategy": "strategy_command",
    "table": "table_command",
}
"""Every subcommand, in the order ``pennypress`` lists them, by the module of :mod:`pennypress.ui.cli`
that adds it (with ``register(sub)``, which adds all of that module's subcommands)."""

SUBCOMMAND_MODULES = tuple(dict.fromkeys(COMMANDS.values()))
"""Modules of :mod:`pennypress.ui.cli` that add subcommands, in the order of :data:`COMMANDS`."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors in one line with exit status 2."""

    def error(self, message: str) -> None:  # pragma: no cover - exercised via main()
        where = self.prog.removeprefix("pennypress").strip()  # main() already says "pennypress: "
        raise BadInput(f"{where}: {message}" if where else message)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every subcommand; with ``command`` (one of :data:`COMMANDS`), of that command's
    module only (the same parser for that command, without importing the others' modules)."""
    parser = _Parser(
        prog="pennypress",
        description="Penny Press rules engine, optimal front pages and advice.",
        epilog="`pennypress COMMAND --help` describes one command; docs/guide/cli.md describes them all.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands", parser_class=_Parser)
    for name in SUBCOMMAND_MODULES if command is None else (COMMANDS[command],):
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
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        parser = build_parser(argv[0] if argv and argv[0] in COMMANDS else None)
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
