"""The options that say what table is played and where the games run, shared by the commands that play
many games (``tournament``, ``strategy``): one definition, so they read and behave alike."""
from __future__ import annotations

import argparse

from pennypress.engine.arena.executors import EXECUTORS
from pennypress.engine.arena.seats import bot_names
from pennypress.engine.game.cards import DECK_NAMES
from pennypress.engine.game.variants import VARIANTS


def add_table_options(p: argparse.ArgumentParser, workers: str) -> None:
    """``--variant`` (repeatable), ``--deck``, ``--workers`` (``workers``: what they are), ``--executor``
    and ``--scheduler``; ``executor``'s help names what the local one is from ``workers``."""
    p.add_argument("--variant", action="append", default=[], choices=sorted(VARIANTS),
                   help="a variant (repeatable): newsboy (4-5 players)")
    p.add_argument("--deck", default="default", choices=DECK_NAMES, help="headline deck")
    p.add_argument("--workers", type=int, default=None, help=f"{workers} (default: the number of cores)")
    p.add_argument("--executor", default="local", choices=EXECUTORS,
                   help="local (default) or dask (needs: pip install -e '.[cluster]')")
    p.add_argument("--scheduler", default=None, help="address of a running Dask scheduler, e.g. tcp://HOST:8786 "
                   "(without it --executor dask starts a LocalCluster)")


def seats_help() -> str:
    """``--seats``'s help (``tournament``, ``selfplay``): every seat name of the registry."""
    return f"one bot per seat, comma-separated (e.g. heuristic,greedy,greedy; each one of {', '.join(bot_names())})"
