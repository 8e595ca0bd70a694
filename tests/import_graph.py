"""The project's import graph, read from the source with ``ast`` (every ``import`` statement anywhere
in a module: at the top, inside functions, under ``if TYPE_CHECKING``), as a networkx ``DiGraph``.

Modules are named as installed (``engine/rules/press.py`` is ``pennypress.engine.rules.press``).
An edge ``a -> b`` means module ``a`` imports module ``b`` (``from pkg import name`` is an edge to
``pkg.name`` when that is a module, else to ``pkg``). Importing a module also runs its parent
packages' ``__init__``; that is not an edge (as in grimp and import-linter).

The questions asked of it are networkx's: cycles are the strongly connected components of two or
more modules, what a module reaches is ``nx.descendants``.
"""
from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOMS = {"pennypress": "pennypress", "solver": "pennypress.solver", "engine": "pennypress.engine", "ui": "pennypress.ui"}
"""Folder at the top of the repository -> the package it is installed as."""


def modules(root: Path) -> dict[str, Path]:
    """Every module of the project under ``root``: dotted name -> file."""
    out = {}
    for folder, package in ROOMS.items():
        for path in sorted((root / folder).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            parts = list(path.relative_to(root / folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join([package, *parts])] = path
    return out


def _resolve(name: str, path: Path, level: int, target: str | None) -> str:
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    base = package[: len(package) - (level - 1)] if level > 1 else package
    return ".".join(base + ([target] if target else []))


def imports(root: Path) -> nx.DiGraph:
    """The import graph of every module under ``root``: a node per module, an edge per project module
    it imports."""
    known = modules(root)
    graph = nx.DiGraph()
    graph.add_nodes_from(known)
    for name, path in known.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(name, path, node.level, node.module) if node.level else node.module
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
            else:
                continue
            for target in targets:
                while target and target not in known:  # ``import a.b.c`` of a name inside a module
                    target = target.rpartition(".")[0]
                if target and target != name:
                    graph.add_edge(name, target)
    return graph


def cycles(graph: nx.DiGraph) -> list[list[str]]:
    """Every strongly connected group of two or more modules, each sorted; ``[]`` if there is none."""
    return sorted(sorted(group) for group in nx.strongly_connected_components(graph) if len(group) > 1)


def reached(graph: nx.DiGraph, start: str) -> set[str]:
    """Every module ``start`` imports, directly or through others."""
    return nx.descendants(graph, start)


def layer_of(module: str, layers: list[tuple[str, ...]]) -> int | None:
    """The index of the layer whose package prefix is the longest match for ``module`` (``None``: none)."""
    best, best_len = None, -1
    for i, prefixes in enumerate(layers):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best_len:
                best, best_len = i, len(prefix)
    return best


def upward(graph: nx.DiGraph, layers: list[tuple[str, ...]]) -> list[str]:
    """Every import from a module to a module of a higher layer, as ``a (layer) -> b (layer)`` lines."""
    out = []
    for a, b in sorted(graph.edges):
        la, lb = layer_of(a, layers), layer_of(b, layers)
        if la is not None and lb is not None and lb > la:
            out.append(f"{a} ({' '.join(layers[la])}) -> {b} ({' '.join(layers[lb])})")
    return out
