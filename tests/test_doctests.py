"""Run the docstring examples of every module, imported through the ``pennypress`` namespace."""
import doctest
import importlib
import pkgutil

import pytest

import pennypress


def _modules():
    names = []
    for sub in ("solver", "engine"):
        pkg = importlib.import_module(f"pennypress.{sub}")
        names.append(pkg.__name__)
        names += [m.name for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + ".")]
    return sorted(names)


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {name}"
