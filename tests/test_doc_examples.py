"""The Python examples of README.md and docs/developer/library.md run as written: their ``>>>`` lines are
doctests, run from the repository's root."""
import doctest
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ("README.md", "docs/developer/library.md")


@pytest.mark.parametrize("doc", DOCS)
def test_doc_examples(doc, monkeypatch):
    monkeypatch.chdir(ROOT)  # the examples open files under examples/
    result = doctest.testfile(str(ROOT / doc), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{doc} has no Python example"
    assert result.failed == 0, f"{result.failed} of {doc}'s examples failed"
