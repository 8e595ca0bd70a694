"""Run the docstring examples of every module, imported through the ``pennypress`` namespace."""
import doctest
import importlib
import pkgutil

import pytest

import pennypress


# Streamlit scripts run their page when imported; their logic lives in the modules tested here.
STREAMLIT_SCRIPTS = ("pennypress.ui.app.streamlit_app", "pennypress.ui.app.app_pages")


def _modules():
    names = []
    for sub in ("solver", "engine", "ui"):
        pkg = importlib.import_module(f"pennypress.{sub}")
        names.append(pkg.__name__)
        names += [m.name for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + ".")]
    # the shared modules at the top (errors, json_text); __main__ would run the command line
    names += [f"pennypress.{m.name}" for m in pkgutil.iter_modules(pennypress.__path__)
              if not m.ispkg and m.name != "__main__"]
    return sorted(n for n in names if not n.startswith(STREAMLIT_SCRIPTS))


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {name}"
