"""README.md's Python examples run as written: its ``>>>`` lines are a doctest, from the repository's root."""
import doctest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_readme_examples(monkeypatch):
    monkeypatch.chdir(ROOT)  # the examples open files under examples/
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, "README.md has no Python example"
    assert result.failed == 0, f"{result.failed} of README.md's examples failed"
