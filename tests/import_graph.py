"""The project's import graph, read from the source with ``ast`` (every ``import`` statement anywhere
in a module: at the top, inside functions, under ``if TYPE_CHECKING``).

Modules are named as installed (``engine/rules/press.py`` is ``pennypress.engine.rules.press``).
An edge ``a -> b`` means module ``a`` imports module ``b`` (``from pkg import name`` is an edge to
``pkg.name`` when that is a module, else to ``pkg``). Importing a module also runs its parent
packages' ``__init__``; that is not an edge (as in grimp and import-linter).
"""
from __future__ import annotations

import ast
from pathlib import Path

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


def imports(root: Path) -> dict[str, set[str]]:
    """``{module: {project modules it imports}}`` for every module under ``root``."""
    known = modules(root)
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        edges: set[str] = set()
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
                    edges.add(target)
        graph[name] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of two or more modules (Tarjan), each sorted; ``[]`` if there is none."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def layer_of(module: str, layers: list[tuple[str, ...]]) -> int | None:
    """The index of the layer whose package prefix is the longest match for ``module`` (``None``: none)."""
    best, best_len = None, -1
    for i, prefixes in enumerate(layers):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best_len:
                best, best_len = i, len(prefix)
    return best


def upward(graph: dict[str, set[str]], layers: list[tuple[str, ...]]) -> list[str]:
    """Every import from a module to a module of a higher layer, as ``a (layer) -> b (layer)`` lines."""
    out = []
    for a in sorted(graph):
        la = layer_of(a, layers)
        for b in sorted(graph[a]):
            lb = layer_of(b, layers)
            if la is not None and lb is not None and lb > la:
                out.append(f"{a} ({' '.join(layers[la])}) -> {b} ({' '.join(layers[lb])})")
    return out
