"""The type stub ``core/pennypress_core.pyi`` describes the built core: nothing public is missing from it.

The stub is read with ``ast``; the built module's functions, classes and
methods are read with ``inspect`` (PyO3 gives each its ``__text_signature__``).
Every public function and class of the module, every public method and
property of each class, and each constructor must be in the stub with the same
parameters (names and kinds, in order); and nothing the stub names may be
missing from the module. A function added to the core without the stub fails
here.
"""
from __future__ import annotations

import ast
import inspect
from dataclasses import dataclass, field
from pathlib import Path

import pytest

STUB = Path(__file__).resolve().parents[2] / "core" / "pennypress_core.pyi"

Params = tuple[tuple[str, str], ...]
"""A signature as ``(name, kind)`` pairs, ``self`` and ``cls`` left out."""


@dataclass
class StubClass:
    methods: dict[str, Params] = field(default_factory=dict)
    attributes: set[str] = field(default_factory=set)
    """Properties and class attributes."""
    bases: list[str] = field(default_factory=list)


def _params(fn: ast.FunctionDef) -> Params:
    a = fn.args
    out = [(p.arg, "POSITIONAL_ONLY") for p in a.posonlyargs]
    out += [(p.arg, "POSITIONAL_OR_KEYWORD") for p in a.args]
    if a.vararg is not None:
        out.append((a.vararg.arg, "VAR_POSITIONAL"))
    out += [(p.arg, "KEYWORD_ONLY") for p in a.kwonlyargs]
    if a.kwarg is not None:
        out.append((a.kwarg.arg, "VAR_KEYWORD"))
    static = any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in fn.decorator_list)
    if out and not static and out[0][0] in ("self", "cls"):
        out = out[1:]
    return tuple(out)


def read_stub(text: str) -> tuple[dict[str, Params], dict[str, StubClass]]:
    """The stub's module functions and classes."""
    functions, classes = {}, {}
    for node in ast.parse(text).body:
        if isinstance(node, ast.FunctionDef):
            functions[node.name] = _params(node)
        elif isinstance(node, ast.ClassDef):
            c = StubClass(bases=[ast.unparse(b) for b in node.bases])
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    if any(isinstance(d, ast.Name) and d.id == "property" for d in item.decorator_list):
                        c.attributes.add(item.name)
                    else:
                        c.methods[item.name] = _params(item)
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    c.attributes.add(item.target.id)
            classes[node.name] = c
    return functions, classes


def _built_params(obj) -> Params | None:
    """The parameters of a built function, method or class (``None`` when it has no signature)."""
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return None
    return tuple((p.name, p.kind.name) for p in sig.parameters.values() if p.name not in ("self", "cls", "$self"))


def _public(name: str) -> bool:
    return not name.startswith("_")


def stub_problems(module, text: str) -> list[str]:
    """Everything of ``module`` the stub ``text`` leaves out or writes differently, and every name the stub
    has that the module lacks."""
    functions, classes = read_stub(text)
    problems = []
    for name, obj in sorted(vars(module).items()):
        if not _public(name) or inspect.ismodule(obj):
            continue
        if inspect.isclass(obj):
            problems += _class_problems(name, obj, classes.get(name))
        elif callable(obj):
            if name not in functions:
                problems.append(f"function {name} is not in the stub")
            elif _built_params(obj) != functions[name]:
                problems.append(f"function {name}: the core takes {_built_params(obj)}, the stub {functions[name]}")
    problems += [f"the stub has {kind} {name}, the core does not" for kind, names in
                 (("function", functions), ("class", classes)) for name in names if not hasattr(module, name)]
    return problems


def _class_problems(name: str, cls: type, stub: StubClass | None) -> list[str]:
    if stub is None:
        return [f"class {name} is not in the stub"]
    if issubclass(cls, BaseException):
        parent = cls.__mro__[1].__name__
        return [] if stub.bases == [parent] else [f"class {name}: the core derives it from {parent}, the stub {stub.bases}"]
    problems = []
    made = _built_params(cls) if getattr(cls, "__text_signature__", None) is not None else None  # None: no #[new]
    if stub.methods.get("__init__") != made:
        problems.append(f"{name}(): the core takes {made}, the stub {stub.methods.get('__init__')}")
    for attr, raw in sorted(vars(cls).items()):
        if not _public(attr):
            continue
        if isinstance(raw, (staticmethod, classmethod)) or callable(raw):
            method = getattr(cls, attr)
            if attr not in stub.methods:
                problems.append(f"method {name}.{attr} is not in the stub")
            elif _built_params(method) != stub.methods[attr]:
                problems.append(f"method {name}.{attr}: the core takes {_built_params(method)}, "
                                f"the stub {stub.methods[attr]}")
        elif attr not in stub.attributes:
            problems.append(f"attribute {name}.{attr} is not in the stub")
    problems += [f"the stub has {name}.{attr}, the core does not"
                 for attr in sorted(set(stub.methods) | stub.attributes) if _public(attr) and not hasattr(cls, attr)]
    return problems


def test_the_stub_names_every_public_function_class_and_method_of_the_core(core):
    assert stub_problems(core, STUB.read_text(encoding="utf-8")) == []


def test_a_function_added_to_the_core_without_the_stub_is_found(core):
    text = STUB.read_text(encoding="utf-8")
    assert "def run_playouts(" in text and "def legal_moves(" in text and "def greedy(" in text
    without_function = text.replace("def run_playouts(", "def run_playouts_renamed(")
    without_method = text.replace("def legal_moves(", "def legal_moves_renamed(")
    other_parameter = text.replace("def greedy(threshold:", "def greedy(limit:")
    assert "function run_playouts is not in the stub" in stub_problems(core, without_function)
    assert "method Position.legal_moves is not in the stub" in stub_problems(core, without_method)
    assert any(p.startswith("method Policy.greedy: the core takes") for p in stub_problems(core, other_parameter))
    assert any("not in the stub" in p for p in stub_problems(core, "class Position: ..."))


def test_the_installed_core_ships_this_stub_and_says_it_is_typed(core):
    """maturin packs the stub beside the module with ``py.typed``; an installed copy that differs was built
    from other sources (``python3 run.py`` rebuilds the core when they change)."""
    package = Path(core.__file__).parent
    installed = package / "__init__.pyi"
    if not installed.exists():
        pytest.fail(f"the installed core has no stub ({installed}): rebuild it with `python3 run.py test`")
    assert (package / "py.typed").exists()
    assert installed.read_text(encoding="utf-8") == STUB.read_text(encoding="utf-8"), \
        "the installed core's stub differs from core/pennypress_core.pyi: rebuild it with `python3 run.py test`"
